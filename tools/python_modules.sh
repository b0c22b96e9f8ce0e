# Sourced by tools/run, tools/test, tools/false-positive-audit, tools/run-gpu and
# tools/downstream/run: which Python namespaces an interpreter can give a run, and where the pinned
# environment's libtorch lies.

# Whether MODULE imports with PYTHON (its warnings and output hidden).
imports() {  # python, module
  "$1" -c "import warnings; warnings.simplefilter('ignore'); import $2" >/dev/null 2>&1
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
