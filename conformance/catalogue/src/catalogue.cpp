// The catalogue's table (derived at build time: derived.hpp) and its look-up by name.
#include "catalogue/catalogue.hpp"

#include <unordered_map>

#include "derived.hpp"

namespace catalogue {
namespace {

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
  static const std::vector<Operation> table = detail::derived_operations();
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

}  // namespace catalogue
