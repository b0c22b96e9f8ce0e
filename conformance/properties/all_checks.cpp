// The list of every check, family by family, in the order runs and reports use, each with the
// first spec version it applies to.
#include <algorithm>
#include <string_view>
#include <utility>

#include "catalogue/catalogue.hpp"
#include "conformance/known_failures.hpp"
#include "family.hpp"

namespace conformance {
namespace {

// Rules younger than the functions they judge, by check-id glob; each entry cites where the rule
// (or the keyword its programs pass) first appears.
constexpr std::pair<std::string_view, std::string_view> kRuleVersions[] = {
    // from_dlpack(x, /, *, device=None, copy=None) and "If device is None ..., the output array
    // must be on the same device as x": spec/2023.12/API_specification/creation_functions.rst.
    {"dlpack.from_dlpack.*", "2023.12"},
    // __dlpack__(*, stream, max_version, dl_device, copy): _2023_12/array_object.py.
    {"dlpack.__dlpack__.*", "2023.12"},
    // can_cast/result_type "must consider the array's device" (array-api PR #889): _2024_12.
    {"dtype_functions.can_cast.*", "2024.12"},
    {"dtype_functions.result_type.*", "2024.12"},
    // devices() and the inspection namespace: _2023_12/info.py.
    {"device_object.in_devices", "2023.12"},
    {"info.*", "2023.12"},
};

// The catalogue operation a check judges: its function, an info.* function named bare, or the
// binary operator behind an in-place one.
const catalogue::Operation* operation_of(const CheckInfo& info) {
  if (const auto* op = catalogue::find_operation(info.function)) return op;
  if (const auto* op = catalogue::find_operation("info." + info.function)) return op;
  const auto base = catalogue::in_place_base(info.function);
  return base.empty() ? nullptr : catalogue::find_operation(base);
}

std::string first_version(const CheckInfo& info) {
  std::string since = info.since_version.empty() ? "2021.12" : info.since_version;
  const auto later = [&](std::string_view version) {
    if (version > since) since = std::string(version);
  };
  if (const auto* op = operation_of(info)) {
    later(op->since_version);
    // explicit.* passes device=, which some functions gained after they came.
    if (info.family == "explicit" && op->has_device_keyword)
      later(catalogue::device_keyword_since(*op));
  }
  for (const auto& [glob, version] : kRuleVersions)
    if (glob_match(glob, info.id)) later(version);
  return since;
}

}  // namespace

const std::vector<Check>& all_checks() {
  static const std::vector<Check> checks = [] {
    std::vector<Check> all;
    for (auto family :
         {families::info_checks, families::inspection_checks, families::device_object_checks,
          families::explicit_checks, families::like_checks, families::default_checks,
          families::propagate_checks, families::mixed_checks, families::mixed_0d_checks,
          families::transfer_checks, families::dlpack_checks, families::dtype_function_checks,
          families::host_checks, families::program_checks}) {
      auto checks = family();
      all.insert(all.end(), std::make_move_iterator(checks.begin()),
                 std::make_move_iterator(checks.end()));
    }
    for (Check& check : all)
      check.info.since_version = first_version(check.info);
    return all;
  }();
  return checks;
}

}  // namespace conformance
