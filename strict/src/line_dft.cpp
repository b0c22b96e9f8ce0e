#include "internal/line_dft.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <unsupported/Eigen/FFT>

namespace strict::internal {
namespace {

using Complex = std::complex<double>;

// kissfft's butterfly for a prime factor p costs O(p) per element: up to this prime a length is
// transformed directly (mixed radix), beyond it by Bluestein, whose convolution has a length
// with the factors kissfft has fast butterflies for (2, 3, 4, 5).
constexpr std::uint64_t kLargestDirectPrime = 61;

// The largest prime factor of n (n >= 1; 1 for n = 1).
std::uint64_t largest_prime_factor(std::uint64_t n) {
  std::uint64_t largest = 1;
  for (std::uint64_t p = 2; p * p <= n; ++p) {
    while (n % p == 0) {
      largest = p;
      n /= p;
    }
  }
  return n > 1 ? n : largest;
}

// The smallest 2^a 3^b 5^c >= n (n >= 1).
std::size_t smooth_length_at_least(std::size_t n) {
  std::size_t best = std::bit_ceil(n);
  for (std::size_t five = 1; five < best; five *= 5) {
    for (std::size_t three = five; three < best; three *= 3) {
      std::size_t candidate = three;
      while (candidate < n)
        candidate *= 2;
      best = std::min(best, candidate);
    }
  }
  return best;
}

// Eigen's FFT (kissfft) keeps one plan (factors and twiddles, computed from exact angles) per
// length and direction. A transform runs along one axis at a time, so the lines it sees have one
// length: the plans are kept for that length only, not accumulated over a process's lifetime.
class Plans {
 public:
  void transform(Complex* out, const Complex* in, std::size_t n, DftDirection direction) {
    if (n != length_) {
      fft_ = Eigen::FFT<double>();
      fft_.SetFlag(Eigen::FFT<double>::Unscaled);
      length_ = n;
    }
    const int count = static_cast<int>(n);
    if (direction == DftDirection::forward) {
      fft_.fwd(out, in, count);
    } else {
      fft_.inv(out, in, count);
    }
  }

