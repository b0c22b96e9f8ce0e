// Converting one element type to another as the standard's astype does, and integer arithmetic
// that wraps instead of overflowing (C++ signed overflow is undefined behaviour).
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "internal/dispatch.hpp"

namespace strict::internal {

// `value` as a `To`. Complex to real keeps the real part; callers reject that case beforehand
// where the standard leaves it unspecified. A floating-point value going to an integer type
// saturates (NaN -> 0), since static_cast of an unrepresentable value is undefined behaviour.
template <class To, class From>
To cast_element(From value) {
  if constexpr (std::is_integral_v<To> && !std::is_same_v<To, bool> &&
                std::is_floating_point_v<From>) {
    if (std::isnan(value)) return To{0};
    if (value <= static_cast<From>(std::numeric_limits<To>::min())) {
      return std::numeric_limits<To>::min();
    }
    if (value >= static_cast<From>(std::numeric_limits<To>::max())) {
      return std::numeric_limits<To>::max();
    }
    return static_cast<To>(value);
  } else if constexpr (is_complex_v<To> && is_complex_v<From>) {
    using Part = typename To::value_type;
    return To(static_cast<Part>(value.real()), static_cast<Part>(value.imag()));
  } else if constexpr (is_complex_v<To>) {
    return To(static_cast<typename To::value_type>(value), 0);
  } else if constexpr (is_complex_v<From>) {
    return static_cast<To>(value.real());
  } else {
    return static_cast<To>(value);
  }
}

template <class T>
inline constexpr bool wraps_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// a + b and a * b; integers wrap modulo 2^bits, as fixed-width integers of array libraries do.
template <class T>
T add_elements(T a, T b) {
  if constexpr (wraps_v<T>) {
    return static_cast<T>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
  } else {
    return a + b;
  }
}

template <class T>
T multiply_elements(T a, T b) {
  if constexpr (wraps_v<T>) {
    return static_cast<T>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
  } else {
    return a * b;
  }
}

}  // namespace strict::internal
