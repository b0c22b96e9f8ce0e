// argmax, argmin, count_nonzero, nonzero and searchsorted: searching functions whose results are
// indices or counts, in the device's default index dtype.
#include "strict/searching_indices.hpp"

#include <algorithm>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/extremum.hpp"
#include "internal/placement.hpp"
#include "internal/reduction_kernels.hpp"
#include "internal/sort_order.hpp"
#include "strict/creation.hpp"
#include "strict/default_device.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict {
namespace {

using internal::Category;

// Whether an element is "non-zero" (searching_functions.py, nonzero and count_nonzero: "If x has
// a complex floating-point data type, non-zero elements are those elements having at least one
// component (real or imaginary) which is non-zero"; "If x has a boolean data type, non-zero
// elements are those elements which are equal to True").
template <class T>
bool is_nonzero(T value) {
  if constexpr (internal::is_complex_v<T>) {
    return value.real() != 0 || value.imag() != 0;
  } else {
    return value != T{0};
  }
}

using internal::Extremum;

Array arg_extremum(std::string_view function, const Array& x, const ArgExtremumOptions& options,
                   Extremum which) {
  // "x: input array. Should have a real-valued data type."
  internal::require_category(function, "x", x.dtype(), Category::real_numeric);
  std::vector<std::int64_t> axes;
  if (options.axis) {
    axes.push_back(internal::normalize_axis(function, *options.axis, x.ndim()));
  } else {
    // "If None, the function must return the index of the maximum value of the flattened array."
    axes = internal::normalize_axes(function, std::nullopt, x.ndim());
  }
  const internal::ReductionPlan plan = internal::plan_reduction(x.shape(), axes, options.keepdims);
  if (plan.reduced_count() == 0 && plan.output_count() > 0) {
    throw InvalidArgumentError(fmt::format(
        "{}(): cannot search zero elements (x has shape ({})); there is no {}", function,
        fmt::join(x.shape(), ", "), which == Extremum::max ? "maximum" : "minimum"));
  }
  std::vector<std::int64_t> found(static_cast<std::size_t>(plan.output_count()), 0);
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::real_numeric, T>) {
      const internal::ReductionInput<T> input(x, plan);
      // NaN is the extreme value, as in max() and min(); the first one wins. Otherwise only
      // a strictly better value moves the index: "When the maximum value occurs multiple
      // times, only the indices corresponding to the first occurrence are returned."
      std::vector<T> best(static_cast<std::size_t>(
          plan.inner > 1 ? std::min(plan.inner, internal::kLaneBlock) : 0));
      internal::visit_extremum(which, [&](auto extremum) {
        constexpr Extremum e = decltype(extremum)::value;
        internal::for_each_reduction(
            input.data(), plan, internal::kLaneBlock,
            [&](const T* line, std::int64_t o) {
              found[static_cast<std::size_t>(o)] = internal::arg_extreme_line<e>(line, plan.extent);
            },
            [&](const T* rows, std::int64_t o, std::int64_t lanes) {
              internal::arg_extreme_lanes<e>(rows, plan.extent, plan.inner, lanes, best.data(),
                                             found.data() + o);
            });
      });
    }
  });
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as
  // possible (e.g. output arrays from a function are expected to be on the same device as input
  // arrays to the function)."
  return internal::index_array(plan.result_shape, found, x.device(),
                               propagated_from(function, x.provenance()));
}

// x1 (read through sorter) as long doubles, which hold every value of every real dtype exactly,
// so that x1 and x2 of different dtypes compare by value.
std::vector<long double> exact_values(const Array& x) {
  std::vector<long double> values(static_cast<std::size_t>(x.size()));
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::real_numeric, T>) {
      const T* data = ArrayAccess::data<T>(x);
      for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<long double>(data[i]);
    }
  });
  return values;
}

