#!/usr/bin/env bash
# docs/maintainer-ci.md's recipe as a library's CI runs it, on the runner's wheel tools/wheel-check
# built (build/wheels/): a fresh virtual environment in a temporary folder gets the wheel and the
# library under test (array_api_strict, with numpy, at the lock's versions), and the recipe's own
# commands run there, with that environment's bin on PATH and no checkout in sight: two slices,
# then merge, render and verdict. Then what the recipe promises: the merged run is the committed
# row (tracker diff), a failure no expectation lists fails the slice and the verdict (exit 1), and
# a missing slice is a setup error (exit 2). Prints how long the job took from an empty
# environment to its first finished check (target: <= 1 min, no apt and no CMake).
# Run by .ci/run after tools/wheel-check and tools/run (which made .venv).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
fail() {
  echo "maintainer_ci_test: $*" >&2
  exit 1
}
wheel=$(ls "$root"/build/wheels/array_api_device_conformance-*manylinux*.whl 2>/dev/null) ||
  fail "no runner wheel in build/wheels/ (tools/wheel-check builds it)"
expectations=$root/reports/expectations/pypi/python-array_api_strict.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The job's first steps: an environment, the runner's wheel and the library under test.
started=$EPOCHREALTIME
"$root/.venv/bin/python" -m venv "$work/venv"
grep -E '^(numpy|array-api-strict)==' tools/python-env.lock | sed 's/[[:space:]]*#.*//' \
  >"$work/library.txt"
"$work/venv/bin/python" -m pip install --quiet --no-input "$wheel" -r "$work/library.txt" ||
  fail "pip install of the runner's wheel and array_api_strict failed"
export PATH=$work/venv/bin:$PATH
cd "$work"
[[ $(command -v conformance) == "$work/venv/bin/conformance" ]] ||
  fail "conformance on PATH is $(command -v conformance), not the wheel's"

# The workflow's slice step, K = 1 and 2 of 2. The first slice's journal shows when its first
# check finished.
slice() {  # K
  conformance --impl python:array_api_strict --seed 1 --quiet --shard "$1/2" \
    --expectations "$expectations" --json "out/tracker.part$1.json" --junit "out/junit.part$1.xml"
}
mkdir -p out
slice 1 &
first=$!
while kill -0 "$first" 2>/dev/null && [[ ! -s out/tracker.part1.json.journal.jsonl ]]; do
  sleep 0.2
done
echo "maintainer_ci_test: from an empty environment to the first finished check:" \
  "$(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $started }") s (pip install included)"
wait "$first" || fail "slice 1/2 exited $?"
slice 2 || fail "slice 2/2 exited $?"

# The workflow's merge step.
tracker merge --parts 2 out/tracker.part*.json -o out/tracker.json
tracker render --format md out/tracker.json -o out/TRACKER.md
tracker render --format html out/tracker.json -o out/tracker.html
tracker verdict out/tracker.json || fail "the verdict on the merged slices exited $?"
test -s out/TRACKER.md && test -s out/tracker.html && test -s out/junit.part2.xml ||
  fail "no rendered tracker or JUnit"

# The committed pypi run's array_api_strict row, alone, against the merged slices: the same
# statuses, check for check.
tracker diff --impl python:array_api_strict "$root/reports/pypi/tracker.json" out/tracker.json \
  >diff.txt || true
cat diff.txt
grep -qx "No changes." diff.txt ||
  fail "the merged slices differ from reports/pypi's array_api_strict row (above)"

# A failure nobody expected: one of array_api_strict's known failures, run without the file.
mkdir -p unexpected
status=0
conformance --impl python:array_api_strict --seed 1 --quiet --filter mixed.broadcast_arrays \
  --json unexpected/tracker.part1.json || status=$?
((status == 1)) || fail "a run with an unexpected failure exited $status, not 1"
tracker merge --parts 1 unexpected/tracker.part*.json -o unexpected/tracker.json
status=0
tracker verdict unexpected/tracker.json >/dev/null || status=$?
((status == 1)) || fail "the verdict on an unexpected failure exited $status, not 1"

# A slice that never arrived.
rm out/tracker.part2.json
status=0
tracker merge --parts 2 out/tracker.part*.json -o out/tracker.json 2>missing.txt || status=$?
((status == 2)) || fail "merging 1 of 2 parts exited $status, not 2"
grep -q "2 parts expected, 1 given" missing.txt || fail "no message for the missing part"
echo "maintainer_ci_test: the recipe on the runner's wheel slices, merges, and fails on what it must"
