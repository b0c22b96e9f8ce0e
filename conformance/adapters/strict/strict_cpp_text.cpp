// Program values as C++ source text.
#include "strict_cpp_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <variant>

#include <strict/strict.hpp>

namespace conformance::strict_internal {
namespace {

using adapter_support::is_none;

[[noreturn]] void cannot_take(std::string_view name, std::string_view what) {
  throw Unsupported(fmt::format("argument '{}' is not {}, which strict takes there", name, what));
}

std::string cpp_integer(std::int64_t value) {
  if (value == std::numeric_limits<std::int64_t>::min())
    return "std::numeric_limits<std::int64_t>::min()";
  if (value > std::numeric_limits<int>::max() || value < std::numeric_limits<int>::min())
    return fmt::format("std::int64_t{{{}}}", value);
  return fmt::format("{}", value);
}

std::string cpp_double(double value) {
  if (std::isnan(value)) return "std::numeric_limits<double>::quiet_NaN()";
  if (std::isinf(value))
    return value > 0 ? "std::numeric_limits<double>::infinity()"
                     : "-std::numeric_limits<double>::infinity()";
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

// A Python scalar as a C++ literal of the type strict::Scalar gives it.
std::optional<std::string> cpp_scalar(const Value& value) {
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* i = std::get_if<std::int64_t>(&value)) return cpp_integer(*i);
  if (const auto* d = std::get_if<double>(&value)) return cpp_double(*d);
  return std::nullopt;
}

// A literal element typed as literal_values() (strict_values.cpp) types it.
std::string cpp_element(double value, bool as_bool) {
  if (as_bool) return value != 0.0 ? "true" : "false";
  if (std::trunc(value) == value && std::abs(value) < 9.0e15)
    return cpp_integer(static_cast<std::int64_t>(value));
  return cpp_double(value);
}

std::string nested(const Data& data, bool as_bool, std::size_t axis, std::size_t& position) {
  if (axis == data.shape.size()) return cpp_element(data.values.at(position++), as_bool);
  std::vector<std::string> items;
  for (std::int64_t i = 0; i < data.shape[axis]; ++i)
    items.push_back(nested(data, as_bool, axis + 1, position));
  return fmt::format("{{{}}}", fmt::join(items, ", "));
}

}  // namespace

std::string cpp_device(std::string_view name) {
  return fmt::format("strict::Device({})", cpp_string_literal(name));
}

std::string designated(
    std::initializer_list<std::pair<std::string_view, std::optional<std::string>>> fields) {
  std::vector<std::string> set;
  for (const auto& [name, value] : fields)
    if (value) set.push_back(fmt::format(".{} = {}", name, *value));
  return set.empty() ? "" : fmt::format("{{{}}}", fmt::join(set, ", "));
}

std::string argument_list(std::initializer_list<std::string> arguments) {
  std::vector<std::string> present;
  for (const std::string& argument : arguments)
    if (!argument.empty()) present.push_back(argument);
  return fmt::format("{}", fmt::join(present, ", "));
}

bool CppCall::is_array(std::string_view name) const {
  const Value* value = arguments_.find(name);
  return value != nullptr && std::holds_alternative<StepRef>(*value);
}

std::string CppCall::array(std::string_view name) const {
  const auto* ref = std::get_if<StepRef>(&arguments_.at(name));
  if (ref == nullptr) cannot_take(name, "an array");
  return adapter_support::cpp_variable(*ref, names_);
}

std::string CppCall::arrays(std::string_view name) const {
  const auto* list = std::get_if<RefList>(&arguments_.at(name));
  if (list == nullptr) cannot_take(name, "a list of arrays");
  std::vector<std::string> refs;
  for (const StepRef& ref : list->refs)
    refs.push_back(adapter_support::cpp_variable(ref, names_));
  return fmt::format("std::vector<strict::Array>{{{}}}", fmt::join(refs, ", "));
}

std::string CppCall::operand(std::string_view name) const {
  if (is_array(name)) return array(name);
  if (auto scalar = cpp_scalar(arguments_.at(name))) return *scalar;
  cannot_take(name, "an array or a Python scalar");
}

std::optional<std::string> CppCall::optional_operand(std::string_view name) const {
  if (is_none(arguments_.find(name))) return std::nullopt;
  return operand(name);
}

std::string CppCall::scalar(std::string_view name) const {
  if (auto scalar = cpp_scalar(arguments_.at(name))) return *scalar;
  cannot_take(name, "a Python scalar");
}

std::optional<std::string> CppCall::optional_scalar(std::string_view name) const {
  if (is_none(arguments_.find(name))) return std::nullopt;
  return scalar(name);
}

std::optional<std::string> CppCall::device(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* index = std::get_if<DeviceIndex>(value)) {
    if (index->index < 0 || static_cast<std::size_t>(index->index) >= names_.devices.size())
      throw Unsupported(fmt::format("devices[{}] does not exist", index->index));
    return cpp_device(names_.devices[index->index]);
  }
  if (std::holds_alternative<InvalidDevice>(*value)) return cpp_device("not-a-device");
  cannot_take(name, "a device");
}

