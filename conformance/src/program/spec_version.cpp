// The version an implementation is judged by, and the skip of what came after it.
#include "conformance/spec_version.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "catalogue/catalogue.hpp"

namespace conformance {

bool is_spec_version(std::string_view version) {
  const auto& versions = catalogue::spec_versions();
  return std::find(versions.begin(), versions.end(), version) != versions.end();
}

JudgedVersion judged_version(std::string_view declared, std::string_view override_version) {
  const std::string newest(catalogue::newest_spec_version());
  if (!override_version.empty()) return {std::string(override_version), "--spec-version"};
  if (declared.empty())
    return {newest, fmt::format("no __array_api_version__: judged by the newest, {}", newest)};
  if (!is_spec_version(declared))
    return {newest, fmt::format("declares {}, which this suite does not know: judged by the "
                                "newest, {}",
                                declared, newest)};
  return {std::string(declared), "declared"};
}

std::optional<std::string> not_in_spec(std::string_view since, std::string_view judged) {
  // Versions are "YYYY.MM", so text order is release order.
  if (since.empty() || judged.empty() || since <= judged) return std::nullopt;
  return fmt::format("not in spec {}: from {}", judged, since);
}

}  // namespace conformance
