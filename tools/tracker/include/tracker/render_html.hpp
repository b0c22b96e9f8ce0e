// The HTML tracker: one self-contained static page (inline CSS and a small inline
// script, nothing fetched) with a matrix of implementations x check families. Each cell shows
// passed/total and expands (<details>, no JS needed) to its failing checks: expected, actual,
// the known issue or "new", and the reproduction. There is deliberately no overall score.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/tracker.hpp"
#include "tracker/cells.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

// Escapes & < > " ' so that any string is safe as HTML text or a quoted attribute value.
std::string escape_html(std::string_view text);

// The whole page. Each cell is a <td class="cell" data-implementation=... data-family=...
// data-passed=... data-total=... data-failing=... data-known=... data-unsupported=...
// data-skipped=...> whose visible text starts with "passed/total".
// `machines`, one per implementation run (or empty), is shown in each row's header: the public
// page's rows come from several machines (publish_rows).
std::string render_html(const conformance::Tracker& tracker, const KnownIssueLookup& lookup,
                        const std::vector<std::string>& machines = {});
std::string render_html(const conformance::Tracker& tracker, const KnownIssues& known_issues,
                        const std::vector<std::string>& machines = {});

}  // namespace tracker
