// The per-element kernels of the element-wise functions and operators: one function object per
// operation, generic over the element type, with no undefined behaviour for any input.
//
// Integer results follow NumPy, which the standard leaves implementation-defined in these cases:
// overflow wraps modulo 2^bits; floor_divide and remainder by zero give 0; shifts by a negative
// amount or by the bit width or more give 0 (left) or the sign fill, 0 or -1 (right); an integer
// raised to a negative integer power gives the integer part of the exact result (1 for a base of
// 1, +-1 for a base of -1, and 0 otherwise, including a base of 0).
#pragma once

#include <climits>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <numbers>
#include <optional>
#include <type_traits>

#include "internal/dispatch.hpp"
#include "internal/float_classification.hpp"
#include "internal/float_rounding.hpp"
#include "internal/wrapping.hpp"

namespace strict::internal::kernels {

template <class T>
inline constexpr bool is_bool_v = std::is_same_v<T, bool>;
template <class T>
inline constexpr bool is_int_v = std::is_integral_v<T> && !is_bool_v<T>;
template <class T>
inline constexpr bool is_signed_int_v = is_int_v<T>&& std::is_signed_v<T>;

// ---- arithmetic ---------------------------------------------------------------------------------

// Integers wrap around (internal/wrapping.hpp); other types add as their operator does.
using Add = WrappingAdd;

struct Subtract {
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_int_v<T>) {
      return wrapping_subtract(a, b);
    } else {
      return a - b;
    }
  }
};

using Multiply = WrappingMultiply;

struct Divide {  // floating-point only
  template <class T>
  T operator()(T a, T b) const {
    return a / b;
  }
};

struct Negative {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return wrapping_subtract(T{0}, a);  // -INT_MIN wraps to INT_MIN, as in NumPy
    } else {
      return -a;
    }
  }
};

struct Positive {
  template <class T>
  T operator()(T a) const {
    return a;
  }
};

// Python's floored division: the quotient rounded toward -infinity. Floating point follows the
// standard's preference, floor(x1 / x2).
struct FloorDivide {
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_int_v<T>) {
      if (b == 0) return T{0};
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return Negative{}(a);  // INT_MIN / -1 would overflow
        auto quotient = static_cast<T>(a / b);
        if (a % b != 0 && ((a < 0) != (b < 0))) --quotient;
        return quotient;
      } else {
        return static_cast<T>(a / b);
      }
    } else {
      return std::floor(a / b);
    }
  }
};

// Python's modulo: the result has the sign of the divisor.
struct Remainder {
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_int_v<T>) {
      if (b == 0) return T{0};
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return T{0};  // INT_MIN % -1 would overflow
        auto remainder = static_cast<T>(a % b);
        if (remainder != 0 && ((remainder < 0) != (b < 0)))
          remainder = static_cast<T>(remainder + b);
        return remainder;
      } else {
        return static_cast<T>(a % b);
      }
    } else {
      T remainder = std::fmod(a, b);
      if (remainder != 0) {
        // Quiet comparisons: `<` on a NaN raises the invalid flag, which NumPy does not report.
        if (std::isless(remainder, T{0}) != std::isless(b, T{0})) remainder += b;
      } else {
        remainder = std::copysign(T{0}, b);
      }
      return remainder;
    }
  }
};

struct Pow {
  // A finite complex base raised to a real integer exponent below 100 in magnitude is a product of
  // multiplications, as in NumPy (nc_pow), not exp(exponent * log(base)): z**2 is then exactly z*z,
  // and the square of an imaginary number has an imaginary part of exactly zero, where exp/log
  // leaves one of 1e-16 relative (SciPy's filter design reads exact zeros from it). Special cases
  // (a non-finite base) keep the exp/log route the standard describes.
  template <class T>
  static bool is_small_integer(T exponent) {
    const auto n = exponent.real();
    return exponent.imag() == 0 && std::trunc(n) == n && std::abs(n) < 100;
  }

