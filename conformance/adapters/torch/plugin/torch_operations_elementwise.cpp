// Element-wise functions, Python's operators and the in-place operators, over ATen: each call
// and its C++ text.
#include <fmt/format.h>

#include <tuple>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

using Unary = at::Tensor (*)(const at::Tensor&);
using Binary = at::Tensor (*)(const at::Tensor&, const at::Tensor&);
using InPlace = void (*)(at::Tensor&, const at::Tensor&);

void add_functions(OperationTable& table) {
  const std::pair<const char*, Unary> unary[] = {
      {"abs", [](const at::Tensor& x) { return at::abs(x); }},
      {"acos", [](const at::Tensor& x) { return at::acos(x); }},
      {"acosh", [](const at::Tensor& x) { return at::acosh(x); }},
      {"asin", [](const at::Tensor& x) { return at::asin(x); }},
      {"asinh", [](const at::Tensor& x) { return at::asinh(x); }},
      {"atan", [](const at::Tensor& x) { return at::atan(x); }},
      {"atanh", [](const at::Tensor& x) { return at::atanh(x); }},
      {"bitwise_invert", [](const at::Tensor& x) { return at::bitwise_not(x); }},
      {"ceil", [](const at::Tensor& x) { return at::ceil(x); }},
      {"conj", [](const at::Tensor& x) { return at::conj(x); }},
      {"cos", [](const at::Tensor& x) { return at::cos(x); }},
      {"cosh", [](const at::Tensor& x) { return at::cosh(x); }},
      {"exp", [](const at::Tensor& x) { return at::exp(x); }},
      {"expm1", [](const at::Tensor& x) { return at::expm1(x); }},
      {"floor", [](const at::Tensor& x) { return at::floor(x); }},
      {"imag", [](const at::Tensor& x) { return at::imag(x); }},
      {"isfinite", [](const at::Tensor& x) { return at::isfinite(x); }},
      {"isinf", [](const at::Tensor& x) { return at::isinf(x); }},
      {"isnan", [](const at::Tensor& x) { return at::isnan(x); }},
      {"log", [](const at::Tensor& x) { return at::log(x); }},
      {"log10", [](const at::Tensor& x) { return at::log10(x); }},
      {"log1p", [](const at::Tensor& x) { return at::log1p(x); }},
      {"log2", [](const at::Tensor& x) { return at::log2(x); }},
      {"logical_not", [](const at::Tensor& x) { return at::logical_not(x); }},
      {"negative", [](const at::Tensor& x) { return at::negative(x); }},
      {"positive", [](const at::Tensor& x) { return at::positive(x); }},
      {"real", [](const at::Tensor& x) { return at::real(x); }},
      {"reciprocal", [](const at::Tensor& x) { return at::reciprocal(x); }},
      {"round", [](const at::Tensor& x) { return at::round(x); }},
      {"sign", [](const at::Tensor& x) { return at::sign(x); }},
      {"signbit", [](const at::Tensor& x) { return at::signbit(x); }},
      {"sin", [](const at::Tensor& x) { return at::sin(x); }},
      {"sinh", [](const at::Tensor& x) { return at::sinh(x); }},
      {"sqrt", [](const at::Tensor& x) { return at::sqrt(x); }},
      {"square", [](const at::Tensor& x) { return at::square(x); }},
      {"tan", [](const at::Tensor& x) { return at::tan(x); }},
      {"tanh", [](const at::Tensor& x) { return at::tanh(x); }},
      {"trunc", [](const at::Tensor& x) { return at::trunc(x); }},
  };
  for (const auto& [name, function] : unary) {
    table.add(
        name, [function](const Call& call) { return one(function(call.tensor("x"))); },
        [name](const CppCall& call) {
          return tensor_text(fmt::format("at::{}({})", aten_name(name), call.tensor("x")));
        });
  }

  const std::pair<const char*, Binary> binary[] = {
      {"add", [](const at::Tensor& a, const at::Tensor& b) { return at::add(a, b); }},
      {"atan2", [](const at::Tensor& a, const at::Tensor& b) { return at::atan2(a, b); }},
      {"bitwise_and",
       [](const at::Tensor& a, const at::Tensor& b) { return at::bitwise_and(a, b); }},
      {"bitwise_left_shift",
       [](const at::Tensor& a, const at::Tensor& b) { return at::bitwise_left_shift(a, b); }},
      {"bitwise_or", [](const at::Tensor& a, const at::Tensor& b) { return at::bitwise_or(a, b); }},
      {"bitwise_right_shift",
       [](const at::Tensor& a, const at::Tensor& b) { return at::bitwise_right_shift(a, b); }},
      {"bitwise_xor",
       [](const at::Tensor& a, const at::Tensor& b) { return at::bitwise_xor(a, b); }},
      {"copysign", [](const at::Tensor& a, const at::Tensor& b) { return at::copysign(a, b); }},
      {"divide", [](const at::Tensor& a, const at::Tensor& b) { return at::divide(a, b); }},
      // at::equal is the whole-tensor comparison (one bool): the standard's equal is at::eq.
      {"equal", [](const at::Tensor& a, const at::Tensor& b) { return at::eq(a, b); }},
      {"floor_divide",
       [](const at::Tensor& a, const at::Tensor& b) { return at::floor_divide(a, b); }},
      {"greater", [](const at::Tensor& a, const at::Tensor& b) { return at::greater(a, b); }},
      {"greater_equal",
       [](const at::Tensor& a, const at::Tensor& b) { return at::greater_equal(a, b); }},
      {"hypot", [](const at::Tensor& a, const at::Tensor& b) { return at::hypot(a, b); }},
      {"less", [](const at::Tensor& a, const at::Tensor& b) { return at::less(a, b); }},
      {"less_equal", [](const at::Tensor& a, const at::Tensor& b) { return at::less_equal(a, b); }},
      {"logaddexp", [](const at::Tensor& a, const at::Tensor& b) { return at::logaddexp(a, b); }},
      {"logical_and",
       [](const at::Tensor& a, const at::Tensor& b) { return at::logical_and(a, b); }},
      {"logical_or", [](const at::Tensor& a, const at::Tensor& b) { return at::logical_or(a, b); }},
      {"logical_xor",
       [](const at::Tensor& a, const at::Tensor& b) { return at::logical_xor(a, b); }},
      {"maximum", [](const at::Tensor& a, const at::Tensor& b) { return at::maximum(a, b); }},
      {"minimum", [](const at::Tensor& a, const at::Tensor& b) { return at::minimum(a, b); }},
      {"multiply", [](const at::Tensor& a, const at::Tensor& b) { return at::multiply(a, b); }},
      {"nextafter", [](const at::Tensor& a, const at::Tensor& b) { return at::nextafter(a, b); }},
      {"not_equal", [](const at::Tensor& a, const at::Tensor& b) { return at::not_equal(a, b); }},
      {"pow", [](const at::Tensor& a, const at::Tensor& b) { return at::pow(a, b); }},
      {"remainder", [](const at::Tensor& a, const at::Tensor& b) { return at::remainder(a, b); }},
      {"subtract", [](const at::Tensor& a, const at::Tensor& b) { return at::subtract(a, b); }},
  };
  for (const auto& [name, function] : binary) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.operand("x1"), call.operand("x2")));
        },
        [name](const CppCall& call) {
          return tensor_text(fmt::format("at::{}({}, {})", aten_name(name), call.operand("x1"),
                                         call.operand("x2")));
        });
  }

  table.add(
      "clip",
      [](const Call& call) {
        // Python scalar bounds take clamp's Scalar overload, as torch.clamp(x, min=0) does.
        const bool scalar_bounds = (!call.given("min") || call.is_scalar("min")) &&
                                   (!call.given("max") || call.is_scalar("max"));
        if (scalar_bounds)
          return one(at::clamp(call.tensor("x"), c10_optional(call.optional_scalar("min")),
                               c10_optional(call.optional_scalar("max"))));
        return one(at::clamp(call.tensor("x"), c10_optional(call.optional_operand("min")),
                             c10_optional(call.optional_operand("max"))));
      },
      adapter_support::not_spelled);
  table.add(
      "where",
      [](const Call& call) {
        return one(at::where(call.tensor("condition"), call.operand("x1"), call.operand("x2")));
      },
      [](const CppCall& call) {
        return tensor_text(fmt::format("at::where({}, {}, {})", call.tensor("condition"),
                                       call.operand("x1"), call.operand("x2")));
      });
}

