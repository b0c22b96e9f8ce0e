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

ReductionPlan plan_reduction(const Shape& shape, const std::vector<std::int64_t>& axes,
                             bool keepdims) {
  const auto ndim = shape.size();
  std::vector<bool> reduced(ndim, false);
  for (const std::int64_t a : axes)
    reduced[static_cast<std::size_t>(a)] = true;
  ReductionPlan plan;
  std::int64_t kept_count = 1;
  for (std::size_t d = 0; d < ndim; ++d) {
    if (!reduced[d]) {
      plan.result_shape.push_back(shape[d]);
      kept_count *= shape[d];
    } else {
      if (keepdims) plan.result_shape.push_back(1);
      plan.extent *= shape[d];
    }
  }
  // The runs of adjacent reduced axes, axes of extent 1 aside (they move no element), and the
  // kept elements before the first run.
  int runs = 0;
  bool in_run = false;
  std::int64_t before = 1;
  for (std::size_t d = 0; d < ndim; ++d) {
    if (shape[d] == 1) continue;
    if (reduced[d] && !in_run) ++runs;
    in_run = reduced[d];
    if (!reduced[d] && runs == 0) before *= shape[d];
  }
  if (kept_count == 0 || plan.extent == 0) {
    plan.outer = kept_count;  // no element to read: each output reduces nothing
  } else if (runs == 0) {
    plan.inner = kept_count;  // each output reduces one element
  } else if (runs == 1) {
    plan.outer = before;
    plan.inner = kept_count / before;
  } else {
    for (std::size_t d = 0; d < ndim; ++d)
      if (!reduced[d]) plan.permutation.push_back(static_cast<std::int64_t>(d));
    plan.permutation.insert(plan.permutation.end(), axes.begin(), axes.end());
    plan.outer = kept_count;
  }
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
