// Creation functions of evenly spaced values: arange, linspace, eye.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/placement.hpp"
#include "strict/creation.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict {
namespace {

// arange's start/stop/step are "Union[int, float]" (creation_functions.rst, arange).
void require_int_or_float(std::string_view parameter, const Scalar& value) {
  if (!value.is_int() && !value.is_float()) {
    throw DTypeError(
        fmt::format("arange(): {} must be an int or a float, got {}", parameter, value));
  }
}

// linspace's start/stop are "Union[int, float, complex]".
void require_number(std::string_view parameter, const Scalar& value) {
  if (value.is_bool()) {
    throw DTypeError(fmt::format("linspace(): {} must be an int, a float or a complex, got {}",
                                 parameter, value));
  }
}

double as_double(const Scalar& value) {
  return value.as<double>();
}

// The number of elements of an integer range: "ceil((stop - start)/step) if stop - start and
// step have the same sign, and length 0 otherwise" (creation_functions.rst, arange). Computed in
// unsigned arithmetic so that no extreme argument overflows.
std::int64_t integer_range_length(std::int64_t start, std::int64_t stop, std::int64_t step) {
  const bool upward = step > 0;
  if (upward ? stop <= start : stop >= start) return 0;
  const std::uint64_t distance =
      upward ? static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start)
             : static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
  const std::uint64_t stride = upward ? static_cast<std::uint64_t>(step)
                                      : std::uint64_t{0} - static_cast<std::uint64_t>(step);
  const std::uint64_t length = distance / stride + (distance % stride != 0 ? 1 : 0);
  if (length > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    throw InvalidArgumentError(fmt::format(
        "arange(): the range from {} to {} by {} has too many elements", start, stop, step));
  }
  return static_cast<std::int64_t>(length);
}

std::int64_t float_range_length(double start, double stop, double step) {
  const double length = std::ceil((stop - start) / step);
  if (!std::isfinite(length) || length >= 0x1p62) {
    throw InvalidArgumentError(fmt::format(
        "arange(): the range from {} to {} by {} has no finite length", start, stop, step));
  }
  return length <= 0 ? 0 : static_cast<std::int64_t>(length);
}

}  // namespace

Array arange(Scalar stop, CreationOptions options, const std::source_location& location) {
  return arange(stop, std::nullopt, 1, options, location);
}

Array arange(Scalar start, Scalar stop, CreationOptions options,
             const std::source_location& location) {
  return arange(start, std::optional<Scalar>(stop), 1, options, location);
}

Array arange(Scalar start, std::optional<Scalar> stop, Scalar step, CreationOptions options,
             const std::source_location& location) {
  // "If stop is None, start is the end of the interval and the start is 0" (Python's range).
  if (!stop) {
    stop = start;
    start = Scalar(0);
  }
  require_int_or_float("start", start);
  require_int_or_float("stop", *stop);
  require_int_or_float("step", step);
  if (step.as<double>() == 0.0) {
    throw InvalidArgumentError("arange(): step must not be zero");
  }
  const internal::Placement placement =
      internal::place_new_array("arange", options.device, location);
  const bool all_ints = start.is_int() && stop->is_int() && step.is_int();
  const DefaultDTypes& defaults = placement.device.spec().default_dtypes;
  const DType dtype = options.dtype.value_or(all_ints ? defaults.integral : defaults.real_floating);

  if (all_ints) {
    for (const Scalar* bound : {&start, &*stop, &step}) {
      if (std::holds_alternative<std::uint64_t>(bound->value())) {
        throw InvalidArgumentError(fmt::format(
            "arange(): {} is beyond int64, the range strict computes integer sequences in",
            *bound));
      }
    }
    const auto first = start.as<std::int64_t>();
    const auto stride = step.as<std::int64_t>();
    const std::int64_t length = integer_range_length(first, stop->as<std::int64_t>(), stride);
    Array out = ArrayAccess::allocate({length}, dtype, placement.device, placement.provenance);
    internal::visit_dtype(dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* data = ArrayAccess::data<T>(out);
      for (std::int64_t i = 0; i < length; ++i) {
        // Every value lies between start and stop, so it fits in int64; the unsigned arithmetic
        // only avoids overflow of the intermediate i * step.
        const auto value = static_cast<std::int64_t>(static_cast<std::uint64_t>(first) +
                                                     static_cast<std::uint64_t>(i) *
                                                         static_cast<std::uint64_t>(stride));
        data[i] = internal::scalar_to_element<T>("arange", Scalar(value));
      }
    });
    return out;
  }

  const double first = as_double(start);
  const double stride = as_double(step);
  const std::int64_t length = float_range_length(first, as_double(*stop), stride);
  Array out = ArrayAccess::allocate({length}, dtype, placement.device, placement.provenance);
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = ArrayAccess::data<T>(out);
    for (std::int64_t i = 0; i < length; ++i) {
      data[i] =
          internal::scalar_to_element<T>("arange", Scalar(first + static_cast<double>(i) * stride));
    }
  });
  return out;
}

