// Element strides of C-contiguous (row-major) arrays, and strides in bytes.
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

// Element strides as byte strides, for elements of `item` bytes.
inline Shape byte_strides(const Shape& strides, std::size_t item) {
  Shape out;
  out.reserve(strides.size());
  for (const std::int64_t stride : strides)
    out.push_back(stride * static_cast<std::int64_t>(item));
  return out;
}

}  // namespace strict::internal
