// Operation names to strict calls. Each entry reads its arguments by the catalogue's parameter
// names (so positional and keyword forms both work) and calls the strict function of that name.
#include "strict_dispatch.hpp"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_handler_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {
namespace {

using Unary = strict::Array (*)(const strict::Array&);
using Binary = strict::Array (*)(const strict::ArrayOrScalar&, const strict::ArrayOrScalar&);

nlohmann::json dtype_names(const std::vector<strict::DType>& dtypes) {
  nlohmann::json names = nlohmann::json::array();
  for (strict::DType dtype : dtypes)
    names.push_back(std::string(strict::name(dtype)));
  return names;
}

// A binary operator with an array or Python scalar on either side ("2 + x" is x.__radd__(2)).
template <class Op>
strict::Array apply_operator(const strict::ArrayOrScalar& a, const strict::ArrayOrScalar& b, Op op,
                             Binary function) {
  if (a.is_array() && b.is_array()) return op(a.array(), b.array());
  if (a.is_array()) return op(a.array(), b.scalar());
  if (b.is_array()) return op(a.scalar(), b.array());
  // Two Python scalars: C++ has no such operator, so strict's function says what is wrong.
  return function(a, b);
}

template <class Op>
Handler binary_operator(Op op, Binary function) {
  return [op, function](const Call& call) {
    return one(apply_operator(call.operand("self"), call.operand("other"), op, function));
  };
}

template <class Op>
Handler in_place_operator(Op op) {
  return [op](const Call& call) {
    strict::Array& target = call.array("self");  // the stored array: later steps see the change
    op(target, call.operand("other"));
    return one(target);
  };
}

void add_elementwise(HandlerTable& table) {
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
  for (const auto& [name, function] : unary)
    table[name] = [function](const Call& call) { return one(function(call.array("x"))); };

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
    table[name] = [function](const Call& call) {
      return one(function(call.operand("x1"), call.operand("x2")));
    };
  }

  table["clip"] = [](const Call& call) {
    return one(
        strict::clip(call.array("x"), call.optional_operand("min"), call.optional_operand("max")));
  };
  table["where"] = [](const Call& call) {
    return one(strict::where(call.array("condition"), call.operand("x1"), call.operand("x2")));
  };
}

void add_operators(HandlerTable& table) {
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
  table["array.__add__"] = binary_operator(plus, &strict::add);
  table["array.__sub__"] = binary_operator(minus, &strict::subtract);
  table["array.__mul__"] = binary_operator(times, &strict::multiply);
  table["array.__truediv__"] = binary_operator(divides, &strict::divide);
  table["array.__mod__"] = binary_operator(modulo, &strict::remainder);
  table["array.__and__"] = binary_operator(bit_and, &strict::bitwise_and);
  table["array.__or__"] = binary_operator(bit_or, &strict::bitwise_or);
  table["array.__xor__"] = binary_operator(bit_xor, &strict::bitwise_xor);
  table["array.__lshift__"] = binary_operator(left_shift, &strict::bitwise_left_shift);
  table["array.__rshift__"] = binary_operator(right_shift, &strict::bitwise_right_shift);
  table["array.__eq__"] =
      binary_operator([](const auto& a, const auto& b) { return a == b; }, &strict::equal);
  table["array.__ne__"] =
      binary_operator([](const auto& a, const auto& b) { return a != b; }, &strict::not_equal);
  table["array.__lt__"] =
      binary_operator([](const auto& a, const auto& b) { return a < b; }, &strict::less);
  table["array.__le__"] =
      binary_operator([](const auto& a, const auto& b) { return a <= b; }, &strict::less_equal);
  table["array.__gt__"] =
      binary_operator([](const auto& a, const auto& b) { return a > b; }, &strict::greater);
  table["array.__ge__"] =
      binary_operator([](const auto& a, const auto& b) { return a >= b; }, &strict::greater_equal);

  // Python operators that C++ lacks (**, //, @, abs()): strict spells them as functions.
  auto call_function = [](Binary function) {
    return [function](const auto& a, const auto& b) { return function(a, b); };
  };
  table["array.__pow__"] = binary_operator(call_function(&strict::pow), &strict::pow);
  table["array.__floordiv__"] =
      binary_operator(call_function(&strict::floor_divide), &strict::floor_divide);
  table["array.__matmul__"] = [](const Call& call) {
    return one(strict::matmul(call.array("self"), call.array("other")));
  };
  table["array.__abs__"] = [](const Call& call) { return one(strict::abs(call.array("self"))); };

  table["array.__neg__"] = [](const Call& call) { return one(-call.array("self")); };
  table["array.__pos__"] = [](const Call& call) { return one(+call.array("self")); };
  table["array.__invert__"] = [](const Call& call) { return one(~call.array("self")); };

  using Operand = strict::ArrayOrScalar;
  table["array.__iadd__"] = in_place_operator([](strict::Array& x, const Operand& y) { x += y; });
  table["array.__isub__"] = in_place_operator([](strict::Array& x, const Operand& y) { x -= y; });
  table["array.__imul__"] = in_place_operator([](strict::Array& x, const Operand& y) { x *= y; });
  table["array.__itruediv__"] =
      in_place_operator([](strict::Array& x, const Operand& y) { x /= y; });
  table["array.__imod__"] = in_place_operator([](strict::Array& x, const Operand& y) { x %= y; });
  table["array.__iand__"] = in_place_operator([](strict::Array& x, const Operand& y) { x &= y; });
  table["array.__ior__"] = in_place_operator([](strict::Array& x, const Operand& y) { x |= y; });
  table["array.__ixor__"] = in_place_operator([](strict::Array& x, const Operand& y) { x ^= y; });
  table["array.__ilshift__"] =
      in_place_operator([](strict::Array& x, const Operand& y) { x <<= y; });
  table["array.__irshift__"] =
      in_place_operator([](strict::Array& x, const Operand& y) { x >>= y; });
  // **=, //= and @= have no C++ operator: strict spells them as functions.
  table["array.__ipow__"] =
      in_place_operator([](strict::Array& x, const Operand& y) { strict::pow_in_place(x, y); });
  table["array.__ifloordiv__"] = in_place_operator(
      [](strict::Array& x, const Operand& y) { strict::floor_divide_in_place(x, y); });
  table["array.__imatmul__"] = [](const Call& call) {
    strict::Array& target = call.array("self");  // the stored array: later steps see the change
    strict::matmul_in_place(target, call.array("other"));
    return one(target);
  };
}

