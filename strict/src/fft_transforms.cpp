// The transforms of the fft extension: fft, ifft, fftn, ifftn, rfft, irfft, rfftn, irfftn, hfft,
// ihfft. Each is a sequence of one-axis line transforms over a complex<double> working copy of x,
// each line an O(n log n) DFT (internal/line_dft.hpp), rounded to the result dtype at the end.
#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/fft_axes.hpp"
#include "internal/line_dft.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"
#include "strict/fft.hpp"
#include "strict/interruption.hpp"

namespace strict::fft {
namespace {

using Complex = std::complex<double>;
using internal::Category;

using Direction = internal::DftDirection;

// spec (fft, norm): "'backward': no normalization. 'ortho': normalize by 1/sqrt(n) (i.e., make
// the FFT orthonormal). 'forward': normalize by 1/n." -- for the forward transform; the inverse
// transforms scale the other way round, so that each pair of modes inverts.
enum class Norm { backward, ortho, forward };

Norm parse_norm(std::string_view function, std::string_view norm) {
  if (norm == "backward") return Norm::backward;
  if (norm == "ortho") return Norm::ortho;
  if (norm == "forward") return Norm::forward;
  throw InvalidArgumentError(fmt::format(
      "{}(): norm must be \"backward\", \"ortho\" or \"forward\", got \"{}\"", function, norm));
}

double scale(Norm norm, Direction direction, std::int64_t n) {
  const auto points = static_cast<double>(n);
  switch (norm) {
    case Norm::ortho:
      return 1.0 / std::sqrt(points);
    case Norm::backward:
      return direction == Direction::forward ? 1.0 : 1.0 / points;
    case Norm::forward:
      return direction == Direction::forward ? 1.0 / points : 1.0;
  }
  __builtin_unreachable();
}

// The working copy of an array: C-contiguous values as complex<double>.
struct Grid {
  Shape shape;
  std::vector<Complex> values;
};

Grid load(const Array& x) {
  Grid grid{x.shape(), std::vector<Complex>(static_cast<std::size_t>(x.size()))};
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = ArrayAccess::data<T>(x);
    for (std::size_t i = 0; i < grid.values.size(); ++i)
      grid.values[i] = internal::convert_element<Complex>(data[i]);
  });
  return grid;
}

// Replaces each line of `grid` along `axis` by `line_transform(input_line)`, which returns
// `out_length` points.
template <class LineTransform>
Grid along_axis(const Grid& grid, std::int64_t axis, std::int64_t out_length,
                LineTransform line_transform) {
  const internal::AxisSplit split = internal::split_at_axis(grid.shape, axis);
  Grid out{grid.shape, {}};
  out.shape[static_cast<std::size_t>(axis)] = out_length;
  out.values.resize(static_cast<std::size_t>(split.outer * out_length * split.inner));
  std::vector<Complex> line(static_cast<std::size_t>(split.extent));
  for (std::int64_t outer = 0; outer < split.outer; ++outer) {
    for (std::int64_t inner = 0; inner < split.inner; ++inner) {
      for (std::int64_t j = 0; j < split.extent; ++j) {
        line[static_cast<std::size_t>(j)] =
            grid.values[static_cast<std::size_t>((outer * split.extent + j) * split.inner + inner)];
      }
      // About n log2 n operations a line: a transform over many lines can be stopped between
      // two of them (one long line runs to its end).
      interruption_point(
          split.extent *
          std::max<std::int64_t>(1, std::bit_width(static_cast<std::uint64_t>(split.extent))));
      const std::vector<Complex> result = line_transform(line);
      for (std::int64_t k = 0; k < out_length; ++k) {
        out.values[static_cast<std::size_t>((outer * out_length + k) * split.inner + inner)] =
            result[static_cast<std::size_t>(k)];
      }
    }
  }
  return out;
}

// The DFT of a line padded or trimmed to n points.
Grid complex_transform(const Grid& grid, std::int64_t axis, std::int64_t n, Direction direction,
                       Norm norm) {
  const double factor = scale(norm, direction, n);
  return along_axis(grid, axis, n, [&](const std::vector<Complex>& line) {
    std::vector<Complex> out = internal::line_dft(line, n, direction);
    if (factor != 1.0) {
      for (Complex& value : out)
        value *= factor;
    }
    return out;
  });
}

// The n real points whose spectrum is Hermitian with its first n//2+1 values given by the line
// (internal::hermitian_line_dft), stored as complex values with no imaginary part.
Grid hermitian_to_real(const Grid& grid, std::int64_t axis, std::int64_t n, Direction direction,
                       Norm norm) {
  const double factor = scale(norm, direction, n);
  return along_axis(grid, axis, n, [&](const std::vector<Complex>& line) {
    const std::vector<double> values = internal::hermitian_line_dft(line, n, direction);
    std::vector<Complex> out(values.size());
    for (std::size_t j = 0; j < values.size(); ++j)
      out[j] = Complex{values[j] * factor, 0.0};
    return out;
  });
}

