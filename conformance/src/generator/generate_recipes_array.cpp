// Recipes of array members that need a particular self: the host conversions (__bool__, __int__,
// ...) of a 0-d array, `.T` of a matrix, and `to_device` with its positional device.
#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

// array_object.py: "self: zero-dimensional array instance". Each conversion gets only its own
// kind of dtype (bool for __bool__, floating for __float__/__complex__, integer for __int__ and
// __index__): later versions allow more, but 2021.12-era libraries (NumPy's array_api) raise
// "bool is only allowed on boolean arrays", and a raise here must be about devices, not dtypes.
Recipe zero_dimensional(std::string_view category) {
  return [category](CallBuilder& b) {
    const Input self = single_input(b, Shape{}, category);
    return b.finish({self.ref});
  };
}

// array.T: "The array instance must be two-dimensional".
Program transpose(CallBuilder& b) {
  const Input self = single_input(b, draw_shape(2, 2), "any");
  return b.finish({self.ref});
}

// to_device(device, /, stream=None): the device is positional: drawn, or invalid when the
// options ask for an invalid device. self's dtype is one the target holds.
Program to_device(CallBuilder& b) {
  b.place(1, {"any"}, /*needs_target=*/true);
  const std::string dtype = b.pick_dtype({"any"});
  const StepRef self = b.add_input(0, draw_shape(0), dtype);
  return b.finish({self, b.target().value_or(Value{DeviceIndex{b.device(0)}})});
}

}  // namespace

void add_array_recipes(RecipeTable& table) {
  table.emplace("array.__bool__", zero_dimensional("boolean"));
  table.emplace("array.__complex__", zero_dimensional("floating"));
  table.emplace("array.__float__", zero_dimensional("real floating"));
  table.emplace("array.__int__", zero_dimensional("integer"));
  table.emplace("array.__index__", zero_dimensional("integer"));
  table.emplace("array.T", transpose);
  table.emplace("array.to_device", to_device);
}

}  // namespace conformance::generate::detail
