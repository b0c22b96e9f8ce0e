// Integer arithmetic that wraps modulo 2^bits, as array libraries' fixed-width integers do,
// instead of overflowing (undefined behaviour for C++ signed integers). Other types use the plain
// operators, so generic kernels can call these for every dtype.
#pragma once

#include <type_traits>

namespace strict::internal {

template <class T>
inline constexpr bool wraps_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// An unsigned type at least as wide as `unsigned`, so arithmetic on it never promotes to a signed
// int (where overflow would be undefined). Converting back to T is modular since C++20.
template <class T>
using wide_unsigned_t =
    std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <class T>
constexpr T wrapping_add(T a, T b) {
  if constexpr (wraps_v<T>) {
    using U = wide_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}

template <class T>
constexpr T wrapping_subtract(T a, T b) {
  if constexpr (wraps_v<T>) {
    using U = wide_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return a - b;
  }
}

template <class T>
constexpr T wrapping_multiply(T a, T b) {
  if constexpr (wraps_v<T>) {
    using U = wide_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

// The same as function objects: the kernels of add and multiply, and the accumulation of sum,
// prod and their cumulative forms.
struct WrappingAdd {
  template <class T>
  constexpr T operator()(T a, T b) const {
    return wrapping_add(a, b);
  }
};

struct WrappingMultiply {
  template <class T>
  constexpr T operator()(T a, T b) const {
    return wrapping_multiply(a, b);
  }
};

}  // namespace strict::internal
