// strict's operation table: each operation's strict call, read by the catalogue's parameter names
// (so positional and keyword forms both work), beside the C++ text a reproduction writes for it.
// Here: element-wise functions, operators, creation, statistical, joining, inspection, array
// members and the harness's steps; manipulation, searching and sorting, indexing and members,
// linalg and fft fill the rest of the table, each from its own strict_operations_<group>.cpp.
#include "strict_operations.hpp"

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
using Operand = strict::ArrayOrScalar;

nlohmann::json dtype_names(const std::vector<strict::DType>& dtypes) {
  nlohmann::json names = nlohmann::json::array();
  for (strict::DType dtype : dtypes)
    names.push_back(std::string(strict::name(dtype)));
  return names;
}

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

// dtype= and device=, the creation functions' options, as C++ text.
std::string creation_options(const CppCall& call) {
  return designated({{"dtype", call.dtype()}, {"device", call.device()}});
}

void add_creation(OperationTable& table) {
  using Shaped =
      strict::Array (*)(const strict::Shape&, strict::CreationOptions, const std::source_location&);
  const std::pair<const char*, Shaped> shaped[] = {
      {"empty", &strict::empty}, {"ones", &strict::ones}, {"zeros", &strict::zeros}};
  for (const auto& [name, function] : shaped) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.shape("shape"), {.dtype = call.dtype(), .device = call.device()},
                              std::source_location::current()));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.shape("shape"), creation_options(call)}));
        });
  }
  using Like =
      strict::Array (*)(const strict::Array&, strict::CreationOptions, const std::source_location&);
  const std::pair<const char*, Like> like[] = {{"empty_like", &strict::empty_like},
                                               {"ones_like", &strict::ones_like},
                                               {"zeros_like", &strict::zeros_like}};
  for (const auto& [name, function] : like) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.dtype = call.dtype(), .device = call.device()},
                              std::source_location::current()));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.array("x"), creation_options(call)}));
        });
  }
  table.add(
      "full",
      [](const Call& call) {
        return one(strict::full(call.shape("shape"), call.scalar("fill_value"),
                                {.dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "full", {call.shape("shape"), call.scalar("fill_value"), creation_options(call)}));
      });
  table.add(
      "full_like",
      [](const Call& call) {
        return one(strict::full_like(call.array("x"), call.scalar("fill_value"),
                                     {.dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "full_like", {call.array("x"), call.scalar("fill_value"), creation_options(call)}));
      });
  table.add(
      "arange",
      [](const Call& call) {
        return one(strict::arange(call.scalar("start"), call.optional_scalar("stop"),
                                  call.optional_scalar("step").value_or(strict::Scalar(1)),
                                  {.dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        const auto stop = call.optional_scalar("stop");
        const auto step = call.optional_scalar("step");
        const std::string options = creation_options(call);
        // The shortest of strict's three forms that says the same.
        if (!step)
          return array_text(
              function_call("arange", {call.scalar("start"), stop.value_or(""), options}));
        return array_text(
            function_call("arange", {call.scalar("start"), or_nullopt(stop), *step, options}));
      });
  table.add(
      "linspace",
      [](const Call& call) {
        const auto num = call.optional_integer("num");
        if (!num) throw Unsupported("linspace needs num");
        return one(strict::linspace(call.scalar("start"), call.scalar("stop"), *num,
                                    {.dtype = call.dtype(),
                                     .device = call.device(),
                                     .endpoint = call.boolean("endpoint", true)}));
      },
      [](const CppCall& call) {
        const auto num = call.integer("num");
        if (!num) throw Unsupported("linspace needs num");
        return array_text(
            function_call("linspace", {call.scalar("start"), call.scalar("stop"), *num,
                                       designated({{"dtype", call.dtype()},
                                                   {"device", call.device()},
                                                   {"endpoint", call.boolean("endpoint")}})}));
      });
  table.add(
      "eye",
      [](const Call& call) {
        const auto n_rows = call.optional_integer("n_rows");
        if (!n_rows) throw Unsupported("eye needs n_rows");
        return one(strict::eye(
            *n_rows, call.optional_integer("n_cols"),
            {.k = call.integer("k", 0), .dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        const auto n_rows = call.integer("n_rows");
        if (!n_rows) throw Unsupported("eye needs n_rows");
        const auto n_cols = call.integer("n_cols");
        const std::string options = designated(
            {{"k", call.integer("k")}, {"dtype", call.dtype()}, {"device", call.device()}});
        return array_text(function_call(
            "eye", {*n_rows, n_cols || !options.empty() ? or_nullopt(n_cols) : "", options}));
      });
  table.add(
      "asarray",
      [](const Call& call) {
        const strict::AsarrayOptions options{
            .dtype = call.dtype(), .device = call.device(), .copy = call.optional_boolean("copy")};
        const Value& obj = call.arguments().at("obj");
        if (std::holds_alternative<StepRef>(obj))
          return one(strict::asarray(call.array("obj"), options));
        if (const auto* data = std::get_if<Data>(&obj)) {
          const std::vector<strict::Scalar> values = literal_values(*data, options.dtype);
          return one(
              strict::asarray(std::span<const strict::Scalar>(values), data->shape, options));
        }
        return one(strict::asarray(call.scalar("obj"), options));
      },
      [](const CppCall& call) {
        const std::string options = designated(
            {{"dtype", call.dtype()}, {"device", call.device()}, {"copy", call.boolean("copy")}});
        if (auto literal = call.literal("obj"))
          return array_text(function_call("asarray", {*literal, options}));
        return array_text(function_call("asarray", {call.operand("obj"), options}));
      });
  table.add(
      "from_dlpack",
      [](const Call& call) {
        return one(strict::from_dlpack(
            call.array("x"), {.device = call.device(), .copy = call.optional_boolean("copy")}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "from_dlpack", {call.array("x"), designated({{"device", call.device()},
                                                         {"copy", call.boolean("copy")}})}));
      });
  table.add(
      "meshgrid",
      [](const Call& call) {
        // indexing= is a string, which programs cannot carry: only the default "xy" is reachable.
        if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
        return many(strict::meshgrid(call.arrays("arrays")));
      },
      [](const CppCall& call) {
        if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
        return arrays_text(function_call("meshgrid", {call.arrays("arrays")}));
      });
  using Triangle = strict::Array (*)(const strict::Array&, std::int64_t);
  const std::pair<const char*, Triangle> triangles[] = {{"tril", &strict::tril},
                                                        {"triu", &strict::triu}};
  for (const auto& [name, function] : triangles) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), call.integer("k", 0)));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.array("x"), call.integer("k").value_or("")}));
        });
  }
  table.add(
      "astype",
      [](const Call& call) {
        const auto copy = call.optional_boolean("copy");
        return one(strict::astype(call.array("x"), call.required_dtype("dtype"),
                                  {.copy = copy.value_or(true), .device = call.device()}));
      },
      [](const CppCall& call) {
        const auto dtype = call.dtype("dtype");
        if (!dtype) throw Unsupported("astype needs a dtype");
        return array_text(function_call(
            "astype", {call.array("x"), *dtype,
                       designated({{"copy", call.boolean("copy")}, {"device", call.device()}})}));
      });
}

