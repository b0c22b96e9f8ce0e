# Sourced by tools/run, tools/test, tools/false-positive-audit, tools/run-dlpack-matrix,
# tools/run-gpu and tools/downstream/run: the interpreters, which Python namespaces an interpreter
# can give a run, where the pinned environment's libtorch lies, and the environment a run of Python
# namespaces shares.

# The interpreter of the pinned PyPI environment (tools/python-env, linked as .venv in the
# checkout), or VENV_PYTHON where a caller names another.
pinned_python() {
  echo "${VENV_PYTHON:-$PWD/.venv/bin/python}"
}

# The interpreter that sees Debian's Python packages (numpy 1.24, torch 1.13, dask 2022.12).
debian_python() {
  echo /usr/bin/python3
}

# Whether MODULE imports with PYTHON (its warnings and output hidden).
imports() {  # python, module
  "$1" -c "import warnings; warnings.simplefilter('ignore'); import $2" >/dev/null 2>&1
}

# The MODULEs that import with PYTHON, one per line; for each that does not, one line on stderr
# ("WHO: MODULE does not import with PYTHON: left out"), so a run says what it is without.
importable_modules() {  # who, python, modules...
  local who=$1 python=$2 module
  shift 2
  for module in "$@"; do
    if imports "$python" "$module"; then
      echo "$module"
    else
      echo "$who: $module does not import with $python: left out" >&2
    fi
  done
}

# strict_xp from the build tree BUILD ($BUILD/python) ahead of anything installed.
use_build_tree_strict_xp() {  # build
  export PYTHONPATH="$(cd "$1" && pwd)/python${PYTHONPATH:+:$PYTHONPATH}"
}

# JAX's persistent compilation cache in DIRECTORY, every compile kept (JAX's defaults keep only
# those over 1 s; the suite's are milliseconds each, thousands of them).
use_jax_compile_cache() {  # directory
  mkdir -p "$1"
  export JAX_COMPILATION_CACHE_DIR=$1 JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0 \
    JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES=-1
}

# JAX on two host CPU devices: a real second device without a GPU.
use_two_jax_cpu_devices() {
  export XLA_FLAGS="--xla_force_host_platform_device_count=2${XLA_FLAGS:+ $XLA_FLAGS}"
}

# The torch wheel's package directory in PYTHON's environment (its libtorch, headers and
# TorchConfig.cmake: what --impl torch builds against), or nothing. Found without importing torch,
# which costs seconds.
torch_package_dir() {  # python
  "$1" -c "import importlib.util as u, os
spec = u.find_spec('torch')
path = spec and spec.submodule_search_locations[0]
if path and os.path.isfile(os.path.join(path, 'share/cmake/Torch/TorchConfig.cmake')):
    print(os.path.realpath(path))" 2>/dev/null || true
}