// The indices of an integer array as int64, each checked to lie in [0, extent).
std::vector<std::int64_t> checked_permutation(const Array& sorter, std::int64_t extent) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(sorter.size()));
  internal::visit_dtype(sorter.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::is_integer_v<T>) {
      const T* data = ArrayAccess::data<T>(sorter);
      for (std::size_t i = 0; i < order.size(); ++i) {
        if (std::cmp_less(data[i], 0) || std::cmp_greater_equal(data[i], extent)) {
          throw InvalidArgumentError(fmt::format(
              "searchsorted(): sorter[{}] = {} is out of bounds for x1 of length {}; sorter "
              "holds indices into x1",
              i, static_cast<std::int64_t>(data[i]), extent));
        }
        order[i] = static_cast<std::int64_t>(data[i]);
      }
    }
  });
  return order;
}

}  // namespace

Array argmax(const Array& x, const ArgExtremumOptions& options) {
  return arg_extremum("argmax", x, options, Extremum::max);
}

Array argmin(const Array& x, const ArgExtremumOptions& options) {
  return arg_extremum("argmin", x, options, Extremum::min);
}

Array count_nonzero(const Array& x, const AxisOptions& options) {
  // "x: input array." Any dtype. "By default, the number of non-zero values must be computed
  // over the entire array."
  const std::vector<std::int64_t> axes =
      internal::normalize_axes("count_nonzero", options.axis, x.ndim());
  const internal::ReductionPlan plan = internal::plan_reduction(x.shape(), axes, options.keepdims);
  std::vector<std::int64_t> counts(static_cast<std::size_t>(plan.output_count()), 0);
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const internal::ReductionInput<T> input(x, plan);
    internal::for_each_reduction(
        input.data(), plan, internal::kLaneBlock,
        [&](const T* line, std::int64_t o) {
          counts[static_cast<std::size_t>(o)] = internal::tally_line<true>(line, plan.extent);
        },
        [&](const T* rows, std::int64_t o, std::int64_t lanes) {
          internal::tally_lanes<true>(rows, plan.extent, plan.inner, lanes, counts.data() + o);
        });
  });
  // "Preserve device assignment"; "The returned array must have the default array index data
  // type."
  return internal::index_array(plan.result_shape, counts, x.device(),
                               propagated_from("count_nonzero", x.provenance()));
}

std::vector<Array> nonzero(const Array& x) {
  // "x: input array. Must have a positive rank. If x is zero-dimensional, the function must
  // raise an exception."
  if (x.ndim() == 0) {
    throw InvalidArgumentError(
        "nonzero(): x is zero-dimensional, and the standard requires nonzero() to raise for it; "
        "reshape x to (1,) first");
  }
  const auto ndim = static_cast<std::size_t>(x.ndim());
  std::vector<std::vector<std::int64_t>> indices(ndim);
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = ArrayAccess::data<T>(x);
    Shape index(ndim, 0);
    for (std::int64_t i = 0; i < x.size(); ++i) {
      // "The indices must be returned in row-major, C-style order."
      if (is_nonzero(data[i])) {
        for (std::size_t d = 0; d < ndim; ++d)
          indices[d].push_back(index[d]);
      }
      for (std::size_t d = ndim; d-- > 0;) {
        if (++index[d] < x.shape()[d]) break;
        index[d] = 0;
      }
    }
  });
  // "Preserve device assignment": every index array stays on x's device. Fault
  // nonzero_on_default_device (dask#7482's class: data-dependent shapes computed on the host).
  const Device device =
      fault::is_active(fault::Fault::nonzero_on_default_device) ? default_device() : x.device();
  std::vector<Array> out;
  for (const std::vector<std::int64_t>& along : indices) {
    out.push_back(internal::index_array(Shape{static_cast<std::int64_t>(along.size())}, along,
                                        device, propagated_from("nonzero", x.provenance())));
  }
  return out;
}

