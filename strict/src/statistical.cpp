// Statistical functions: reductions over axes and cumulative sums and products.
#include "strict/statistical.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/extremum.hpp"
#include "internal/pairwise_sum.hpp"
#include "internal/reduction_kernels.hpp"
#include "internal/wrapping.hpp"
#include "strict/default_device.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"
#include "strict/interruption.hpp"

namespace strict {
namespace {

using internal::Category;

// The dtype sum, prod and the cumulative functions compute in.
DType accumulation_dtype(std::string_view function, const Array& x,
                         std::optional<DType> requested) {
  if (requested) {
    internal::require_category(function, "dtype", *requested, Category::numeric);
    if (is_complex_floating(x.dtype()) && !is_complex_floating(*requested)) {
      throw DTypeError(fmt::format(
          "{}(): x has the complex dtype {}, which cannot be cast to dtype={}; ask for a complex "
          "dtype",
          function, x.dtype(), *requested));
    }
    return *requested;
  }
  // spec/2024.12/API_specification/statistical_functions.rst (sum, prod, cumulative_*): "If
  // None, the returned array must have the same data type as x, unless x has an integer dtype
  // supporting a smaller range of values than the default integer dtype"; then a signed x gets
  // "the default integer data type" and an unsigned x "an unsigned integer data type having the
  // same number of bits as the default integer data type". The default is x's device's.
  const DType default_integer = x.device().spec().default_dtypes.integral;
  const std::size_t default_size = item_size(default_integer);
  if (is_signed_integer(x.dtype()) && item_size(x.dtype()) < default_size) return default_integer;
  if (is_unsigned_integer(x.dtype()) && item_size(x.dtype()) < default_size) {
    return integer_dtype_of_size(default_size, false);
  }
  return x.dtype();
}

// The plan of a reduction and its uninitialised result, on x's device.
struct Reduction {
  internal::ReductionPlan plan;
  Array out;
};

// `function` must be a string literal: the result's provenance keeps it.
Reduction start_reduction(std::string_view function, const Array& x,
                          const std::optional<Axes>& axis, bool keepdims, DType out_dtype) {
  const std::vector<std::int64_t> axes = internal::normalize_axes(function, axis, x.ndim());
  internal::ReductionPlan plan = internal::plan_reduction(x.shape(), axes, keepdims);
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as
  // possible (e.g. output arrays from a function are expected to be on the same device as input
  // arrays to the function)."
  // Fault reductions_on_default_device (scipy#22680's class: a reduction off the default device).
  const Device device =
      fault::is_active(fault::Fault::reductions_on_default_device) ? default_device() : x.device();
  Array out = ArrayAccess::allocate(plan.result_shape, out_dtype, device,
                                    propagated_from(function, x.provenance()));
  return {std::move(plan), out};
}

enum class Accumulate { sum, product };

// Calls f(op, identity) with the operation of `accumulate` (known when compiled; integers wrap
// around) and its identity.
template <class Out, class F>
void visit_accumulate(Accumulate accumulate, F&& f) {
  if (accumulate == Accumulate::product) {
    f(internal::WrappingMultiply{}, Out(1));
  } else {
    f(internal::WrappingAdd{}, Out(0));
  }
}

// x in the dtype its sum, product or running totals accumulate in (out_dtype). Converted first,
// then accumulated in one dtype: the same values as converting each element as it is read, with
// each kernel compiled once per dtype, not per (input, result) pair. The conversion counts as work
// towards the next interruption check.
Array accumulated_values(const Array& x, DType out_dtype) {
  if (x.dtype() != out_dtype) interruption_point(x.size());
  return internal::in_dtype(x, out_dtype);
}

// The sums or products of x's lines (the plan's), written to `result`; x has dtype T.
template <class T>
void sum_or_prod_lines(const Array& x, const internal::ReductionPlan& plan, Accumulate accumulate,
                       T* result) {
  const internal::ReductionInput<T> input(x, plan);
  const auto load = [](T value) { return value; };
  // The empty sum is 0 and the empty product 1 (spec: "If N is 0, the product is 1").
  if constexpr (!internal::wraps_v<T>) {
    if (accumulate == Accumulate::sum) {  // floating: pairwise, as NumPy sums
      internal::PairwiseLanes<T> columns(plan.extent, plan.inner);
      internal::for_each_reduction(
          input.data(), plan, internal::kPairwiseLanes,
          [&](const T* line, std::int64_t o) {
            result[o] = T(0) + internal::pairwise_sum<T>(line, plan.extent, load);
          },
          [&](const T* rows, std::int64_t o, std::int64_t lanes) {
            columns.sum(
                rows, plan.extent, plan.inner, lanes, [&](T value, std::int64_t) { return value; },
                result + o);
            for (std::int64_t l = 0; l < lanes; ++l)
              result[o + l] = T(0) + result[o + l];
          });
      return;
    }
  }
  // In order (integers wrap around, so any order gives their sum; a floating product keeps the
  // order of its elements).
  visit_accumulate<T>(accumulate, [&](auto op, T identity) {
    internal::for_each_reduction(
        input.data(), plan, internal::kLaneBlock,
        [&](const T* line, std::int64_t o) {
          result[o] = internal::fold_line(line, plan.extent, identity, load, op);
        },
        [&](const T* rows, std::int64_t o, std::int64_t lanes) {
          internal::fold_lanes(rows, plan.extent, plan.inner, lanes, identity, load, op,
                               result + o);
        });
  });
}

Array sum_or_prod(std::string_view function, const Array& x, const ReductionOptions& options,
                  Accumulate accumulate) {
  internal::require_category(function, "x", x.dtype(), Category::numeric);
  const DType out_dtype = accumulation_dtype(function, x, options.dtype);
  Reduction r = start_reduction(function, x, options.axis, options.keepdims, out_dtype);
  const internal::ReductionPlan& plan = r.plan;
  const Array values = accumulated_values(x, out_dtype);
  internal::visit_dtype(out_dtype, [&](auto tag) {
    using Out = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, Out>) {
      sum_or_prod_lines<Out>(values, plan, accumulate, ArrayAccess::data<Out>(r.out));
    }
  });
  return r.out;
}

using internal::Extremum;

Array extremum(std::string_view function, const Array& x, const AxisOptions& options,
               Extremum which) {
  internal::require_category(function, "x", x.dtype(), Category::real_numeric);
  Reduction r = start_reduction(function, x, options.axis, options.keepdims, x.dtype());
  const internal::ReductionPlan& plan = r.plan;
  if (plan.reduced_count() == 0 && plan.output_count() > 0) {
    // spec: "When the number of elements over which to compute the maximum value is zero, the
    // maximum value is implementation-defined"; strict raises, as array-api-strict does.
    throw InvalidArgumentError(
        fmt::format("{}(): cannot reduce zero elements (x has shape ({})); {}() has no identity",
                    function, fmt::join(x.shape(), ", "), function));
  }
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::real_numeric, T>) {
      const internal::ReductionInput<T> input(x, plan);
      T* result = ArrayAccess::data<T>(r.out);
      // NaN values propagate (spec, special cases): the first NaN, else the first of the
      // elements equal to the extreme, as a scan in order finds them.
      internal::visit_extremum(which, [&](auto extremum) {
        constexpr Extremum e = decltype(extremum)::value;
        internal::for_each_reduction(
            input.data(), plan, internal::kLaneBlock,
            [&](const T* line, std::int64_t o) {
              result[o] = internal::extreme_line<e>(line, plan.extent);
            },
            [&](const T* rows, std::int64_t o, std::int64_t lanes) {
              internal::extreme_lanes<e>(rows, plan.extent, plan.inner, lanes, result + o);
            });
      });
    }
  });
  return r.out;
}

}  // namespace

