// The helper functions of the fft extension: fftshift and ifftshift (functions of an array), and
// fftfreq and rfftfreq (creation functions).
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/fft_axes.hpp"
#include "internal/placement.hpp"
#include "internal/rolled.hpp"
#include "strict/errors.hpp"
#include "strict/fft.hpp"

namespace strict::fft {
namespace {

// Rolls x along each axis listed by `shift_of(extent)` places: element i of an axis of
// extent m moves to (i + shift) mod m.
template <class Shift>
Array roll_axes(std::string_view function, const Array& x, const ShiftOptions& options,
                Shift shift_of) {
  // spec (fftshift, x): "Should have a floating-point data type."
  internal::require_category(function, "x", x.dtype(), internal::Category::floating);
  const std::vector<std::int64_t> axes = internal::fft_axes(function, options.axes, x.ndim());
  const Shape& shape = x.shape();
  const auto ndim = static_cast<std::size_t>(x.ndim());
  std::vector<std::int64_t> shifts(ndim, 0);
  for (const std::int64_t axis : axes) {
    const std::int64_t extent = shape[static_cast<std::size_t>(axis)];
    if (extent > 0) shifts[static_cast<std::size_t>(axis)] = shift_of(extent);
  }
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as
  // possible (e.g. output arrays from a function are expected to be on the same device as input
  // arrays to the function)": internal::rolled's result is on x's device.
  return internal::rolled(function, x, shape, shifts);
}

// The values of a frequency array: index i of `count` holds numerator(i) / (d*n).
template <class Numerator>
Array frequencies(std::string_view function, std::int64_t n, std::int64_t count,
                  const FrequencyOptions& options, const std::source_location& location,
                  Numerator numerator) {
  if (n < 1) {
    throw InvalidArgumentError(
        fmt::format("{}(): n is the window length and must be positive, got {}", function, n));
  }
  if (options.d == 0.0) {
    throw InvalidArgumentError(
        fmt::format("{}(): d is the sample spacing and must not be 0 (it divides)", function));
  }
  // spec/2024.12/design_topics/device_support.rst: "Respect explicit device assignment (i.e. if
  // the input to a function is an explicit device, the output array must be on that device)";
  // device=None: the default device.
  const internal::Placement placement =
      internal::place_new_array(function, options.device, location);
  // spec (fftfreq, dtype): "Must be a real-valued floating-point data type. If dtype is None, the
  // output array data type must be the default real-valued floating-point data type" -- that of
  // the device the array lands on.
  const DType dtype = options.dtype.value_or(placement.device.spec().default_dtypes.real_floating);
  if (!is_real_floating(dtype)) {
    throw DTypeError(
        fmt::format("{}(): dtype must be a real floating-point dtype, got {}", function, dtype));
  }
  Array out = ArrayAccess::allocate({count}, dtype, placement.device, placement.provenance);
  const double denominator = options.d * static_cast<double>(n);
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      T* data = ArrayAccess::data<T>(out);
      for (std::int64_t i = 0; i < count; ++i)
        data[i] = static_cast<T>(static_cast<double>(numerator(i)) / denominator);
    }
  });
  return out;
}

}  // namespace

// fftshift: "swaps half-spaces for all axes (dimensions) specified by axes"; out[0] holds the
// most negative frequency, so each axis rolls forward by m//2.
Array fftshift(const Array& x, const ShiftOptions& options) {
  return roll_axes("fft.fftshift", x, options, [](std::int64_t extent) { return extent / 2; });
}

// ifftshift: the inverse of fftshift, rolling each axis back by m//2 (forward by m - m//2).
Array ifftshift(const Array& x, const ShiftOptions& options) {
  return roll_axes("fft.ifftshift", x, options,
                   [](std::int64_t extent) { return extent - extent / 2; });
}

// spec (fftfreq): "f = [0, 1, ..., n/2-1, -n/2, ..., -1] / (d*n) if n is even;
// f = [0, 1, ..., (n-1)/2, -(n-1)/2, ..., -1] / (d*n) if n is odd".
Array fftfreq(std::int64_t n, const FrequencyOptions& options,
              const std::source_location& location) {
  const std::int64_t non_negative = (n + 1) / 2;  // 0 .. ceil(n/2)-1, then the negatives
  return frequencies("fft.fftfreq", n, n, options, location,
                     [&](std::int64_t i) { return i < non_negative ? i : i - n; });
}

// spec (rfftfreq): "f = [0, 1, ..., n/2-1, n/2] / (d*n) if n is even; f = [0, 1, ..., (n-1)/2-1,
// (n-1)/2] / (d*n) if n is odd", of shape (n//2+1,).
Array rfftfreq(std::int64_t n, const FrequencyOptions& options,
               const std::source_location& location) {
  return frequencies("fft.rfftfreq", n, n / 2 + 1, options, location,
                     [](std::int64_t i) { return i; });
}

}  // namespace strict::fft
