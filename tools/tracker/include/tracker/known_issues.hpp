// Known issues (reports/known-issues.json): (implementation glob, check-id glob) -> the upstream
// issue behind a failure and a one-line explanation, or a report draft where none exists yet. A
// failing check with a known issue is "known" in the rendered trackers, any other failure "new".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tracker {

// The value of the file's "schema" field.
inline constexpr std::string_view kKnownIssuesSchema = "adc-known-issues/1";

struct KnownIssue {
  std::string implementation{};  // glob over the --impl spec, e.g. "python:torch*"
  std::string check{};           // glob over check ids, e.g. "mixed_0d.*"
  std::string url{};             // the upstream issue (for a draft: the tracker to file it in)
  std::string note{};            // one line: why this failure is that issue
  // A failure no upstream issue explains yet: the title of the report drafted for it. The public
  // page prints each draft with the spec sentence and a reproduction, ready to file at `url`.
  std::string draft{};
  // The release that fixed it, where one did: the entry explains failures of earlier releases
  // only (NumPy 2.0's scalars without .device, fixed in 2.1), so a failure of that release or a
  // later one is not taken for it. "" for an issue no release has fixed.
  std::string fixed_in{};
};

struct KnownIssues {
  std::vector<KnownIssue> issues{};
};

// Throws TrackerError naming `source` and what is wrong.
KnownIssues known_issues_from_json(const nlohmann::json& json, std::string_view source);
// Reads and checks the file; throws TrackerError (missing file, not JSON, wrong schema).
KnownIssues load_known_issues(const std::string& path);

// The first entry whose globs match both (glob_match: '*' crosses dots) and, when `version` is
// given, that no release up to it fixed (KnownIssue::fixed_in).
std::optional<KnownIssue> find_known_issue(const KnownIssues& known_issues,
                                           std::string_view implementation,
                                           std::string_view check_id,
                                           std::string_view version = {});

}  // namespace tracker