void add_creation(HandlerTable& table) {
  using Shaped =
      strict::Array (*)(const strict::Shape&, strict::CreationOptions, const std::source_location&);
  const std::pair<const char*, Shaped> shaped[] = {
      {"empty", &strict::empty}, {"ones", &strict::ones}, {"zeros", &strict::zeros}};
  for (const auto& [name, function] : shaped) {
    table[name] = [function](const Call& call) {
      return one(function(call.shape("shape"), {.dtype = call.dtype(), .device = call.device()},
                          std::source_location::current()));
    };
  }
  using Like =
      strict::Array (*)(const strict::Array&, strict::CreationOptions, const std::source_location&);
  const std::pair<const char*, Like> like[] = {{"empty_like", &strict::empty_like},
                                               {"ones_like", &strict::ones_like},
                                               {"zeros_like", &strict::zeros_like}};
  for (const auto& [name, function] : like) {
    table[name] = [function](const Call& call) {
      return one(function(call.array("x"), {.dtype = call.dtype(), .device = call.device()},
                          std::source_location::current()));
    };
  }
  table["full"] = [](const Call& call) {
    return one(strict::full(call.shape("shape"), call.scalar("fill_value"),
                            {.dtype = call.dtype(), .device = call.device()}));
  };
  table["full_like"] = [](const Call& call) {
    return one(strict::full_like(call.array("x"), call.scalar("fill_value"),
                                 {.dtype = call.dtype(), .device = call.device()}));
  };
  table["arange"] = [](const Call& call) {
    return one(strict::arange(call.scalar("start"), call.optional_scalar("stop"),
                              call.optional_scalar("step").value_or(strict::Scalar(1)),
                              {.dtype = call.dtype(), .device = call.device()}));
  };
  table["linspace"] = [](const Call& call) {
    const auto num = call.optional_integer("num");
    if (!num) throw Unsupported("linspace needs num");
    return one(strict::linspace(call.scalar("start"), call.scalar("stop"), *num,
                                {.dtype = call.dtype(),
                                 .device = call.device(),
                                 .endpoint = call.boolean("endpoint", true)}));
  };
  table["eye"] = [](const Call& call) {
    const auto n_rows = call.optional_integer("n_rows");
    if (!n_rows) throw Unsupported("eye needs n_rows");
    return one(
        strict::eye(*n_rows, call.optional_integer("n_cols"),
                    {.k = call.integer("k", 0), .dtype = call.dtype(), .device = call.device()}));
  };
  table["asarray"] = [](const Call& call) {
    const strict::AsarrayOptions options{
        .dtype = call.dtype(), .device = call.device(), .copy = call.optional_boolean("copy")};
    const Value& obj = call.arguments().at("obj");
    if (std::holds_alternative<StepRef>(obj))
      return one(strict::asarray(call.array("obj"), options));
    if (const auto* data = std::get_if<Data>(&obj)) {
      const std::vector<strict::Scalar> values = literal_values(*data, options.dtype);
      return one(strict::asarray(std::span<const strict::Scalar>(values), data->shape, options));
    }
    return one(strict::asarray(call.scalar("obj"), options));
  };
  table["from_dlpack"] = [](const Call& call) {
    return one(strict::from_dlpack(
        call.array("x"), {.device = call.device(), .copy = call.optional_boolean("copy")}));
  };
  table["meshgrid"] = [](const Call& call) {
    // indexing= is a string, which programs cannot carry: only the default "xy" is reachable.
    if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
    return CallResult{.arrays = strict::meshgrid(call.arrays("arrays"))};
  };
  table["tril"] = [](const Call& call) {
    return one(strict::tril(call.array("x"), call.integer("k", 0)));
  };
  table["triu"] = [](const Call& call) {
    return one(strict::triu(call.array("x"), call.integer("k", 0)));
  };
  table["astype"] = [](const Call& call) {
    const auto copy = call.optional_boolean("copy");
    return one(strict::astype(call.array("x"), call.required_dtype("dtype"),
                              {.copy = copy.value_or(true), .device = call.device()}));
  };
}

