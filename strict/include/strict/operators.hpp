// Operators on arrays, mirroring the array object's special methods
// (spec/2024.12/API_specification/array_object.rst, "Operators"): arithmetic, comparison and
// bitwise, with an array or a Python scalar on either side, and the in-place forms.
//
//   x + y     x.__add__(y)      add(x, y)             x += y    x.__iadd__(y)
//   2.0 - x   x.__rsub__(2.0)   subtract(2.0, x)      ...
//   x == y    x.__eq__(y)       equal(x, y): a bool Array, not a C++ bool
//
// They follow the functions' rules (devices, dtype categories, Python scalars); errors name the
// special method. `%` is remainder (Python's modulo); floor_divide and pow have no C++ operator.
//
// In-place operators write into x1's storage, so every handle sharing it sees the change, and
// return x1. They raise, leaving x1 unchanged, when the devices differ (DeviceMismatchError),
// when the result's dtype would differ from x1's (DTypeError), or when the broadcast shape would
// differ from x1's (InvalidArgumentError): "An in-place operation must not change the data type
// or shape of the in-place array" (array_object.rst, "In-place operators").
#pragma once

#include "strict/array.hpp"
#include "strict/operand.hpp"
#include "strict/scalar.hpp"

namespace strict {

// -- Arithmetic -----------------------------------------------------------------------------------
Array operator+(const Array& x1, const Array& x2);
Array operator+(const Array& x1, const Scalar& x2);
Array operator+(const Scalar& x1, const Array& x2);
Array operator-(const Array& x1, const Array& x2);
Array operator-(const Array& x1, const Scalar& x2);
Array operator-(const Scalar& x1, const Array& x2);
Array operator*(const Array& x1, const Array& x2);
Array operator*(const Array& x1, const Scalar& x2);
Array operator*(const Scalar& x1, const Array& x2);
Array operator/(const Array& x1, const Array& x2);
Array operator/(const Array& x1, const Scalar& x2);
Array operator/(const Scalar& x1, const Array& x2);
Array operator%(const Array& x1, const Array& x2);
Array operator%(const Array& x1, const Scalar& x2);
Array operator%(const Scalar& x1, const Array& x2);

Array operator-(const Array& x);  // __neg__
Array operator+(const Array& x);  // __pos__
Array operator~(const Array& x);  // __invert__

// -- Bitwise --------------------------------------------------------------------------------------
Array operator&(const Array& x1, const Array& x2);
Array operator&(const Array& x1, const Scalar& x2);
Array operator&(const Scalar& x1, const Array& x2);
Array operator|(const Array& x1, const Array& x2);
Array operator|(const Array& x1, const Scalar& x2);
Array operator|(const Scalar& x1, const Array& x2);
Array operator^(const Array& x1, const Array& x2);
Array operator^(const Array& x1, const Scalar& x2);
Array operator^(const Scalar& x1, const Array& x2);
Array operator<<(const Array& x1, const Array& x2);
Array operator<<(const Array& x1, const Scalar& x2);
Array operator<<(const Scalar& x1, const Array& x2);
Array operator>>(const Array& x1, const Array& x2);
Array operator>>(const Array& x1, const Scalar& x2);
Array operator>>(const Scalar& x1, const Array& x2);

// -- Comparison: bool arrays ----------------------------------------------------------------------
// Every form is declared, != included, so C++20 never rewrites one comparison into another (a
// rewritten == must return bool, which these do not).
Array operator==(const Array& x1, const Array& x2);
Array operator==(const Array& x1, const Scalar& x2);
Array operator==(const Scalar& x1, const Array& x2);
Array operator!=(const Array& x1, const Array& x2);
Array operator!=(const Array& x1, const Scalar& x2);
Array operator!=(const Scalar& x1, const Array& x2);
Array operator<(const Array& x1, const Array& x2);
Array operator<(const Array& x1, const Scalar& x2);
Array operator<(const Scalar& x1, const Array& x2);
Array operator<=(const Array& x1, const Array& x2);
Array operator<=(const Array& x1, const Scalar& x2);
Array operator<=(const Scalar& x1, const Array& x2);
Array operator>(const Array& x1, const Array& x2);
Array operator>(const Array& x1, const Scalar& x2);
Array operator>(const Scalar& x1, const Array& x2);
Array operator>=(const Array& x1, const Array& x2);
Array operator>=(const Array& x1, const Scalar& x2);
Array operator>=(const Scalar& x1, const Array& x2);

// -- In-place -------------------------------------------------------------------------------------
Array& operator+=(Array& x1, const ArrayOrScalar& x2);
Array& operator-=(Array& x1, const ArrayOrScalar& x2);
Array& operator*=(Array& x1, const ArrayOrScalar& x2);
Array& operator/=(Array& x1, const ArrayOrScalar& x2);
Array& operator%=(Array& x1, const ArrayOrScalar& x2);
Array& operator&=(Array& x1, const ArrayOrScalar& x2);
Array& operator|=(Array& x1, const ArrayOrScalar& x2);
Array& operator^=(Array& x1, const ArrayOrScalar& x2);
Array& operator<<=(Array& x1, const ArrayOrScalar& x2);
Array& operator>>=(Array& x1, const ArrayOrScalar& x2);

// -- In-place forms C++ cannot spell ------------------------------------------------------------
// Python's `x1 **= x2`, `x1 //= x2` and `x1 @= x2` (array_object.rst, "In-place Operators": "May
// be implemented via __ipow__", "__ifloordiv__", "__imatmul__"), with the rules of the in-place
// operators above: x1's storage is written and x1 returned; mixed devices raise
// DeviceMismatchError, a result dtype other than x1's DTypeError, a result shape other than x1's
// InvalidArgumentError, all before anything is written. Errors name the special method.
//
//   strict::pow_in_place(x, 2);              // x **= 2: pow's numeric dtypes
//   strict::floor_divide_in_place(x, y);     // x //= y: floor_divide's real numeric dtypes
//   strict::matmul_in_place(x, m);           // x @= m: m square, (..., K) @ (K, K) keeps x's shape
Array& pow_in_place(Array& x1, const ArrayOrScalar& x2);
Array& floor_divide_in_place(Array& x1, const ArrayOrScalar& x2);
Array& matmul_in_place(Array& x1, const Array& x2);

}  // namespace strict
