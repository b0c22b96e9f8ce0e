// Recipes of the fft extension: transforms over non-empty axes (the inverse real transforms need
// two points along the last transformed axis to infer an output length), shifts, and the
// frequency helpers, which are creation functions.
#include <string>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

// Output length n = 2 * (m - 1) must be positive when n is left out.
bool needs_two_points(std::string_view op) {
  return op == "fft.irfft" || op == "fft.hfft" || op == "fft.irfftn";
}

// fft, ifft, rfft, irfft, hfft, ihfft: (x, n=, axis=-1, norm=).
Program one_axis(CallBuilder& b) {
  Shape shape = draw_shape(1, 3, 1);
  std::vector<Keyword> kwargs;
  std::int64_t axis = -1;
  if (coin(40)) {
    axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
  }
  if (coin(25)) {
    kwargs.push_back(Keyword{.name = "n", .value = draw_dim(1, 4)});
  } else if (needs_two_points(b.op().name)) {
    shape[position(axis, shape)] = draw_dim(2, 3);
  }
  const Input x = single_input(b, shape, b.op().arrays.at(0).dtype_category);
  return b.finish({x.ref}, std::move(kwargs));
}

// fftn, ifftn, rfftn, irfftn: (x, s=, axes=, norm=); s (one length per axis) only with axes.
Program many_axes(CallBuilder& b) {
  Shape shape = draw_shape(1, 3, 1);
  std::vector<Keyword> kwargs;
  std::vector<std::int64_t> axes;
  for (std::int64_t axis = 0; axis < ndim_of(shape); ++axis)
    axes.push_back(axis);
  if (coin(40)) {
    axes = draw_axes(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axes", .value = IntTuple{axes}});
    if (coin(30)) {
      std::vector<std::int64_t> lengths;
      for (std::size_t i = 0; i < axes.size(); ++i)
        lengths.push_back(draw_dim(1, 3));
      kwargs.insert(kwargs.begin(), Keyword{.name = "s", .value = IntTuple{lengths}});
    }
  }
  const bool has_lengths = !kwargs.empty() && kwargs.front().name == "s";
  if (needs_two_points(b.op().name) && !has_lengths)
    shape[static_cast<std::size_t>(axes.back())] = draw_dim(2, 3);
  const Input x = single_input(b, shape, b.op().arrays.at(0).dtype_category);
  return b.finish({x.ref}, std::move(kwargs));
}

// fftshift, ifftshift: (x, axes=) with an int or a tuple.
Program shift(CallBuilder& b) {
  const Shape shape = draw_shape(1);
  const Input x = single_input(b, shape, "floating");
  std::vector<Keyword> kwargs;
  if (coin(40)) {
    if (coin(50)) {
      kwargs.push_back(Keyword{.name = "axes", .value = draw_axis(ndim_of(shape))});
    } else {
      kwargs.push_back(Keyword{.name = "axes", .value = IntTuple{draw_axes(ndim_of(shape))}});
    }
  }
  return b.finish({x.ref}, std::move(kwargs));
}

// fftfreq, rfftfreq: (n, /, d=1.0, dtype=, device=), dtype a real floating one.
Program frequencies(CallBuilder& b) {
  b.place(0);
  const std::int64_t n = draw_dim(1, 4);
  std::vector<Keyword> kwargs;
  if (coin(30)) kwargs.push_back(Keyword{.name = "d", .value = coin(50) ? 0.5 : 2.0});
  if (coin(50))
    kwargs.push_back(Keyword{.name = "dtype", .value = DTypeName{b.pick_dtype({"real floating"})}});
  return b.finish({n}, std::move(kwargs));
}

}  // namespace

void add_fft_recipes(RecipeTable& table) {
  for (const char* op : {"fft.fft", "fft.ifft", "fft.rfft", "fft.irfft", "fft.hfft", "fft.ihfft"})
    table.emplace(op, one_axis);
  for (const char* op : {"fft.fftn", "fft.ifftn", "fft.rfftn", "fft.irfftn"})
    table.emplace(op, many_axes);
  table.emplace("fft.fftshift", shift);
  table.emplace("fft.ifftshift", shift);
  table.emplace("fft.fftfreq", frequencies);
  table.emplace("fft.rfftfreq", frequencies);
}

}  // namespace conformance::generate::detail
