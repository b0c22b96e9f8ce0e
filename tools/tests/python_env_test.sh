#!/usr/bin/env bash
# tools/python-env's bad-input contract, with no network and nothing downloaded: a lock
# that cannot be installed (PyPI unreachable; a pin that does not exist) is one line and exit 2,
# the half-made environment is removed, and the checkout's link still points at the previous,
# working environment. Also: a complete environment is found again without pip being run.
set -uo pipefail
tools=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

export ADC_ENV_ROOT=$scratch/root ADC_ENV_LINK=$scratch/venv
# The previous environment: complete (its marker written last), linked from the checkout.
previous=$ADC_ENV_ROOT/env-previous
mkdir -p "$previous/bin"
ln -s "$(command -v python3)" "$previous/bin/python"
touch "$previous/.adc-complete"
ln -s "$previous" "$ADC_ENV_LINK"

# pip with no way out: an index that refuses connections, no local wheels, no retries.
offline=(env PIP_INDEX_URL=http://127.0.0.1:9/simple PIP_EXTRA_INDEX_URL= PIP_FIND_LINKS=
  PIP_NO_INDEX= PIP_RETRIES=0 PIP_TIMEOUT=2 PIP_CONFIG_FILE=/dev/null PIP_CONSTRAINT=)

expect_refusal() {  # name, lock text, what the one line must say
  local name=$1 text=$2 says=$3
  printf '%s\n' "$text" >"$scratch/$name.lock"
  local err status=0
  # stderr: the progress line ("building ..."), then the verdict.
  err=$(ADC_ENV_LOCK=$scratch/$name.lock "${offline[@]}" "$tools/python-env" 2>&1 >/dev/null |
    grep -v ': building ') || true
  ADC_ENV_LOCK=$scratch/$name.lock "${offline[@]}" "$tools/python-env" >/dev/null 2>&1 || status=$?
  ((status == 2)) || fail "$name: exit $status, expected 2"
  [[ $(wc -l <<<"$err") -eq 1 ]] || fail "$name: expected one line after the progress line: $err"
  grep -q "$says" <<<"$err" || fail "$name: the message does not say '$says': $err"
  [[ $(readlink "$ADC_ENV_LINK") == "$previous" ]] ||
    fail "$name: the link moved to $(readlink "$ADC_ENV_LINK")"
  local left
  left=$(find "$ADC_ENV_ROOT" -maxdepth 1 -name 'env-*' ! -name env-previous)
  [[ -z "$left" ]] || fail "$name: a half-made environment was left: $left"
}

expect_refusal unreachable 'tiny-package-that-is-not-there==1.0' 'PyPI cannot be reached'
expect_refusal no_such_pin 'pip==0.0.0.dev0' 'cannot be reached\|failed'

# A half-made environment of this lock (no marker) is not linked: it is removed and rebuilt, and
# here the rebuild fails offline, so the previous link stays.
printf 'pip==0.0.0.dev0\n' >"$scratch/half.lock"
half=$(ADC_ENV_LOCK=$scratch/half.lock "$tools/python-env" --path)
mkdir -p "$half/bin"
ADC_ENV_LOCK=$scratch/half.lock "${offline[@]}" "$tools/python-env" >/dev/null 2>&1
[[ ! -e "$half" ]] || fail "the half-made $half is still there"
[[ $(readlink "$ADC_ENV_LINK") == "$previous" ]] || fail "a half-made environment was linked"

# A complete environment of this lock is found as it is: no pip (offline would fail), exit 0.
mkdir -p "$half/bin" && ln -s "$(command -v python3)" "$half/bin/python" && touch "$half/.adc-complete"
out=$(ADC_ENV_LOCK=$scratch/half.lock "${offline[@]}" "$tools/python-env" 2>/dev/null) ||
  fail "a complete environment was not taken as it is"
[[ "$out" == "$half" && $(readlink "$ADC_ENV_LINK") == "$half" ]] ||
  fail "the complete environment was not linked ($out)"

if ((failures)); then
  echo "python_env_test: $failures failed"
  exit 1
fi
echo "python_env_test: 4 passed, 0 failed"
