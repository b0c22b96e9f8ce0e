// The spellings of the steps the adapter maps, as torch_dispatch_*.cpp calls them. A step whose
// spelling is not written here is left out of a reproduction with that reason, never guessed.
#include "torch_cpp_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <variant>

#include "catalogue/catalogue.hpp"
#include "cpp_source.hpp"

namespace conformance::torch_internal {
namespace {

using adapter_support::Arguments;
using adapter_support::cpp_string_literal;
using adapter_support::Unsupported;

// Standard names whose ATen function has another name; the rest are spelled as they are named.
const std::map<std::string, std::string, std::less<>> kRenamed = {
    {"bitwise_invert", "bitwise_not"}, {"equal", "eq"}, {"concat", "cat"}};

bool is_listed(const std::vector<std::string_view>& names, std::string_view op) {
  return std::find(names.begin(), names.end(), op) != names.end();
}

// Python operators C++ spells as operators on at::Tensor, and those it spells as functions.
const std::map<std::string, std::string, std::less<>> kOperators = {
    {"array.__add__", "+"},     {"array.__sub__", "-"}, {"array.__mul__", "*"},
    {"array.__truediv__", "/"}, {"array.__mod__", "%"}, {"array.__and__", "&"},
    {"array.__or__", "|"},      {"array.__xor__", "^"}, {"array.__eq__", "=="},
    {"array.__ne__", "!="},     {"array.__lt__", "<"},  {"array.__le__", "<="},
    {"array.__gt__", ">"},      {"array.__ge__", ">="}};
const std::map<std::string, std::string, std::less<>> kOperatorFunctions = {
    {"array.__pow__", "pow"},
    {"array.__floordiv__", "floor_divide"},
    {"array.__matmul__", "matmul"},
    {"array.__lshift__", "__lshift__"},
    {"array.__rshift__", "__rshift__"}};
const std::map<std::string, std::string, std::less<>> kInPlace = {
    {"array.__iadd__", "add_"},
    {"array.__isub__", "sub_"},
    {"array.__imul__", "mul_"},
    {"array.__itruediv__", "div_"},
    {"array.__ifloordiv__", "floor_divide_"},
    {"array.__ipow__", "pow_"},
    {"array.__imod__", "remainder_"},
    {"array.__iand__", "bitwise_and_"},
    {"array.__ior__", "bitwise_or_"},
    {"array.__ixor__", "bitwise_xor_"},
    {"array.__ilshift__", "__ilshift__"},
    {"array.__irshift__", "__irshift__"}};

const std::map<std::string, std::string, std::less<>> kScalarTypes = {
    {"bool", "at::kBool"},
    {"int8", "at::kChar"},
    {"int16", "at::kShort"},
    {"int32", "at::kInt"},
    {"int64", "at::kLong"},
    {"uint8", "at::kByte"},
    {"float32", "at::kFloat"},
    {"float64", "at::kDouble"},
    {"complex64", "at::kComplexFloat"},
    {"complex128", "at::kComplexDouble"}};

std::string aten_name(const std::string& op) {
  const auto renamed = kRenamed.find(op);
  return renamed == kRenamed.end() ? op : renamed->second;
}

using adapter_support::is_none;

std::string number(double v) {
  std::string text = fmt::format("{}", v);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  return text;
}

// One call's arguments as C++ expressions, read as Call (torch_values.hpp) reads them.
class Text {
 public:
  Text(const Arguments& arguments, const CppNames& names) : arguments_(arguments), names_(names) {}

  bool given(std::string_view name) const { return arguments_.given(name); }

