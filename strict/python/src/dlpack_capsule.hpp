// A strict array as a DLPack capsule ("dltensor", DLManagedTensor of dlpack.h), so that
// numpy.from_dlpack(x) of a cpu array shares its memory.
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

}  // namespace strict_xp
