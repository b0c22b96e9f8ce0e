// Recipes of the manipulation functions: each knows which shapes and axis arguments make a valid
// call (reshape keeps the size, squeeze names a dimension of size 1, concat matches every
// dimension but the axis, ...).
#include <algorithm>
#include <string>
#include <utility>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

std::int64_t normalised(std::int64_t axis, std::int64_t ndim) {
  return axis < 0 ? axis + ndim : axis;
}

// `axis=` sometimes: an int, or (when tuples are allowed) distinct axes. ndim 0: never.
void maybe_axis(const Shape& shape, bool tuples, std::vector<Keyword>& kwargs) {
  const std::int64_t ndim = ndim_of(shape);
  if (ndim == 0 || !coin(50)) return;
  if (tuples && coin(30)) {
    kwargs.push_back(Keyword{.name = "axis", .value = IntTuple{draw_axes(ndim)}});
  } else {
    kwargs.push_back(Keyword{.name = "axis", .value = draw_axis(ndim)});
  }
}

// A shape holding `count` elements: some factorisation of it, or with a 0 when count is 0.
Shape shape_of_size(std::int64_t count) {
  Shape shape;
  if (count == 0) {
    shape = draw_shape(1);
    shape[static_cast<std::size_t>(draw_index(static_cast<int>(shape.size())))] = 0;
    return shape;
  }
  const int ndim = draw_index(4);
  std::int64_t left = count;
  for (int i = 0; i + 1 < ndim; ++i) {
    std::vector<std::int64_t> divisors;
    for (std::int64_t d = 1; d <= left; ++d)
      if (left % d == 0) divisors.push_back(d);
    const std::int64_t d =
        divisors[static_cast<std::size_t>(draw_index(static_cast<int>(divisors.size())))];
    shape.push_back(d);
    left /= d;
  }
  if (ndim > 0 || left != 1) shape.push_back(left);
  return shape;
}

Program reshape(CallBuilder& b) {
  const Shape shape = draw_shape(0);
  const Input x = single_input(b, shape, "any");
  Shape target = shape_of_size(element_count(shape));
  // -1 infers a dimension; with no elements it is ambiguous.
  if (element_count(shape) > 0 && !target.empty() && coin(25))
    target[static_cast<std::size_t>(draw_index(static_cast<int>(target.size())))] = -1;
  return b.finish({x.ref, IntTuple{target}});
}

// squeeze(x, axis): every axis named has size 1.
Program squeeze(CallBuilder& b) {
  Shape shape = draw_shape(1);
  const std::int64_t ndim = ndim_of(shape);
  const auto chosen = static_cast<std::int64_t>(draw_index(static_cast<int>(ndim)));
  shape[static_cast<std::size_t>(chosen)] = 1;
  const Input x = single_input(b, shape, "any");
  if (coin(30)) {
    std::vector<std::int64_t> axes;
    for (std::int64_t axis = 0; axis < ndim; ++axis)
      if (axis == chosen || (shape[static_cast<std::size_t>(axis)] == 1 && coin(50)))
        axes.push_back(axis);
    return b.finish({x.ref, IntTuple{axes}});
  }
  return b.finish({x.ref, coin(30) ? chosen - ndim : chosen});
}

// expand_dims(x, axis): axis in [-ndim-1, ndim], by name (NumPy's array_api and 2021.12-era
// libraries take it keyword-only).
Program expand_dims(CallBuilder& b) {
  const Shape shape = draw_shape(0, 2);
  const Input x = single_input(b, shape, "any");
  return b.finish({x.ref}, {Keyword{.name = "axis", .value = draw_axis(ndim_of(shape) + 1)}});
}

Program moveaxis(CallBuilder& b) {
  const Shape shape = draw_shape(1);
  const Input x = single_input(b, shape, "any");
  const std::int64_t source = draw_axis(ndim_of(shape));
  return b.finish({x.ref, source, draw_axis(ndim_of(shape))});
}

