#include "internal/line_dft.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <utility>

namespace strict::internal {
namespace {

using Complex = std::complex<double>;

double sign_of(DftDirection direction) {
  return direction == DftDirection::forward ? -1.0 : 1.0;
}

// e^{sign 2 pi i turns/period}, with turns already reduced into [0, period) so that the angle is
// computed from a small exact integer ratio.
Complex root_of_unity(DftDirection direction, std::uint64_t turns, std::uint64_t period) {
  const double angle =
      2.0 * std::numbers::pi * static_cast<double>(turns) / static_cast<double>(period);
  return std::polar(1.0, sign_of(direction) * angle);
}

// In place, `values.size()` a power of two: iterative radix-2 decimation in time, the twiddles of
// each stage taken from one table of the m-th roots (exact angles, no accumulated products).
void power_of_two_dft(std::vector<Complex>& values, DftDirection direction) {
  const std::size_t m = values.size();
  if (m < 2) return;
  for (std::size_t i = 1, j = 0; i < m; ++i) {  // bit-reversal permutation
    std::size_t bit = m >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j) std::swap(values[i], values[j]);
  }
  std::vector<Complex> roots(m / 2);
  for (std::size_t k = 0; k < m / 2; ++k)
    roots[k] = root_of_unity(direction, k, m);
  for (std::size_t length = 2; length <= m; length <<= 1) {
    const std::size_t half = length / 2;
    const std::size_t stride = m / length;
    for (std::size_t start = 0; start < m; start += length) {
      for (std::size_t k = 0; k < half; ++k) {
        const Complex twiddled = values[start + k + half] * roots[k * stride];
        values[start + k + half] = values[start + k] - twiddled;
        values[start + k] += twiddled;
      }
    }
  }
}

// Bluestein: with jk = (j^2 + k^2 - (k-j)^2)/2, X[k] = w[k] sum_j (x[j] w[j]) conj(w[k-j]) where
// w[j] = e^{sign pi i j^2/n}: a convolution, done with power-of-two DFTs of length >= 2n - 1.
std::vector<Complex> chirp_z_dft(const std::vector<Complex>& x, DftDirection direction) {
  const std::size_t n = x.size();
  const std::size_t m = std::bit_ceil(2 * n - 1);
  // j^2 mod 2n keeps the chirp's angle exact for long lines.
  std::vector<Complex> chirp(n);
  for (std::size_t j = 0; j < n; ++j) {
    const std::uint64_t turns = (static_cast<std::uint64_t>(j) * j) % (2 * n);
    chirp[j] = root_of_unity(direction, turns, 2 * n);
  }
  std::vector<Complex> a(m), b(m);
  for (std::size_t j = 0; j < n; ++j) {
    a[j] = x[j] * chirp[j];
    b[j] = std::conj(chirp[j]);
    if (j > 0) b[m - j] = b[j];
  }
  power_of_two_dft(a, DftDirection::forward);
  power_of_two_dft(b, DftDirection::forward);
  for (std::size_t i = 0; i < m; ++i)
    a[i] *= b[i];
  power_of_two_dft(a, DftDirection::inverse);
  std::vector<Complex> out(n);
  const double inverse_length = 1.0 / static_cast<double>(m);
  for (std::size_t k = 0; k < n; ++k)
    out[k] = a[k] * inverse_length * chirp[k];
  return out;
}

}  // namespace

std::vector<Complex> line_dft(const std::vector<Complex>& line, std::int64_t n,
                              DftDirection direction) {
  std::vector<Complex> x(static_cast<std::size_t>(n));
  for (std::size_t j = 0; j < x.size() && j < line.size(); ++j)
    x[j] = line[j];
  if (std::has_single_bit(x.size())) {
    power_of_two_dft(x, direction);
    return x;
  }
  return chirp_z_dft(x, direction);
}

}  // namespace strict::internal
