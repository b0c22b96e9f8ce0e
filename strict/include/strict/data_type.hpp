// Data type functions of spec/2024.12/API_specification/data_type_functions.rst: astype, with
// the device= keyword added in 2023.12.
#pragma once

#include <optional>
#include <source_location>

#include "strict/array.hpp"

namespace strict {

struct AstypeOptions {
  // True: always a new array. False: x itself when dtype is x's dtype and the device is x's.
  bool copy = true;
  // None: x's device ("If device is None, the output array device must be inferred from x").
  // Another device: the result is copied there, counted as a transfer.
  std::optional<Device> device = std::nullopt;
};

// x converted to `dtype`, as static_cast would (a floating value going to an integer saturates,
// NaN -> 0). Complex to a non-complex dtype raises DTypeError; a dtype the target device cannot
// hold raises UnsupportedDTypeError.
Array astype(const Array& x, DType dtype, AstypeOptions options = {},
             const std::source_location& location = std::source_location::current());

}  // namespace strict