Program permute_dims(CallBuilder& b) {
  const Shape shape = draw_shape(0);
  const Input x = single_input(b, shape, "any");
  std::vector<std::int64_t> axes(shape.size());
  for (std::size_t i = 0; i < axes.size(); ++i)
    axes[i] = static_cast<std::int64_t>(i);
  for (std::size_t i = 0; i + 1 < axes.size(); ++i)
    std::swap(axes[i],
              axes[i + static_cast<std::size_t>(draw_index(static_cast<int>(axes.size() - i)))]);
  return b.finish({x.ref, IntTuple{axes}});
}

Program flip(CallBuilder& b) {
  const Shape shape = draw_shape(0);
  const Input x = single_input(b, shape, "any");
  std::vector<Keyword> kwargs;
  maybe_axis(shape, true, kwargs);
  return b.finish({x.ref}, std::move(kwargs));
}

// roll(x, shift, axis=): an int shift applies to every axis named.
Program roll(CallBuilder& b) {
  const Shape shape = draw_shape(0);
  const Input x = single_input(b, shape, "any");
  std::vector<Keyword> kwargs;
  maybe_axis(shape, true, kwargs);
  return b.finish({x.ref, draw_small_integer(Domain::any, true)}, std::move(kwargs));
}

// repeat(x, repeats, /, axis=None): repeats an int or a 1-d integer array that broadcasts to
// the length repeated (the flattened size when axis is None). Mixed placement: an array.
Program repeat(CallBuilder& b) {
  const bool array = b.mixed() || coin(50);
  const Shape shape = draw_shape(b.least_ndim());
  std::vector<Keyword> kwargs;
  std::int64_t length = element_count(shape);
  if (!shape.empty() && coin(50)) {
    const std::int64_t axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
    length = shape[static_cast<std::size_t>(normalised(axis, ndim_of(shape)))];
  }
  b.place(array ? 2 : 1, {kIndexCategory});
  const StepRef x = b.add_input(0, shape, b.pick_dtype({"any"}));
  if (!array)
    return b.finish({x, draw_small_integer(Domain::non_negative, false)}, std::move(kwargs));
  const std::int64_t count = (length >= 1 && coin(70)) ? length : 1;
  const StepRef repeats =
      b.add_input(1, Shape{count}, b.pick_dtype({kIndexCategory}), Domain::non_negative);
  return b.finish({x, repeats}, std::move(kwargs));
}

Program tile(CallBuilder& b) {
  const Input x = single_input(b, draw_shape(0), "any");
  std::vector<std::int64_t> repetitions;
  const int length = 1 + draw_index(3);
  for (int i = 0; i < length; ++i)
    repetitions.push_back(draw_dim(0, 2));
  return b.finish({x.ref, IntTuple{repetitions}});
}

// broadcast_to(x, shape): leading dimensions added, dimensions of size 1 stretched.
Program broadcast_to(CallBuilder& b) {
  const Shape shape = draw_shape(0, 2);
  const Input x = single_input(b, shape, "any");
  Shape target = draw_shape(0, 1);
  for (const auto dim : shape)
    target.push_back(dim == 1 ? draw_dim(0, 3) : dim);
  return b.finish({x.ref, IntTuple{target}});
}

// A shape that broadcasts with `base` to `base`: base itself, 0-d, a suffix, or base with some
// dimensions set to 1.
Shape broadcastable_to(const Shape& base, int least_ndim) {
  switch (draw_index(4)) {
    case 1:
      return least_ndim == 0 ? Shape{} : Shape{1};
    case 2:
      return Shape(base.begin() + draw_index(static_cast<int>(base.size()) - least_ndim + 1),
                   base.end());
    case 3: {
      Shape shape = base;
      for (auto& dim : shape)
        if (coin(50)) dim = 1;
      return shape;
    }
    default:
      return base;
  }
}

// How many arrays a sequence argument holds: 1..3, and at least two for mixed placement.
int sequence_length(const CallBuilder& b) {
  return b.mixed() ? 2 + draw_index(2) : 1 + draw_index(3);
}

