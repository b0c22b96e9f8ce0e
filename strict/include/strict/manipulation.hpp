// Manipulation functions of spec/2024.12/API_specification/manipulation_functions.rst: concat,
// stack, reshape. Results are on the device of the input arrays; concat and stack raise
// DeviceMismatchError for arrays on different devices, naming "arrays[0]" and "arrays[k]".
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "strict/array.hpp"

namespace strict {

// Joins arrays along an existing axis; axis=std::nullopt (None) flattens them first. The dtype
// is the promotion of every input's dtype (DTypeError where the standard has none). An empty
// list, 0-d arrays with an axis, or shapes that differ off the axis raise InvalidArgumentError.
Array concat(std::span<const Array> arrays, std::optional<std::int64_t> axis = 0);
Array concat(const std::vector<Array>& arrays, std::optional<std::int64_t> axis = 0);

// Joins arrays of one shape along a new axis in [-(ndim + 1), ndim].
Array stack(std::span<const Array> arrays, std::int64_t axis = 0);
Array stack(const std::vector<Array>& arrays, std::int64_t axis = 0);

// The elements of x in a new shape; one dimension may be -1 (inferred). copy=true always copies;
// copy=false and copy=None share x's storage, except for a view whose elements are not in C order
// where they lie (a transposed or stepped view): copy=None copies it, as NumPy does, and
// copy=false raises InvalidArgumentError ("must raise a ValueError in case a copy would be
// necessary").
Array reshape(const Array& x, const Shape& shape, std::optional<bool> copy = std::nullopt);

}  // namespace strict
