# Sourced by tools/run, tools/run-gpu and tools/run-dlpack-matrix: one run's checks dealt over
# several processes at once, and the pieces joined back into one tracker. `--shard K/N` gives the
# same results as one process (each check's seed comes from the run's seed and its id), so a run
# in N parts is the run.

# Calls COMMAND ARGS... K/PARTS K for every K from 1 to PARTS at once, and waits for all of them.
# The status is the highest of theirs.
run_in_shards() {  # parts, command, arguments...
  local parts=$1 part part_status status=0 pids=()
  shift
  for ((part = 1; part <= parts; part++)); do
    "$@" "$part/$parts" "$part" &
    pids+=($!)
  done
  for part in "${pids[@]}"; do
    part_status=0
    wait "$part" || part_status=$?
    ((part_status <= status)) || status=$part_status
  done
  return "$status"
}

# One part of a run in parts (run_in_shards adds K/N and K): PROGRAM ARGUMENTS --python PYTHON
# --seed SEED --quiet --shard K/N, its tracker, JUnit and log in OUT (tracker.partK.json,
# junit.partK.xml, partK.log).
conformance_part() {  # conformance program, seed, out, python, arguments..., K/N, K
  local program=$1 seed=$2 out=$3 python=$4 shard=${*: -2:1} part=${*: -1}
  "$program" "${@:5:$#-6}" --python "$python" --seed "$seed" --quiet --shard "$shard" \
    --json "$out/tracker.part$part.json" --junit "$out/junit.part$part.xml" >"$out/part$part.log" 2>&1
}

# DIR/tracker.json joined from the PARTS (none: DIR/tracker.json is already whole), then each of
# FORMATS ("md", "html") rendered beside it: TRACKER.md, tracker.html. The status is 2 when the
# parts do not join.
merge_and_render() {  # tracker program, dir, formats, parts...
  local tracker=$1 dir=$2 formats=$3 format status=0
  shift 3
  if (($# > 0)); then
    "$tracker" merge "$@" -o "$dir/tracker.json" >/dev/null || status=2
  fi
  for format in $formats; do
    case $format in
      md) "$tracker" render --format md "$dir/tracker.json" -o "$dir/TRACKER.md" ;;
      html) "$tracker" render --format html "$dir/tracker.json" -o "$dir/tracker.html" ;;
    esac
  done
  return "$status"
}
