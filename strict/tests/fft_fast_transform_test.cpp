// The fft extension's line transforms are O(n log n) for every length (internal/line_dft.hpp:
// mixed radix for lengths with small prime factors, Bluestein's chirp-z otherwise; the real
// transforms of even length through a complex one of half the length): every transform must equal
// the
// definition, X[k] = sum_j x[j] e^{-2 pi i jk/n} (fft: "Computes the one-dimensional discrete
// Fourier transform"), computed here directly, for every length and both directions.
#include <cmath>
#include <complex>
#include <cstdint>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "strict/fft.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using Complex = std::complex<double>;
using testing::host_values;

// The definition, in O(n^2), padded or trimmed to n; sign -1 forward, +1 inverse.
std::vector<Complex> direct_dft(const std::vector<Complex>& x, std::int64_t n, double sign) {
  std::vector<Complex> out(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) {
    for (std::int64_t j = 0; j < n && j < static_cast<std::int64_t>(x.size()); ++j) {
      const double turns = static_cast<double>((j * k) % n) / static_cast<double>(n);
      out[static_cast<std::size_t>(k)] +=
          x[static_cast<std::size_t>(j)] * std::polar(1.0, sign * 2.0 * std::numbers::pi * turns);
    }
  }
  return out;
}

Array complex_line(const std::vector<Complex>& values) {
  std::vector<Scalar> scalars(values.begin(), values.end());
  return asarray(scalars, {static_cast<std::int64_t>(values.size())}, {.dtype = complex128});
}

// Within 1e-12 of the largest value's size, the rounding of either algorithm on unit inputs.
void expect_close(const std::vector<Complex>& actual, const std::vector<Complex>& expected) {
  RC_ASSERT(actual.size() == expected.size());
  double largest = 1.0;
  for (const Complex& value : expected)
    largest = std::max(largest, std::abs(value));
  for (std::size_t k = 0; k < expected.size(); ++k)
    RC_ASSERT(std::abs(actual[k] - expected[k]) <= 1e-12 * largest);
}

std::vector<Complex> unit_values(std::size_t length) {
  const auto parts =
      *rc::gen::container<std::vector<int>>(2 * length, rc::gen::inRange(-1000, 1001));
  std::vector<Complex> values(length);
  for (std::size_t i = 0; i < length; ++i)
    values[i] = Complex{parts[2 * i] / 1000.0, parts[2 * i + 1] / 1000.0};
  return values;
}

// The n points X with X[k] = half[k] for k <= n/2 and X[n-k] = conj(X[k]).
std::vector<Complex> hermitian_spectrum(const std::vector<Complex>& half, std::int64_t n) {
  std::vector<Complex> spectrum(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) {
    spectrum[static_cast<std::size_t>(k)] = k <= n / 2
                                                ? half[static_cast<std::size_t>(k)]
                                                : std::conj(half[static_cast<std::size_t>(n - k)]);
  }
  return spectrum;
}

RC_GTEST_PROP(FftFastTransform, FftAndIfftEqualTheDefinitionForEveryLength, ()) {
  const auto length = *rc::gen::inRange<std::size_t>(1, 130);
  const auto n = *rc::gen::inRange<std::int64_t>(1, 260);
  const std::vector<Complex> x = unit_values(length);
  expect_close(host_values<Complex>(fft::fft(complex_line(x), {.n = n})), direct_dft(x, n, -1.0));
  std::vector<Complex> inverse = direct_dft(x, n, 1.0);
  for (Complex& value : inverse)
    value /= static_cast<double>(n);
  expect_close(host_values<Complex>(fft::ifft(complex_line(x), {.n = n})), inverse);
}

RC_GTEST_PROP(FftFastTransform, IrfftIsTheRealPartOfTheHermitianInverse, ()) {
  const auto n = *rc::gen::inRange<std::int64_t>(1, 200);
  const std::vector<Complex> half = unit_values(static_cast<std::size_t>(n / 2 + 1));
  const std::vector<Complex> spectrum = hermitian_spectrum(half, n);
  std::vector<Complex> expected = direct_dft(spectrum, n, 1.0);
  for (Complex& value : expected)
    value = Complex{value.real() / static_cast<double>(n), 0.0};
  std::vector<Complex> actual;
  for (double value : host_values<double>(fft::irfft(complex_line(half), {.n = n})))
    actual.emplace_back(value, 0.0);
  expect_close(actual, expected);
}

