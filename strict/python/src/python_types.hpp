// The Python-side objects strict_xp adds to strict's C++ ones: dtype objects, and the cached
// Python objects for each dtype and device (so `x.dtype` and `x.device` allocate nothing).
#pragma once

#include <pybind11/pybind11.h>

#include "strict/strict.hpp"

namespace strict_xp {

namespace py = pybind11;

// `strict_xp.float64` and its siblings: one object per dtype, compared by value.
struct DTypeObject {
  strict::DType dtype;
};

// The Python object of a dtype or of a device (created once, then shared).
py::object dtype_object(strict::DType dtype);
py::object device_object(strict::Device device);

}  // namespace strict_xp
