// The discrete Fourier transform of one line, in O(n log n) for every length n: radix-2
// Cooley-Tukey when n is a power of two, Bluestein's chirp-z otherwise (a length-n DFT as a
// convolution computed with power-of-two transforms). The fft extension's transforms are
// sequences of these along one axis at a time (fft_transforms.cpp).
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

}  // namespace strict::internal
