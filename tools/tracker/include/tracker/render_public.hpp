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

// What the public page takes from the history of releases (tracker history), when there is one.
struct PublicHistory {
  std::vector<FixedIssue> fixed{};       // listed after the upstream issues (fixed_in.hpp)
  std::vector<std::string> libraries{};  // libraries whose sections link the history page
  std::string page{};                    // the history page's link from the public page
};

// `sources` are committed runs (reports/<machine>/tracker.json): the machine is the name of each
// file's directory. Libraries appear in the order of their first run; in a library's section its
// runs of today's releases come first, newest first, and older release lines (another major
// version, or two minor versions behind) are folded below them.
std::string render_public_markdown(const std::vector<SourceTracker>& sources,
                                   const KnownIssues& known_issues,
                                   const PublicHistory& history = {});

}  // namespace tracker