void add_statistical_and_manipulation(HandlerTable& table) {
  using Reduce = strict::Array (*)(const strict::Array&, const strict::AxisOptions&);
  const std::pair<const char*, Reduce> by_axis[] = {
      {"max", &strict::max}, {"mean", &strict::mean}, {"min", &strict::min}};
  for (const auto& [name, function] : by_axis) {
    table[name] = [function](const Call& call) {
      return one(function(call.array("x"), {.axis = call.axes("axis"),
                                            .keepdims = call.boolean("keepdims", false)}));
    };
  }
  using Sum = strict::Array (*)(const strict::Array&, const strict::ReductionOptions&);
  const std::pair<const char*, Sum> sums[] = {{"prod", &strict::prod}, {"sum", &strict::sum}};
  for (const auto& [name, function] : sums) {
    table[name] = [function](const Call& call) {
      return one(function(call.array("x"), {.axis = call.axes("axis"),
                                            .keepdims = call.boolean("keepdims", false),
                                            .dtype = call.dtype()}));
    };
  }
  using Spread = strict::Array (*)(const strict::Array&, const strict::VarianceOptions&);
  const std::pair<const char*, Spread> spreads[] = {{"std", &strict::std}, {"var", &strict::var}};
  for (const auto& [name, function] : spreads) {
    table[name] = [function](const Call& call) {
      return one(function(call.array("x"), {.axis = call.axes("axis"),
                                            .correction = call.number("correction", 0.0),
                                            .keepdims = call.boolean("keepdims", false)}));
    };
  }
  using Cumulative = strict::Array (*)(const strict::Array&, const strict::CumulativeOptions&);
  const std::pair<const char*, Cumulative> cumulative[] = {
      {"cumulative_prod", &strict::cumulative_prod}, {"cumulative_sum", &strict::cumulative_sum}};
  for (const auto& [name, function] : cumulative) {
    table[name] = [function](const Call& call) {
      return one(
          function(call.array("x"), {.axis = call.optional_integer("axis"),
                                     .dtype = call.dtype(),
                                     .include_initial = call.boolean("include_initial", false)}));
    };
  }
  table["matmul"] = [](const Call& call) {
    return one(strict::matmul(call.array("x1"), call.array("x2")));
  };
  table["concat"] = [](const Call& call) {
    // axis left out means 0; axis=None means flatten first.
    const bool axis_left_out = call.arguments().find("axis") == nullptr;
    const std::optional<std::int64_t> axis =
        axis_left_out ? std::optional<std::int64_t>(0) : call.optional_integer("axis");
    return one(strict::concat(call.arrays("arrays"), axis));
  };
  table["stack"] = [](const Call& call) {
    return one(strict::stack(call.arrays("arrays"), call.integer("axis", 0)));
  };
  table["reshape"] = [](const Call& call) {
    return one(
        strict::reshape(call.array("x"), call.shape("shape"), call.optional_boolean("copy")));
  };
}