// The first n//2+1 points of the DFT of a real line padded or trimmed to n points (the others
// are their conjugates).
Grid real_to_half(const Grid& grid, std::int64_t axis, std::int64_t n, Direction direction,
                  Norm norm) {
  const double factor = scale(norm, direction, n);
  return along_axis(grid, axis, n / 2 + 1, [&](const std::vector<Complex>& line) {
    std::vector<Complex> out = internal::real_line_dft(line, n, direction);
    if (factor != 1.0) {
      for (Complex& value : out)
        value *= factor;
    }
    return out;
  });
}

// The output array: dtype checked on x's device first, then filled from the working copy.
// spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as possible
// (e.g. output arrays from a function are expected to be on the same device as input arrays to
// the function)."
Array store(std::string_view function, const Array& x, const Grid& grid, DType dtype) {
  Array out = ArrayAccess::allocate(grid.shape, dtype, x.device(),
                                    propagated_from(function, x.provenance()));
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T> || internal::is_complex_v<T>) {
      T* data = ArrayAccess::data<T>(out);
      for (std::size_t i = 0; i < grid.values.size(); ++i)
        data[i] = internal::convert_element<T>(grid.values[i]);
    }
  });
  return out;
}

// n, or the default length, checked positive.
std::int64_t transform_length(std::string_view function, std::string_view parameter,
                              std::optional<std::int64_t> requested, std::int64_t default_length,
                              std::int64_t axis) {
  if (requested) {
    if (*requested < 1) {
      throw InvalidArgumentError(fmt::format("{}(): {} must be a positive number of points, got {}",
                                             function, parameter, *requested));
    }
    return *requested;
  }
  if (default_length < 1) {
    throw InvalidArgumentError(
        fmt::format("{}(): the input along axis {} gives a transform of {} points; pass {} to "
                    "choose a positive length",
                    function, axis, default_length, parameter));
  }
  return default_length;
}

// What each one-axis function does: its input dtype category, and its line transform.
enum class Kind {
  complex_to_complex,  // fft, ifft
  real_to_complex,     // rfft, ihfft
  complex_to_real,     // irfft, hfft
};

struct OneAxis {
  std::string_view function;  // a string literal: the result's provenance keeps it
  Kind kind;
  Direction direction;
};

Category input_category(Kind kind) {
  return kind == Kind::real_to_complex ? Category::real_floating : Category::floating;
}

DType result_dtype(Kind kind, DType input) {
  return kind == Kind::complex_to_real ? real_dtype_of(input) : complex_dtype_of(input);
}

// Validates the dtype and norm and checks that x's device can hold the result.
Norm prepare(std::string_view function, const Array& x, Kind kind, std::string_view norm) {
  internal::require_category(function, "x", x.dtype(), input_category(kind));
  const Norm parsed = parse_norm(function, norm);
  internal::require_dtype_on_device(result_dtype(kind, x.dtype()), x.device(), function);
  return parsed;
}

// One line transform of `kind` along `axis` with logical length n (the length of the complex or
// real signal: for real_to_complex and complex_to_real, the spectrum has n//2+1 points).
Grid transform_axis(const Grid& grid, std::int64_t axis, std::int64_t n, Kind kind,
                    Direction direction, Norm norm) {
  switch (kind) {
    case Kind::complex_to_complex:
      return complex_transform(grid, axis, n, direction, norm);
    case Kind::real_to_complex:
      return real_to_half(grid, axis, n, direction, norm);
    case Kind::complex_to_real:
      return hermitian_to_real(grid, axis, n, direction, norm);
  }
  __builtin_unreachable();
}

// The default n of a transform along an axis of `extent` input points: "When n is None, the
// function must set n equal to M" (fft), or "n equal to 2*(M-1)" (irfft, hfft).
std::int64_t default_length(Kind kind, std::int64_t extent) {
  return kind == Kind::complex_to_real ? 2 * (extent - 1) : extent;
}

Array one_axis(const OneAxis& f, const Array& x, const TransformOptions& options) {
  const Norm norm = prepare(f.function, x, f.kind, options.norm);
  const std::int64_t axis = internal::normalize_axis(f.function, options.axis, x.ndim());
  const std::int64_t extent = x.shape()[static_cast<std::size_t>(axis)];
  const std::int64_t n =
      transform_length(f.function, "n", options.n, default_length(f.kind, extent), options.axis);
  const Grid result = transform_axis(load(x), axis, n, f.kind, f.direction, norm);
  return store(f.function, x, result, result_dtype(f.kind, x.dtype()));
}