// Python's operators as C++ spells them on at::Tensor where C++ has the operator; **, //, @,
// <<, >> and abs() have none (operator<< is for streams), so the function Python's operator
// calls.
void add_operators(OperationTable& table) {
  // Each with its C++ operator.
  const std::tuple<const char*, const char*, Binary> operators[] = {
      {"array.__add__", "+", [](const at::Tensor& a, const at::Tensor& b) { return a + b; }},
      {"array.__sub__", "-", [](const at::Tensor& a, const at::Tensor& b) { return a - b; }},
      {"array.__mul__", "*", [](const at::Tensor& a, const at::Tensor& b) { return a * b; }},
      {"array.__truediv__", "/", [](const at::Tensor& a, const at::Tensor& b) { return a / b; }},
      {"array.__mod__", "%", [](const at::Tensor& a, const at::Tensor& b) { return a % b; }},
      {"array.__and__", "&", [](const at::Tensor& a, const at::Tensor& b) { return a & b; }},
      {"array.__or__", "|", [](const at::Tensor& a, const at::Tensor& b) { return a | b; }},
      {"array.__xor__", "^", [](const at::Tensor& a, const at::Tensor& b) { return a ^ b; }},
      {"array.__eq__", "==", [](const at::Tensor& a, const at::Tensor& b) { return a == b; }},
      {"array.__ne__", "!=", [](const at::Tensor& a, const at::Tensor& b) { return a != b; }},
      {"array.__lt__", "<", [](const at::Tensor& a, const at::Tensor& b) { return a < b; }},
      {"array.__le__", "<=", [](const at::Tensor& a, const at::Tensor& b) { return a <= b; }},
      {"array.__gt__", ">", [](const at::Tensor& a, const at::Tensor& b) { return a > b; }},
      {"array.__ge__", ">=", [](const at::Tensor& a, const at::Tensor& b) { return a >= b; }},
  };
  for (const auto& [name, symbol, function] : operators) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.operand("self"), call.operand("other")));
        },
        [symbol](const CppCall& call) {
          return tensor_text(
              fmt::format("({} {} {})", call.operand("self"), symbol, call.operand("other")));
        });
  }
  // Each with its ATen function.
  const std::tuple<const char*, const char*, Binary> operator_functions[] = {
      {"array.__pow__", "pow",
       [](const at::Tensor& a, const at::Tensor& b) { return at::pow(a, b); }},
      {"array.__floordiv__", "floor_divide",
       [](const at::Tensor& a, const at::Tensor& b) { return at::floor_divide(a, b); }},
      {"array.__matmul__", "matmul",
       [](const at::Tensor& a, const at::Tensor& b) { return at::matmul(a, b); }},
      // For << and >> Python calls ATen's __lshift__/__rshift__, not bitwise_*_shift.
      {"array.__lshift__", "__lshift__",
       [](const at::Tensor& a, const at::Tensor& b) { return at::__lshift__(a, b); }},
      {"array.__rshift__", "__rshift__",
       [](const at::Tensor& a, const at::Tensor& b) { return at::__rshift__(a, b); }},
  };
  for (const auto& [name, aten, function] : operator_functions) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.operand("self"), call.operand("other")));
        },
        [aten](const CppCall& call) {
          return tensor_text(
              fmt::format("at::{}({}, {})", aten, call.operand("self"), call.operand("other")));
        });
  }
  // Each with its C++ text, {} for self.
  const std::tuple<const char*, const char*, Unary> unary[] = {
      {"array.__abs__", "at::abs({})", [](const at::Tensor& x) { return at::abs(x); }},
      {"array.__neg__", "-{}", [](const at::Tensor& x) { return -x; }},
      {"array.__pos__", "at::positive({})", [](const at::Tensor& x) { return at::positive(x); }},
      {"array.__invert__", "~{}", [](const at::Tensor& x) { return ~x; }},
  };
  for (const auto& [name, text, function] : unary) {
    table.add(
        name, [function](const Call& call) { return one(function(call.tensor("self"))); },
        [text](const CppCall& call) {
          return tensor_text(fmt::format(fmt::runtime(text), call.tensor("self")));
        });
  }

  // In place, as Tensor's underscore methods (which Python's x += y calls too), each with the
  // method's name. There is no in-place matmul in ATen, so array.__imatmul__ is left unmapped.
  const std::tuple<const char*, const char*, InPlace> in_place[] = {
      {"array.__iadd__", "add_", [](at::Tensor& x, const at::Tensor& y) { x.add_(y); }},
      {"array.__isub__", "sub_", [](at::Tensor& x, const at::Tensor& y) { x.sub_(y); }},
      {"array.__imul__", "mul_", [](at::Tensor& x, const at::Tensor& y) { x.mul_(y); }},
      {"array.__itruediv__", "div_", [](at::Tensor& x, const at::Tensor& y) { x.div_(y); }},
      {"array.__ifloordiv__", "floor_divide_",
       [](at::Tensor& x, const at::Tensor& y) { x.floor_divide_(y); }},
      {"array.__ipow__", "pow_", [](at::Tensor& x, const at::Tensor& y) { x.pow_(y); }},
      {"array.__imod__", "remainder_", [](at::Tensor& x, const at::Tensor& y) { x.remainder_(y); }},
      {"array.__iand__", "bitwise_and_",
       [](at::Tensor& x, const at::Tensor& y) { x.bitwise_and_(y); }},
      {"array.__ior__", "bitwise_or_",
       [](at::Tensor& x, const at::Tensor& y) { x.bitwise_or_(y); }},
      {"array.__ixor__", "bitwise_xor_",
       [](at::Tensor& x, const at::Tensor& y) { x.bitwise_xor_(y); }},
      {"array.__ilshift__", "__ilshift__",
       [](at::Tensor& x, const at::Tensor& y) { x.__ilshift__(y); }},
      {"array.__irshift__", "__irshift__",
       [](at::Tensor& x, const at::Tensor& y) { x.__irshift__(y); }},
  };
  for (const auto& [name, method, function] : in_place) {
    table.add(
        name,
        [function](const Call& call) {
          at::Tensor& target =
              call.tensor("self");  // the stored tensor: later steps see the change
          function(target, call.operand("other"));
          return one(target);
        },
        [method](const CppCall& call) {
          return CppExpression{
              .result = CppResult::in_place,
              .text = fmt::format("{}.{}({})", call.tensor("self"), method, call.operand("other"))};
        });
  }
}

}  // namespace

void add_elementwise_operations(OperationTable& table) {
  add_functions(table);
  add_operators(table);
}

}  // namespace conformance::torch_internal