Array searchsorted(const Array& x1, const ArrayOrScalar& x2_operand,
                   const SearchsortedOptions& options) {
  if (!x2_operand.is_array()) {
    // A Python scalar (2025.12) is a 0-d array on x1's device, as scalars beside arrays are
    // ("the scalars should inherit the device of the arrays", device_support.rst 2025.12).
    // Its dtype is x1's, by "Mixing arrays with Python scalars" (type_promotion.rst), which also
    // decides what may mix (a float with integer x1 may not).
    const Scalar& v = x2_operand.scalar();
    if (!v.is_int() && !v.is_float()) {
      throw DTypeError(
          fmt::format("searchsorted(): x2 must be an array, an int or a float, not a "
                      "{} scalar",
                      v.is_bool() ? "bool" : "complex"));
    }
    internal::require_scalar_fits("searchsorted", v, x1.dtype());
    return searchsorted(x1, full(Shape{}, v, {.dtype = x1.dtype(), .device = x1.device()}),
                        options);
  }
  const Array& x2 = x2_operand.array();
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; sorter is one of the arrays.
  std::vector<internal::NamedArray> named{{"x1", &x1}, {"x2", &x2}};
  if (options.sorter) named.push_back({"sorter", &*options.sorter});
  const Device device = internal::common_device("searchsorted", named);
  // "x1: ... Must be a one-dimensional array. Should have a real-valued data type."
  internal::require_category("searchsorted", "x1", x1.dtype(), Category::real_numeric);
  internal::require_category("searchsorted", "x2", x2.dtype(), Category::real_numeric);
  if (x1.ndim() != 1) {
    throw InvalidArgumentError(
        fmt::format("searchsorted(): x1 must be one-dimensional, but has shape ({})",
                    fmt::join(x1.shape(), ", ")));
  }
  const std::int64_t length = x1.size();
  std::vector<long double> sorted = exact_values(x1);
  if (options.sorter) {
    // "sorter: ... The array must have the same shape as x1 and have an integer data type."
    const Array& sorter = *options.sorter;
    internal::require_category("searchsorted", "sorter", sorter.dtype(), Category::integer);
    if (sorter.shape() != x1.shape()) {
      throw InvalidArgumentError(
          fmt::format("searchsorted(): sorter has shape ({}), but must have x1's shape ({})",
                      fmt::join(sorter.shape(), ", "), fmt::join(x1.shape(), ", ")));
    }
    const std::vector<long double> unsorted = sorted;
    const std::vector<std::int64_t> order = checked_permutation(sorter, length);
    for (std::size_t i = 0; i < order.size(); ++i)
      sorted[i] = unsorted[static_cast<std::size_t>(order[i])];
  }
  // "If sorter is None, must be sorted in ascending order; otherwise, sorter must be an array of
  // indices that sort x1 in ascending order": strict checks it, in sort()'s order (NaNs last).
  for (std::size_t i = 1; i < sorted.size(); ++i) {
    if (internal::ascending_before(sorted[i], sorted[i - 1])) {
      throw InvalidArgumentError(fmt::format(
          "searchsorted(): x1{} is not sorted in ascending order (position {} comes before a "
          "smaller element); sort it first, or pass sorter=argsort(x1)",
          options.sorter ? " read through sorter" : "", i - 1));
    }
  }
  const std::vector<long double> values = exact_values(x2);
  std::vector<std::int64_t> found(values.size());
  for (std::size_t j = 0; j < values.size(); ++j) {
    const long double v = values[j];
    // side left: "x1[i-1] < v <= x1[i]", the first i with v <= x1[i] (not x1[i] < v); side
    // right: "x1[i-1] <= v < x1[i]", the first i with v < x1[i]. Binary search over [0, M].
    std::int64_t low = 0;
    std::int64_t high = length;
    while (low < high) {
      const std::int64_t middle = low + (high - low) / 2;
      const long double element = sorted[static_cast<std::size_t>(middle)];
      const bool go_right = options.side == Side::left ? internal::ascending_before(element, v)
                                                       : !internal::ascending_before(v, element);
      if (go_right) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    found[j] = low;
  }
  // "an array of indices with the same shape as x2. The returned array must have the default
  // array index data type", on the arrays' device ("Preserve device assignment").
  return internal::index_array(x2.shape(), found, device,
                               propagated_from("searchsorted", x1.provenance()));
}

}  // namespace strict