void add_statistical(OperationTable& table) {
  add_axis_functions(table,
                     {{"max", &strict::max}, {"mean", &strict::mean}, {"min", &strict::min}});
  using Sum = strict::Array (*)(const strict::Array&, const strict::ReductionOptions&);
  const std::pair<const char*, Sum> sums[] = {{"prod", &strict::prod}, {"sum", &strict::sum}};
  for (const auto& [name, function] : sums) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.axes("axis"),
                                                .keepdims = call.boolean("keepdims", false),
                                                .dtype = call.dtype()}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                  {"keepdims", call.boolean("keepdims")},
                                                  {"dtype", call.dtype()}})}));
        });
  }
  using Spread = strict::Array (*)(const strict::Array&, const strict::VarianceOptions&);
  const std::pair<const char*, Spread> spreads[] = {{"std", &strict::std}, {"var", &strict::var}};
  for (const auto& [name, function] : spreads) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.axes("axis"),
                                                .correction = call.number("correction", 0.0),
                                                .keepdims = call.boolean("keepdims", false)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                  {"correction", call.number("correction")},
                                                  {"keepdims", call.boolean("keepdims")}})}));
        });
  }
  using Cumulative = strict::Array (*)(const strict::Array&, const strict::CumulativeOptions&);
  const std::pair<const char*, Cumulative> cumulative[] = {
      {"cumulative_prod", &strict::cumulative_prod}, {"cumulative_sum", &strict::cumulative_sum}};
  for (const auto& [name, function] : cumulative) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"),
                              {.axis = call.optional_integer("axis"),
                               .dtype = call.dtype(),
                               .include_initial = call.boolean("include_initial", false)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"),
                     designated({{"axis", call.integer("axis")},
                                 {"dtype", call.dtype()},
                                 {"include_initial", call.boolean("include_initial")}})}));
        });
  }
}

