// Which version of the standard an implementation is judged by: the one it declares in
// __array_api_version__, unless the command line overrides it; an undeclared or unknown version is
// judged by the newest the suite knows, and the tracker says so.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace conformance {

struct JudgedVersion {
  std::string version{};  // a version of catalogue::spec_versions(), e.g. "2024.12"
  // Why that one: "declared", "--spec-version", or a sentence for an undeclared or unknown claim.
  std::string basis{};
};

JudgedVersion judged_version(std::string_view declared, std::string_view override_version = {});

// Whether `version` is a released version of the standard ("2021.12" ... the newest).
bool is_spec_version(std::string_view version);

// The reason a check is skipped when what it judges (from `since`) is newer than `judged`:
// "not in spec 2022.12: from 2023.12". nullopt when the check applies.
std::optional<std::string> not_in_spec(std::string_view since, std::string_view judged);

}  // namespace conformance