Program broadcast_arrays(CallBuilder& b) {
  const int count = sequence_length(b);
  b.place(count, {"any"});
  const std::string dtype = b.pick_dtype({"any"});
  const Shape base = draw_shape(b.least_ndim());
  RefList arrays;
  for (int i = 0; i < count; ++i)
    arrays.refs.push_back(b.add_input(i, broadcastable_to(base, b.least_ndim()), dtype));
  return b.finish({arrays});
}

// concat(arrays, /, axis=0): equal shapes but along the axis; axis=None flattens any shapes.
Program concat(CallBuilder& b) {
  const int count = sequence_length(b);
  b.place(count, {"any"});
  const std::string dtype = b.pick_dtype({"any"});
  const Shape shape = draw_shape(1);
  std::vector<Keyword> kwargs;
  const bool flatten = coin(15);
  std::int64_t axis = 0;
  if (flatten) {
    kwargs.push_back(Keyword{.name = "axis", .value = std::monostate{}});
  } else if (coin(50)) {
    axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
  }
  RefList arrays;
  for (int i = 0; i < count; ++i) {
    Shape own = flatten ? draw_shape(1) : shape;
    if (!flatten) own[static_cast<std::size_t>(normalised(axis, ndim_of(shape)))] = draw_dim(0, 3);
    arrays.refs.push_back(b.add_input(i, own, dtype));
  }
  return b.finish({arrays}, std::move(kwargs));
}

// stack(arrays, /, axis=0): equal shapes; axis in [-ndim-1, ndim].
Program stack(CallBuilder& b) {
  const int count = sequence_length(b);
  b.place(count, {"any"});
  const std::string dtype = b.pick_dtype({"any"});
  const Shape shape = draw_shape(b.least_ndim(), 2);
  std::vector<Keyword> kwargs;
  if (coin(50)) kwargs.push_back(Keyword{.name = "axis", .value = draw_axis(ndim_of(shape) + 1)});
  RefList arrays;
  for (int i = 0; i < count; ++i)
    arrays.refs.push_back(b.add_input(i, shape, dtype));
  return b.finish({arrays}, std::move(kwargs));
}

Program unstack(CallBuilder& b) {
  // The split axis is never empty: unstack would then return no array, leaving the device rule
  // nothing to judge. Empty inputs still come up along the other axes.
  Shape shape = draw_shape(1);
  std::vector<Keyword> kwargs;
  std::int64_t axis = 0;
  if (coin(50)) {
    axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
  }
  auto& split = shape[position(axis, shape)];
  split = std::max<std::int64_t>(split, 1);
  const Input x = single_input(b, shape, "any");
  return b.finish({x.ref}, std::move(kwargs));
}

// meshgrid(*arrays, indexing=): one-dimensional numeric arrays of one dtype.
Program meshgrid(CallBuilder& b) {
  const int count = sequence_length(b);
  b.place(count, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  RefList arrays;
  for (int i = 0; i < count; ++i)
    arrays.refs.push_back(b.add_input(i, draw_shape(1, 1), dtype));
  return b.finish({arrays});
}

}  // namespace

void add_manipulation_recipes(RecipeTable& table) {
  table.emplace("reshape", reshape);
  table.emplace("squeeze", squeeze);
  table.emplace("expand_dims", expand_dims);
  table.emplace("moveaxis", moveaxis);
  table.emplace("permute_dims", permute_dims);
  table.emplace("flip", flip);
  table.emplace("roll", roll);
  table.emplace("repeat", repeat);
  table.emplace("tile", tile);
  table.emplace("broadcast_to", broadcast_to);
  table.emplace("broadcast_arrays", broadcast_arrays);
  table.emplace("concat", concat);
  table.emplace("stack", stack);
  table.emplace("unstack", unstack);
  table.emplace("meshgrid", meshgrid);
}

}  // namespace conformance::generate::detail
