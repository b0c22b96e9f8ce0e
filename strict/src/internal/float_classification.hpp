// isnan, isinf, isfinite and signbit of real floating-point elements into bools, many at a time.
// gcc 12 does not vectorise a double comparison stored as a bool for x86-64's baseline (SSE2:
// "no vectype" for the load), so these ran one element at a time, 4-10x NumPy's time at 10^6
// (reports/bench/strict_xp_cost_audit_full_after.md). With SSE2, eight elements are compared in
// vectors, their results gathered as bits (movemask) and written as eight bool bytes at once.
// Elsewhere the plain loop.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace strict::internal {

enum class FloatClass { nan, inf, finite, sign_bit };

template <FloatClass which, class T>
bool in_class(T a) {
  if constexpr (which == FloatClass::nan) {
    return std::isnan(a);
  } else if constexpr (which == FloatClass::inf) {
    return std::isinf(a);
  } else if constexpr (which == FloatClass::finite) {
    return std::isfinite(a);
  } else {
    return std::signbit(a);
  }
}

#if defined(__SSE2__)
// Eight bool bytes (0 or 1) for each 8-bit pattern: byte j is bit j (x86 is little-endian).
inline constexpr std::array<std::uint64_t, 256> kBoolBytesOfBits = [] {
  std::array<std::uint64_t, 256> table{};
  for (std::uint64_t bits = 0; bits < 256; ++bits)
    for (unsigned j = 0; j < 8; ++j)
      table[bits] |= ((bits >> j) & 1U) << (8 * j);
  return table;
}();

// A vector whose lanes have their sign bit set where the lane is in the class.
template <FloatClass which>
__m128d class_mask(__m128d v) {
  const __m128d magnitude = _mm_andnot_pd(_mm_set1_pd(-0.0), v);
  const __m128d infinity = _mm_set1_pd(std::numeric_limits<double>::infinity());
  if constexpr (which == FloatClass::nan) {
    return _mm_cmpunord_pd(v, v);
  } else if constexpr (which == FloatClass::inf) {
    return _mm_cmpeq_pd(magnitude, infinity);
  } else if constexpr (which == FloatClass::finite) {
    return _mm_cmplt_pd(magnitude, infinity);  // false for NaN
  } else {
    return v;  // the sign bit itself
  }
}

template <FloatClass which>
__m128 class_mask(__m128 v) {
  const __m128 magnitude = _mm_andnot_ps(_mm_set1_ps(-0.0F), v);
  const __m128 infinity = _mm_set1_ps(std::numeric_limits<float>::infinity());
  if constexpr (which == FloatClass::nan) {
    return _mm_cmpunord_ps(v, v);
  } else if constexpr (which == FloatClass::inf) {
    return _mm_cmpeq_ps(magnitude, infinity);
  } else if constexpr (which == FloatClass::finite) {
    return _mm_cmplt_ps(magnitude, infinity);
  } else {
    return v;
  }
}

// The class bits of in[0..8), bit j for element j.
template <FloatClass which>
unsigned class_bits(const double* in) {
  unsigned bits = 0;
  for (unsigned k = 0; k < 4; ++k) {
    const __m128d mask = class_mask<which>(_mm_loadu_pd(in + 2 * k));
    bits |= static_cast<unsigned>(_mm_movemask_pd(mask)) << (2 * k);
  }
  return bits;
}

template <FloatClass which>
unsigned class_bits(const float* in) {
  const auto low = static_cast<unsigned>(_mm_movemask_ps(class_mask<which>(_mm_loadu_ps(in))));
  const auto high = static_cast<unsigned>(_mm_movemask_ps(class_mask<which>(_mm_loadu_ps(in + 4))));
  return low | (high << 4);
}
#endif

// out[i] = whether in[i] is in the class, for i in [0, n).
template <FloatClass which, class T>
void classify(const T* in, bool* out, std::int64_t n) {
  static_assert(std::is_floating_point_v<T>);
  std::int64_t i = 0;
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
    for (; i + 8 <= n; i += 8)
      std::memcpy(out + i, &kBoolBytesOfBits[class_bits<which>(in + i)], 8);
  }
#endif
  for (; i < n; ++i)
    out[i] = in_class<which>(in[i]);
}

}  // namespace strict::internal
