// Element strides of C-contiguous (row-major) arrays.
#pragma once

#include <cstddef>

#include "strict/shape.hpp"

namespace strict::internal {

// Element strides of a C-contiguous array of `shape`.
inline Shape contiguous_strides(const Shape& shape) {
  Shape strides(shape.size(), 1);
  for (std::size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

}  // namespace strict::internal
