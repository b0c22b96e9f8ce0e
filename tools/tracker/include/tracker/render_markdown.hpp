// The Markdown tracker (GitHub-flavoured), read like the hand-written tracker of device
// support: a section per implementation saying what works, what does not and the upstream issue
// behind each failure, then a matrix of check families x implementations.
#pragma once

#include <string>

#include "conformance/tracker.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

std::string render_markdown(const conformance::Tracker& tracker, const KnownIssues& known_issues);

}  // namespace tracker