void add_inspection(HandlerTable& table) {
  table["info.__array_namespace_info__"] = [](const Call&) {
    (void)strict::array_namespace_info();
    return value(nullptr);  // the namespace object itself: nothing to report
  };
  table["info.capabilities"] = [](const Call&) {
    const strict::Capabilities capabilities = strict::array_namespace_info().capabilities();
    return value({{"boolean indexing", capabilities.boolean_indexing},
                  {"data-dependent shapes", capabilities.data_dependent_shapes},
                  {"max dimensions", capabilities.max_dimensions
                                         ? nlohmann::json(*capabilities.max_dimensions)
                                         : nlohmann::json(nullptr)}});
  };
  table["info.default_device"] = [](const Call& call) {
    return value(
        device_index(strict::array_namespace_info().default_device(), call.session().devices));
  };
  table["info.devices"] = [](const Call& call) {
    nlohmann::json indices = nlohmann::json::array();
    for (strict::Device device : strict::array_namespace_info().devices())
      indices.push_back(device_index(device, call.session().devices));
    return value(std::move(indices));
  };
  table["info.dtypes"] = [](const Call& call) {
    return value(
        dtype_names(strict::array_namespace_info().dtypes(call.device(), call.dtype_kind("kind"))));
  };
  table["info.default_dtypes"] = [](const Call& call) {
    const strict::DefaultDTypes defaults =
        strict::array_namespace_info().default_dtypes(call.device());
    auto name = [](strict::DType dtype) { return std::string(strict::name(dtype)); };
    return value({{"real floating", name(defaults.real_floating)},
                  {"complex floating", name(defaults.complex_floating)},
                  {"integral", name(defaults.integral)},
                  {"indexing", name(defaults.indexing)}});
  };
}

void add_array_members(HandlerTable& table) {
  table["array.to_device"] = [](const Call& call) {
    const strict::Array& x = call.array("self");
    const std::optional<strict::Device> device = call.device("device");
    if (!device) throw Unsupported("strict's to_device needs a device, not None");
    return one(x.to_device(*device, call.stream("stream")));
  };
  table["array.device"] = [](const Call& call) {
    return value(device_index(call.array("self").device(), call.session().devices));
  };
  table["array.dtype"] = [](const Call& call) {
    return value(std::string(strict::name(call.array("self").dtype())));
  };
  table["array.shape"] = [](const Call& call) { return value(call.array("self").shape()); };
  table["array.ndim"] = [](const Call& call) { return value(call.array("self").ndim()); };
  table["array.size"] = [](const Call& call) { return value(call.array("self").size()); };
  table["array.__dlpack_device__"] = [](const Call& call) {
    const strict::DLPackDevice dlpack = strict::dlpack_device(call.array("self"));
    return value({dlpack.device_type, dlpack.device_id});
  };
}

void add_harness(HandlerTable& table) {
  table[std::string(harness_op::set_default_device)] = [](const Call& call) {
    // The device first: an invalid one raises and leaves the default as it was.
    const std::optional<strict::Device> device = call.device("device");
    Session& session = call.session();
    session.state.default_device_guard.reset();
    if (device) session.state.default_device_guard.emplace(*device);
    return value(nullptr);
  };
  table[std::string(harness_op::observe)] = [](const Call& call) { return one(call.array("x")); };
  table[std::string(harness_op::compare_devices)] = [](const Call& call) {
    const strict::Device a = call.array("x1").device();
    const strict::Device b = call.array("x2").device();
    const std::hash<strict::Device> hash;
    return value({{"eq", a == b},
                  {"eq_swapped", b == a},
                  {"ne", a != b},
                  {"hash_equal", hash(a) == hash(b)}});
  };
}

}  // namespace

const HandlerTable& strict_handlers() {
  static const auto table = [] {
    HandlerTable table;
    add_elementwise(table);
    add_operators(table);
    add_creation(table);
    add_statistical_and_manipulation(table);
    add_inspection(table);
    add_array_members(table);
    add_harness(table);
    add_manipulation_handlers(table);
    add_searching_sorting_handlers(table);
    add_indexing_member_handlers(table);
    add_linalg_handlers(table);
    add_fft_handlers(table);
    return table;
  }();
  return table;
}

const std::vector<std::string>& strict_operations() {
  static const std::vector<std::string> operations =
      adapter_support::mapped_operations<StrictBackend>(strict_handlers());
  return operations;
}

}  // namespace conformance::strict_internal