std::optional<std::string> CppCall::dtype(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  const auto* dtype = std::get_if<DTypeName>(value);
  if (dtype == nullptr) cannot_take(name, "a dtype");
  if (!strict::parse_dtype(dtype->name))
    throw Unsupported(fmt::format("strict has no dtype '{}'", dtype->name));
  return dtype->name == "bool" ? "strict::bool_" : "strict::" + dtype->name;
}

std::optional<std::string> CppCall::dtype_kind(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  const auto* kind = std::get_if<DTypeName>(value);
  if (kind == nullptr) cannot_take(name, "a dtype kind");
  for (auto [spec_name, enumerator] :
       {std::pair{"bool", "bool_"}, std::pair{"signed integer", "signed_integer"},
        std::pair{"unsigned integer", "unsigned_integer"}, std::pair{"integral", "integral"},
        std::pair{"real floating", "real_floating"},
        std::pair{"complex floating", "complex_floating"}, std::pair{"numeric", "numeric"}}) {
    if (kind->name == spec_name) return fmt::format("strict::DTypeKind::{}", enumerator);
  }
  throw Unsupported(fmt::format("strict has no dtype kind '{}'", kind->name));
}

std::string CppCall::shape(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (const auto* tuple = std::get_if<IntTuple>(&value))
    return fmt::format("{{{}}}", fmt::join(tuple->values, ", "));
  if (const auto* n = std::get_if<std::int64_t>(&value)) return fmt::format("{{{}}}", *n);
  cannot_take(name, "a shape");
}

std::optional<std::string> CppCall::axes(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* tuple = std::get_if<IntTuple>(value))
    return fmt::format("strict::Axes{{{}}}", fmt::join(tuple->values, ", "));
  if (const auto* axis = std::get_if<std::int64_t>(value))
    return fmt::format("strict::Axes{{{}}}", *axis);
  cannot_take(name, "an axis or a tuple of axes");
}

std::optional<std::string> CppCall::integer(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* n = std::get_if<std::int64_t>(value)) return cpp_integer(*n);
  cannot_take(name, "an int");
}

std::optional<std::string> CppCall::boolean(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* b = std::get_if<bool>(value)) return *b ? "true" : "false";
  cannot_take(name, "a bool");
}

std::optional<std::string> CppCall::number(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* d = std::get_if<double>(value)) return cpp_double(*d);
  if (const auto* i = std::get_if<std::int64_t>(value)) return cpp_double(static_cast<double>(*i));
  cannot_take(name, "a number");
}

std::optional<std::string> CppCall::stream(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* handle = std::get_if<std::int64_t>(value))
    return fmt::format("strict::Stream{{{}}}", *handle);
  return "strict::Stream{}";
}

std::optional<std::string> CppCall::literal(std::string_view name) const {
  const auto* data = std::get_if<Data>(&arguments_.at(name));
  if (data == nullptr) return std::nullopt;
  const bool as_bool = dtype() == "strict::bool_";
  std::int64_t count = 1;
  for (std::int64_t extent : data->shape)
    count *= extent;
  const bool fits = count == static_cast<std::int64_t>(data->values.size());
  if (data->shape.empty() && fits) return cpp_element(data->values[0], as_bool);
  // Nested braces need at least one element per list (an empty {} would be ambiguous).
  if (fits && count > 0) {
    std::size_t position = 0;
    return nested(*data, as_bool, 0, position);
  }
  // Data with no elements (or not matching its shape): the flat form, values then shape.
  std::vector<std::string> values;
  for (double v : data->values)
    values.push_back(cpp_element(v, as_bool));
  return fmt::format("std::vector<strict::Scalar>{{{}}}, {{{}}}", fmt::join(values, ", "),
                     fmt::join(data->shape, ", "));
}

}  // namespace conformance::strict_internal