  // NumPy's component formula, without the infinity recovery of C's complex multiplication: the
  // base is finite here, and the formula keeps a product's symmetries (conjugates, zeros) exact.
  template <class T>
  static T times(T a, T b) {
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
  }

  template <class T>
  static T integer_power(T base, int exponent) {
    unsigned remaining = static_cast<unsigned>(exponent < 0 ? -exponent : exponent);
    std::optional<T> result;  // the first factor taken as it is: 1 * z could lose a zero's sign
    T factor = base;
    while (true) {
      if ((remaining & 1U) != 0) result = result ? times(*result, factor) : factor;
      remaining >>= 1U;
      if (remaining == 0) break;
      factor = times(factor, factor);
    }
    return exponent < 0 ? T{1} / *result : *result;
  }

  template <class T>
  T operator()(T base, T exponent) const {
    if constexpr (is_int_v<T>) {
      if constexpr (std::is_signed_v<T>) {
        if (exponent < 0) {  // the integer part of 1 / base^-exponent
          if (base == 1) return T{1};
          if (base == -1) return (exponent & 1) != 0 ? T{-1} : T{1};
          return T{0};
        }
      }
      using U = wide_unsigned_t<T>;
      U result = 1;
      U factor = static_cast<U>(base);
      auto remaining = static_cast<std::make_unsigned_t<T>>(exponent);
      while (remaining != 0) {
        if ((remaining & 1U) != 0) result *= factor;
        factor *= factor;
        remaining = static_cast<decltype(remaining)>(remaining >> 1U);
      }
      return static_cast<T>(result);
    } else if constexpr (is_complex_v<T>) {
      if (exponent == T{0}) return T{1};  // the standard's special case; std::pow(0, 0) is NaN
      if (is_small_integer(exponent) && std::isfinite(base.real()) && std::isfinite(base.imag())) {
        return integer_power(base, static_cast<int>(exponent.real()));
      }
      return std::pow(base, exponent);
    } else {
      return std::pow(base, exponent);
    }
  }
};

struct Abs {
  template <class T>
  auto operator()(T a) const {
    if constexpr (is_signed_int_v<T>) {
      return a < 0 ? Negative{}(a) : a;
    } else if constexpr (is_int_v<T>) {
      return a;
    } else {
      return std::abs(a);  // complex: the modulus, computed as hypot
    }
  }
};

struct Square {
  template <class T>
  T operator()(T a) const {
    return Multiply{}(a, a);
  }
};

struct Reciprocal {  // floating-point only
  template <class T>
  T operator()(T a) const {
    return T{1} / a;
  }
};

struct Sign {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_signed_int_v<T>) {
      return static_cast<T>((a > 0) - (a < 0));
    } else if constexpr (is_int_v<T>) {
      return static_cast<T>(a > 0);
    } else if constexpr (is_complex_v<T>) {
      using R = typename T::value_type;
      if (std::isnan(a.real()) || std::isnan(a.imag())) {
        return T(std::numeric_limits<R>::quiet_NaN(), std::numeric_limits<R>::quiet_NaN());
      }
      if (a == T{0}) return T{0};
      return a / std::abs(a);  // x / |x|
    } else {
      if (std::isnan(a)) return a;
      return static_cast<T>((a > 0) - (a < 0));  // both zeros give +0
    }
  }
};

// maximum and minimum propagate NaN (elementwise_functions.rst: "If either x1_i or x2_i is NaN,
// the result is NaN").
struct Maximum {
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
    }
    return a < b ? b : a;
  }
};

struct Minimum {
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
    }
    return b < a ? b : a;
  }
};

// ---- real-valued floating-point binary functions ------------------------------------------------

