// `tracker diff OLD NEW`: what changed between two runs, per (implementation, check id).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/check.hpp"
#include "conformance/tracker.hpp"

namespace tracker {

enum class ChangeKind {
  new_failure,    // pass/skip/unsupported/xfail/xpass -> fail/error/crash/timeout: a regression
  fix,            // the reverse
  new_check,      // only in NEW
  removed_check,  // only in OLD
  status_change,  // any other change (pass -> unsupported, fail -> crash, ...)
};

struct Change {
  ChangeKind kind = ChangeKind::status_change;
  std::string implementation{};
  std::string check_id{};
  conformance::Status old_status = conformance::Status::pass;  // unset for new_check
  conformance::Status new_status = conformance::Status::pass;  // unset for removed_check
};

struct TrackerDiff {
  std::vector<Change> changes{};  // grouped by kind, then in NEW's (or OLD's) order
  bool has_regression() const;
};

// Whether a status means the rule does not hold or could not be checked.
bool is_bad_status(conformance::Status status);

// Throws TrackerError when a tracker holds the same implementation twice (a merge of several
// versions: diff them one at a time).
TrackerDiff diff_trackers(const conformance::Tracker& old_tracker,
                          const conformance::Tracker& new_tracker);

// `tracker`'s runs labelled one of `labels` (run_label: "python:numpy", or "A from B" for a peer
// run), in its order: a library's own run against its row of a published tracker. Throws
// TrackerError naming `which` (the file) when one of `labels` has no run there.
conformance::Tracker only_runs(const conformance::Tracker& tracker,
                               const std::vector<std::string>& labels, std::string_view which);

// Markdown-ish text: a heading per kind that occurs, one line per change; "No changes." when
// there are none.
std::string render_diff(const TrackerDiff& diff);

}  // namespace tracker
