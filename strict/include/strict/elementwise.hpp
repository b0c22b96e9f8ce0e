// Element-wise functions of spec/2024.12/API_specification/elementwise_functions.rst: all 67.
//
// Results are on the device of the array operands; binary functions raise DeviceMismatchError
// for arrays on different devices (0-d arrays included), and a Python-scalar operand takes the
// array's device. Each function accepts the dtype category its spec text names ("Should have a
// real-valued floating-point data type", ...) and raises DTypeError otherwise, or when two arrays
// have no promotion. A Python scalar mixes with an array as type_promotion.rst, "Mixing arrays
// with Python scalars", allows (bool with bool; int with integer or floating; float with
// floating; complex with complex floating): anything else raises DTypeError, and an int outside
// an integer dtype's range raises InvalidArgumentError. At least one operand must be an array.
//
// Where the standard leaves integer results unspecified, strict follows NumPy and never has
// undefined behaviour: overflow wraps around; floor_divide and remainder by zero give 0; a shift
// by a negative amount or by the bit width or more gives 0 (left) or 0 / -1 by sign (right); pow
// of an integer by a negative integer gives the integer part of the exact result (1 for 1, +-1
// for -1, else 0).
#pragma once

#include <optional>

#include "strict/array.hpp"
#include "strict/operand.hpp"

namespace strict {

// -- Arithmetic ---------------------------------------------------------------------------------

Array abs(const Array& x);  // numeric; complex -> the real dtype of the same precision
Array add(const ArrayOrScalar& x1, const ArrayOrScalar& x2);       // numeric
Array subtract(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // numeric
Array multiply(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // numeric
// Floating-point only: strict raises DTypeError for integer operands, which the standard allows
// ("Specification-compliant libraries may choose to raise an error").
Array divide(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
// Real-valued; rounds toward -infinity as Python's // does (floating point: floor(x1 / x2)).
Array floor_divide(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
// Real-valued; Python's %: the result has the sign of x2.
Array remainder(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array pow(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // numeric
Array negative(const Array& x);                               // numeric
Array positive(const Array& x);                               // numeric
Array square(const Array& x);                                 // numeric
Array reciprocal(const Array& x);                             // floating-point
Array sign(const Array& x);                                   // numeric; complex: x / |x| (0 for 0)
Array maximum(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // real-valued; NaN propagates
Array minimum(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // real-valued; NaN propagates

// Clamps x to [min, max] (None: no bound). x real-valued; a bound array must be on x's device
// (else DeviceMismatchError) and have x's dtype, a scalar bound must fit x's dtype (else
// DTypeError or InvalidArgumentError: the standard leaves these unspecified). The result has x's
// dtype and device and the broadcast shape of x, min and max. A NaN in x, min or max gives NaN.
Array clip(const Array& x, const std::optional<ArrayOrScalar>& min = std::nullopt,
           const std::optional<ArrayOrScalar>& max = std::nullopt);

// -- Real-valued floating-point binary functions --------------------------------------------------

Array atan2(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array copysign(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array hypot(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array logaddexp(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array nextafter(const ArrayOrScalar& x1, const ArrayOrScalar& x2);

// -- Exponential, logarithmic, power, trigonometric and hyperbolic (floating-point) -------------

Array exp(const Array& x);
Array expm1(const Array& x);
Array log(const Array& x);
Array log1p(const Array& x);
Array log2(const Array& x);
Array log10(const Array& x);
Array sqrt(const Array& x);
Array sin(const Array& x);
Array cos(const Array& x);
Array tan(const Array& x);
Array asin(const Array& x);
Array acos(const Array& x);
Array atan(const Array& x);
Array sinh(const Array& x);
Array cosh(const Array& x);
Array tanh(const Array& x);
Array asinh(const Array& x);
Array acosh(const Array& x);
Array atanh(const Array& x);

// -- Rounding -------------------------------------------------------------------------------------

Array ceil(const Array& x);   // real-valued
Array floor(const Array& x);  // real-valued
Array trunc(const Array& x);  // real-valued
Array round(const Array& x);  // numeric; halfway cases to even; complex: each component

// -- Complex numbers ------------------------------------------------------------------------------

Array real(const Array& x);  // numeric (2024.12); complex -> the real dtype, real -> same dtype
Array imag(const Array& x);  // complex floating-point -> the real dtype of the same precision
Array conj(const Array& x);  // numeric (2024.12); real-valued x -> a copy of x

// -- Classification (bool results) ----------------------------------------------------------------

Array isfinite(const Array& x);  // numeric
Array isinf(const Array& x);     // numeric
Array isnan(const Array& x);     // numeric
Array signbit(const Array& x);   // real-valued floating-point

// -- Comparison (bool results) --------------------------------------------------------------------

Array equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2);          // any dtype
Array not_equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2);      // any dtype
Array less(const ArrayOrScalar& x1, const ArrayOrScalar& x2);           // real-valued
Array less_equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2);     // real-valued
Array greater(const ArrayOrScalar& x1, const ArrayOrScalar& x2);        // real-valued
Array greater_equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // real-valued

// -- Logic (boolean) ------------------------------------------------------------------------------

Array logical_and(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array logical_or(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array logical_xor(const ArrayOrScalar& x1, const ArrayOrScalar& x2);
Array logical_not(const Array& x);

// -- Bitwise --------------------------------------------------------------------------------------

Array bitwise_and(const ArrayOrScalar& x1, const ArrayOrScalar& x2);          // integer or boolean
Array bitwise_or(const ArrayOrScalar& x1, const ArrayOrScalar& x2);           // integer or boolean
Array bitwise_xor(const ArrayOrScalar& x1, const ArrayOrScalar& x2);          // integer or boolean
Array bitwise_invert(const Array& x);                                         // integer or boolean
Array bitwise_left_shift(const ArrayOrScalar& x1, const ArrayOrScalar& x2);   // integer
Array bitwise_right_shift(const ArrayOrScalar& x1, const ArrayOrScalar& x2);  // integer

}  // namespace strict
