// The array operators (binary, reflected, in-place, comparison): each strict call, or C++'s
// operator, and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {
namespace {

using Binary = strict::Array (*)(const strict::ArrayOrScalar&, const strict::ArrayOrScalar&);
using Operand = strict::ArrayOrScalar;

// A binary operator with an array or Python scalar on either side ("2 + x" is x.__radd__(2)).
template <class Op>
strict::Array apply_operator(const Operand& a, const Operand& b, Op op, Binary function) {
  if (a.is_array() && b.is_array()) return op(a.array(), b.array());
  if (a.is_array()) return op(a.array(), b.scalar());
  if (b.is_array()) return op(a.scalar(), b.array());
  // Two Python scalars: C++ has no such operator, so strict's function says what is wrong.
  return function(a, b);
}

// A binary operator, spelled with C++'s operator `symbol`, or for two Python scalars with
// strict's function of the same meaning.
template <class Op>
void add_binary_operator(OperationTable& table, const char* name, const char* symbol, Op op,
                         const char* function_name, Binary function) {
  table.add(
      name,
      [op, function](const Call& call) {
        return one(apply_operator(call.operand("self"), call.operand("other"), op, function));
      },
      [symbol, function_name](const CppCall& call) {
        const std::string self = call.operand("self");
        const std::string other = call.operand("other");
        if (!call.is_array("self") && !call.is_array("other"))
          return array_text(function_call(function_name, {self, other}));
        return array_text(fmt::format("{} {} {}", self, symbol, other));
      });
}

// An in-place operator: it changes the stored array, so later steps see the change.
template <class Op>
void add_in_place_operator(OperationTable& table, const char* name, Op op,
                           std::function<std::string(const CppCall&)> spell) {
  table.add(
      name,
      [op](const Call& call) {
        strict::Array& target = call.array("self");
        op(target, call.operand("other"));
        return one(target);
      },
      [spell](const CppCall& call) {
        return CppExpression{.result = CppResult::in_place, .text = spell(call)};
      });
}

// "x0 += x1": the in-place form of C++'s operator `symbol`.
std::function<std::string(const CppCall&)> compound_assignment(const char* symbol) {
  return [symbol](const CppCall& call) {
    return fmt::format("{} {}= {}", call.array("self"), symbol, call.operand("other"));
  };
}

// "strict::pow_in_place(x0, x1)": strict's named in-place function (operators.hpp).
std::function<std::string(const CppCall&)> in_place_function(const char* function_name) {
  return [function_name](const CppCall& call) {
    return function_call(function_name, {call.array("self"), call.operand("other")});
  };
}

}  // namespace