struct Atan2 {
  template <class T>
  T operator()(T a, T b) const {
    return std::atan2(a, b);
  }
};
struct Copysign {
  template <class T>
  T operator()(T a, T b) const {
    return std::copysign(a, b);
  }
};
struct Hypot {
  template <class T>
  T operator()(T a, T b) const {
    return std::hypot(a, b);
  }
};
struct Nextafter {
  template <class T>
  T operator()(T a, T b) const {
    return std::nextafter(a, b);
  }
};
// log(exp(a) + exp(b)) without overflow: max + log1p(exp(-|a - b|)).
struct Logaddexp {
  template <class T>
  T operator()(T a, T b) const {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    if (a == b) return a + std::numbers::ln2_v<T>;  // also covers two equal infinities
    const T larger = a < b ? b : a;
    return larger + std::log1p(std::exp(-std::abs(a - b)));
  }
};

// ---- comparisons and logic ----------------------------------------------------------------------

struct Equal {
  template <class T>
  bool operator()(T a, T b) const {
    return a == b;
  }
};
struct NotEqual {
  template <class T>
  bool operator()(T a, T b) const {
    return a != b;
  }
};
struct Less {
  template <class T>
  bool operator()(T a, T b) const {
    return a < b;
  }
};
struct LessEqual {
  template <class T>
  bool operator()(T a, T b) const {
    return a <= b;
  }
};
struct Greater {
  template <class T>
  bool operator()(T a, T b) const {
    return a > b;
  }
};
struct GreaterEqual {
  template <class T>
  bool operator()(T a, T b) const {
    return a >= b;
  }
};

struct LogicalAnd {
  bool operator()(bool a, bool b) const { return a && b; }
};
struct LogicalOr {
  bool operator()(bool a, bool b) const { return a || b; }
};
struct LogicalXor {
  bool operator()(bool a, bool b) const { return a != b; }
};
struct LogicalNot {
  bool operator()(bool a) const { return !a; }
  // As bytes (bools are 0 or 1), which the compiler vectorises; `!` on bool it does not.
  void bulk(const bool* in, bool* out, std::int64_t n) const {
    const auto* bytes = reinterpret_cast<const unsigned char*>(in);
    auto* result = reinterpret_cast<unsigned char*>(out);
    for (std::int64_t i = 0; i < n; ++i)
      result[i] = static_cast<unsigned char>(bytes[i] ^ 1U);
  }
};

// ---- bitwise ------------------------------------------------------------------------------------

struct BitwiseAnd {
  template <class T>
  T operator()(T a, T b) const {
    return static_cast<T>(a & b);
  }
};
struct BitwiseOr {
  template <class T>
  T operator()(T a, T b) const {
    return static_cast<T>(a | b);
  }
};
struct BitwiseXor {
  template <class T>
  T operator()(T a, T b) const {
    return static_cast<T>(a ^ b);
  }
};
struct BitwiseInvert {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_bool_v<T>) {
      return !a;
    } else {
      return static_cast<T>(~a);
    }
  }
};

// The shift amount as an unsigned number: a negative amount becomes huge, so one comparison with
// the bit width catches both out-of-range cases (NumPy's npy_lshift/npy_rshift do the same).
template <class T>
constexpr std::uint64_t shift_amount(T amount) {
  return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(amount));
}
template <class T>
inline constexpr std::uint64_t bit_width_v = sizeof(T) * CHAR_BIT;

struct BitwiseLeftShift {
  template <class T>
  T operator()(T a, T b) const {
    const std::uint64_t amount = shift_amount(b);
    if (amount >= bit_width_v<T>) return T{0};
    return static_cast<T>(static_cast<wide_unsigned_t<T>>(a) << amount);
  }
};
struct BitwiseRightShift {
  template <class T>
  T operator()(T a, T b) const {
    const std::uint64_t amount = shift_amount(b);
    if (amount >= bit_width_v<T>) {
      if constexpr (std::is_signed_v<T>) {
        return a < 0 ? T{-1} : T{0};
      } else {
        return T{0};
      }
    }
    return static_cast<T>(a >> amount);  // arithmetic for negative values since C++20
  }
};

