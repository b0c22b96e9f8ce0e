#include "tracker/fixed_in.hpp"

#include <algorithm>
#include <map>

#include "tracker/markdown_text.hpp"

namespace tracker {

std::vector<FixedIssue> fixed_issues(const History& history, const KnownIssues& known_issues) {
  std::vector<FixedIssue> fixed;
  for (const auto& library : history.libraries) {
    if (library.releases.size() < 2) continue;
    struct Use {
      FixedIssue issue{};
      bool still_failing = false;
    };
    std::map<std::string, Use> by_url;
    std::vector<std::string> order;
    for (const auto& check : library.checks) {
      const auto known = find_known_issue(known_issues, library.implementation, check.id);
      if (!known || !known->draft.empty() || check.stretches.empty()) continue;
      if (!by_url.contains(known->url)) order.push_back(known->url);
      Use& use = by_url[known->url];
      use.issue.url = known->url;
      use.issue.implementation = series_label(library);
      if (is_failing_status(check.stretches.back().status)) {
        use.still_failing = true;
        continue;
      }
      if (check.fixed_in.empty()) continue;  // it never failed here, or is no longer judged
      use.issue.checks.push_back(check.id);
      if (compare_versions(check.fixed_in, use.issue.fixed_in) > 0 || use.issue.fixed_in.empty())
        use.issue.fixed_in = check.fixed_in;
      for (const auto& stretch : check.stretches)
        if (is_failing_status(stretch.status) &&
            (use.issue.last_failing.empty() ||
             compare_versions(stretch.to, use.issue.last_failing) > 0))
          use.issue.last_failing = stretch.to;
    }
    for (const auto& url : order) {
      Use& use = by_url[url];
      if (!use.still_failing && !use.issue.checks.empty()) fixed.push_back(std::move(use.issue));
    }
  }
  return fixed;
}

std::string fixed_issues_markdown(const std::vector<FixedIssue>& fixed,
                                  const std::string& history_page) {
  if (fixed.empty()) return "";
  std::string text =
      "## Fixed upstream, by release\n\nKnown issues that no longer fail in a library's newest "
      "release, from the [history of releases](" +
      history_page +
      ") (one run of the suite per release): every check the issue explains there failed in an "
      "older release and passes in the newest.\n\n| Issue | Implementation | Fixed in | Last "
      "failing | Checks |\n|---|---|---|---|---|\n";
  for (const auto& issue : fixed) {
    std::vector<std::string> shown(
        issue.checks.begin(),
        issue.checks.begin() +
            static_cast<std::ptrdiff_t>(std::min<std::size_t>(issue.checks.size(), 3)));
    std::string checks = std::to_string(issue.checks.size()) + ":";
    for (const auto& id : shown)
      checks += " " + code(id);
    if (issue.checks.size() > shown.size()) checks += " ...";
    text += "| " + link(issue.url) + " | " + code(issue.implementation) + " | " +
            cell_text(issue.fixed_in) + " | " + cell_text(issue.last_failing) + " | " + checks +
            " |\n";
  }
  return text + "\n";
}

}  // namespace tracker