void add_operators(OperationTable& table) {
  auto plus = [](const auto& a, const auto& b) { return a + b; };
  auto minus = [](const auto& a, const auto& b) { return a - b; };
  auto times = [](const auto& a, const auto& b) { return a * b; };
  auto divides = [](const auto& a, const auto& b) { return a / b; };
  auto modulo = [](const auto& a, const auto& b) { return a % b; };
  auto bit_and = [](const auto& a, const auto& b) { return a & b; };
  auto bit_or = [](const auto& a, const auto& b) { return a | b; };
  auto bit_xor = [](const auto& a, const auto& b) { return a ^ b; };
  auto left_shift = [](const auto& a, const auto& b) { return a << b; };
  auto right_shift = [](const auto& a, const auto& b) { return a >> b; };
  add_binary_operator(table, "array.__add__", "+", plus, "add", &strict::add);
  add_binary_operator(table, "array.__sub__", "-", minus, "subtract", &strict::subtract);
  add_binary_operator(table, "array.__mul__", "*", times, "multiply", &strict::multiply);
  add_binary_operator(table, "array.__truediv__", "/", divides, "divide", &strict::divide);
  add_binary_operator(table, "array.__mod__", "%", modulo, "remainder", &strict::remainder);
  add_binary_operator(table, "array.__and__", "&", bit_and, "bitwise_and", &strict::bitwise_and);
  add_binary_operator(table, "array.__or__", "|", bit_or, "bitwise_or", &strict::bitwise_or);
  add_binary_operator(table, "array.__xor__", "^", bit_xor, "bitwise_xor", &strict::bitwise_xor);
  add_binary_operator(table, "array.__lshift__", "<<", left_shift, "bitwise_left_shift",
                      &strict::bitwise_left_shift);
  add_binary_operator(table, "array.__rshift__", ">>", right_shift, "bitwise_right_shift",
                      &strict::bitwise_right_shift);
  add_binary_operator(
      table, "array.__eq__", "==", [](const auto& a, const auto& b) { return a == b; }, "equal",
      &strict::equal);
  add_binary_operator(
      table, "array.__ne__", "!=", [](const auto& a, const auto& b) { return a != b; }, "not_equal",
      &strict::not_equal);
  add_binary_operator(
      table, "array.__lt__", "<", [](const auto& a, const auto& b) { return a < b; }, "less",
      &strict::less);
  add_binary_operator(
      table, "array.__le__", "<=", [](const auto& a, const auto& b) { return a <= b; },
      "less_equal", &strict::less_equal);
  add_binary_operator(
      table, "array.__gt__", ">", [](const auto& a, const auto& b) { return a > b; }, "greater",
      &strict::greater);
  add_binary_operator(
      table, "array.__ge__", ">=", [](const auto& a, const auto& b) { return a >= b; },
      "greater_equal", &strict::greater_equal);

  // Python operators that C++ lacks (**, //, @, abs()): strict spells them as functions.
  for (const auto& [name, function_name, function] :
       std::initializer_list<std::tuple<const char*, const char*, Binary>>{
           {"array.__pow__", "pow", &strict::pow},
           {"array.__floordiv__", "floor_divide", &strict::floor_divide}}) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.operand("self"), call.operand("other")));
        },
        [function_name](const CppCall& call) {
          return array_text(
              function_call(function_name, {call.operand("self"), call.operand("other")}));
        });
  }
  table.add(
      "array.__matmul__",
      [](const Call& call) { return one(strict::matmul(call.array("self"), call.array("other"))); },
      [](const CppCall& call) {
        return array_text(function_call("matmul", {call.array("self"), call.array("other")}));
      });
  table.add(
      "array.__abs__", [](const Call& call) { return one(strict::abs(call.array("self"))); },
      [](const CppCall& call) { return array_text(function_call("abs", {call.array("self")})); });
  table.add(
      "array.__neg__", [](const Call& call) { return one(-call.array("self")); },
      [](const CppCall& call) { return array_text(fmt::format("-{}", call.array("self"))); });
  table.add(
      "array.__pos__", [](const Call& call) { return one(+call.array("self")); },
      [](const CppCall& call) { return array_text(fmt::format("+{}", call.array("self"))); });
  table.add(
      "array.__invert__", [](const Call& call) { return one(~call.array("self")); },
      [](const CppCall& call) { return array_text(fmt::format("~{}", call.array("self"))); });

  using strict::Array;
  add_in_place_operator(
      table, "array.__iadd__", [](Array& x, const Operand& y) { x += y; },
      compound_assignment("+"));
  add_in_place_operator(
      table, "array.__isub__", [](Array& x, const Operand& y) { x -= y; },
      compound_assignment("-"));
  add_in_place_operator(
      table, "array.__imul__", [](Array& x, const Operand& y) { x *= y; },
      compound_assignment("*"));
  add_in_place_operator(
      table, "array.__itruediv__", [](Array& x, const Operand& y) { x /= y; },
      compound_assignment("/"));
  add_in_place_operator(
      table, "array.__imod__", [](Array& x, const Operand& y) { x %= y; },
      compound_assignment("%"));
  add_in_place_operator(
      table, "array.__iand__", [](Array& x, const Operand& y) { x &= y; },
      compound_assignment("&"));
  add_in_place_operator(
      table, "array.__ior__", [](Array& x, const Operand& y) { x |= y; }, compound_assignment("|"));
  add_in_place_operator(
      table, "array.__ixor__", [](Array& x, const Operand& y) { x ^= y; },
      compound_assignment("^"));
  add_in_place_operator(
      table, "array.__ilshift__", [](Array& x, const Operand& y) { x <<= y; },
      compound_assignment("<<"));
  add_in_place_operator(
      table, "array.__irshift__", [](Array& x, const Operand& y) { x >>= y; },
      compound_assignment(">>"));
  // **=, //= and @= have no C++ operator: strict spells them as functions.
  add_in_place_operator(
      table, "array.__ipow__", [](Array& x, const Operand& y) { strict::pow_in_place(x, y); },
      in_place_function("pow_in_place"));
  add_in_place_operator(
      table, "array.__ifloordiv__",
      [](Array& x, const Operand& y) { strict::floor_divide_in_place(x, y); },
      in_place_function("floor_divide_in_place"));
  table.add(
      "array.__imatmul__",
      [](const Call& call) {
        strict::Array& target = call.array("self");  // the stored array: later steps see the change
        strict::matmul_in_place(target, call.array("other"));
        return one(target);
      },
      [](const CppCall& call) {
        return CppExpression{
            .result = CppResult::in_place,
            .text = function_call("matmul_in_place", {call.array("self"), call.array("other")})};
      });
}

}  // namespace conformance::strict_internal
