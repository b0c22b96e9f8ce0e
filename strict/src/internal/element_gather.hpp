// New arrays whose every element is a copy of one element of an input array: what the functions
// that only move elements around share (broadcast_to, flip, permute_dims, roll, tile, repeat,
// unstack, ...). Each function says where an output element comes from; this file does the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "internal/array_access.hpp"
#include "internal/strides.hpp"
#include "strict/array.hpp"

namespace strict::internal {

// A new array of `shape` with x's dtype on x's device, whose element at multi-index `index`
// (the `flat`-th in C order) is x's element at offset source_offset(index, flat).
// spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as possible
// (e.g. output arrays from a function are expected to be on the same device as input arrays to
// the function)". `function` must be a string literal: the provenance keeps it.
template <class SourceOffset>
Array gather_elements(std::string_view function, const Array& x, const Shape& shape,
                      SourceOffset&& source_offset) {
  Array out = ArrayAccess::allocate(shape, x.dtype(), x.device(),
                                    propagated_from(function, x.provenance()));
  const std::int64_t total = element_count(shape);
  if (total == 0) return out;
  const std::size_t item = item_size(x.dtype());
  const std::byte* from = ArrayAccess::bytes(x);
  std::byte* to = ArrayAccess::bytes(out);
  Shape index(shape.size(), 0);
  for (std::int64_t flat = 0; flat < total; ++flat) {
    const std::int64_t offset = source_offset(static_cast<const Shape&>(index), flat);
    std::memcpy(to + static_cast<std::size_t>(flat) * item,
                from + static_cast<std::size_t>(offset) * item, item);
    // Advance the multi-index like an odometer.
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

// gather_elements where x's element for `index` is at base + sum(index[d] * strides[d]): views
// with other strides (negative to flip, 0 to broadcast, permuted to transpose) made concrete.
inline Array gather_strided(std::string_view function, const Array& x, const Shape& shape,
                            const Shape& strides, std::int64_t base = 0) {
  return gather_elements(function, x, shape, [&](const Shape& index, std::int64_t) {
    std::int64_t offset = base;
    for (std::size_t d = 0; d < index.size(); ++d)
      offset += index[d] * strides[d];
    return offset;
  });
}

}  // namespace strict::internal
