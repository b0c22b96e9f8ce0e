// Recipes of indexing: take and take_along_axis with integer indices in range, and the array's
// __getitem__/__setitem__ with a basic integer index, an index tuple, a boolean mask or an
// integer index array.
#include <string>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

// `count` indices in [0, extent), row-major for `shape` (count is its element count).
Data indices_below(std::int64_t extent, const Shape& shape) {
  std::vector<double> values;
  for (std::int64_t i = 0; i < element_count(shape); ++i)
    values.push_back(static_cast<double>(draw_index(static_cast<int>(extent))));
  return literal(shape, values);
}

// take(x, indices, /, axis=): one-dimensional indices in range; "if x has more than one
// dimension, providing an axis is required".
Program take(CallBuilder& b) {
  const Shape shape = draw_shape(1);
  std::vector<Keyword> kwargs;
  std::int64_t axis = 0;
  if (shape.size() > 1 || coin(50)) {
    axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
  }
  const std::int64_t extent = shape[position(axis, shape)];
  const Shape index_shape{extent == 0 ? 0 : draw_dim(0, 3)};
  b.place(2, {kIndexCategory});
  const StepRef x = b.add_input(0, shape, b.pick_dtype({"any"}));
  const StepRef indices =
      b.add_input(1, indices_below(extent, index_shape), b.pick_dtype({kIndexCategory}));
  return b.finish({x, indices}, std::move(kwargs));
}

// take_along_axis(x, indices, /, axis=-1): indices of x's rank, x's shape but along the axis.
Program take_along_axis(CallBuilder& b) {
  const Shape shape = draw_shape(1);
  std::vector<Keyword> kwargs;
  std::int64_t axis = -1;
  if (coin(50)) {
    axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
  }
  const std::int64_t extent = shape[position(axis, shape)];
  Shape index_shape = shape;
  index_shape[position(axis, shape)] = extent == 0 ? 0 : draw_dim(0, 3);
  b.place(2, {kIndexCategory});
  const StepRef x = b.add_input(0, shape, b.pick_dtype({"any"}));
  const StepRef indices =
      b.add_input(1, indices_below(extent, index_shape), b.pick_dtype({kIndexCategory}));
  return b.finish({x, indices}, std::move(kwargs));
}

enum class Key { integer, tuple, empty_tuple, mask, index_array };

// A key and self's shape. Keys index every dimension, the form every version of the standard
// and NumPy's array_api accept ("the number of provided single-axis indexing expressions should
// equal N"): an integer for a one-dimensional self, a tuple of one integer per dimension (the
// empty tuple for a 0-d self), a mask of self's shape, or an integer index array (2024.12) for a
// one-dimensional self. Integer keys need non-empty dimensions.
struct Indexing {
  Key key = Key::empty_tuple;
  Shape shape{};
};

Indexing draw_indexing(bool array_key) {
  const Key key =
      array_key ? (coin(50) ? Key::mask : Key::index_array) : static_cast<Key>(draw_index(5));
  switch (key) {
    case Key::integer:
      return {key, draw_shape(1, 1, 1)};
    case Key::tuple:
      return {key, draw_shape(0, 3, 1)};
    case Key::mask:
      return {key, draw_shape(1)};
    case Key::index_array:
      return {key, draw_shape(1, 1)};
    case Key::empty_tuple:
      break;
  }
  return {key, Shape{}};
}

bool is_array_key(Key key) {
  return key == Key::mask || key == Key::index_array;
}

// The key value; array keys are built as input `input`.
Value key_value(CallBuilder& b, const Indexing& indexing, int input) {
  const Shape& shape = indexing.shape;
  switch (indexing.key) {
    case Key::integer:
      return draw_axis(shape[0]);  // in [-extent, extent)
    case Key::tuple: {
      std::vector<std::int64_t> index;
      for (const auto extent : shape)
        index.push_back(draw_axis(extent));
      return IntTuple{index};
    }
    case Key::mask:
      return b.add_input(input, shape, "bool");
    case Key::index_array: {
      const Shape index_shape{shape[0] == 0 ? 0 : draw_dim(0, 3)};
      return b.add_input(input, indices_below(shape[0], index_shape),
                         b.pick_dtype({kIndexCategory}));
    }
    case Key::empty_tuple:
      break;
  }
  return IntTuple{};
}

std::string_view key_category(Key key) {
  return key == Key::mask ? "boolean" : kIndexCategory;
}

Program getitem(CallBuilder& b) {
  const Indexing indexing = draw_indexing(b.mixed());
  const bool array_key = is_array_key(indexing.key);
  b.place(array_key ? 2 : 1, {key_category(indexing.key)});
  const StepRef self = b.add_input(0, indexing.shape, b.pick_dtype({"any"}));
  return b.finish({self, key_value(b, indexing, 1)});
}

// __setitem__(key, value): value a Python scalar or a 0-d array of self's dtype (it broadcasts
// to any selection). Mixed placement needs the key or the value to be an array. Without 0-d
// operands the value is (1,), which broadcasts to the one-dimensional selection of an array key.
Program setitem(CallBuilder& b) {
  const bool no_0d = b.least_ndim() > 0;
  const Indexing indexing = draw_indexing(no_0d || (b.mixed() && coin(50)));
  const bool array_key = is_array_key(indexing.key);
  const bool array_value = !b.options().python_scalars || coin(50) || (b.mixed() && !array_key);
  b.place(1 + array_key + array_value, {key_category(indexing.key)});
  const std::string dtype = b.pick_dtype({"any"});
  const StepRef self = b.add_input(0, indexing.shape, dtype);
  const Value key = key_value(b, indexing, 1);
  const Value value = array_value
                          ? Value{b.add_input(array_key ? 2 : 1, no_0d ? Shape{1} : Shape{}, dtype)}
                          : b.scalar_for(dtype);
  return b.finish({self, key, value});
}

}  // namespace

void add_indexing_recipes(RecipeTable& table) {
  table.emplace("take", take);
  table.emplace("take_along_axis", take_along_axis);
  table.emplace("array.__getitem__", getitem);
  table.emplace("array.__setitem__", setitem);
}

}  // namespace conformance::generate::detail
