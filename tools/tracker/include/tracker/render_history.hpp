// The history page (reports/history/HISTORY.md): for each library its releases, newest first,
// with a status per check family, the releases left out and why, and every check whose status
// changed across releases, regressions first.
#pragma once

#include <string>

#include "tracker/history.hpp"

namespace tracker {

std::string render_history_markdown(const History& history);

}  // namespace tracker
