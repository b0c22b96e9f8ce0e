// Joins the per-module tables into one catalogue and looks operations up by name.
#include "catalogue/catalogue.hpp"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "tables.hpp"

namespace catalogue {
namespace {

std::vector<Operation> join_tables() {
  std::vector<Operation> all;
  for (auto part : {detail::main_operations, detail::linalg_operations, detail::fft_operations,
                    detail::info_operations, detail::array_operations}) {
    auto ops = part();
    std::move(ops.begin(), ops.end(), std::back_inserter(all));
  }
  return all;
}

// Names point into the static table, which lives as long as the program.
const std::unordered_map<std::string_view, const Operation*>& index() {
  static const auto by_name = [] {
    std::unordered_map<std::string_view, const Operation*> map;
    for (const auto& op : operations())
      map.emplace(op.name, &op);
    return map;
  }();
  return by_name;
}

}  // namespace

const std::vector<Operation>& operations() {
  static const std::vector<Operation> table = join_tables();
  return table;
}

const Operation* find_operation(std::string_view op_name) {
  const auto& map = index();
  auto it = map.find(op_name);
  return it == map.end() ? nullptr : it->second;
}

const std::vector<std::string_view>& spec_versions() {
  static const std::vector<std::string_view> versions = {"2021.12", "2022.12", "2023.12", "2024.12",
                                                         "2025.12"};
  return versions;
}

std::string_view newest_spec_version() {
  return spec_versions().back();
}

std::string_view scalar_since(const Operation& op, const ArrayParameter& parameter) {
  return parameter.scalar_since.empty() ? op.since_version : parameter.scalar_since;
}

std::string_view device_keyword_since(const Operation& op) {
  return op.device_since.empty() ? op.since_version : op.device_since;
}

std::string_view name(DeviceRule rule) {
  switch (rule) {
    case DeviceRule::creation:
      return "creation";
    case DeviceRule::like:
      return "like";
    case DeviceRule::propagate:
      return "propagate";
    case DeviceRule::multi_input:
      return "multi_input";
    case DeviceRule::transfer:
      return "transfer";
    case DeviceRule::info:
      return "info";
    case DeviceRule::host:
      return "host";
  }
  return "unknown";
}

std::string_view name(Namespace ns) {
  switch (ns) {
    case Namespace::main:
      return "main";
    case Namespace::linalg:
      return "linalg";
    case Namespace::fft:
      return "fft";
    case Namespace::array_method:
      return "array_method";
    case Namespace::array_operator:
      return "array_operator";
    case Namespace::array_attribute:
      return "array_attribute";
    case Namespace::info:
      return "info";
  }
  return "unknown";
}

}  // namespace catalogue