 private:
  Eigen::FFT<double> fft_;
  std::size_t length_ = 0;
};

Plans& direct_plans() {
  thread_local Plans plans;
  return plans;
}

Plans& convolution_plans() {
  thread_local Plans plans;
  return plans;
}

// e^{sign pi i turns/n}, with turns already reduced into [0, 2n) so that the angle is computed
// from a small exact integer ratio.
Complex chirp_root(DftDirection direction, std::uint64_t turns, std::uint64_t n) {
  const double angle = std::numbers::pi * static_cast<double>(turns) / static_cast<double>(n);
  return std::polar(1.0, direction == DftDirection::forward ? -angle : angle);
}

// Bluestein: with jk = (j^2 + k^2 - (k-j)^2)/2, X[k] = w[k] sum_j (x[j] w[j]) conj(w[k-j]) where
// w[j] = e^{sign pi i j^2/n}: a cyclic convolution, done with DFTs of a 5-smooth length m >= 2n - 1
// (long enough that the wrapped terms do not overlap).
std::vector<Complex> chirp_z_dft(const std::vector<Complex>& x, DftDirection direction) {
  const std::size_t n = x.size();
  const std::size_t m = smooth_length_at_least(2 * n - 1);
  // j^2 mod 2n keeps the chirp's angle exact for long lines.
  std::vector<Complex> chirp(n);
  for (std::size_t j = 0; j < n; ++j) {
    const std::uint64_t turns = (static_cast<std::uint64_t>(j) * j) % (2 * n);
    chirp[j] = chirp_root(direction, turns, n);
  }
  std::vector<Complex> a(m), b(m), spectrum_a(m), spectrum_b(m);
  for (std::size_t j = 0; j < n; ++j) {
    a[j] = x[j] * chirp[j];
    b[j] = std::conj(chirp[j]);
    if (j > 0) b[m - j] = b[j];
  }
  Plans& plans = convolution_plans();
  plans.transform(spectrum_a.data(), a.data(), m, DftDirection::forward);
  plans.transform(spectrum_b.data(), b.data(), m, DftDirection::forward);
  for (std::size_t i = 0; i < m; ++i)
    spectrum_a[i] *= spectrum_b[i];
  plans.transform(a.data(), spectrum_a.data(), m, DftDirection::inverse);
  std::vector<Complex> out(n);
  const double inverse_length = 1.0 / static_cast<double>(m);
  for (std::size_t k = 0; k < n; ++k)
    out[k] = a[k] * inverse_length * chirp[k];
  return out;
}

// The DFT of x as it is (no padding).
std::vector<Complex> exact_length_dft(std::vector<Complex> x, DftDirection direction) {
  // kissfft counts in int; a longer line (over 16 GiB of complex values) cannot be held anyway.
  if (x.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
    throw std::length_error("line_dft: a line longer than 2^30 points");
  }
  if (x.size() < 2) return x;
  if (largest_prime_factor(x.size()) <= kLargestDirectPrime) {
    std::vector<Complex> out(x.size());
    direct_plans().transform(out.data(), x.data(), x.size(), direction);
    return out;
  }
  return chirp_z_dft(x, direction);
}

// e^{sign 2 pi i k/n} for k in [0, n/2], the real transforms' twiddles, kept for the last length
// and direction asked (a transform along an axis asks the same for each of its lines): computing
// them afresh for each line cost as much as kissfft's own butterflies on long lines.
const std::vector<Complex>& half_turn_twiddles(DftDirection direction, std::size_t n) {
  struct Table {
    DftDirection direction = DftDirection::forward;
    std::size_t n = 0;
    std::vector<Complex> values;
  };
  thread_local Table table;
  if (table.n != n || table.direction != direction) {
    table.values.resize(n / 2 + 1);
    for (std::size_t k = 0; k <= n / 2; ++k)
      table.values[k] = chirp_root(direction, 2 * static_cast<std::uint64_t>(k), n);
    table.direction = direction;
    table.n = n;
  }
  return table.values;
}

}  // namespace

std::vector<Complex> line_dft(const std::vector<Complex>& line, std::int64_t n,
                              DftDirection direction) {
  std::vector<Complex> x(static_cast<std::size_t>(n));
  for (std::size_t j = 0; j < x.size() && j < line.size(); ++j)
    x[j] = line[j];
  return exact_length_dft(std::move(x), direction);
}

// For even n = 2h, the h-point DFT of z[m] = x[2m] + i x[2m+1] gives both halves' spectra:
// E[k] = (Z[k] + conj(Z[h-k]))/2, O[k] = (Z[k] - conj(Z[h-k]))/(2i), X[k] = E[k] + w^k O[k].
std::vector<Complex> real_line_dft(const std::vector<Complex>& line, std::int64_t n,
                                   DftDirection direction) {
  const auto points = static_cast<std::size_t>(n);
  const std::size_t kept = points / 2 + 1;
  const auto real_at = [&](std::size_t j) { return j < line.size() ? line[j].real() : 0.0; };
  if (points % 2 != 0 || points < 4) {
    std::vector<Complex> x(points);
    for (std::size_t j = 0; j < points; ++j)
      x[j] = real_at(j);
    std::vector<Complex> out = exact_length_dft(std::move(x), direction);
    out.resize(kept);
    return out;
  }
  const std::size_t h = points / 2;
  std::vector<Complex> z(h);
  for (std::size_t m = 0; m < h; ++m)
    z[m] = Complex{real_at(2 * m), real_at(2 * m + 1)};
  const std::vector<Complex> spectrum = exact_length_dft(std::move(z), direction);
  // Z = E + i O whichever the direction (E and O are the same direction's transforms of the
  // even and odd points), so O[k] = (Z[k] - conj(Z[h-k])) / 2i.
  const Complex half_over_i{0.0, -0.5};
  const std::vector<Complex>& twiddle = half_turn_twiddles(direction, points);
  std::vector<Complex> out(kept);
  // Z has period h: Z[h] is Z[0], and Z[h-0] too (indices written out, not taken modulo h, which
  // costs a division per point).
  for (std::size_t k = 0; k < kept; ++k) {
    const Complex zk = spectrum[k < h ? k : 0];
    const Complex mirrored = std::conj(spectrum[k == 0 || k == h ? 0 : h - k]);
    const Complex even = 0.5 * (zk + mirrored);
    const Complex odd = half_over_i * (zk - mirrored);
    out[k] = even + twiddle[k] * odd;
  }
  return out;
}

// For even n = 2h, x[2m] and x[2m+1] are the real and imaginary parts of the h-point transform
// of E'[k] + i O'[k], where E'[k] = X[k] + X[k+h] and O'[k] = (X[k] - X[k+h]) v^k, X[k+h] being
// conj(X[h-k]) by the Hermitian symmetry; X[0] and X[h] count by their real parts only.
std::vector<double> hermitian_line_dft(const std::vector<Complex>& half, std::int64_t n,
                                       DftDirection direction) {
  const auto points = static_cast<std::size_t>(n);
  const std::size_t kept = points / 2 + 1;
  // The forward transform of a Hermitian spectrum (real result) is the inverse of its conjugate.
  const bool conjugate = direction == DftDirection::forward;
  std::vector<Complex> spectrum(kept);
  for (std::size_t k = 0; k < kept && k < half.size(); ++k)
    spectrum[k] = conjugate ? std::conj(half[k]) : half[k];
  spectrum[0] = spectrum[0].real();
  if (points % 2 == 0) spectrum[kept - 1] = spectrum[kept - 1].real();
  std::vector<double> out(points);
  if (points % 2 != 0 || points < 4) {
    std::vector<Complex> full(points);
    for (std::size_t k = 0; k < points; ++k)
      full[k] = k < kept ? spectrum[k] : std::conj(spectrum[points - k]);
    const std::vector<Complex> values = exact_length_dft(std::move(full), DftDirection::inverse);
    for (std::size_t j = 0; j < points; ++j)
      out[j] = values[j].real();
    return out;
  }
  const std::size_t h = points / 2;
  const std::vector<Complex>& twiddle = half_turn_twiddles(DftDirection::inverse, points);
  std::vector<Complex> folded(h);
  for (std::size_t k = 0; k < h; ++k) {
    const Complex upper = std::conj(spectrum[h - k]);
    const Complex even = spectrum[k] + upper;
    const Complex odd = (spectrum[k] - upper) * twiddle[k];
    folded[k] = even + Complex{0.0, 1.0} * odd;
  }
  const std::vector<Complex> z = exact_length_dft(std::move(folded), DftDirection::inverse);
  for (std::size_t m = 0; m < h; ++m) {
    out[2 * m] = z[m].real();
    out[2 * m + 1] = z[m].imag();
  }
  return out;
}

}  // namespace strict::internal
