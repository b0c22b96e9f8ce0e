// ceil, floor, trunc and round (half to even) of real floating-point values by arithmetic alone.
// For x86-64's baseline (SSE2, no roundsd) std::ceil and std::nearbyint are calls into libm, one
// element at a time: 4-7x NumPy's SIMD rounding at 10^6 elements
// (reports/bench/strict_xp_cost_audit_full_after_sort.md). Adding and taking away 2^52 (2^23 for
// float) rounds to the nearest integer, ties to even, in the default rounding mode, which strict
// never changes; the rest is comparisons whose 0 or 1 is added or taken away, never a branch (one
// on random data is mispredicted half the time: 9 ms for 10^6 ceils, against libm's 2). The
// results are those of std::ceil, std::floor, std::trunc and std::nearbyint bit for bit (signed
// zeros and infinities kept), and NaN for NaN: strict/tests/float_rounding_test.cpp checks every
// kind of value.
#pragma once

#include <cmath>
#include <type_traits>

namespace strict::internal {

// The smallest magnitude from which every value of T is an integer.
template <class T>
inline constexpr T kAllIntegersFrom = std::is_same_v<T, float> ? T(0x1p23f) : T(0x1p52);

// |a| rounded to the nearest integer, ties to even, for |a| below kAllIntegersFrom<T>.
template <class T>
T nearest_of_magnitude(T magnitude) {
  return (magnitude + kAllIntegersFrom<T>)-kAllIntegersFrom<T>;
}

// Each takes the value itself where it is already an integer (large), infinite or NaN.
template <class T>
T round_half_even(T a) {
  const T magnitude = std::fabs(a);
  const T rounded = std::copysign(nearest_of_magnitude(magnitude), a);
  return magnitude < kAllIntegersFrom<T> ? rounded : a;
}

template <class T>
T round_up(T a) {
  const T nearest = round_half_even(a);
  return std::copysign(nearest + static_cast<T>(nearest < a), a);
}

// floor(a) = -ceil(-a), and trunc(a) is floor(|a|) with a's sign: round_up's code for both (gcc 12
// compiles round_up's comparison to a mask, but `nearest > a` to a branch).
template <class T>
T round_down(T a) {
  return -round_up(-a);
}

template <class T>
T round_toward_zero(T a) {
  return std::copysign(round_up(-std::fabs(a)), a);
}

}  // namespace strict::internal
