// The fft extension (every function of strict::fft) on the `fft` submodule.
#include <cstdint>
#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "bindings.hpp"
#include "converters.hpp"

namespace strict_xp {
namespace {

using Transform = strict::Array (*)(const strict::Array&, const strict::fft::TransformOptions&);
using TransformN = strict::Array (*)(const strict::Array&, const strict::fft::TransformNOptions&);
using Shift = strict::Array (*)(const strict::Array&, const strict::fft::ShiftOptions&);
using Frequencies = strict::Array (*)(std::int64_t, const strict::fft::FrequencyOptions&,
                                      const std::source_location&);

// norm=: "backward", "ortho" or "forward".
std::string norm_arg(std::string_view function, py::handle value) {
  std::string norm = str_arg(function, "norm", value);
  if (norm != "backward" && norm != "ortho" && norm != "forward")
    throw py::value_error(fmt::format(
        "{}(): norm must be 'backward', 'ortho' or 'forward', not '{}'", function, norm));
  return norm;
}

// None or a sequence (tuple or list) of ints: s= and axes= of the n-dimensional transforms; with
// `allow_int`, one int too (axes= of the shifts).
std::optional<std::vector<std::int64_t>> ints_arg(std::string_view function,
                                                  std::string_view parameter, py::handle value,
                                                  bool allow_int) {
  if (value.is_none()) return std::nullopt;
  PyObject* object = value.ptr();
  if (allow_int && PyLong_Check(object) && !PyBool_Check(object))
    return std::vector<std::int64_t>{int_arg(function, parameter, value)};
  if (!py::isinstance<py::tuple>(value) && !py::isinstance<py::list>(value))
    throw py::type_error(fmt::format("{}(): {} must be None, {}a tuple or list of ints, not {}",
                                     function, parameter, allow_int ? "an int, " : "",
                                     type_name(value)));
  std::vector<std::int64_t> ints;
  for (const py::handle item : value)
    ints.push_back(int_arg(function, parameter, item));
  return ints;
}

// fft, ifft, rfft, irfft, hfft, ihfft: (x, /, *, n=None, axis=-1, norm='backward').
void def_transform(py::module_& fft, const char* name, Transform transform, const char* doc) {
  const std::string function = std::string("fft.") + name;
  fft.def(
      name,
      [function, transform](py::handle x, py::handle n, py::handle axis, py::handle norm) {
        const strict::Array& a = array_arg(function, "x", x);
        const std::optional<std::int64_t> length = optional_int_arg(function, "n", n);
        const std::int64_t along = int_arg(function, "axis", axis);
        const std::string scaling = norm_arg(function, norm);
        return wrap(transform(a, {.n = length, .axis = along, .norm = scaling}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("n") = py::none(), py::arg("axis") = -1,
      py::arg("norm") = "backward", doc);
}

// fftn, ifftn, rfftn, irfftn: (x, /, *, s=None, axes=None, norm='backward').
void def_transform_n(py::module_& fft, const char* name, TransformN transform, const char* doc) {
  const std::string function = std::string("fft.") + name;
  fft.def(
      name,
      [function, transform](py::handle x, py::handle s, py::handle axes, py::handle norm) {
        const strict::Array& a = array_arg(function, "x", x);
        auto lengths = ints_arg(function, "s", s, false);
        auto along = ints_arg(function, "axes", axes, false);
        const std::string scaling = norm_arg(function, norm);
        return wrap(
            transform(a, {.s = std::move(lengths), .axes = std::move(along), .norm = scaling}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("s") = py::none(),
      py::arg("axes") = py::none(), py::arg("norm") = "backward", doc);
}

// fftshift, ifftshift: (x, /, *, axes=None).
void def_shift(py::module_& fft, const char* name, Shift shift, const char* doc) {
  const std::string function = std::string("fft.") + name;
  fft.def(
      name,
      [function, shift](py::handle x, py::handle axes) {
        const strict::Array& a = array_arg(function, "x", x);
        return wrap(shift(a, {.axes = ints_arg(function, "axes", axes, true)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axes") = py::none(), doc);
}

// fftfreq, rfftfreq: (n, /, *, d=1.0, dtype=None, device=None).
void def_frequencies(py::module_& fft, const char* name, Frequencies frequencies, const char* doc) {
  const std::string function = std::string("fft.") + name;
  fft.def(
      name,
      [function, frequencies](py::handle n, py::handle d, py::handle dtype, py::handle device) {
        const std::int64_t count = int_arg(function, "n", n);
        const strict::fft::FrequencyOptions options{.d = real_number_arg(function, "d", d),
                                                    .dtype = dtype_arg(function, dtype),
                                                    .device = device_arg(function, device)};
        // The call site comes from strict's provider (the calling Python line).
        return wrap(frequencies(count, options, std::source_location::current()));
      },
      py::arg("n"), py::pos_only(), py::kw_only(), py::arg("d") = 1.0,
      py::arg("dtype") = py::none(), py::arg("device") = py::none(), doc);
}

}  // namespace

void bind_fft(py::module_& fft) {
  def_transform(fft, "fft", &strict::fft::fft, "The one-dimensional discrete Fourier transform.");
  def_transform(fft, "ifft", &strict::fft::ifft,
                "The one-dimensional inverse discrete Fourier transform.");
  def_transform_n(fft, "fftn", &strict::fft::fftn, "The n-dimensional discrete Fourier transform.");
  def_transform_n(fft, "ifftn", &strict::fft::ifftn,
                  "The n-dimensional inverse discrete Fourier transform.");
  def_transform(fft, "rfft", &strict::fft::rfft,
                "The one-dimensional discrete Fourier transform of a real signal.");
  def_transform(fft, "irfft", &strict::fft::irfft, "The inverse of rfft: a real signal.");
  def_transform_n(fft, "rfftn", &strict::fft::rfftn,
                  "The n-dimensional discrete Fourier transform of a real signal.");
  def_transform_n(fft, "irfftn", &strict::fft::irfftn, "The inverse of rfftn: a real signal.");
  def_transform(fft, "hfft", &strict::fft::hfft,
                "The discrete Fourier transform of a signal with Hermitian symmetry.");
  def_transform(fft, "ihfft", &strict::fft::ihfft, "The inverse of hfft.");
  def_frequencies(fft, "fftfreq", &strict::fft::fftfreq,
                  "The sample frequencies of fft: [0, 1, ..., -2, -1] / (d*n).");
  def_frequencies(fft, "rfftfreq", &strict::fft::rfftfreq,
                  "The sample frequencies of rfft: [0, 1, ..., n//2] / (d*n).");
  def_shift(fft, "fftshift", &strict::fft::fftshift,
            "x with the zero-frequency component moved to the centre.");
  def_shift(fft, "ifftshift", &strict::fft::ifftshift, "The inverse of fftshift.");
}

}  // namespace strict_xp