// ---- rounding -----------------------------------------------------------------------------------

struct Ceil {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return a;
    } else {
      return round_up(a);
    }
  }
};
struct Floor {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return a;
    } else {
      return round_down(a);
    }
  }
};
struct Trunc {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return a;
    } else {
      return round_toward_zero(a);
    }
  }
};
// Halfway cases to the even integer (nearbyint in the default rounding mode: round to nearest,
// ties to even). A complex number rounds its two components. internal/float_rounding.hpp says
// why these are not std::ceil and friends.
struct Round {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return a;
    } else if constexpr (is_complex_v<T>) {
      return T(round_half_even(a.real()), round_half_even(a.imag()));
    } else {
      return round_half_even(a);
    }
  }
};

// ---- classification and complex parts -------------------------------------------------------

struct IsNan {
  // Real floating-point elements many at a time (internal/float_classification.hpp).
  template <class T>
  requires std::is_floating_point_v<T>
  void bulk(const T* in, bool* out, std::int64_t n) const { classify<FloatClass::nan>(in, out, n); }
  template <class T>
  bool operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return false;
    } else if constexpr (is_complex_v<T>) {
      return std::isnan(a.real()) || std::isnan(a.imag());
    } else {
      return std::isnan(a);
    }
  }
};
struct IsInf {
  // Real floating-point elements many at a time (internal/float_classification.hpp).
  template <class T>
  requires std::is_floating_point_v<T>
  void bulk(const T* in, bool* out, std::int64_t n) const { classify<FloatClass::inf>(in, out, n); }
  template <class T>
  bool operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return false;
    } else if constexpr (is_complex_v<T>) {
      return std::isinf(a.real()) || std::isinf(a.imag());
    } else {
      return std::isinf(a);
    }
  }
};
struct IsFinite {
  // Real floating-point elements many at a time (internal/float_classification.hpp).
  template <class T>
  requires std::is_floating_point_v<T>
  void bulk(const T* in, bool* out, std::int64_t n) const {
    classify<FloatClass::finite>(in, out, n);
  }
  template <class T>
  bool operator()(T a) const {
    if constexpr (is_int_v<T>) {
      return true;
    } else if constexpr (is_complex_v<T>) {
      return std::isfinite(a.real()) && std::isfinite(a.imag());
    } else {
      return std::isfinite(a);
    }
  }
};
struct Signbit {
  template <class T>
  requires std::is_floating_point_v<T>
  void bulk(const T* in, bool* out, std::int64_t n) const {
    classify<FloatClass::sign_bit>(in, out, n);
  }
  template <class T>
  bool operator()(T a) const {
    return std::signbit(a);
  }
};

struct Real {
  template <class T>
  auto operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      return a.real();
    } else {
      return a;
    }
  }
};
struct Imag {  // complex only
  template <class T>
  auto operator()(T a) const {
    return a.imag();
  }
};
struct Conj {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      return std::conj(a);
    } else {
      return a;
    }
  }
};

// ---- transcendental (floating-point, real or complex)
// --------------------------------------------

#define STRICT_FLOATING_KERNEL(Name, function) \
  struct Name {                                \
    template <class T>                         \
    T operator()(T a) const {                  \
      return std::function(a);                 \
    }                                          \
  };
STRICT_FLOATING_KERNEL(Sqrt, sqrt)
STRICT_FLOATING_KERNEL(Exp, exp)
STRICT_FLOATING_KERNEL(Log, log)
STRICT_FLOATING_KERNEL(Log10, log10)
STRICT_FLOATING_KERNEL(Sin, sin)
STRICT_FLOATING_KERNEL(Cos, cos)
STRICT_FLOATING_KERNEL(Tan, tan)
STRICT_FLOATING_KERNEL(Asin, asin)
STRICT_FLOATING_KERNEL(Acos, acos)
STRICT_FLOATING_KERNEL(Atan, atan)
STRICT_FLOATING_KERNEL(Sinh, sinh)
STRICT_FLOATING_KERNEL(Cosh, cosh)
STRICT_FLOATING_KERNEL(Asinh, asinh)
STRICT_FLOATING_KERNEL(Acosh, acosh)
STRICT_FLOATING_KERNEL(Atanh, atanh)
#undef STRICT_FLOATING_KERNEL

