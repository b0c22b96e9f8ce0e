// The HTML tracker: one self-contained static page (inline CSS and a small inline
// script, nothing fetched) with a matrix of implementations x check families. Each cell shows
// passed/total and expands (<details>, no JS needed) to its failing checks: expected, actual,
// the known issue or "new", and the reproduction. There is deliberately no overall score.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/tracker.hpp"
#include "tracker/cells.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

// The history of releases (tracker history) as the page links it: the libraries it covers (their
// rows link it) and the link.
struct HtmlHistory {
  std::set<std::string> libraries{};
  std::string page{};
};

// Escapes & < > " ' so that any string is safe as HTML text or a quoted attribute value.
std::string escape_html(std::string_view text);

// The whole page. Each cell is a <td class="cell" data-implementation=... data-family=...
// data-passed=... data-total=... data-failing=... data-known=... data-unsupported=...
// data-skipped=...> whose visible text starts with "passed/total".
// `machines`, one per implementation run (or empty), is shown in each row's header: the public
// page's rows come from several machines (publish_rows). Rows are grouped by library, newest
// release first; older release lines (is_older_release) are a second table folded below the
// matrix (id "older-matrix" in <details id="older-releases">). A cell's id is
// "cell-<index of its run>-<family>" wherever it is shown.
std::string render_html(const conformance::Tracker& tracker, const KnownIssueLookup& lookup,
                        const std::vector<std::string>& machines = {},
                        const HtmlHistory& history = {});
std::string render_html(const conformance::Tracker& tracker, const KnownIssues& known_issues,
                        const std::vector<std::string>& machines = {},
                        const HtmlHistory& history = {});

}  // namespace tracker
