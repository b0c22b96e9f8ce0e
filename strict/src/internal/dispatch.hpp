// Calls a generic callable with the C++ element type of a runtime dtype.
#pragma once

#include <complex>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "strict/dtype.hpp"

namespace strict::internal {

template <class T>
using tag = std::type_identity<T>;

template <class T>
inline constexpr bool is_complex_v = false;
template <class T>
inline constexpr bool is_complex_v<std::complex<T>> = true;

// The real counterpart of an element type: float for complex64, T itself otherwise.
template <class T>
struct real_type {
  using type = T;
};
template <class T>
struct real_type<std::complex<T>> {
  using type = T;
};
template <class T>
using real_type_t = typename real_type<T>::type;

// f(tag<T>{}) for the element type T of `dtype`.
template <class F>
decltype(auto) visit_dtype(DType dtype, F&& f) {
  switch (dtype) {
    case DType::bool_:
      return std::forward<F>(f)(tag<bool>{});
    case DType::int8:
      return std::forward<F>(f)(tag<std::int8_t>{});
    case DType::int16:
      return std::forward<F>(f)(tag<std::int16_t>{});
    case DType::int32:
      return std::forward<F>(f)(tag<std::int32_t>{});
    case DType::int64:
      return std::forward<F>(f)(tag<std::int64_t>{});
    case DType::uint8:
      return std::forward<F>(f)(tag<std::uint8_t>{});
    case DType::uint16:
      return std::forward<F>(f)(tag<std::uint16_t>{});
    case DType::uint32:
      return std::forward<F>(f)(tag<std::uint32_t>{});
    case DType::uint64:
      return std::forward<F>(f)(tag<std::uint64_t>{});
    case DType::float32:
      return std::forward<F>(f)(tag<float>{});
    case DType::float64:
      return std::forward<F>(f)(tag<double>{});
    case DType::complex64:
      return std::forward<F>(f)(tag<std::complex<float>>{});
    case DType::complex128:
      return std::forward<F>(f)(tag<std::complex<double>>{});
  }
  __builtin_unreachable();
}

}  // namespace strict::internal
