// all, any and diff.
#include "strict/utility.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"
#include "internal/reduction_kernels.hpp"
#include "internal/wrapping.hpp"
#include "strict/default_device.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"
#include "strict/manipulation.hpp"

namespace strict {
namespace {

enum class Test { every, some };

// `function` must be a string literal: the result's provenance keeps it.
Array truth_test(std::string_view function, const Array& x, const AxisOptions& options, Test test) {
  const std::vector<std::int64_t> axes = internal::normalize_axes(function, options.axis, x.ndim());
  const internal::ReductionPlan plan = internal::plan_reduction(x.shape(), axes, options.keepdims);
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment".
  // Fault reductions_on_default_device (scipy#22680's class: a reduction off the default device).
  const Device device =
      fault::is_active(fault::Fault::reductions_on_default_device) ? default_device() : x.device();
  Array out = ArrayAccess::allocate(plan.result_shape, DType::bool_, device,
                                    propagated_from(function, x.provenance()));
  bool* result = ArrayAccess::data<bool>(out);
  const bool every = test == Test::every;
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const internal::ReductionInput<T> input(x, plan);
    // An element counts as true when nonzero (so NaN and the infinities do); a complex element
    // when either part is nonzero. spec: all() of an empty reduction is True, any() of one False.
    // spec: all() of an empty reduction is True (it holds no zero), any() of one False.
    internal::for_each_reduction(
        input.data(), plan, internal::kLaneBlock,
        [&](const T* line, std::int64_t o) {
          result[o] = every ? !internal::line_holds<false>(line, plan.extent)
                            : internal::line_holds<true>(line, plan.extent);
        },
        [&](const T* rows, std::int64_t o, std::int64_t lanes) {
          std::int64_t counts[internal::kLaneBlock] = {};
          if (every) {
            internal::tally_lanes<false>(rows, plan.extent, plan.inner, lanes, counts);
          } else {
            internal::tally_lanes<true>(rows, plan.extent, plan.inner, lanes, counts);
          }
          for (std::int64_t l = 0; l < lanes; ++l)
            result[o + l] = every ? counts[l] == 0 : counts[l] > 0;
        });
  });
  return out;
}

// prepend or append: on x's device (checked before), x's dtype, x's shape but along `axis`.
void require_joinable(const Array& x, const Array& extra, std::string_view name,
                      std::int64_t axis) {
  if (extra.dtype() != x.dtype()) {
    throw DTypeError(fmt::format(
        "diff(): {} has dtype {} but x has {}; strict requires x's dtype (the standard leaves "
        "other dtypes to the implementation)",
        name, extra.dtype(), x.dtype()));
  }
  bool same = extra.ndim() == x.ndim();
  for (std::int64_t d = 0; same && d < x.ndim(); ++d)
    same = d == axis ||
           extra.shape()[static_cast<std::size_t>(d)] == x.shape()[static_cast<std::size_t>(d)];
  if (!same) {
    throw InvalidArgumentError(fmt::format(
        "diff(): {} has shape {} but x has shape {}; they must match except along axis {}", name,
        shape_text(extra.shape()), shape_text(x.shape()), axis));
  }
}

}  // namespace

Array all(const Array& x, const AxisOptions& options) {
  return truth_test("all", x, options, Test::every);
}

Array any(const Array& x, const AxisOptions& options) {
  return truth_test("any", x, options, Test::some);
}

Array diff(const Array& x, const DiffOptions& options) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices", before anything else.
  std::vector<internal::NamedArray> inputs = {{"x", &x}};
  if (options.prepend) inputs.push_back({"prepend", &*options.prepend});
  if (options.append) inputs.push_back({"append", &*options.append});
  (void)internal::common_device("diff", inputs);

  internal::require_category("diff", "x", x.dtype(), internal::Category::numeric);
  // spec: "A valid axis must be an integer on the interval [-N, N)"; a 0-d x has none.
  const std::int64_t axis = internal::normalize_axis("diff", options.axis, x.ndim());
  if (options.n < 0) {
    throw InvalidArgumentError(fmt::format(
        "diff(): n={} is negative; it counts how many times to difference (0 or more)", options.n));
  }
  std::vector<Array> parts;
  if (options.prepend) {
    require_joinable(x, *options.prepend, "prepend", axis);
    parts.push_back(*options.prepend);
  }
  parts.push_back(x);
  if (options.append) {
    require_joinable(x, *options.append, "append", axis);
    parts.push_back(*options.append);
  }
  const Array joined = parts.size() == 1 ? x : concat(parts, axis);

  const internal::AxisSplit split = internal::split_at_axis(joined.shape(), axis);
  const std::int64_t extent = std::max<std::int64_t>(0, split.extent - options.n);
  Shape shape = joined.shape();
  shape[static_cast<std::size_t>(axis)] = extent;
  Array out =
      ArrayAccess::allocate(shape, x.dtype(), x.device(), propagated_from("diff", x.provenance()));
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      const T* data = ArrayAccess::data<T>(joined);
      T* result = ArrayAccess::data<T>(out);
      std::vector<T> line(static_cast<std::size_t>(split.extent));
      for (std::int64_t outer = 0; outer < split.outer; ++outer) {
        for (std::int64_t inner = 0; inner < split.inner; ++inner) {
          const std::int64_t base = outer * split.extent * split.inner + inner;
          for (std::int64_t i = 0; i < split.extent; ++i)
            line[static_cast<std::size_t>(i)] = data[base + i * split.inner];
          // spec: "Higher-order differences must be calculated recursively"; each pass leaves
          // one value fewer at the front of `line`.
          std::int64_t length = split.extent;
          for (std::int64_t pass = 0; pass < options.n && length > 0; ++pass) {
            for (std::int64_t i = 0; i + 1 < length; ++i) {
              const auto k = static_cast<std::size_t>(i);
              line[k] = internal::wrapping_subtract(line[k + 1], line[k]);
            }
            --length;
          }
          const std::int64_t out_base = outer * extent * split.inner + inner;
          for (std::int64_t i = 0; i < extent; ++i)
            result[out_base + i * split.inner] = line[static_cast<std::size_t>(i)];
        }
      }
    }
  });
  return out;
}

}  // namespace strict
