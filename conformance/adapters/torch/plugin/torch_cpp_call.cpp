// Program values as C++ source text, as Call (torch_values.cpp) reads them at run time.
#include "torch_cpp_call.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <variant>
#include <vector>

#include "cpp_source.hpp"

namespace conformance::torch_internal {
namespace {

using adapter_support::is_none;
using adapter_support::Unsupported;

// Standard names whose ATen function has another name; the rest are spelled as they are named.
const std::map<std::string, std::string, std::less<>> kRenamed = {
    {"bitwise_invert", "bitwise_not"}, {"equal", "eq"}, {"concat", "cat"}};

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

}  // namespace

std::string aten_name(std::string_view op) {
  const auto renamed = kRenamed.find(op);
  return renamed == kRenamed.end() ? std::string(op) : renamed->second;
}

std::string cpp_number(double value) {
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  return text;
}

std::string cpp_device(std::string_view name) {
  return fmt::format("at::Device({})", adapter_support::cpp_string_literal(name));
}

std::string CppCall::ref(const StepRef& ref) const {
  return adapter_support::cpp_variable(ref, names_);
}

std::string CppCall::tensor(std::string_view name) const {
  const auto* ref = std::get_if<StepRef>(&arguments_.at(name));
  if (ref == nullptr) throw Unsupported(fmt::format("'{}' is no tensor", name));
  return this->ref(*ref);
}

std::string CppCall::tensors(std::string_view name) const {
  const auto* list = std::get_if<RefList>(&arguments_.at(name));
  if (list == nullptr) throw Unsupported(fmt::format("'{}' is no list of tensors", name));
  std::vector<std::string> items;
  for (const StepRef& r : list->refs)
    items.push_back(ref(r));
  return fmt::format("std::vector<at::Tensor>{{{}}}", fmt::join(items, ", "));
}

std::optional<std::string> CppCall::scalar_text(const Value& value) const {
  if (const auto* b = std::get_if<bool>(&value)) return fmt::format("at::Scalar({})", *b);
  if (const auto* i = std::get_if<std::int64_t>(&value))
    return fmt::format("at::Scalar(int64_t{{{}}})", *i);
  if (const auto* d = std::get_if<double>(&value))
    return fmt::format("at::Scalar({})", cpp_number(*d));
  return std::nullopt;
}

std::string CppCall::scalar(std::string_view name) const {
  if (auto text = scalar_text(arguments_.at(name))) return *text;
  throw Unsupported(fmt::format("'{}' is no Python scalar", name));
}

std::string CppCall::operand(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (const auto* r = std::get_if<StepRef>(&value)) return ref(*r);
  if (auto text = scalar_text(value))
    return fmt::format("at::native::wrapped_scalar_tensor({})", *text);
  throw Unsupported(fmt::format("'{}' is no tensor or scalar", name));
}

std::optional<std::string> CppCall::device(std::string_view name) const {
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

std::optional<std::string> CppCall::dtype(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  const auto* dtype = std::get_if<DTypeName>(value);
  if (dtype == nullptr) throw Unsupported(fmt::format("'{}' is no dtype", name));
  const auto type = kScalarTypes.find(dtype->name);
  if (type == kScalarTypes.end())
    throw Unsupported(fmt::format("libtorch has no dtype '{}'", dtype->name));
  return type->second;
}

std::string CppCall::options() const {
  std::string text = "at::TensorOptions()";
  if (auto type = dtype()) text += fmt::format(".dtype({})", *type);
  if (auto where = device()) text += fmt::format(".device({})", *where);
  return text;
}

std::string CppCall::shape(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (const auto* tuple = std::get_if<IntTuple>(&value))
    return fmt::format("std::vector<int64_t>{{{}}}", fmt::join(tuple->values, ", "));
  if (const auto* n = std::get_if<std::int64_t>(&value))
    return fmt::format("std::vector<int64_t>{{{}}}", *n);
  throw Unsupported(fmt::format("'{}' is no shape", name));
}

std::optional<std::int64_t> CppCall::integer(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* n = std::get_if<std::int64_t>(value)) return *n;
  throw Unsupported(fmt::format("'{}' is no int", name));
}

std::optional<bool> CppCall::boolean(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* b = std::get_if<bool>(value)) return *b;
  throw Unsupported(fmt::format("'{}' is no bool", name));
}

}  // namespace conformance::torch_internal
