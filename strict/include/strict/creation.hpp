// Creation functions of spec/2024.12/API_specification/creation_functions.rst.
//
// Keyword arguments are option structs, filled with designated initialisers:
//   strict::zeros({2, 3}, {.dtype = strict::float32, .device = strict::Device("device1")});
// With no device=, a function without input arrays uses default_device(); the *_like functions,
// asarray of an array, and tril/triu/meshgrid use the device of their input.
// The trailing source_location records where the caller chose the device (see provenance.hpp).
#pragma once

#include <optional>
#include <source_location>

#include "strict/array.hpp"

namespace strict {

struct CreationOptions {
  std::optional<DType> dtype;    // None: the device's default dtype of the right kind
  std::optional<Device> device;  // None: see the precedence in default_device.hpp
};

Array zeros(const Shape& shape, CreationOptions options = {},
            const std::source_location& location = std::source_location::current());

}  // namespace strict
