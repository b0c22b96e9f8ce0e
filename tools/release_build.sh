# Sourced by tools/test, tools/run and tools/downstream/run (after tools/python_modules.sh): the one
# configure of the Release build they share. The same flags everywhere (-Werror included) give the
# same compiler-cache entries, so whichever builds first, the others find its objects: a fresh
# clone on a machine that ran .ci/run compiles nothing.

# --impl torch against PYTHON's torch wheel's own libtorch (the wheel carries the headers and
# TorchConfig.cmake): the C++ row of the same torch as the Python row.
configure_release() {  # build dir, python
  cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=Release -DADC_BUILD_TESTS=OFF -DADC_BUILD_BENCHMARKS=OFF \
    -DADC_WARNINGS_AS_ERRORS=ON -DADC_TORCH_PREFIX="$(torch_package_dir "$2")" >/dev/null
}
