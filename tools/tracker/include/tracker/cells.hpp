// How the renderers count a tracker's results: one set of rules, so that the Markdown and the
// HTML matrix always show the same numbers for the same run.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/tracker.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

// The known issue behind a failure of `check_id` on `implementation` at `version`, if any.
using KnownIssueLookup = std::function<std::optional<KnownIssue>(
    std::string_view implementation, std::string_view check_id, std::string_view version)>;

// The lookup over a known-issues file.
KnownIssueLookup lookup_in(const KnownIssues& known_issues);

// The numbers in one matrix cell. Every result of the family counts in `total`:
//   passed      = pass + xpass (the rule holds)
//   failing     = fail + error + crash + timeout + xfail (it does not hold, or could not be told;
//                 a failure someone expected is still a failure, shown with its issue)
//   known       = the failing ones with a known issue (known-issues.json or the result's bug)
//   unsupported = unsupported, skipped = skip
struct CellCounts {
  int total = 0;
  int passed = 0;
  int failing = 0;
  int known = 0;
  int unsupported = 0;
  int skipped = 0;
};

bool is_passing(conformance::Status status);
bool is_failing(conformance::Status status);

// The families of a tracker in order of first appearance (the suite's check order).
std::vector<std::string> families_of(const conformance::Tracker& tracker);

// The known issue of a failing result: the lookup first, then the bug URL the run's
// expectations gave it. `implementation` and `version` are the run's (its handshake's), which
// every result shares.
std::optional<KnownIssue> known_issue_of(const conformance::CheckResult& result,
                                         std::string_view implementation, std::string_view version,
                                         const KnownIssueLookup& lookup);

// The cell of `family` for one implementation's run.
CellCounts count_cell(const conformance::ImplementationRun& run, std::string_view family,
                      const KnownIssueLookup& lookup);

}  // namespace tracker
