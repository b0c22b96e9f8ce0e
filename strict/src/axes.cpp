// Axis arguments and the index arithmetic of reductions.
#include "internal/axes.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "strict/errors.hpp"

namespace strict::internal {

std::int64_t normalize_axis(std::string_view function, std::int64_t axis, std::int64_t ndim,
                            std::string_view parameter) {
  if (axis < -ndim || axis >= ndim) {
    throw InvalidArgumentError(fmt::format(
        "{}(): {}={} is out of range for an array with {} dimension(s); use an axis in [{}, {}]",
        function, parameter, axis, ndim, -ndim, ndim - 1));
  }
  return axis < 0 ? axis + ndim : axis;
}

std::vector<std::int64_t> normalize_axes(std::string_view function,
                                         const std::optional<std::vector<std::int64_t>>& axis,
                                         std::int64_t ndim) {
  std::vector<std::int64_t> axes;
  if (!axis) {
    for (std::int64_t d = 0; d < ndim; ++d)
      axes.push_back(d);
    return axes;
  }
  for (const std::int64_t a : *axis) {
    const std::int64_t normalized = normalize_axis(function, a, ndim);
    if (std::find(axes.begin(), axes.end(), normalized) != axes.end()) {
      throw InvalidArgumentError(fmt::format("{}(): axis ({}) names dimension {} more than once",
                                             function, fmt::join(*axis, ", "), normalized));
    }
    axes.push_back(normalized);
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

namespace {

// Offsets of every element of the sub-grid spanned by `dims` (C order over those dims).
std::vector<std::int64_t> grid_offsets(const Shape& shape, const Shape& strides,
                                       const std::vector<std::int64_t>& dims) {
  std::vector<std::int64_t> offsets{0};
  for (const std::int64_t d : dims) {
    const auto extent = shape[static_cast<std::size_t>(d)];
    const auto stride = strides[static_cast<std::size_t>(d)];
    std::vector<std::int64_t> next;
    next.reserve(offsets.size() * static_cast<std::size_t>(extent));
    for (const std::int64_t base : offsets) {
      for (std::int64_t i = 0; i < extent; ++i)
        next.push_back(base + i * stride);
    }
    offsets = std::move(next);
  }
  return offsets;
}

}  // namespace

ReductionPlan plan_reduction(const Shape& shape, const std::vector<std::int64_t>& axes,
                             bool keepdims) {
  const auto ndim = static_cast<std::int64_t>(shape.size());
  Shape strides(shape.size(), 1);
  for (std::size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];

  std::vector<std::int64_t> kept;
  ReductionPlan plan;
  for (std::int64_t d = 0; d < ndim; ++d) {
    const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) kept.push_back(d);
    if (!reduced) {
      plan.result_shape.push_back(shape[static_cast<std::size_t>(d)]);
    } else if (keepdims) {
      plan.result_shape.push_back(1);
    }
  }
  plan.output_bases = grid_offsets(shape, strides, kept);
  plan.reduced_offsets = grid_offsets(shape, strides, axes);
  return plan;
}

AxisSplit split_at_axis(const Shape& shape, std::int64_t axis) {
  AxisSplit split;
  for (std::int64_t d = 0; d < static_cast<std::int64_t>(shape.size()); ++d) {
    const std::int64_t extent = shape[static_cast<std::size_t>(d)];
    if (d < axis) split.outer *= extent;
    if (d == axis) split.extent = extent;
    if (d > axis) split.inner *= extent;
  }
  return split;
}

}  // namespace strict::internal