Array max(const Array& x, const AxisOptions& options) {
  return extremum("max", x, options, Extremum::max);
}

Array min(const Array& x, const AxisOptions& options) {
  return extremum("min", x, options, Extremum::min);
}

Array sum(const Array& x, const ReductionOptions& options) {
  return sum_or_prod("sum", x, options, Accumulate::sum);
}

Array prod(const Array& x, const ReductionOptions& options) {
  return sum_or_prod("prod", x, options, Accumulate::product);
}

Array mean(const Array& x, const AxisOptions& options) {
  // spec/2024.12 mean: "x: input array. Should have a floating-point data type" (complex
  // support was added in 2024.12).
  internal::require_category("mean", "x", x.dtype(), Category::floating);
  Reduction r = start_reduction("mean", x, options.axis, options.keepdims, x.dtype());
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::floating, T>) {
      // The sum in x's own precision, as sum() computes it and as NumPy, PyTorch and JAX take
      // means: the standard leaves the precision of intermediates open, and a mean that agrees
      // with sum(x) / N is one downstream tests can predict (a float32 mean of [max, max]
      // overflows to inf in every one of them).
      using Real = internal::real_type_t<T>;
      const internal::ReductionPlan& plan = r.plan;
      const internal::ReductionInput<T> input(x, plan);
      T* result = ArrayAccess::data<T>(r.out);
      const std::int64_t count = plan.reduced_count();
      const auto write = [&](std::int64_t o, T total) {
        // spec: "If N is 0, the arithmetic mean is NaN."
        constexpr Real nan = std::numeric_limits<Real>::quiet_NaN();
        if (count == 0) {
          if constexpr (internal::is_complex_v<T>) {
            result[o] = T(nan, nan);
          } else {
            result[o] = nan;
          }
        } else {
          result[o] = total / static_cast<Real>(count);
        }
      };
      const auto same = [](T value) { return value; };
      internal::PairwiseLanes<T> columns(count, plan.inner);
      internal::for_each_reduction(
          input.data(), plan, internal::kPairwiseLanes,
          [&](const T* line, std::int64_t o) {
            write(o, internal::pairwise_sum<T>(line, count, same));
          },
          [&](const T* rows, std::int64_t o, std::int64_t lanes) {
            columns.sum(
                rows, count, plan.inner, lanes, [](T value, std::int64_t) { return value; },
                result + o);
            for (std::int64_t l = 0; l < lanes; ++l)
              write(o + l, result[o + l]);
          });
    }
  });
  return r.out;
}

