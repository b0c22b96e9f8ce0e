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

// Where the elements of each reduction lie in a C-contiguous input. The elements reduced into
// output element `o` are at input offsets `output_bases[o] + reduced_offsets[r]` for each r.
struct ReductionPlan {
  Shape result_shape;  // with keepdims applied
  std::vector<std::int64_t> output_bases;
  std::vector<std::int64_t> reduced_offsets;
  std::int64_t output_count() const { return static_cast<std::int64_t>(output_bases.size()); }
  std::int64_t reduced_count() const { return static_cast<std::int64_t>(reduced_offsets.size()); }
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
