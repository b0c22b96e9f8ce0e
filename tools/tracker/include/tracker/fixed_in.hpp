// "Fixed in": the known issues (reports/known-issues.json) that the history of releases
// (tracker history) shows fixed: every check an issue explains in a library failed in an older
// release, and none fails in the newest one. The public page lists them with the release.
#pragma once

#include <string>
#include <vector>

#include "tracker/history.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

struct FixedIssue {
  std::string url{};
  std::string implementation{};       // the history series (series_label): "python:numpy"
  std::string fixed_in{};             // the release from which every one of its checks passes
  std::string last_failing{};         // the newest release where one of them failed
  std::vector<std::string> checks{};  // the checks it explained, that now pass
};

// In the order of the history's libraries, then of the issues' first check.
std::vector<FixedIssue> fixed_issues(const History& history, const KnownIssues& known_issues);

// The public page's section about them (empty text when there are none); `history_page` is the
// link to the history page from the public one.
std::string fixed_issues_markdown(const std::vector<FixedIssue>& fixed,
                                  const std::string& history_page);

}  // namespace tracker