void add_joining(OperationTable& table) {
  table.add(
      "matmul",
      [](const Call& call) { return one(strict::matmul(call.array("x1"), call.array("x2"))); },
      [](const CppCall& call) {
        return array_text(function_call("matmul", {call.array("x1"), call.array("x2")}));
      });
  // axis left out means 0 (strict's default too); axis=None means flatten first.
  table.add(
      "concat",
      [](const Call& call) {
        const bool axis_left_out = call.arguments().find("axis") == nullptr;
        const std::optional<std::int64_t> axis =
            axis_left_out ? std::optional<std::int64_t>(0) : call.optional_integer("axis");
        return one(strict::concat(call.arrays("arrays"), axis));
      },
      [](const CppCall& call) {
        const bool axis_left_out = call.arguments().find("axis") == nullptr;
        return array_text(function_call(
            "concat",
            {call.arrays("arrays"), axis_left_out ? "" : or_nullopt(call.integer("axis"))}));
      });
  table.add(
      "stack",
      [](const Call& call) {
        return one(strict::stack(call.arrays("arrays"), call.integer("axis", 0)));
      },
      [](const CppCall& call) {
        return array_text(
            function_call("stack", {call.arrays("arrays"), call.integer("axis").value_or("")}));
      });
  table.add(
      "reshape",
      [](const Call& call) {
        return one(
            strict::reshape(call.array("x"), call.shape("shape"), call.optional_boolean("copy")));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "reshape", {call.array("x"), call.shape("shape"), call.boolean("copy").value_or("")}));
      });
}

void add_inspection(OperationTable& table) {
  const std::string info = "strict::array_namespace_info()";
  table.add(
      "info.__array_namespace_info__",
      [](const Call&) {
        (void)strict::array_namespace_info();
        return value(nullptr);  // the namespace object itself: nothing to report
      },
      [info](const CppCall&) { return value_text(info); });
  table.add(
      "info.capabilities",
      [](const Call&) {
        const strict::Capabilities capabilities = strict::array_namespace_info().capabilities();
        return value({{"boolean indexing", capabilities.boolean_indexing},
                      {"data-dependent shapes", capabilities.data_dependent_shapes},
                      {"max dimensions", capabilities.max_dimensions
                                             ? nlohmann::json(*capabilities.max_dimensions)
                                             : nlohmann::json(nullptr)}});
      },
      [info](const CppCall&) { return value_text(info + ".capabilities()"); });
  table.add(
      "info.default_device",
      [](const Call& call) {
        return value(
            device_index(strict::array_namespace_info().default_device(), call.session().devices));
      },
      [info](const CppCall&) { return value_text(info + ".default_device()"); });
  table.add(
      "info.devices",
      [](const Call& call) {
        nlohmann::json indices = nlohmann::json::array();
        for (strict::Device device : strict::array_namespace_info().devices())
          indices.push_back(device_index(device, call.session().devices));
        return value(std::move(indices));
      },
      [info](const CppCall&) { return value_text(info + ".devices()"); });
  table.add(
      "info.dtypes",
      [](const Call& call) {
        return value(dtype_names(
            strict::array_namespace_info().dtypes(call.device(), call.dtype_kind("kind"))));
      },
      [info](const CppCall& call) {
        const auto device = call.device();
        const auto kind = call.dtype_kind("kind");
        return value_text(fmt::format(
            "{}.dtypes({})", info,
            argument_list({kind || device ? or_nullopt(device) : "", kind.value_or("")})));
      });
  table.add(
      "info.default_dtypes",
      [](const Call& call) {
        const strict::DefaultDTypes defaults =
            strict::array_namespace_info().default_dtypes(call.device());
        auto name = [](strict::DType dtype) { return std::string(strict::name(dtype)); };
        return value({{"real floating", name(defaults.real_floating)},
                      {"complex floating", name(defaults.complex_floating)},
                      {"integral", name(defaults.integral)},
                      {"indexing", name(defaults.indexing)}});
      },
      [info](const CppCall& call) {
        return value_text(fmt::format("{}.default_dtypes({})", info, call.device().value_or("")));
      });
}

