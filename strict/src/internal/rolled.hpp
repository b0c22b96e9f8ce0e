// roll's and fftshift's work: a copy of an array whose elements move forward along some axes,
// done as block copies (two contiguous pieces per block of the axes before the rolled one)
// instead of an index computed per element.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "strict/array.hpp"

namespace strict::internal {

// A new array of x's shape, dtype and device whose elements are x's seen as an array of `shape`
// (x's own, or {x.size()} for a flattened roll) with the element at index i along axis d moved
// to (i + shifts[d]) mod shape[d]. shifts has one entry per axis of `shape`, each in
// [0, shape[d]). `function` must be a string literal: the provenance keeps it.
Array rolled(std::string_view function, const Array& x, const Shape& shape,
             const std::vector<std::int64_t>& shifts);

}  // namespace strict::internal
