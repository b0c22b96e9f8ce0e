// The HTML tracker (issue #6): one self-contained static page (inline CSS and a small inline
// script, nothing fetched) with a matrix of implementations x check families. Each cell shows
// passed/total and expands (<details>, no JS needed) to its failing checks: expected, actual,
// the known issue or "new", and the reproduction. There is deliberately no overall score.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/tracker.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

// The known issue behind a failure of `check_id` on `implementation`, if any.
using KnownIssueLookup = std::function<std::optional<KnownIssue>(std::string_view implementation,
                                                                 std::string_view check_id)>;

// The numbers in one matrix cell. Every result of the family counts in `total`:
//   passed      = pass + xpass (the rule holds)
//   failing     = fail + error + crash + timeout + xfail (it does not hold, or could not be told)
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

// Whether a status counts as failing in a cell (see CellCounts).
bool is_failing(conformance::Status status);

// The families of a tracker in order of first appearance (the suite's check order).
std::vector<std::string> families_of(const conformance::Tracker& tracker);

// The cell of `family` for one implementation's run.
CellCounts count_cell(const conformance::ImplementationRun& run, std::string_view family,
                      const KnownIssueLookup& lookup);

// Escapes & < > " ' so that any string is safe as HTML text or a quoted attribute value.
std::string escape_html(std::string_view text);

// The whole page. Each cell is a <td class="cell" data-implementation=... data-family=...
// data-passed=... data-total=... data-failing=... data-known=... data-unsupported=...
// data-skipped=...> whose visible text starts with "passed/total".
std::string render_html(const conformance::Tracker& tracker, const KnownIssueLookup& lookup);
std::string render_html(const conformance::Tracker& tracker, const KnownIssues& known_issues);

}  // namespace tracker
