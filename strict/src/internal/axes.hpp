// Axis arguments (normalising negative axes, rejecting bad ones) and the index arithmetic of
// reductions over a set of axes, shared by the statistical functions and the manipulation
// functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "strict/shape.hpp"

namespace strict::internal {

// `axis` as an index in [0, ndim). Negative axes count from the last dimension
// (spec/2024.12/API_specification/indexing.rst). InvalidArgumentError naming `function` and
// `parameter` when it is out of range.
std::int64_t normalize_axis(std::string_view function, std::int64_t axis, std::int64_t ndim,
                            std::string_view parameter = "axis");

// The axes of a reduction, ascending: every axis when `axis` is None. InvalidArgumentError for an
// axis out of range or an axis named twice (after normalisation, so 1 and -1 of a 2-d array clash).
std::vector<std::int64_t> normalize_axes(std::string_view function,
                                         const std::optional<std::vector<std::int64_t>>& axis,
                                         std::int64_t ndim);

// Where the elements of each reduction lie in a C-contiguous input, as three nested loops with
// plain strides: `outer` blocks, each of `extent` reduced steps of `inner` kept elements. Output
// element o * inner + i (C order over the kept axes) reduces the input elements at
// o * extent * inner + r * inner + i for r in [0, extent), which is C order over the reduced axes.
// That holds of x's own layout when the reduced axes are adjacent once axes of extent 1 are left
// aside (every axis, the last ones, the first ones, ...); otherwise `permutation` lists x's axes,
// the kept ones first, in the order x must be copied into (O(n), ReductionInput in
// internal/reduction_kernels.hpp) before the loops run over the copy, with inner = 1.
struct ReductionPlan {
  Shape result_shape;  // with keepdims applied
  std::int64_t outer = 1;
  std::int64_t extent = 1;
  std::int64_t inner = 1;
  std::vector<std::int64_t> permutation;  // empty: x's own layout
  std::int64_t output_count() const { return outer * inner; }
  std::int64_t reduced_count() const { return extent; }
};
ReductionPlan plan_reduction(const Shape& shape, const std::vector<std::int64_t>& axes,
                             bool keepdims);

// A C-contiguous shape split around one axis: `outer` blocks of `extent` steps of `inner` elements.
struct AxisSplit {
  std::int64_t outer = 1;
  std::int64_t extent = 1;
  std::int64_t inner = 1;
};
AxisSplit split_at_axis(const Shape& shape, std::int64_t axis);

}  // namespace strict::internal