namespace {

enum class Spread { variance, standard_deviation };

Array spread(std::string_view function, const Array& x, const VarianceOptions& options,
             Spread which) {
  internal::require_category(function, "x", x.dtype(), Category::real_floating);
  Reduction r = start_reduction(function, x, options.axis, options.keepdims, x.dtype());
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const internal::ReductionPlan& plan = r.plan;
      const internal::ReductionInput<T> input(x, plan);
      T* result = ArrayAccess::data<T>(r.out);
      const auto count = static_cast<double>(plan.reduced_count());
      const double divisor = count - options.correction;
      // Two pairwise sums in double: of the values, then of the squared deviations from their
      // mean.
      const auto write = [&](std::int64_t o, double squares) {
        // spec: "If N - correction is less than or equal to 0, the variance is NaN."
        const double variance =
            divisor <= 0.0 ? std::numeric_limits<double>::quiet_NaN() : squares / divisor;
        result[o] = static_cast<T>(which == Spread::variance ? variance : std::sqrt(variance));
      };
      internal::PairwiseLanes<double> columns(plan.extent, plan.inner);
      std::vector<double> averages;
      std::vector<double> squares;
      if (plan.inner > 1) {
        averages.resize(static_cast<std::size_t>(std::min(plan.inner, internal::kPairwiseLanes)));
        squares.resize(averages.size());
      }
      internal::for_each_reduction(
          input.data(), plan, internal::kPairwiseLanes,
          [&](const T* line, std::int64_t o) {
            const double total = internal::pairwise_sum<double>(
                line, plan.extent, [](T value) { return static_cast<double>(value); });
            const double average = total / count;
            const double squares = internal::pairwise_sum<double>(line, plan.extent, [&](T value) {
              const double deviation = value - average;
              return deviation * deviation;
            });
            write(o, squares);
          },
          [&](const T* rows, std::int64_t o, std::int64_t lanes) {
            double* mean_of = averages.data();
            columns.sum(
                rows, plan.extent, plan.inner, lanes,
                [](T value, std::int64_t) { return static_cast<double>(value); }, mean_of);
            for (std::int64_t l = 0; l < lanes; ++l)
              mean_of[l] /= count;
            columns.sum(
                rows, plan.extent, plan.inner, lanes,
                [&](T value, std::int64_t l) {
                  const double deviation = value - mean_of[l];
                  return deviation * deviation;
                },
                squares.data());
            for (std::int64_t l = 0; l < lanes; ++l)
              write(o + l, squares[static_cast<std::size_t>(l)]);
          });
    }
  });
  return r.out;
}

