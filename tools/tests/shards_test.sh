#!/usr/bin/env bash
# tools/shards.sh: every part runs, all at once, with its K/N; the status is the highest of the
# parts'; the parts are joined and rendered by the tracker program (a stand-in here that records
# its calls), and a join that fails gives 2.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/shards.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "shards_test: $*" >&2; exit 1; }

# Part K writes "K/N K", waits until all three have started (so they run at once; otherwise this
# never ends and ctest's timeout fails it), and exits with K - 1.
mkdir "$work/parts"
part() {  # dir, K/N, K
  echo "$2 $3" >"$1/part$3"
  while (($(ls "$1" | wc -l) < 3)); do sleep 0.05; done
  return $(($3 - 1))
}
status=0
run_in_shards 3 part "$work/parts" || status=$?
((status == 2)) || fail "run_in_shards gave $status, not the highest part's status 2"
[[ "$(cat "$work/parts"/part*)" == $'1/3 1\n2/3 2\n3/3 3' ]] ||
  fail "the parts were given: $(cat "$work/parts"/part*)"

# The tracker program: records each call; `merge` fails when told to.
cat >"$work/tracker" <<'SH'
#!/usr/bin/env bash
echo "$*" >>"$(dirname "$0")/calls"
[[ "$1" == merge && -n "${MERGE_FAILS:-}" ]] && exit 1
exit 0
SH
chmod +x "$work/tracker"
merge_and_render "$work/tracker" "$work/out" "md html" a.json b.json
[[ "$(cat "$work/calls")" == "merge a.json b.json -o $work/out/tracker.json
render --format md $work/out/tracker.json -o $work/out/TRACKER.md
render --format html $work/out/tracker.json -o $work/out/tracker.html" ]] ||
  fail "merge_and_render called: $(cat "$work/calls")"
rm "$work/calls"
merge_and_render "$work/tracker" "$work/out" md
[[ "$(cat "$work/calls")" == "render --format md $work/out/tracker.json -o $work/out/TRACKER.md" ]] ||
  fail "merge_and_render of a whole tracker called: $(cat "$work/calls")"
status=0
MERGE_FAILS=1 merge_and_render "$work/tracker" "$work/out" md a.json || status=$?
((status == 2)) || fail "a failed join gave $status, not 2"
echo "shards_test: passed"