void add_array_members(OperationTable& table) {
  table.add(
      "array.to_device",
      [](const Call& call) {
        const strict::Array& x = call.array("self");
        const std::optional<strict::Device> device = call.device("device");
        if (!device) throw Unsupported("strict's to_device needs a device, not None");
        return one(x.to_device(*device, call.stream("stream")));
      },
      [](const CppCall& call) {
        const auto device = call.device("device");
        if (!device) throw Unsupported("strict's to_device needs a device, not None");
        return array_text(
            fmt::format("{}.to_device({})", call.array("self"),
                        argument_list({*device, call.stream("stream").value_or("")})));
      });
  // The attributes: strict's member function of the same name.
  const std::pair<const char*, Run> attributes[] = {
      {"device",
       [](const Call& call) {
         return value(device_index(call.array("self").device(), call.session().devices));
       }},
      {"dtype",
       [](const Call& call) {
         return value(std::string(strict::name(call.array("self").dtype())));
       }},
      {"shape", [](const Call& call) { return value(call.array("self").shape()); }},
      {"ndim", [](const Call& call) { return value(call.array("self").ndim()); }},
      {"size", [](const Call& call) { return value(call.array("self").size()); }},
  };
  for (const auto& [member, run] : attributes) {
    table.add(fmt::format("array.{}", member), run, [member](const CppCall& call) {
      return value_text(fmt::format("{}.{}()", call.array("self"), member));
    });
  }
  table.add(
      "array.__dlpack_device__",
      [](const Call& call) {
        const strict::DLPackDevice dlpack = strict::dlpack_device(call.array("self"));
        return value({dlpack.device_type, dlpack.device_id});
      },
      [](const CppCall& call) {
        return value_text(function_call("dlpack_device", {call.array("self")}));
      });
}

void add_harness(OperationTable& table) {
  table.add(
      std::string(harness_op::set_default_device),
      [](const Call& call) {
        // The device first: an invalid one raises and leaves the default as it was.
        const std::optional<strict::Device> device = call.device("device");
        Session& session = call.session();
        session.state.default_device_guard.reset();
        if (device) session.state.default_device_guard.emplace(*device);
        return value(nullptr);
      },
      [](const CppCall& call) {
        const auto device = call.device("device");
        if (!device) throw Unsupported("a guard cannot be taken back in the middle of main()");
        return CppExpression{.result = CppResult::default_guard, .text = *device};
      });
  table.add(
      std::string(harness_op::observe), [](const Call& call) { return one(call.array("x")); },
      [](const CppCall& call) {
        return array_text(call.array("x"));  // the same array, as it is now
      });
  table.add(
      std::string(harness_op::compare_devices),
      [](const Call& call) {
        const strict::Device a = call.array("x1").device();
        const strict::Device b = call.array("x2").device();
        const std::hash<strict::Device> hash;
        return value({{"eq", a == b},
                      {"eq_swapped", b == a},
                      {"ne", a != b},
                      {"hash_equal", hash(a) == hash(b)}});
      },
      [](const CppCall& call) {
        return value_text(
            fmt::format("{}.device() == {}.device()", call.array("x1"), call.array("x2")));
      });
}

}  // namespace

void add_axis_functions(OperationTable& table,
                        std::initializer_list<std::pair<const char*, AxisFunction>> functions) {
  for (const auto& [name, function] : functions) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.axes("axis"),
                                                .keepdims = call.boolean("keepdims", false)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                  {"keepdims", call.boolean("keepdims")}})}));
        });
  }
}

const OperationTable& strict_table() {
  static const OperationTable table = [] {
    OperationTable table;
    add_elementwise(table);
    add_operators(table);
    add_creation(table);
    add_statistical(table);
    add_joining(table);
    add_inspection(table);
    add_array_members(table);
    add_harness(table);
    add_manipulation(table);
    add_searching_sorting(table);
    add_indexing_member(table);
    add_linalg(table);
    add_fft(table);
    return table;
  }();
  return table;
}

const std::vector<std::string>& strict_operations() {
  static const std::vector<std::string> operations = strict_table().mapped_operations();
  return operations;
}

}  // namespace conformance::strict_internal
