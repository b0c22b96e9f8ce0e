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
#include "strict/interruption.hpp"
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

// x, of (outer, E, inner) elements in C order, differenced n >= 1 times along E into result's
// (outer, E - n, inner), E > n. Row i + 1 of a block starts `inner` elements after row i, so a
// pass over a block is one loop over contiguous memory, to[k] = from[k + inner] - from[k], that
// vectorises whatever the axis.
template <class T>
void difference_rows(const T* x, T* result, const internal::AxisSplit& split, std::int64_t n) {
  const std::int64_t inner = split.inner;
  const std::int64_t extent = split.extent - n;
  const auto difference = [inner](const T* from, T* to, std::int64_t count) {
    for (std::int64_t k = 0; k < count; ++k)
      to[k] = internal::wrapping_subtract(from[k + inner], from[k]);
  };
  // The first pass straight into result when it is the only one; else into `work`, whose blocks
  // keep E - 1 rows while each further pass leaves one row fewer in use at their end.
  std::vector<T> work(n > 1 ? static_cast<std::size_t>(split.outer * (split.extent - 1) * inner)
                            : 0);
  T* first = n > 1 ? work.data() : result;
  const std::int64_t block = (split.extent - 1) * inner;
  for (std::int64_t outer = 0; outer < split.outer; ++outer) {
    difference(x + outer * split.extent * inner, first + outer * block, block);
    interruption_point(block);
  }
  if (n == 1) return;
  // spec: "Higher-order differences must be calculated recursively": in place, in increasing k
  // (element k + inner is still the previous pass's when element k is written).
  for (std::int64_t outer = 0; outer < split.outer; ++outer) {
    T* rows = work.data() + outer * block;
    for (std::int64_t pass = 1, length = split.extent - 1; pass < n; ++pass, --length) {
      difference(rows, rows, (length - 1) * inner);
      interruption_point((length - 1) * inner);
    }
    std::copy_n(rows, extent * inner, result + outer * extent * inner);
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
  if (out.size() == 0) return out;
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      if (options.n == 0) {
        std::copy_n(ArrayAccess::data<T>(joined), out.size(), ArrayAccess::data<T>(out));
      } else {
        difference_rows(ArrayAccess::data<T>(joined), ArrayAccess::data<T>(out), split, options.n);
      }
    }
  });
  return out;
}

}  // namespace strict
