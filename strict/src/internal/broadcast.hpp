// Broadcasting (spec/2024.12/API_specification/broadcasting.rst) and loops over broadcast
// operands.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "strict/shape.hpp"

namespace strict::internal {

// The shape two shapes broadcast to; InvalidArgumentError naming `function` when they cannot.
Shape broadcast_shapes(std::string_view function, const Shape& a, const Shape& b);

// Element strides of a C-contiguous array of shape `in` read as if it had shape `out` (right
// aligned; 0 along broadcast dimensions).
Shape broadcast_strides(const Shape& in, const Shape& out);

// Calls f(out_index, offsets) for each element of `out` in C order, where offsets[k] is the
// element offset in operand k with strides strides[k].
template <std::size_t N, class F>
void for_each_broadcast(const Shape& out, const std::array<Shape, N>& strides, F&& f) {
  const std::int64_t total = element_count(out);
  if (total == 0) return;
  const std::size_t ndim = out.size();
  Shape index(ndim, 0);
  std::array<std::int64_t, N> offsets{};
  for (std::int64_t i = 0; i < total; ++i) {
    f(i, offsets);
    // Advance the multi-index like an odometer, keeping each operand's offset in step.
    for (std::size_t d = ndim; d-- > 0;) {
      ++index[d];
      for (std::size_t k = 0; k < N; ++k)
        offsets[k] += strides[k][d];
      if (index[d] < out[d]) break;
      for (std::size_t k = 0; k < N; ++k)
        offsets[k] -= strides[k][d] * index[d];
      index[d] = 0;
    }
  }
}

}  // namespace strict::internal
