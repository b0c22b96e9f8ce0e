// DLPack capsules ("dltensor", DLManagedTensor of dlpack.h) both ways: a strict array exported so
// that numpy.from_dlpack(x) of a cpu array shares its memory, and another library's host array
// imported so that xp.from_dlpack(numpy_array) shares the NumPy array's.
#pragma once

#include <pybind11/pybind11.h>

#include "strict/array.hpp"
#include "strict/array_members.hpp"
#include "strict/dlpack.hpp"

namespace strict_xp {

namespace py = pybind11;

// The capsule of `exported` (strict::dlpack_export's result): its memory, kept alive until the
// consumer calls the deleter (or the capsule dies unconsumed).
py::capsule dlpack_capsule(const strict::DLPackExport& exported);

// A cpu array over the memory of `x`, an object of another library with __dlpack__ and
// __dlpack_device__. Memory that is not on the host raises BufferError; a strided (not C-ordered)
// tensor is copied, or raises BufferError when `copy_allowed` is false; a dtype strict has no
// counterpart for raises TypeError.
strict::Array import_host_dlpack(py::handle x, bool copy_allowed);

}  // namespace strict_xp
