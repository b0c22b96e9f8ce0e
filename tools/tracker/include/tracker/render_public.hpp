// The public tracker (`tracker publish`): one Markdown page about every library in every
// committed run, read like the hand-written device-support tracker. Per library, a table of its
// runs (route, version, machine, devices, the version judged by, counts), then per run a few
// generated sentences: which families hold, what fails grouped by cause (one upstream issue, or
// one family's new failures), what is unsupported grouped by reason, details folded; what changed
// between two versions of one route; an index of the upstream issues with what each explains; and
// the new failures, each with its reproduction, as candidates to report upstream.
#pragma once

#include <string>
#include <vector>

#include "tracker/fixed_in.hpp"
#include "tracker/known_issues.hpp"
#include "tracker/merge.hpp"

namespace tracker {

// `sources` are committed runs (reports/<machine>/tracker.json): the machine is the name of each
// file's directory. Libraries appear in the order of their first run. `fixed` (fixed_in.hpp, from
// the history of releases) is listed after the upstream issues, linking `history_page`.
std::string render_public_markdown(const std::vector<SourceTracker>& sources,
                                   const KnownIssues& known_issues,
                                   const std::vector<FixedIssue>& fixed = {},
                                   const std::string& history_page = {});

}  // namespace tracker
