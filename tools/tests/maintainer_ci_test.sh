#!/usr/bin/env bash
# docs/maintainer-ci.md's recipe, step by step, as its workflow runs it: build and install into a
# prefix, two slices of array_api_strict (the pinned environment's) with its expectations, merge.
# Then what the recipe promises: the merged run is the committed row (tracker diff), a failure no
# expectation lists fails the merge (exit 1), and a missing slice is a setup error (exit 2).
# Run by .ci/run after tools/run (which made .venv).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python=$root/.venv/bin/python
expectations=reports/expectations/pypi/python-array_api_strict.json
export CONFORMANCE_PREFIX=$work/prefix

fail() {
  echo "maintainer_ci_test: $*" >&2
  exit 1
}

# With -Werror, as tools/test's Release build compiled the same sources: the compiler cache then
# has every object (a fresh machine's CI built them minutes before).
CONFORMANCE_CMAKE_ARGS=-DADC_WARNINGS_AS_ERRORS=ON tools/maintainer-ci build "$CONFORMANCE_PREFIX"
for k in 1 2; do
  tools/maintainer-ci shard "$k/2" "$work/run" --impl python:array_api_strict --python "$python" \
    --seed 1 --expectations "$expectations"
done
tools/maintainer-ci merge "$work/run" 2
test -s "$work/run/TRACKER.md" && test -s "$work/run/tracker.html" || fail "no rendered tracker"

# The committed pypi run's array_api_strict row, alone, against the merged slices.
"$python" - "$root/reports/pypi/tracker.json" "$work/committed.json" <<'PY'
import json, sys
tracker = json.load(open(sys.argv[1]))
tracker["implementations"] = [i for i in tracker["implementations"]
                              if i["implementation"] == "python:array_api_strict"]
assert len(tracker["implementations"]) == 1, "no array_api_strict row in reports/pypi"
json.dump(tracker, open(sys.argv[2], "w"))
PY
"$CONFORMANCE_PREFIX/bin/tracker" diff "$work/committed.json" "$work/run/tracker.json" ||
  fail "the merged slices differ from reports/pypi's array_api_strict row (above)"

# A failure nobody expected: one of array_api_strict's known failures, run without the file.
status=0
tools/maintainer-ci shard 1/1 "$work/unexpected" --impl python:array_api_strict --python "$python" \
  --seed 1 --filter mixed.broadcast_arrays || status=$?
((status == 1)) || fail "a slice with an unexpected failure exited $status, not 1"
status=0
tools/maintainer-ci merge "$work/unexpected" 1 || status=$?
((status == 1)) || fail "merging an unexpected failure exited $status, not 1"

# A slice that never arrived.
rm "$work/run/tracker.part2.json"
status=0
tools/maintainer-ci merge "$work/run" 2 2>"$work/missing.txt" || status=$?
((status == 2)) || fail "merging 1 of 2 parts exited $status, not 2"
grep -q "2 parts expected" "$work/missing.txt" || fail "no message for the missing part"
echo "maintainer_ci_test: the recipe builds, slices, merges, and fails on what it must"