struct Tanh {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      // elementwise_functions.py::tanh (2022.12): "If a is +infinity and b is a positive (i.e.,
      // greater than 0) finite number, the result is 1 + 0j", and tanh(-z) = -tanh(z),
      // tanh(conj(z)) = conj(tanh(z)): the imaginary zero has b's sign, where C99's ctanh gives
      // 1 + 0 sin(2b) j (-0 for sin(2b) < 0).
      using R = typename T::value_type;
      if (std::isinf(a.real()) && std::isfinite(a.imag()))
        return T(std::copysign(R(1), a.real()), std::copysign(R(0), a.imag()));
      return std::tanh(a);
    } else {
      return std::tanh(a);
    }
  }
};

// The C++ library has no complex expm1, log1p or log2; these keep the accuracy near zero that
// the real versions have.
struct Expm1 {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      // exp(x + iy) - 1 = (expm1(x) cos y - 2 sin^2(y/2)) + i exp(x) sin y
      using R = typename T::value_type;
      const R x = a.real();
      const R y = a.imag();
      // An infinite or NaN part: exp(z) - 1, whose exp follows C99's Annex G as the standard's
      // special cases do (elementwise_functions.py::expm1, 2022.12: "If a is +infinity and b is
      // +0, the result is +infinity + 0j"; "If a is -infinity and b is a finite number, the
      // result is +0 * cis(b) - 1.0"), where the formula makes NaN of them (inf * 0).
      if (!std::isfinite(x) || !std::isfinite(y)) {
        const T e = std::exp(a);
        return T(e.real() - 1, e.imag());
      }
      const R half_sine = std::sin(y / 2);
      // + 0 makes the real part of expm1(-0 + 0j) +0: "If a is either +0 or -0 and b is +0, the
      // result is 0 + 0j" (exp(z) - 1 is 1 - 1 there), where expm1(-0) * cos(0) - 0 is -0.
      return T(std::expm1(x) * std::cos(y) - 2 * half_sine * half_sine + R(0),
               std::exp(x) * std::sin(y));
    } else {
      return std::expm1(a);
    }
  }
};
struct Log1p {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      // log(1 + z) = log|1 + z| + i arg(1 + z), with |1 + z|^2 = 1 + s, s = x (2 + x) + y^2.
      // log1p(s) / 2 keeps the accuracy near z = 0, where |1 + z| is near 1; where it is not (near
      // z = -1 s is near -1, computed with an absolute error of an ulp of 1: log1p(-1 + 3e-8)
      // came out 0.04 % off, log1p(-1 + 1e-12) -inf), log|1 + z| = log(hypot(1 + x, y)), 1 + x
      // exact there (Sterbenz: x in [-2, -1/2]).
      using R = typename T::value_type;
      const R x = a.real();
      const R y = a.imag();
      if (std::isinf(x) || std::isinf(y)) return std::log(T(1) + a);
      const R s = x * (2 + x) + y * y;
      const R magnitude_log =
          (s > R(-0.5) && s < R(1)) ? std::log1p(s) / 2 : std::log(std::hypot(1 + x, y));
      return T(magnitude_log, std::atan2(y, 1 + x));
    } else {
      return std::log1p(a);
    }
  }
};
struct Log2 {
  template <class T>
  T operator()(T a) const {
    if constexpr (is_complex_v<T>) {
      return std::log(a) / std::numbers::ln2_v<typename T::value_type>;
    } else {
      return std::log2(a);
    }
  }
};

}  // namespace strict::internal::kernels
