// Element conversion between dtypes, and from Python scalars into array elements: what astype,
// asarray, full and the ranges share. No conversion here has undefined behaviour.
#pragma once

#include <cmath>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "internal/dispatch.hpp"
#include "strict/array.hpp"
#include "strict/scalar.hpp"

namespace strict::internal {

// One element converted as a C++ static_cast would, except that a floating-point value going to
// an integer type saturates (NaN -> 0, too large -> the type's extreme), because static_cast of an
// unrepresentable float is undefined behaviour; the standard leaves such casts unspecified
// (spec/2024.12/API_specification/data_type_functions.rst, astype). A complex value going to a
// non-complex type keeps its real part; astype and asarray reject that cast before getting here.
template <class To, class From>
To convert_element(From value) {
  if constexpr (std::is_same_v<To, From>) {
    return value;
  } else if constexpr (is_complex_v<To>) {
    using Real = typename To::value_type;
    if constexpr (is_complex_v<From>) {
      return To(static_cast<Real>(value.real()), static_cast<Real>(value.imag()));
    } else {
      return To(convert_element<Real>(value), Real{0});
    }
  } else if constexpr (is_complex_v<From>) {
    return convert_element<To>(value.real());
  } else if constexpr (std::is_same_v<To, bool>) {
    return value != From{0};
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    if (std::isnan(value)) return To{0};
    // 2^digits is exactly representable in every floating type, unlike the type's maximum.
    const From upper = std::ldexp(From{1}, std::numeric_limits<To>::digits);
    if (value >= upper) return std::numeric_limits<To>::max();
    const From lower = std::is_signed_v<To> ? -upper : From{-1};
    if (value <= lower) return std::numeric_limits<To>::min();
    return static_cast<To>(value);
  } else {
    return static_cast<To>(value);
  }
}

// The default dtype of `device` for a Python scalar of this kind (bool -> bool, int -> default
// integral, float -> default real floating, complex -> default complex floating), as in
// spec/2024.12/API_specification/creation_functions.rst (full: "If dtype is None, the output
// array data type must be inferred from fill_value").
DType default_dtype_for(const Scalar& value, Device device);

// Throws DTypeError when the standard does not define a cast from `from` to `to`: complex to
// anything that is not complex ("Casting a complex floating-point array to a real-valued data
// type should not be permitted", data_type_functions.rst, astype).
void require_defined_cast(std::string_view function, DType from, DType to);

// The errors scalar_to_element raises (out of line: they format messages).
[[noreturn]] void throw_complex_into_real(std::string_view function, const Scalar& value,
                                          DType dtype);
[[noreturn]] void throw_out_of_range(std::string_view function, const Scalar& value, DType dtype);

// A Python scalar as an element of dtype `dtype`: DTypeError for a complex value into a
// non-complex dtype; InvalidArgumentError for an int (or a float) outside the range of an integer
// dtype. Otherwise converted as convert_element does.
template <class T>
T scalar_to_element(std::string_view function, const Scalar& value) {
  return std::visit(
      [&](auto v) -> T {
        using V = decltype(v);
        if constexpr (is_complex_v<V> && !is_complex_v<T>) {
          throw_complex_into_real(function, value, dtype_of_v<T>);
        } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
          // type_promotion.rst, "Mixing arrays with Python scalars": an int must be "within the
          // bounds of the given dtype"; strict raises instead of wrapping around.
          if constexpr (std::is_same_v<V, std::int64_t> || std::is_same_v<V, std::uint64_t>) {
            if (!std::in_range<T>(v)) throw_out_of_range(function, value, dtype_of_v<T>);
          } else if constexpr (std::is_same_v<V, double>) {
            const double upper = std::ldexp(1.0, std::numeric_limits<T>::digits);
            const double lower = std::is_signed_v<T> ? -upper : 0.0;
            const double whole = std::trunc(v);
            if (!std::isfinite(v) || whole < lower || whole >= upper) {
              throw_out_of_range(function, value, dtype_of_v<T>);
            }
          }
          return convert_element<T>(v);
        } else {
          return convert_element<T>(v);
        }
      },
      value.value());
}

// Sets every element of `out` to `value` (checked by scalar_to_element).
void fill(std::string_view function, const Array& out, const Scalar& value);

// Writes the elements of `from`, converted, into `to` (same element count; any devices).
void convert_into(const Array& from, const Array& to);

// x's elements as `dtype`, on x's device with x's provenance, each converted as astype converts
// it: a new array, or x itself when it has that dtype already (a binary operand promoted to the
// result's dtype, the input of a sum accumulated in its result's dtype).
Array in_dtype(const Array& x, DType dtype);

}  // namespace strict::internal