struct ManyAxes {
  std::string_view function;
  Kind last_kind;  // the transform along the last axis listed; complex ones along the others
  Direction direction;
};

Array many_axes(const ManyAxes& f, const Array& x, const TransformNOptions& options) {
  const Norm norm = prepare(f.function, x, f.last_kind, options.norm);
  // spec (fftn, s): "If s is not None, axes must not be None either, and s[i] corresponds to the
  // size along the transformed axis specified by axes[i]."
  if (options.s && !options.axes) {
    throw InvalidArgumentError(
        fmt::format("{}(): s=({}) needs axes= too: the standard pairs s[i] with axes[i]",
                    f.function, fmt::join(*options.s, ", ")));
  }
  const std::vector<std::int64_t> axes = internal::fft_axes(f.function, options.axes, x.ndim());
  if (options.s && options.s->size() != axes.size()) {
    throw InvalidArgumentError(fmt::format("{}(): s=({}) and axes=({}) differ in length",
                                           f.function, fmt::join(*options.s, ", "),
                                           fmt::join(*options.axes, ", ")));
  }
  if (f.last_kind != Kind::complex_to_complex && axes.empty()) {
    throw InvalidArgumentError(
        fmt::format("{}(): needs at least one axis for its real transform", f.function));
  }
  // One length per axis; "If s[i] is -1, the whole input array along the axis i must be used (no
  // padding/trimming)", which for irfftn's last axis is the default 2*(M-1).
  std::vector<std::int64_t> lengths;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const Kind kind = i + 1 == axes.size() ? f.last_kind : Kind::complex_to_complex;
    const std::int64_t extent = x.shape()[static_cast<std::size_t>(axes[i])];
    std::optional<std::int64_t> requested;
    if (options.s && (*options.s)[i] != -1) requested = (*options.s)[i];
    const std::string parameter = fmt::format("s[{}]", i);
    lengths.push_back(
        transform_length(f.function, parameter, requested, default_length(kind, extent), axes[i]));
  }
  Grid grid = load(x);
  // rfftn: the real transform first, along the last axis, then complex ones along the others;
  // irfftn: complex ones first, then the real transform last (the order NumPy uses).
  const bool real_first = f.last_kind == Kind::real_to_complex;
  if (real_first && !axes.empty()) {
    grid = transform_axis(grid, axes.back(), lengths.back(), f.last_kind, f.direction, norm);
  }
  for (std::size_t i = 0; i + 1 < axes.size(); ++i) {
    grid = transform_axis(grid, axes[i], lengths[i], Kind::complex_to_complex, f.direction, norm);
  }
  if (!real_first && !axes.empty()) {
    grid = transform_axis(grid, axes.back(), lengths.back(), f.last_kind, f.direction, norm);
  }
  return store(f.function, x, grid, result_dtype(f.last_kind, x.dtype()));
}

}  // namespace

Array fft(const Array& x, const TransformOptions& options) {
  return one_axis({"fft.fft", Kind::complex_to_complex, Direction::forward}, x, options);
}

Array ifft(const Array& x, const TransformOptions& options) {
  return one_axis({"fft.ifft", Kind::complex_to_complex, Direction::inverse}, x, options);
}

Array rfft(const Array& x, const TransformOptions& options) {
  return one_axis({"fft.rfft", Kind::real_to_complex, Direction::forward}, x, options);
}

Array irfft(const Array& x, const TransformOptions& options) {
  return one_axis({"fft.irfft", Kind::complex_to_real, Direction::inverse}, x, options);
}

// hfft(x) is irfft(conj(x)) with the norms swapped (as NumPy defines it): the forward transform
// of a signal with Hermitian symmetry, which is real.
Array hfft(const Array& x, const TransformOptions& options) {
  return one_axis({"fft.hfft", Kind::complex_to_real, Direction::forward}, x, options);
}

// ihfft(x) is conj(rfft(x)) with the norms swapped: the inverse transform of a real signal,
// keeping n//2+1 points.
Array ihfft(const Array& x, const TransformOptions& options) {
  return one_axis({"fft.ihfft", Kind::real_to_complex, Direction::inverse}, x, options);
}

Array fftn(const Array& x, const TransformNOptions& options) {
  return many_axes({"fft.fftn", Kind::complex_to_complex, Direction::forward}, x, options);
}

Array ifftn(const Array& x, const TransformNOptions& options) {
  return many_axes({"fft.ifftn", Kind::complex_to_complex, Direction::inverse}, x, options);
}

Array rfftn(const Array& x, const TransformNOptions& options) {
  return many_axes({"fft.rfftn", Kind::real_to_complex, Direction::forward}, x, options);
}

Array irfftn(const Array& x, const TransformNOptions& options) {
  return many_axes({"fft.irfftn", Kind::complex_to_real, Direction::inverse}, x, options);
}

}  // namespace strict::fft