Array linspace(Scalar start, Scalar stop, std::int64_t num, LinspaceOptions options,
               const std::source_location& location) {
  require_number("start", start);
  require_number("stop", stop);
  if (num < 0) {
    throw InvalidArgumentError(fmt::format("linspace(): num must be non-negative, got {}", num));
  }
  const internal::Placement placement =
      internal::place_new_array("linspace", options.device, location);
  const bool complex_bounds = start.is_complex() || stop.is_complex();
  const DefaultDTypes& defaults = placement.device.spec().default_dtypes;
  const DType dtype =
      options.dtype.value_or(complex_bounds ? defaults.complex_floating : defaults.real_floating);
  // dtype: "Should be a floating-point data type" (creation_functions.rst, linspace): another
  // dtype is undefined. An integer dtype is accepted as NumPy 2 (and so array-api-strict)
  // accepts it, the values computed in float64 and floored: refusing it would fail downstream
  // suites (SciPy's signal) for no device matter. Booleans stay refused.
  if (dtype == bool_) {
    throw DTypeError("linspace(): dtype must be a floating-point or integer dtype, got bool");
  }
  if (complex_bounds && !is_complex_floating(dtype)) {
    throw DTypeError(
        fmt::format("linspace(): complex start or stop needs a complex dtype, got {}", dtype));
  }
  Array out = ArrayAccess::allocate({num}, dtype, placement.device, placement.provenance);
  const auto first = start.as<std::complex<double>>();
  const auto last = stop.as<std::complex<double>>();
  const std::int64_t intervals = options.endpoint ? num - 1 : num;
  const std::complex<double> stride =
      intervals > 0 ? (last - first) / static_cast<double>(intervals) : std::complex<double>{};
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = ArrayAccess::data<T>(out);
    const auto element = [&](std::complex<double> value) {
      if constexpr (std::is_integral_v<T>) {
        return internal::scalar_to_element<T>("linspace", Scalar(std::floor(value.real())));
      } else {
        return internal::convert_element<T>(value);
      }
    };
    for (std::int64_t i = 0; i < num; ++i)
      data[i] = element(first + static_cast<double>(i) * stride);
    // With endpoint, the last element is exactly `stop`, not an accumulation of rounded steps.
    if (options.endpoint && num > 1) data[num - 1] = element(last);
  });
  return out;
}

Array eye(std::int64_t n_rows, std::optional<std::int64_t> n_cols, EyeOptions options,
          const std::source_location& location) {
  // Fault eye_ignores_device (array-api-compat#337): device= is dropped on the way down.
  const std::optional<Device> requested =
      fault::is_active(fault::Fault::eye_ignores_device) ? std::nullopt : options.device;
  const internal::Placement placement = internal::place_new_array("eye", requested, location);
  const std::int64_t columns = n_cols.value_or(n_rows);
  const DType dtype = options.dtype.value_or(placement.device.spec().default_dtypes.real_floating);
  Array out =
      ArrayAccess::allocate({n_rows, columns}, dtype, placement.device, placement.provenance);
  internal::fill("eye", out, Scalar(0));
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = ArrayAccess::data<T>(out);
    const std::int64_t k = options.k;
    if (k >= columns || k <= -n_rows) return;  // the diagonal lies outside the matrix
    // Row r holds its one at column r + k; the bounds keep that column inside the matrix.
    const std::int64_t first_row = std::max<std::int64_t>(0, -k);
    const std::int64_t end_row = std::min(n_rows, columns - k);
    for (std::int64_t row = first_row; row < end_row; ++row) {
      data[row * columns + row + k] = internal::convert_element<T>(std::int64_t{1});
    }
  });
  return out;
}

}  // namespace strict
