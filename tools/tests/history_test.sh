#!/usr/bin/env bash
# tools/history on a lock of its own (a stage of tools/test): two releases of a fake library
# (python_fakes/fakerelease.py, whose version is its environment's numpy and whose release on
# numpy 2.3 has a bug the next one fixes), array_api_compat.numpy over two numpy releases (a
# wrapper's series of the library under it), a module that does not import and a pin no index has.
# It checks: each release that cannot run is one "left out" line and the sweep goes on; the
# history names the fix; a second sweep runs nothing and says "No changes."; a sweep killed in a
# release (its "done" marker missing) runs that release alone again; an unknown library is one
# line, exit 2. Needs the Release build (BUILD_DIR, default build/release) and the index.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/history.lock" <<'LOCK'
[numpy 2.3.5] array_api_compat.numpy
numpy==2.3.5
array-api-compat==1.16.0
[fakerelease 2.3.5] fakerelease
numpy==2.3.5
[fakerelease 2.4.6] fakerelease
numpy==2.4.6
[numpy 2.4.6] array_api_compat.numpy
numpy==2.4.6
array-api-compat==1.16.0
[nomodule 1.0] no_such_module_adc
numpy==2.4.6
[nowheel 0.0.1] fakexp
numpy==0.0.1
LOCK
sweep() {
  env HISTORY_LOCK="$scratch/history.lock" HISTORY_DIR="$scratch/cache" \
    HISTORY_OUT="$scratch/out" HISTORY_REPORTS="$scratch/reports" BUILD_DIR="${BUILD_DIR:-build/release}" \
    EXAMPLES=5 FILTER="like.zeros_like like.ones_like explicit.zeros" \
    PYTHONPATH="$PWD/conformance/tests/support/python_fakes" tools/history "$@"
}
fail() { echo "history_test: $*" >&2; exit 1; }

PUBLISH=1 sweep >"$scratch/first.log" 2>&1 || { cat "$scratch/first.log"; fail "the first sweep failed"; }
grep -q "python:no_such_module_adc 1.0: left out: no_such_module_adc does not import" \
  "$scratch/first.log" || { cat "$scratch/first.log"; fail "no left-out line for the module that does not import"; }
grep -q "python:fakexp 0.0.1: left out: its environment cannot be made: ERROR: No matching distribution found for numpy==0.0.1$" "$scratch/first.log" ||
  { cat "$scratch/first.log"; fail "no left-out line for the pin no index has"; }
/usr/bin/python3 - "$scratch/reports/history.json" <<'PY' || fail "the history is not the one expected"
import json, sys
history = json.load(open(sys.argv[1]))
libraries = {library["implementation"]: library for library in history["libraries"]}
fake = libraries["python:fakerelease"]
assert [r["version"] for r in fake["releases"]] == ["2.3.5", "2.4.6"], fake["releases"]
like = {c["id"]: c for c in fake["checks"]}["like.zeros_like"]
assert like.get("fixed_in") == "2.4.6", like
assert like["change"] == "fails in 2.3.5, passes from 2.4.6", like
assert [o["release"] for o in libraries["python:no_such_module_adc"]["left_out"]] == ["1.0"]
# array_api_compat.numpy's runs read as numpy's releases (the handshake's backend), under compat.
wrapped = [l for l in history["libraries"] if l.get("releases_of") == "numpy"]
assert len(wrapped) == 1 and wrapped[0]["implementation"] == "python:array_api_compat.numpy", wrapped
assert [(r["version"], r["wrapper_version"]) for r in wrapped[0]["releases"]] == \
    [("2.3.5", "1.16.0"), ("2.4.6", "1.16.0")], wrapped[0]["releases"]
assert [o["release"] for o in libraries["python:fakexp"]["left_out"]] == ["0.0.1"]
PY
grep -q "fixed in 2.4.6" "$scratch/reports/HISTORY.md" || fail "HISTORY.md does not name the fix"
grep -q "^## numpy through \`python:array_api_compat.numpy\`" "$scratch/reports/HISTORY.md" ||
  fail "HISTORY.md has no section of numpy's releases under array_api_compat.numpy"

sweep >"$scratch/second.log" 2>&1 || { cat "$scratch/second.log"; fail "the second sweep failed"; }
[[ $(grep -c ": have it" "$scratch/second.log") == 6 ]] || { cat "$scratch/second.log"; fail "the second sweep ran a release again"; }
grep -q "No changes" "$scratch/second.log" || { cat "$scratch/second.log"; fail "the second sweep saw changes"; }

# Killed while it ran 2.4.6: no "done" marker there.
rm "$scratch"/cache/runs/fakerelease/2.4.6/*/done
sweep >"$scratch/third.log" 2>&1 || { cat "$scratch/third.log"; fail "the resumed sweep failed"; }
[[ $(grep -c ": have it" "$scratch/third.log") == 5 ]] || { cat "$scratch/third.log"; fail "the resumed sweep did not run 2.4.6 alone"; }
grep -q "No changes" "$scratch/third.log" || { cat "$scratch/third.log"; fail "the resumed sweep saw changes"; }

# One release alone, as a job of the CI matrix runs it; and the matrix's list of them.
sweep fakerelease=2.4.6 >"$scratch/one.log" 2>&1 || { cat "$scratch/one.log"; fail "one release alone failed"; }
[[ $(grep -c ": have it" "$scratch/one.log") == 1 ]] || { cat "$scratch/one.log"; fail "fakerelease=2.4.6 swept more than 2.4.6"; }
HISTORY_LOCK="$scratch/history.lock" tools/history --matrix | /usr/bin/python3 -c '
import json, sys
assert json.load(sys.stdin)[:3] == [{"library": "numpy", "release": "2.3.5"},
                                    {"library": "fakerelease", "release": "2.3.5"},
                                    {"library": "fakerelease", "release": "2.4.6"}]' ||
  fail "--matrix does not list the lock's releases"

status=0
sweep nosuchlib >"$scratch/bad.log" 2>&1 || status=$?
[[ $status == 2 && $(wc -l <"$scratch/bad.log") == 1 ]] || { cat "$scratch/bad.log"; fail "an unknown library is not one line and exit 2"; }
echo "history_test: left-out releases, the fix named, no changes on a second sweep, a killed sweep resumed"
