// The discrete Fourier transform of one line, in O(n log n) for every length n: Eigen's FFT
// (kissfft, mixed radix) when n's prime factors are small, Bluestein's chirp-z otherwise (a
// length-n DFT as a convolution computed with power-of-two transforms). The fft extension's
// transforms are sequences of these along one axis at a time (fft_transforms.cpp).
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace strict::internal {

// The sign of the exponent: e^{-2 pi i jk/n} for a forward transform, e^{+2 pi i jk/n} inverse.
enum class DftDirection { forward, inverse };

// X[k] = sum_j x[j] e^{sign 2 pi i jk/n} for k in [0, n), where x is `line` zero-padded or
// trimmed to n points (fft's n: "If n is greater than M, the axis ... must be zero-padded to size
// n. If n is less than M, ... trimmed to size n"). No normalisation; n >= 1.
std::vector<std::complex<double>> line_dft(const std::vector<std::complex<double>>& line,
                                           std::int64_t n, DftDirection direction);

// The first n//2+1 points of line_dft of a real line (the real parts of `line`, padded or trimmed
// to n): the rest are their conjugates. An even n costs one complex DFT of n/2 points.
std::vector<std::complex<double>> real_line_dft(const std::vector<std::complex<double>>& line,
                                                std::int64_t n, DftDirection direction);

// The n real points of line_dft of the Hermitian spectrum whose first n//2+1 points are `half`
// (padded or trimmed), X[n-k] = conj(X[k]); the imaginary parts of X[0] and, for even n, of
// X[n/2] do not count (as in NumPy/pocketfft). An even n costs one complex DFT of n/2 points.
std::vector<double> hermitian_line_dft(const std::vector<std::complex<double>>& half,
                                       std::int64_t n, DftDirection direction);

}  // namespace strict::internal
