// The fft extension of the standard (spec/2024.12/extensions/fourier_transform_functions.rst,
// src/array_api_stubs/_2024_12/fft.py), in namespace strict::fft.
//
// Keyword arguments are option structs, filled with designated initialisers:
//   strict::fft::fft(x, {.n = 8, .axis = 0, .norm = "ortho"});
//   strict::fft::rfftn(x, {.s = strict::fft::Lengths{4, 4}, .axes = strict::fft::Axes{0, 1}});
//   strict::fft::fftfreq(8, {.d = 0.1, .device = strict::Device("device1")});
//
// Devices: a transform or shift returns its result on the device of `x` (the standard's
// "Preserve device assignment"); fftfreq and rfftfreq are creation functions (explicit device=,
// else the default device; see default_device.hpp). A result dtype the device cannot hold raises
// UnsupportedDTypeError (a float64 transform on "no_float64", which has no complex128).
//
// Transforms are computed in double precision, in O(n log n) for every length (Eigen's
// mixed-radix FFT, or Bluestein's chirp-z for a length with a large prime factor:
// src/line_dft.cpp), and rounded to the result dtype.
#pragma once

#include <cstdint>
#include <optional>
#include <source_location>
#include <string_view>
#include <vector>

#include "strict/array.hpp"

namespace strict::fft {

// An axes argument (Sequence[int], or an int for the shifts); the same type as strict::Axes.
// Negative axes count from the last dimension. Naming one dimension twice is left
// implementation-defined by the standard ("the behavior is unspecified"); strict raises
// InvalidArgumentError.
using Axes = std::vector<std::int64_t>;
// The `s` argument of the n-dimensional transforms: one length per entry of `axes`.
using Lengths = std::vector<std::int64_t>;

// fft, ifft, rfft, irfft, hfft, ihfft.
struct TransformOptions {
  // The transform length n: the input is zero-padded or trimmed to it along `axis` (for irfft and
  // hfft, to n//2+1 input points, n being the output length). None: the input's length M (for
  // irfft and hfft, 2*(M-1)). Must be positive (InvalidArgumentError otherwise).
  std::optional<std::int64_t> n = std::nullopt;
  std::int64_t axis = -1;
  // "backward" (no scaling forward, 1/n inverse), "ortho" (1/sqrt(n) both ways) or "forward"
  // (1/n forward, none inverse); anything else raises InvalidArgumentError.
  std::string_view norm = "backward";
};

// fftn, ifftn, rfftn, irfftn.
struct TransformNOptions {
  // One length per axis, as TransformOptions::n; -1 keeps that axis's own length. The standard:
  // "If s is not None, axes must not be None either" (InvalidArgumentError otherwise).
  std::optional<Lengths> s = std::nullopt;
  // None: every axis. rfftn and irfftn apply their real transform to the last one listed.
  std::optional<Axes> axes = std::nullopt;
  std::string_view norm = "backward";
};

// fftshift, ifftshift.
struct ShiftOptions {
  std::optional<Axes> axes = std::nullopt;  // None: every axis
};

// fftfreq, rfftfreq.
struct FrequencyOptions {
  double d = 1.0;  // sample spacing; 0 raises InvalidArgumentError
  // Must be a real floating dtype (DTypeError otherwise). None: the default real floating dtype
  // of the device the array lands on.
  std::optional<DType> dtype = std::nullopt;
  std::optional<Device> device = std::nullopt;
};

// -- Complex transforms: x floating (the standard asks for complex floating; a real floating x is
// taken as complex). The result is complex of x's precision: complex64 for float32 and complex64,
// complex128 for float64 and complex128. Other dtypes raise DTypeError.
Array fft(const Array& x, const TransformOptions& options = {});
Array ifft(const Array& x, const TransformOptions& options = {});
Array fftn(const Array& x, const TransformNOptions& options = {});
Array ifftn(const Array& x, const TransformNOptions& options = {});

// -- Transforms of real signals: x real floating ("Must have a real-valued floating-point data
// type"; DTypeError otherwise); the result is complex of x's precision, with n//2+1 points along
// the (last) transformed axis.
Array rfft(const Array& x, const TransformOptions& options = {});
Array rfftn(const Array& x, const TransformNOptions& options = {});
Array ihfft(const Array& x, const TransformOptions& options = {});

// -- Transforms to real signals: x floating (complex floating recommended); the result is real
// floating of x's precision, with n points along the (last) transformed axis.
Array irfft(const Array& x, const TransformOptions& options = {});
Array irfftn(const Array& x, const TransformNOptions& options = {});
Array hfft(const Array& x, const TransformOptions& options = {});

// -- Shifts: swap the half-spaces of each axis (fftshift moves the zero frequency to the centre,
// ifftshift undoes it). x floating (DTypeError otherwise); the result has x's dtype and shape.
Array fftshift(const Array& x, const ShiftOptions& options = {});
Array ifftshift(const Array& x, const ShiftOptions& options = {});

// -- Sample frequencies: creation functions, placed by device= or the default device.
// fftfreq: [0, 1, ..., -2, -1] / (d*n), shape (n,). rfftfreq: [0, 1, ..., n//2] / (d*n), shape
// (n//2+1,). n must be positive (InvalidArgumentError otherwise).
Array fftfreq(std::int64_t n, const FrequencyOptions& options = {},
              const std::source_location& location = std::source_location::current());
Array rfftfreq(std::int64_t n, const FrequencyOptions& options = {},
               const std::source_location& location = std::source_location::current());

}  // namespace strict::fft
