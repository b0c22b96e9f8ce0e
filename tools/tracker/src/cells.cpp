#include "tracker/cells.hpp"

#include <algorithm>

namespace tracker {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;
using conformance::Tracker;

KnownIssueLookup lookup_in(const KnownIssues& known_issues) {
  return [&known_issues](std::string_view implementation, std::string_view check_id,
                         std::string_view version) {
    return find_known_issue(known_issues, implementation, check_id, version);
  };
}

bool is_passing(Status status) {
  return status == Status::pass || status == Status::xpass;
}

bool is_failing(Status status) {
  return status == Status::fail || status == Status::error || status == Status::crash ||
         status == Status::timeout || status == Status::xfail;
}

std::vector<std::string> families_of(const Tracker& tracker) {
  std::vector<std::string> families;
  for (const auto& run : tracker.implementations) {
    for (const auto& result : run.results) {
      if (std::find(families.begin(), families.end(), result.info.family) == families.end()) {
        families.push_back(result.info.family);
      }
    }
  }
  return families;
}

std::optional<KnownIssue> known_issue_of(const CheckResult& result, std::string_view implementation,
                                         std::string_view version, const KnownIssueLookup& lookup) {
  if (lookup) {
    if (auto issue = lookup(implementation, result.info.id, version)) return issue;
  }
  if (!result.bug.empty()) {
    return KnownIssue{
        .implementation = std::string(implementation),
        .check = result.info.id,
        .url = result.bug,
        .note = result.reason.empty() ? "listed in the run's expectations" : result.reason,
        .draft = {}};
  }
  return std::nullopt;
}

CellCounts count_cell(const ImplementationRun& run, std::string_view family,
                      const KnownIssueLookup& lookup) {
  CellCounts counts;
  for (const auto& result : run.results) {
    if (result.info.family != family) continue;
    ++counts.total;
    if (is_passing(result.status)) ++counts.passed;
    if (result.status == Status::unsupported) ++counts.unsupported;
    if (result.status == Status::skip) ++counts.skipped;
    if (is_failing(result.status)) {
      ++counts.failing;
      if (known_issue_of(result, run.handshake.implementation, run.handshake.library_version,
                         lookup))
        ++counts.known;
    }
  }
  return counts;
}

}  // namespace tracker