// The running sums or products along the split's axis of `data` (its shape split at the axis),
// written to `result`, whose axis is `initial` longer (include_initial: the identity first).
template <class T>
void running_totals(const T* data, const internal::AxisSplit& split, std::int64_t initial,
                    Accumulate accumulate, T* result) {
  const std::int64_t out_extent = split.extent + initial;
  const std::int64_t inner = split.inner;
  visit_accumulate<T>(accumulate, [&](auto op, T identity) {
    for (std::int64_t outer = 0; outer < split.outer; ++outer) {
      const T* from = data + outer * split.extent * inner;
      T* to = result + outer * out_extent * inner;
      // include_initial: "the initial value must be the additive identity (i.e., zero)" for
      // cumulative_sum, the multiplicative identity (one) for cumulative_prod.
      if (initial != 0) std::fill(to, to + inner, identity);
      to += initial * inner;
      if (inner == 1) {  // one line: a running total
        T running = identity;
        for (std::int64_t start = 0; start < split.extent; start += internal::kReductionChunk) {
          const std::int64_t end = std::min(split.extent, start + internal::kReductionChunk);
          interruption_point(end - start);
          for (std::int64_t step = start; step < end; ++step) {
            running = op(running, from[step]);
            to[step] = running;
          }
        }
        continue;
      }
      // Rows of running totals side by side, each row from the one before.
      for (std::int64_t step = 0; step < split.extent; ++step) {
        interruption_point(inner);
        const T* row = from + step * inner;
        T* totals = to + step * inner;
        if (step == 0) {
          for (std::int64_t i = 0; i < inner; ++i)
            totals[i] = op(identity, row[i]);
        } else {
          const T* before = totals - inner;
          for (std::int64_t i = 0; i < inner; ++i)
            totals[i] = op(before[i], row[i]);
        }
      }
    }
  });
}

Array cumulative(std::string_view function, const Array& x, const CumulativeOptions& options,
                 Accumulate accumulate) {
  internal::require_category(function, "x", x.dtype(), Category::numeric);
  if (x.ndim() == 0) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x is 0-dimensional and has no axis to accumulate along; reshape it to (1,)",
        function));
  }
  if (!options.axis && x.ndim() > 1) {
    // spec: "if x has more than one dimension, providing an axis is required."
    throw InvalidArgumentError(fmt::format(
        "{}(): x has shape ({}), so axis is required (it may be omitted only for a 1-d array)",
        function, fmt::join(x.shape(), ", ")));
  }
  const std::int64_t axis = internal::normalize_axis(function, options.axis.value_or(0), x.ndim());
  const DType out_dtype = accumulation_dtype(function, x, options.dtype);
  const internal::AxisSplit split = internal::split_at_axis(x.shape(), axis);
  const std::int64_t initial = options.include_initial ? 1 : 0;
  Shape result_shape = x.shape();
  result_shape[static_cast<std::size_t>(axis)] += initial;
  Array out = ArrayAccess::allocate(result_shape, out_dtype, x.device(),
                                    propagated_from(function, x.provenance()));
  const Array values = accumulated_values(x, out_dtype);
  internal::visit_dtype(out_dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      running_totals(ArrayAccess::data<T>(values), split, initial, accumulate,
                     ArrayAccess::data<T>(out));
    }
  });
  return out;
}

}  // namespace

Array var(const Array& x, const VarianceOptions& options) {
  return spread("var", x, options, Spread::variance);
}

Array std(const Array& x, const VarianceOptions& options) {
  return spread("std", x, options, Spread::standard_deviation);
}

Array cumulative_sum(const Array& x, const CumulativeOptions& options) {
  return cumulative("cumulative_sum", x, options, Accumulate::sum);
}

Array cumulative_prod(const Array& x, const CumulativeOptions& options) {
  return cumulative("cumulative_prod", x, options, Accumulate::product);
}

}  // namespace strict
