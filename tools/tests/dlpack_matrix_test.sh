#!/usr/bin/env bash
# tools/run-dlpack-matrix on the two fake DLPack libraries (conformance/tests/support/python_fakes:
# fakedl and fakedl_peer, standard library only): both ordered pairs run (JOBS=2 at once), are
# merged and rendered as one producer x consumer table; a module that does not import is left out
# with one line; with no tracker program (the GPU host), the pair runs stay in OUT for a merge
# elsewhere, and the exit status is still 0.
#   dlpack_matrix_test.sh BUILD_DIR PYTHON
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: dlpack_matrix_test.sh BUILD_DIR PYTHON}" && pwd)
python=${2:?usage: dlpack_matrix_test.sh BUILD_DIR PYTHON}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "dlpack_matrix_test: $*" >&2
  exit 1
}
export PYTHONPATH=$root/conformance/tests/support/python_fakes
matrix() {  # out, more environment...
  local out=$1
  shift
  env "$@" MODULES="fakedl no_such_module fakedl_peer" PYTHON="$python" BUILD_DIR="$build" \
    SEED=1 EXAMPLES=20 JOBS=2 "$root/tools/run-dlpack-matrix" "$out" >"$out.log" 2>&1
}

mkdir -p "$work/merged"
matrix "$work/merged" || fail "exit $? with a tracker: $(cat "$work/merged.log")"
grep -q "no_such_module does not import with $python: left out" "$work/merged.log" ||
  fail "no line for the module that does not import: $(cat "$work/merged.log")"
grep -q "(2 pairs)" "$work/merged.log" || fail "not 2 pairs: $(cat "$work/merged.log")"
grep -q '^| `python:fakedl_peer` | ' "$work/merged/TRACKER.md" || fail "no producer row"
grep -q '^| producer ↓ / consumer → | `python:fakedl` | `python:fakedl_peer` |' \
  "$work/merged/TRACKER.md" || fail "no consumer columns: $(grep producer "$work/merged/TRACKER.md")"
if compgen -G "$work/merged/pair-*.journal.jsonl" >/dev/null; then fail "journals left"; fi

mkdir -p "$work/unmerged"
matrix "$work/unmerged" TRACKER=/nonexistent/tracker ||
  fail "exit $? without a tracker: $(cat "$work/unmerged.log")"
grep -q "2 pair runs left in $work/unmerged for tracker merge" "$work/unmerged.log" ||
  fail "no line on the unmerged runs: $(cat "$work/unmerged.log")"
test -s "$work/unmerged/pair-fakedl--fakedl_peer.json" &&
  test -s "$work/unmerged/pair-fakedl_peer--fakedl.json" || fail "pair runs missing"
test ! -e "$work/unmerged/tracker.json" || fail "merged without a tracker"
echo "dlpack_matrix_test: ok"
