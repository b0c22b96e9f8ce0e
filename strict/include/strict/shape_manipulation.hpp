// Functions that change an array's shape or the order of its axes, not its elements, from
// spec/2024.12/API_specification/manipulation_functions.rst (broadcast_arrays, broadcast_to,
// expand_dims, moveaxis, permute_dims, squeeze, unstack; broadcast_shapes from 2025.12, which
// takes and gives shapes only) and linear_algebra_functions.rst (matrix_transpose). concat, stack
// and reshape are in manipulation.hpp; flip, roll, repeat and tile in rearrangement.hpp.
//
// expand_dims, moveaxis, permute_dims, squeeze, unstack and matrix_transpose return views of x,
// as NumPy's do (a write through either shows in the other; strict/array.hpp); broadcast_arrays
// and broadcast_to return new arrays. Every result has x's dtype, on x's device ("Preserve device
// assignment"). Axes count from the last
// dimension when negative; an axis out of range, or named twice, raises InvalidArgumentError.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "strict/array.hpp"
#include "strict/statistical.hpp"  // Axes

namespace strict {

// The arrays broadcast to one shape (spec/2024.12/API_specification/broadcasting.rst), in order.
// Arrays on different devices raise DeviceMismatchError naming "arrays[0]" and "arrays[k]", 0-d
// arrays included; shapes that do not broadcast raise InvalidArgumentError. No arrays: none.
std::vector<Array> broadcast_arrays(std::span<const Array> arrays);
std::vector<Array> broadcast_arrays(const std::vector<Array>& arrays);

// The shape `shapes` broadcast to (manipulation_functions.py, 2025.12: "Broadcasts one or more
// shapes against one another"): no array, so no device. InvalidArgumentError naming two of the
// given shapes that do not broadcast ("a ValueError should be raised"), or one with a negative
// extent; "If not provided one or more arguments, the function must return an empty tuple": ().
// Unknown extents (None) are for libraries that build graphs ("may"); strict has none.
Shape broadcast_shapes(std::span<const Shape> shapes);
Shape broadcast_shapes(const std::vector<Shape>& shapes);

// x broadcast to `shape`: each dimension of x (right-aligned) must equal the target's or be 1,
// and `shape` has at least x.ndim() dimensions, none negative (InvalidArgumentError otherwise).
Array broadcast_to(const Array& x, const Shape& shape);

// x with a new dimension of size 1 at `axis`, in [-ndim - 1, ndim] (a negative axis inserts at
// ndim + axis + 1).
Array expand_dims(const Array& x, std::int64_t axis);
// x with a dimension of size 1 at each of `axes` (2025.12), positions in the result of
// N + len(axes) dimensions: each in [-N-M, N+M), negative ones counted from the end, distinct once
// normalised (InvalidArgumentError otherwise).
Array expand_dims(const Array& x, const std::vector<std::int64_t>& axes);

// x without the dimensions `axis`, each of which must have size 1 (the standard: "If a
// specified axis has a size greater than one (i.e., it is not a singleton dimension), a
// ValueError should be raised"; strict raises InvalidArgumentError, a ValueError).
Array squeeze(const Array& x, const Axes& axis);

// x with the axes `source` moved to the positions `destination` (same length; each list
// unique), the other axes keeping their order.
Array moveaxis(const Array& x, const Axes& source, const Axes& destination);

// x with its axes in the order `axes`, a permutation of (0, 1, ..., ndim - 1). The standard asks
// for non-negative axes; strict also takes negative ones, counted from the end, as NumPy does.
Array permute_dims(const Array& x, const Axes& axes);

// x with its last two dimensions swapped: (..., M, N) -> (..., N, M). x needs at least two
// dimensions (InvalidArgumentError otherwise).
Array matrix_transpose(const Array& x);

// The slices of x along `axis` (in [-ndim, ndim)), each with that dimension removed; as many as
// x.shape()[axis], so none for an empty axis. x must have at least one dimension.
std::vector<Array> unstack(const Array& x, std::int64_t axis = 0);

}  // namespace strict