  std::string ref(const StepRef& ref) const { return adapter_support::cpp_variable(ref, names_); }
  std::string tensor(std::string_view name) const {
    const auto* ref = std::get_if<StepRef>(&arguments_.at(name));
    if (ref == nullptr) throw Unsupported(fmt::format("'{}' is no tensor", name));
    return this->ref(*ref);
  }
  std::string tensors(std::string_view name) const {
    const auto* list = std::get_if<RefList>(&arguments_.at(name));
    if (list == nullptr) throw Unsupported(fmt::format("'{}' is no list of tensors", name));
    std::vector<std::string> items;
    for (const StepRef& r : list->refs)
      items.push_back(ref(r));
    return fmt::format("std::vector<at::Tensor>{{{}}}", fmt::join(items, ", "));
  }
  std::optional<std::string> scalar_text(const Value& value) const {
    if (const auto* b = std::get_if<bool>(&value)) return fmt::format("at::Scalar({})", *b);
    if (const auto* i = std::get_if<std::int64_t>(&value))
      return fmt::format("at::Scalar(int64_t{{{}}})", *i);
    if (const auto* d = std::get_if<double>(&value))
      return fmt::format("at::Scalar({})", number(*d));
    return std::nullopt;
  }
  std::string scalar(std::string_view name) const {
    if (auto text = scalar_text(arguments_.at(name))) return *text;
    throw Unsupported(fmt::format("'{}' is no Python scalar", name));
  }
  // A Python scalar goes in as torch's Python binding passes one: a wrapped 0-d cpu tensor.
  std::string operand(std::string_view name) const {
    const Value& value = arguments_.at(name);
    if (const auto* r = std::get_if<StepRef>(&value)) return ref(*r);
    if (auto text = scalar_text(value))
      return fmt::format("at::native::wrapped_scalar_tensor({})", *text);
    throw Unsupported(fmt::format("'{}' is no tensor or scalar", name));
  }
  std::optional<std::string> device(std::string_view name = "device") const {
    const Value* value = arguments_.find(name);
    if (is_none(value)) return std::nullopt;
    if (const auto* index = std::get_if<DeviceIndex>(value)) {
      if (index->index < 0 || static_cast<std::size_t>(index->index) >= names_.devices.size())
        throw Unsupported("a device the handshake does not list");
      return cpp_device(names_.devices[index->index]);
    }
    if (std::holds_alternative<InvalidDevice>(*value))
      return "at::Device(std::string(\"not-a-device\"))";
    throw Unsupported(fmt::format("'{}' is no device", name));
  }
  std::optional<std::string> dtype(std::string_view name = "dtype") const {
    const Value* value = arguments_.find(name);
    if (is_none(value)) return std::nullopt;
    const auto* dtype = std::get_if<DTypeName>(value);
    if (dtype == nullptr) throw Unsupported(fmt::format("'{}' is no dtype", name));
    const auto type = kScalarTypes.find(dtype->name);
    if (type == kScalarTypes.end())
      throw Unsupported(fmt::format("libtorch has no dtype '{}'", dtype->name));
    return type->second;
  }
  std::string options() const {
    std::string text = "at::TensorOptions()";
    if (auto type = dtype()) text += fmt::format(".dtype({})", *type);
    if (auto where = device()) text += fmt::format(".device({})", *where);
    return text;
  }
  std::string shape(std::string_view name) const {
    const Value& value = arguments_.at(name);
    if (const auto* tuple = std::get_if<IntTuple>(&value))
      return fmt::format("std::vector<int64_t>{{{}}}", fmt::join(tuple->values, ", "));
    if (const auto* n = std::get_if<std::int64_t>(&value))
      return fmt::format("std::vector<int64_t>{{{}}}", *n);
    throw Unsupported(fmt::format("'{}' is no shape", name));
  }
  std::optional<std::int64_t> integer(std::string_view name) const {
    const Value* value = arguments_.find(name);
    if (is_none(value)) return std::nullopt;
    if (const auto* n = std::get_if<std::int64_t>(value)) return *n;
    throw Unsupported(fmt::format("'{}' is no int", name));
  }
  std::optional<bool> boolean(std::string_view name) const {
    const Value* value = arguments_.find(name);
    if (is_none(value)) return std::nullopt;
    if (const auto* b = std::get_if<bool>(value)) return *b;
    throw Unsupported(fmt::format("'{}' is no bool", name));
  }
  const Value& at(std::string_view name) const { return arguments_.at(name); }
  const Value* find(std::string_view name) const { return arguments_.find(name); }

