// Binding a step's arguments to parameter names, as Python binds a call.
#include "call_arguments.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <variant>

#include "catalogue/catalogue.hpp"

namespace conformance::adapter_support {
namespace {

// The harness's own operations (program.hpp, harness_op) and their parameters.
std::vector<std::string> harness_parameters(std::string_view op) {
  if (op == harness_op::set_default_device) return {"device"};
  if (op == harness_op::observe) return {"x"};
  if (op == harness_op::compare_devices) return {"x1", "x2"};
  return {};
}

std::string variadic_parameter(std::string_view op) {
  const catalogue::Operation* operation = catalogue::find_operation(op);
  if (operation == nullptr) return "";
  for (const auto& array : operation->arrays)
    if (array.variadic) return std::string(array.name);
  return "";
}

}  // namespace

bool is_harness_operation(std::string_view op) {
  return op.starts_with("harness.");
}

std::vector<std::string> parameter_names(std::string_view op) {
  if (is_harness_operation(op)) return harness_parameters(op);
  const std::string_view base = catalogue::in_place_base(op);
  const catalogue::Operation* operation = catalogue::find_operation(base.empty() ? op : base);
  if (operation == nullptr) return {};
  std::vector<std::string> names;
  for (const auto& array : operation->arrays)
    names.emplace_back(array.name);
  for (const auto& positional : operation->positionals)
    names.emplace_back(positional.name);
  for (const auto& keyword : operation->keywords)
    names.emplace_back(keyword.name);
  return names;
}

const Value* Arguments::find(std::string_view name) const {
  for (const auto& [parameter, value] : values_)
    if (parameter == name) return &value;
  return nullptr;
}

const Value& Arguments::at(std::string_view name) const {
  const Value* value = find(name);
  if (value == nullptr) throw Unsupported(fmt::format("the call has no argument '{}'", name));
  return *value;
}

bool Arguments::given(std::string_view name) const {
  const Value* value = find(name);
  return value != nullptr && !std::holds_alternative<std::monostate>(*value);
}

Arguments bind(const Step& step) {
  const std::vector<std::string> names = parameter_names(step.op);
  const std::string variadic = variadic_parameter(step.op);
  Arguments arguments;
  std::size_t parameter = 0;
  for (std::size_t i = 0; i < step.args.size(); ++i) {
    if (parameter >= names.size()) {
      throw Unsupported(fmt::format("{} takes {} positional argument(s), the step passes {}",
                                    step.op, names.size(), step.args.size()));
    }
    const std::string& name = names[parameter++];
    if (name == variadic && std::holds_alternative<StepRef>(step.args[i])) {
      // *arrays: this and every following positional reference.
      RefList list;
      while (i < step.args.size() && std::holds_alternative<StepRef>(step.args[i]))
        list.refs.push_back(std::get<StepRef>(step.args[i++]));
      --i;
      arguments.values_.emplace_back(name, list);
      continue;
    }
    arguments.values_.emplace_back(name, step.args[i]);
  }
  for (const Keyword& keyword : step.kwargs) {
    if (std::find(names.begin(), names.end(), keyword.name) == names.end()) {
      throw Unsupported(fmt::format("{} has no keyword '{}' (its parameters: {})", step.op,
                                    keyword.name, fmt::join(names, ", ")));
    }
    if (arguments.find(keyword.name) != nullptr) {
      throw Unsupported(fmt::format("{} gets argument '{}' both by position and by keyword",
                                    step.op, keyword.name));
    }
    arguments.values_.emplace_back(keyword.name, keyword.value);
  }
  return arguments;
}

std::vector<std::int64_t> ValueReader::shape(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (const auto* tuple = std::get_if<IntTuple>(&value)) return tuple->values;
  if (const auto* n = std::get_if<std::int64_t>(&value)) return {*n};
  cannot_take(name, value, "a shape");
}

std::optional<std::vector<std::int64_t>> ValueReader::axes(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* tuple = std::get_if<IntTuple>(value)) return tuple->values;
  if (const auto* axis = std::get_if<std::int64_t>(value)) return std::vector<std::int64_t>{*axis};
  cannot_take(name, *value, "an axis or a tuple of axes");
}

std::optional<std::int64_t> ValueReader::optional_integer(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* n = std::get_if<std::int64_t>(value)) return *n;
  cannot_take(name, *value, "an int");
}

std::int64_t ValueReader::integer(std::string_view name, std::int64_t otherwise) const {
  return optional_integer(name).value_or(otherwise);
}

std::optional<bool> ValueReader::optional_boolean(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* b = std::get_if<bool>(value)) return *b;
  cannot_take(name, *value, "a bool");
}

bool ValueReader::boolean(std::string_view name, bool otherwise) const {
  return optional_boolean(name).value_or(otherwise);
}

double ValueReader::number(std::string_view name, double otherwise) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return otherwise;
  if (const auto* d = std::get_if<double>(value)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(value)) return static_cast<double>(*i);
  cannot_take(name, *value, "a number");
}

void ValueReader::cannot_take(std::string_view name, const Value& value,
                              std::string_view what) const {
  adapter_support::cannot_take(name, value, what, library_);
}

std::string_view kind_of(const Value& value) {
  static_assert(std::variant_size_v<Value> == 11, "name the new kind of value here");
  static constexpr std::string_view kinds[] = {"None",
                                               "a bool",
                                               "an int",
                                               "a float",
                                               "an array reference",
                                               "a list of arrays",
                                               "a device",
                                               "an invalid device",
                                               "a dtype",
                                               "literal data",
                                               "a tuple of ints"};
  return kinds[value.index()];
}

bool is_none(const Value* value) {
  return value == nullptr || std::holds_alternative<std::monostate>(*value);
}

void cannot_take(std::string_view parameter, const Value& value, std::string_view what,
                 std::string_view library) {
  throw Unsupported(fmt::format("argument '{}' is {}, where {} takes {}", parameter, kind_of(value),
                                library, what));
}

std::vector<std::string> operations_in_catalogue_order(const std::vector<std::string>& names) {
  const auto named = [&](std::string_view op) {
    return std::find(names.begin(), names.end(), op) != names.end();
  };
  std::vector<std::string> operations;
  for (const catalogue::Operation& operation : catalogue::operations())
    if (named(operation.name)) operations.emplace_back(operation.name);
  std::size_t listed = operations.size();
  for (const std::string& name : names) {
    if (!catalogue::in_place_base(name).empty()) {
      operations.push_back(name);
      ++listed;
    } else if (is_harness_operation(name)) {
      ++listed;
    }
  }
  if (listed != names.size())
    throw std::logic_error("an adapter's dispatch table names an operation the catalogue lacks");
  return operations;
}

}  // namespace conformance::adapter_support