Array real_line(const std::vector<Complex>& values) {
  std::vector<Scalar> scalars;
  for (const Complex& value : values)
    scalars.emplace_back(value.real());
  return asarray(scalars, {static_cast<std::int64_t>(values.size())}, {.dtype = float64});
}

std::vector<Complex> real_parts(const std::vector<Complex>& values) {
  std::vector<Complex> out;
  for (const Complex& value : values)
    out.emplace_back(value.real(), 0.0);
  return out;
}

// rfft: "Computes the one-dimensional discrete Fourier transform for real-valued input", the
// n//2+1 non-negative frequencies; ihfft the inverse direction's, scaled by 1/n and conjugated
// ("Computes the one-dimensional inverse discrete Fourier transform of a signal with Hermitian
// symmetry", the inverse of hfft). Odd and even n, padded and trimmed.
RC_GTEST_PROP(FftFastTransform, RfftAndIhfftEqualTheDefinitionOfARealLine, ()) {
  const auto length = *rc::gen::inRange<std::size_t>(1, 130);
  const auto n = *rc::gen::inRange<std::int64_t>(1, 260);
  const std::vector<Complex> x = real_parts(unit_values(length));
  std::vector<Complex> forward = direct_dft(x, n, -1.0);
  forward.resize(static_cast<std::size_t>(n / 2 + 1));
  expect_close(host_values<Complex>(fft::rfft(real_line(x), {.n = n})), forward);
  std::vector<Complex> inverse = direct_dft(x, n, 1.0);
  inverse.resize(static_cast<std::size_t>(n / 2 + 1));
  for (Complex& value : inverse)
    value /= static_cast<double>(n);
  expect_close(host_values<Complex>(fft::ihfft(real_line(x), {.n = n})), inverse);
}

// hfft: "Computes the one-dimensional discrete Fourier transform of a signal with Hermitian
// symmetry": the forward direction of irfft's real result, the imaginary parts of X[0] and
// (even n) X[n/2] not counting.
RC_GTEST_PROP(FftFastTransform, HfftIsTheRealForwardTransformOfTheHermitianSpectrum, ()) {
  const auto n = *rc::gen::inRange<std::int64_t>(1, 200);
  const std::vector<Complex> half = unit_values(static_cast<std::size_t>(n / 2 + 1));
  const std::vector<Complex> spectrum = hermitian_spectrum(half, n);
  std::vector<Complex> expected = real_parts(direct_dft(spectrum, n, -1.0));
  std::vector<Complex> actual;
  for (double value : host_values<double>(fft::hfft(complex_line(half), {.n = n})))
    actual.emplace_back(value, 0.0);
  expect_close(actual, expected);
}

// A long prime length, where the direct DFT's n^2 = 10^10 steps would take minutes: Bluestein's
// transform of an impulse at 1 is the n-th roots of unity.
TEST(FftFastTransform, ALongPrimeLengthIsFast) {
  constexpr std::int64_t n = 100'003;
  std::vector<Complex> impulse(static_cast<std::size_t>(n));
  impulse[1] = 1.0;
  const std::vector<Complex> spectrum = host_values<Complex>(fft::fft(complex_line(impulse)));
  for (const std::int64_t k : {std::int64_t{0}, std::int64_t{1}, std::int64_t{12'345}, n - 1}) {
    const double turns = static_cast<double>(k) / static_cast<double>(n);
    const Complex expected = std::polar(1.0, -2.0 * std::numbers::pi * turns);
    EXPECT_NEAR(spectrum[static_cast<std::size_t>(k)].real(), expected.real(), 1e-9) << k;
    EXPECT_NEAR(spectrum[static_cast<std::size_t>(k)].imag(), expected.imag(), 1e-9) << k;
  }
}

}  // namespace
}  // namespace strict
