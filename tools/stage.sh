# Sourced by tools/test, tools/run and .ci/run: `stage NAME COMMAND...` runs one stage and prints
# how long it took, so that a slower CI run shows which stage grew.
stage() {
  local name=$1
  shift
  local started=$SECONDS
  echo "== $name"
  "$@"
  local took=$((SECONDS - started))
  printf '== %s: %dm %02ds\n' "$name" $((took / 60)) $((took % 60))
}
