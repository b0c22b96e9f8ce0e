// The element-wise functions of the standard: each strict call and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {
namespace {

using Unary = strict::Array (*)(const strict::Array&);
using Binary = strict::Array (*)(const strict::ArrayOrScalar&, const strict::ArrayOrScalar&);

}  // namespace

void add_elementwise(OperationTable& table) {
  const std::pair<const char*, Unary> unary[] = {
      {"abs", &strict::abs},           {"acos", &strict::acos},
      {"acosh", &strict::acosh},       {"asin", &strict::asin},
      {"asinh", &strict::asinh},       {"atan", &strict::atan},
      {"atanh", &strict::atanh},       {"bitwise_invert", &strict::bitwise_invert},
      {"ceil", &strict::ceil},         {"conj", &strict::conj},
      {"cos", &strict::cos},           {"cosh", &strict::cosh},
      {"exp", &strict::exp},           {"expm1", &strict::expm1},
      {"floor", &strict::floor},       {"imag", &strict::imag},
      {"isfinite", &strict::isfinite}, {"isinf", &strict::isinf},
      {"isnan", &strict::isnan},       {"log", &strict::log},
      {"log10", &strict::log10},       {"log1p", &strict::log1p},
      {"log2", &strict::log2},         {"logical_not", &strict::logical_not},
      {"negative", &strict::negative}, {"positive", &strict::positive},
      {"real", &strict::real},         {"reciprocal", &strict::reciprocal},
      {"round", &strict::round},       {"sign", &strict::sign},
      {"signbit", &strict::signbit},   {"sin", &strict::sin},
      {"sinh", &strict::sinh},         {"sqrt", &strict::sqrt},
      {"square", &strict::square},     {"tan", &strict::tan},
      {"tanh", &strict::tanh},         {"trunc", &strict::trunc},
  };
  for (const auto& [name, function] : unary) {
    table.add(
        name, [function](const Call& call) { return one(function(call.array("x"))); },
        [name](const CppCall& call) { return array_text(function_call(name, {call.array("x")})); });
  }

  const std::pair<const char*, Binary> binary[] = {
      {"add", &strict::add},
      {"atan2", &strict::atan2},
      {"bitwise_and", &strict::bitwise_and},
      {"bitwise_left_shift", &strict::bitwise_left_shift},
      {"bitwise_or", &strict::bitwise_or},
      {"bitwise_right_shift", &strict::bitwise_right_shift},
      {"bitwise_xor", &strict::bitwise_xor},
      {"copysign", &strict::copysign},
      {"divide", &strict::divide},
      {"equal", &strict::equal},
      {"floor_divide", &strict::floor_divide},
      {"greater", &strict::greater},
      {"greater_equal", &strict::greater_equal},
      {"hypot", &strict::hypot},
      {"less", &strict::less},
      {"less_equal", &strict::less_equal},
      {"logaddexp", &strict::logaddexp},
      {"logical_and", &strict::logical_and},
      {"logical_or", &strict::logical_or},
      {"logical_xor", &strict::logical_xor},
      {"maximum", &strict::maximum},
      {"minimum", &strict::minimum},
      {"multiply", &strict::multiply},
      {"nextafter", &strict::nextafter},
      {"not_equal", &strict::not_equal},
      {"pow", &strict::pow},
      {"remainder", &strict::remainder},
      {"subtract", &strict::subtract},
  };
  for (const auto& [name, function] : binary) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.operand("x1"), call.operand("x2")));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.operand("x1"), call.operand("x2")}));
        });
  }

  table.add(
      "clip",
      [](const Call& call) {
        return one(strict::clip(call.array("x"), call.optional_operand("min"),
                                call.optional_operand("max")));
      },
      [](const CppCall& call) {
        const auto min = call.optional_operand("min");
        const auto max = call.optional_operand("max");
        return array_text(function_call(
            "clip", {call.array("x"), min || max ? or_nullopt(min) : "", max.value_or("")}));
      });
  table.add(
      "where",
      [](const Call& call) {
        return one(strict::where(call.array("condition"), call.operand("x1"), call.operand("x2")));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "where", {call.array("condition"), call.operand("x1"), call.operand("x2")}));
      });
}

}  // namespace conformance::strict_internal
