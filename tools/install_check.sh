#!/usr/bin/env bash
# Installs BUILD_DIR into a scratch prefix and uses only what was installed: the conformance and
# tracker programs (finding the Python adapter script in the installed tree), strict_xp from the
# interpreter's dist-packages, and strict from a CMake project outside this tree
# (strict/tests/find_package). Usage: tools/install_check.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
python=${PYTHON:-/usr/bin/python3}

cmake --install "$build" --prefix "$prefix" >/dev/null
echo "install_check: installed $build into $prefix"

"$prefix/bin/conformance" --list >/dev/null
test -f "$prefix/lib/array-api-device-conformance/array_api_adapter.py"
test -f "$prefix/lib/array-api-device-conformance/libadc_quiet_torch_errors.so"
# The Python route through the installed script (no ADC_PYTHON_ADAPTER), on strict_xp as installed.
site=$(ls -d "$prefix"/lib/python3*/dist-packages 2>/dev/null | head -1)
if [[ -n "$site" && -d "$site/strict_xp" ]]; then
  (cd "$prefix" && env -u ADC_PYTHON_ADAPTER PYTHONPATH="$site" "$python" -c \
    'import strict_xp as xp; assert xp.zeros(2, device=xp.Device("device1")).device == xp.Device("device1")')
  (cd "$prefix" && env -u ADC_PYTHON_ADAPTER PYTHONPATH="$site" "$prefix/bin/conformance" \
    --impl python:strict_xp --python "$python" --filter 'mixed.add' --examples 10 --quiet)
  echo "install_check: strict_xp imports from $site and passes through the installed conformance"
fi
# libtorch through its C++ API, from the installed plugin (the build's libtorch, found by its rpath).
if [[ -f "$build/conformance/libadc_torch_adapter.so" ]]; then
  (cd "$prefix" && "$prefix/bin/conformance" --impl torch --filter 'mixed.add' --examples 10 --quiet)
  echo "install_check: the installed torch plugin loads and runs"
fi
"$prefix/bin/tracker" --help >/dev/null

cmake -S "$root/strict/tests/find_package" -B "$prefix/outside" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$prefix/outside" >/dev/null
"$prefix/outside/uses_strict"
echo "install_check: find_package(strict) from an outside project builds and runs"
