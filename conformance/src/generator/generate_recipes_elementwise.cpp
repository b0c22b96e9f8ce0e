// Elementwise knowledge: which operand values make a call raise (integer division by 0, negative
// integer exponents and shifts), which dtypes give a portable result, and the recipes of the
// elementwise calls the generic path cannot write: in-place operators, where and clip.
#include <array>
#include <string>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

bool is_one_of(std::string_view op, std::initializer_list<std::string_view> names) {
  for (auto name : names)
    if (op == name) return true;
  return false;
}

// In-place operators: "An in-place operation must not change the data type or shape of the
// in-place array" (array_object.rst), so `other` has self's dtype and shape, is 0-d, or is a
// Python scalar of a kind that fits self's dtype.
Program in_place(CallBuilder& b) {
  const auto& op = b.op();
  const auto& self = op.arrays.at(0);
  const auto& other = op.arrays.at(1);
  const std::vector<std::string_view> categories{operand_category(op.name, self),
                                                 operand_category(op.name, other)};
  const ZeroD zero_d = b.options().zero_d;
  const bool scalar = b.options().python_scalars && !b.mixed() && coin(25);
  b.place(scalar ? 1 : 2, categories);
  const std::string dtype = b.pick_dtype(categories);
  const Shape shape = draw_shape(zero_d == ZeroD::sometimes ? 0 : 1);
  const StepRef target = b.add_input(0, shape, dtype, operand_domain(op.name, 0));
  const Domain domain = operand_domain(op.name, 1);
  if (scalar) return b.finish({target, b.scalar_for(dtype, domain)});
  const bool other_0d = zero_d == ZeroD::one_operand || (zero_d == ZeroD::sometimes && coin(25));
  const StepRef value = b.add_input(1, other_0d ? Shape{} : shape, dtype, domain);
  return b.finish({target, value});
}

// where(condition, x1, x2): a bool condition; x1 and x2 of one dtype, one of them perhaps a
// Python scalar ("At least one of x1 and x2 must be an array"); shapes equal or 0-d.
Program where(CallBuilder& b) {
  const ZeroD zero_d = b.options().zero_d;
  const int scalar = b.scalar_allowed(1) && coin(25) ? 1 + draw_index(2) : 0;
  const int arrays = scalar != 0 ? 2 : 3;
  b.place(arrays, {"boolean"});
  const std::string dtype = b.pick_dtype({"any"});
  const Shape shape = draw_shape(zero_d == ZeroD::sometimes ? 0 : 1);
  const int only_0d = zero_d == ZeroD::one_operand ? draw_index(arrays) : -1;
  const auto operand_shape = [&](int input) {
    if (zero_d == ZeroD::sometimes) return coin(20) ? Shape{} : shape;
    return input == only_0d ? Shape{} : shape;
  };
  std::vector<Value> args;
  args.push_back(b.add_input(0, operand_shape(0), "bool"));
  int input = 1;
  for (int i = 1; i <= 2; ++i) {
    if (scalar == i) {
      args.push_back(b.scalar_for(dtype));
    } else {
      args.push_back(b.add_input(input, operand_shape(input), dtype));
      ++input;
    }
  }
  return b.finish(std::move(args));
}

// clip(x, min=, max=): each bound left out, a Python scalar, or an array of x's dtype whose shape
// is x's or 0-d (the result keeps x's shape). Mixed placement needs an array bound.
Program clip(CallBuilder& b) {
  enum Bound { omitted, scalar, array };
  std::array<Bound, 2> bounds{};
  for (auto& bound : bounds) {
    const int choice = draw_index(3);
    bound = choice == 0 ? omitted : choice == 1 ? scalar : array;
    if (bound == scalar && !b.options().python_scalars) bound = array;
  }
  if (b.mixed() && bounds[0] != array && bounds[1] != array) bounds[draw_index(2)] = array;
  const int arrays = 1 + (bounds[0] == array) + (bounds[1] == array);
  const ZeroD zero_d = b.options().zero_d;
  b.place(arrays, {"real numeric"});
  const std::string dtype = b.pick_dtype({"real numeric"});
  const Shape shape = draw_shape(zero_d == ZeroD::sometimes ? 0 : 1);
  // x keeps the result's shape, so the one 0-d operand is a bound.
  const int only_0d = zero_d == ZeroD::one_operand && arrays > 1 ? 1 + draw_index(arrays - 1) : -1;
  const auto bound_shape = [&](int input) {
    if (zero_d == ZeroD::sometimes) return coin(30) ? Shape{} : shape;
    return input == only_0d ? Shape{} : shape;
  };
  const StepRef x = b.add_input(0, shape, dtype);
  std::vector<Keyword> kwargs;
  int input = 1;
  const std::array<std::string, 2> names{"min", "max"};
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    if (bounds[i] == scalar)
      kwargs.push_back(Keyword{.name = names[i], .value = b.scalar_for(dtype)});
    if (bounds[i] == array) {
      kwargs.push_back(
          Keyword{.name = names[i], .value = b.add_input(input, bound_shape(input), dtype)});
      ++input;
    }
  }
  return b.finish({x}, std::move(kwargs));
}

}  // namespace

Domain operand_domain(std::string_view op, int parameter) {
  if (parameter != 1) return Domain::any;
  // Integer division by zero raises in some libraries (torch's ZeroDivisionError).
  if (is_one_of(op, {"floor_divide", "remainder", "divide", "array.__floordiv__", "array.__mod__",
                     "array.__truediv__"}))
    return Domain::non_zero;
  // "Integers to negative integer powers are not allowed" (NumPy); negative shifts are
  // implementation-defined.
  if (is_one_of(op, {"pow", "array.__pow__", "bitwise_left_shift", "bitwise_right_shift",
                     "array.__lshift__", "array.__rshift__"}))
    return Domain::non_negative;
  return Domain::any;
}

std::string_view operand_category(std::string_view op, const catalogue::ArrayParameter& parameter) {
  // True division of integers has an implementation-defined result dtype (elementwise_functions
  // divide: "If one or both of the input arrays have integer data types, the result is
  // implementation-dependent"), and strict rejects it: floating operands only.
  if (is_one_of(op, {"divide", "array.__truediv__"})) return "floating";
  return parameter.dtype_category;
}

void add_elementwise_recipes(RecipeTable& table) {
  for (const auto& [op, base] : catalogue::in_place_operators())
    if (op != "array.__imatmul__") table.emplace(op, in_place);
  table.emplace("where", where);
  table.emplace("clip", clip);
}

}  // namespace conformance::generate::detail
