// Coverage of the catalogue by an implementation and by the checks.
#include "conformance/coverage.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catalogue/catalogue.hpp"
#include "conformance/check.hpp"

namespace conformance {
namespace {

std::string group_of(catalogue::Namespace ns) {
  switch (ns) {
    case catalogue::Namespace::main:
      return "main namespace";
    case catalogue::Namespace::linalg:
      return "linalg extension";
    case catalogue::Namespace::fft:
      return "fft extension";
    case catalogue::Namespace::info:
      return "inspection (__array_namespace_info__)";
    case catalogue::Namespace::array_method:
    case catalogue::Namespace::array_operator:
    case catalogue::Namespace::array_attribute:
      return "array object";
  }
  return "other";
}

std::string percent(int part, int whole) {
  return whole == 0 ? "-" : fmt::format("{} ({}%)", part, 100 * part / whole);
}

}  // namespace

std::vector<CoverageRow> coverage(const std::vector<std::string>& operations) {
  const std::set<std::string, std::less<>> listed(operations.begin(), operations.end());
  std::set<std::string, std::less<>> checked;
  for (const auto& check : all_checks())
    checked.insert(check.info.function);
  std::vector<CoverageRow> rows;
  for (const auto& op : catalogue::operations()) {
    const auto group = group_of(op.ns);
    auto row = std::find_if(rows.begin(), rows.end(),
                            [&](const CoverageRow& r) { return r.group == group; });
    if (row == rows.end()) row = rows.insert(rows.end(), CoverageRow{.group = group});
    ++row->in_spec;
    if (listed.contains(op.name))
      ++row->implemented;
    else
      row->missing.emplace_back(op.name);
    if (checked.contains(op.name))
      ++row->checked;
    else
      row->unchecked.emplace_back(op.name);
  }
  return rows;
}

std::string coverage_markdown(const std::vector<CoverageRow>& rows,
                              const std::string& implementation) {
  std::string out = fmt::format(
      "| 2025.12 group | operations in the spec | implemented in {} | checked by the harness |\n"
      "|---|---|---|---|\n",
      implementation);
  for (const auto& row : rows)
    out += fmt::format("| {} | {} | {} | {} |\n", row.group, row.in_spec,
                       percent(row.implemented, row.in_spec), percent(row.checked, row.in_spec));
  for (const auto& row : rows) {
    if (!row.missing.empty())
      out += fmt::format("\nNot in {} ({}): {}\n", implementation, row.group,
                         fmt::join(row.missing, ", "));
    if (!row.unchecked.empty())
      out += fmt::format("\nNo check of its own ({}): {}\n", row.group,
                         fmt::join(row.unchecked, ", "));
  }
  return out;
}

}  // namespace conformance