 private:
  const Arguments& arguments_;
  const CppNames& names_;
};

CppExpression tensor(std::string text) {
  return {.result = CppResult::array, .text = std::move(text)};
}

std::optional<CppExpression> elementwise(const Step& step, const Text& call) {
  const std::string& op = step.op;
  if (is_listed(catalogue::unary_elementwise_functions(), op))
    return tensor(fmt::format("at::{}({})", aten_name(op), call.tensor("x")));
  if (is_listed(catalogue::binary_elementwise_functions(), op))
    return tensor(
        fmt::format("at::{}({}, {})", aten_name(op), call.operand("x1"), call.operand("x2")));
  if (auto found = kOperators.find(op); found != kOperators.end())
    return tensor(
        fmt::format("({} {} {})", call.operand("self"), found->second, call.operand("other")));
  if (auto found = kOperatorFunctions.find(op); found != kOperatorFunctions.end())
    return tensor(
        fmt::format("at::{}({}, {})", found->second, call.operand("self"), call.operand("other")));
  if (auto found = kInPlace.find(op); found != kInPlace.end())
    return CppExpression{.result = CppResult::in_place,
                         .text = fmt::format("{}.{}({})", call.tensor("self"), found->second,
                                             call.operand("other"))};
  if (op == "array.__abs__") return tensor(fmt::format("at::abs({})", call.tensor("self")));
  if (op == "array.__neg__") return tensor(fmt::format("-{}", call.tensor("self")));
  if (op == "array.__pos__") return tensor(fmt::format("at::positive({})", call.tensor("self")));
  if (op == "array.__invert__") return tensor(fmt::format("~{}", call.tensor("self")));
  if (op == "where")
    return tensor(fmt::format("at::where({}, {}, {})", call.tensor("condition"), call.operand("x1"),
                              call.operand("x2")));
  return std::nullopt;
}

// asarray of literal data, as literal_tensor (torch_values.cpp) builds it.
std::string literal(const Data& data, const std::optional<std::string>& dtype) {
  bool integral = true;
  std::vector<std::string> values;
  for (double v : data.values) {
    integral = integral && std::trunc(v) == v && std::abs(v) < 9.0e15;
    values.push_back(number(v));
  }
  const std::string type =
      dtype.value_or(integral ? "at::kLong" : "at::get_default_dtype_as_scalartype()");
  return fmt::format("at::tensor(std::vector<double>{{{}}}, at::kDouble).reshape({{{}}}).to({})",
                     fmt::join(values, ", "), fmt::join(data.shape, ", "), type);
}

std::optional<CppExpression> creation(const Step& step, const Text& call) {
  const std::string& op = step.op;
  if (op == "zeros" || op == "ones" || op == "empty")
    return tensor(fmt::format("at::{}({}, {})", op, call.shape("shape"), call.options()));
  if (op == "zeros_like" || op == "ones_like" || op == "empty_like")
    return tensor(fmt::format("at::{}({}, {})", op, call.tensor("x"), call.options()));
  if (op == "full")
    return tensor(fmt::format("at::full({}, {}, {})", call.shape("shape"),
                              call.scalar("fill_value"), call.options()));
  if (op == "full_like")
    return tensor(fmt::format("at::full_like({}, {}, {})", call.tensor("x"),
                              call.scalar("fill_value"), call.options()));
  if (op == "arange") {
    if (!call.given("stop"))
      return tensor(fmt::format("at::arange({}, {})", call.scalar("start"), call.options()));
    const std::string step_text = call.given("step") ? call.scalar("step") : "at::Scalar(1)";
    return tensor(fmt::format("at::arange({}, {}, {}, {})", call.scalar("start"),
                              call.scalar("stop"), step_text, call.options()));
  }
  if (op == "asarray") {
    if (call.boolean("copy") == false) throw Unsupported("copy=False has no C++ spelling");
    const Value& obj = call.at("obj");
    if (std::holds_alternative<StepRef>(obj)) {
      const std::string x = call.tensor("obj");
      return tensor(fmt::format(
          "{0}.to({1}, {2}, false, {3})", x, call.device().value_or(x + ".device()"),
          call.dtype().value_or(x + ".scalar_type()"), call.boolean("copy").value_or(false)));
    }
    if (const auto* data = std::get_if<Data>(&obj))
      return tensor(fmt::format("{}.to({})", literal(*data, call.dtype()),
                                call.device().value_or("at::Device(\"cpu\")")));
    return tensor(fmt::format("at::scalar_tensor({}, {})", call.scalar("obj"), call.options()));
  }
  if (op == "astype") {
    const std::string x = call.tensor("x");
    const auto dtype = call.dtype();
    if (!dtype) throw Unsupported("astype needs a dtype");
    return tensor(fmt::format("{0}.to({1}, {2}, false, {3})", x,
                              call.device().value_or(x + ".device()"), *dtype,
                              call.boolean("copy").value_or(true)));
  }
  if (op == "from_dlpack" && !call.given("device") && !call.given("copy"))
    return tensor(fmt::format("at::fromDLPack(at::toDLPack({}))", call.tensor("x")));
  if (op == "array.to_device" && !call.given("stream")) {
    const auto device = call.device("device");
    if (!device) throw Unsupported("to_device needs a device");
    return tensor(fmt::format("{}.to({})", call.tensor("self"), *device));
  }
  return std::nullopt;
}

std::optional<CppExpression> joining(const Step& step, const Text& call) {
  const std::string& op = step.op;
  if (op == "matmul" || op == "linalg.matmul")
    return tensor(fmt::format("at::matmul({}, {})", call.tensor("x1"), call.tensor("x2")));
  if (op == "concat") {
    // axis left out means 0; axis=None (flatten first) has no spelling here.
    const Value* axis = call.find("axis");
    if (axis != nullptr && std::holds_alternative<std::monostate>(*axis))
      throw Unsupported("concat(axis=None) has no spelling written");
    return tensor(
        fmt::format("at::cat({}, {})", call.tensors("arrays"), call.integer("axis").value_or(0)));
  }
  if (op == "stack")
    return tensor(
        fmt::format("at::stack({}, {})", call.tensors("arrays"), call.integer("axis").value_or(0)));
  if (op == "harness.observe") return tensor(call.tensor("x"));
  if (op == "array.device")
    return CppExpression{.result = CppResult::value, .text = call.tensor("self") + ".device()"};
  return std::nullopt;
}

}  // namespace

std::string cpp_device(const std::string& name) {
  return fmt::format("at::Device({})", cpp_string_literal(name));
}

CppExpression cpp_call(const Step& step, const CppNames& names) {
  const Arguments arguments = adapter_support::bind(step);
  const Text call(arguments, names);
  if (auto expression = elementwise(step, call)) return *expression;
  if (auto expression = creation(step, call)) return *expression;
  if (auto expression = joining(step, call)) return *expression;
  throw Unsupported(fmt::format("no C++ spelling is written for {} yet", step.op));
}

}  // namespace conformance::torch_internal
