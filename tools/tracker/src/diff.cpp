#include "tracker/diff.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "tracker/error.hpp"

namespace tracker {
namespace {

using conformance::Status;

// (implementation, check id) -> status, and the keys in the tracker's order.
struct Statuses {
  std::map<std::pair<std::string, std::string>, Status> status{};
  std::vector<std::pair<std::string, std::string>> order{};
};

Statuses statuses_of(const conformance::Tracker& tracker, std::string_view which) {
  Statuses statuses;
  std::set<std::string> implementations;
  for (const auto& run : tracker.implementations) {
    const auto implementation = conformance::run_label(run.handshake);
    if (!implementations.insert(implementation).second) {
      throw TrackerError(std::string(which) + " holds " + implementation +
                         " more than once (a merge of several runs): diff them one at a time");
    }
    for (const auto& result : run.results) {
      std::pair key{implementation, result.info.id};
      // A repeated check id keeps its first result, as the renderers do.
      if (statuses.status.emplace(key, result.status).second) statuses.order.push_back(key);
    }
  }
  return statuses;
}

ChangeKind classify(Status old_status, Status new_status) {
  if (!is_bad_status(old_status) && is_bad_status(new_status)) return ChangeKind::new_failure;
  if (is_bad_status(old_status) && !is_bad_status(new_status)) return ChangeKind::fix;
  return ChangeKind::status_change;
}

std::string_view heading(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::new_failure:
      return "New failures (regressions)";
    case ChangeKind::fix:
      return "Fixes";
    case ChangeKind::new_check:
      return "New checks";
    case ChangeKind::removed_check:
      return "Removed checks";
    case ChangeKind::status_change:
      return "Other status changes";
  }
  return "Changes";
}

}  // namespace

bool is_bad_status(Status status) {
  return status == Status::fail || status == Status::error || status == Status::crash ||
         status == Status::timeout;
}

bool TrackerDiff::has_regression() const {
  return std::any_of(changes.begin(), changes.end(),
                     [](const Change& change) { return change.kind == ChangeKind::new_failure; });
}

conformance::Tracker only_runs(const conformance::Tracker& tracker,
                               const std::vector<std::string>& labels, std::string_view which) {
  for (const auto& label : labels) {
    const bool found = std::any_of(
        tracker.implementations.begin(), tracker.implementations.end(),
        [&](const auto& run) { return conformance::run_label(run.handshake) == label; });
    if (!found) throw TrackerError(std::string(which) + " has no run of " + label);
  }
  conformance::Tracker kept{tracker.run, {}};
  for (const auto& run : tracker.implementations) {
    const auto label = conformance::run_label(run.handshake);
    if (std::find(labels.begin(), labels.end(), label) != labels.end())
      kept.implementations.push_back(run);
  }
  return kept;
}

TrackerDiff diff_trackers(const conformance::Tracker& old_tracker,
                          const conformance::Tracker& new_tracker) {
  const auto before = statuses_of(old_tracker, "OLD");
  const auto after = statuses_of(new_tracker, "NEW");
  TrackerDiff diff;
  for (const auto& key : after.order) {
    const auto new_status = after.status.at(key);
    const auto old = before.status.find(key);
    if (old == before.status.end()) {
      diff.changes.push_back({.kind = ChangeKind::new_check,
                              .implementation = key.first,
                              .check_id = key.second,
                              .new_status = new_status});
    } else if (old->second != new_status) {
      diff.changes.push_back({.kind = classify(old->second, new_status),
                              .implementation = key.first,
                              .check_id = key.second,
                              .old_status = old->second,
                              .new_status = new_status});
    }
  }
  for (const auto& key : before.order) {
    if (!after.status.contains(key)) {
      diff.changes.push_back({.kind = ChangeKind::removed_check,
                              .implementation = key.first,
                              .check_id = key.second,
                              .old_status = before.status.at(key)});
    }
  }
  std::stable_sort(diff.changes.begin(), diff.changes.end(),
                   [](const Change& a, const Change& b) { return a.kind < b.kind; });
  return diff;
}

std::string render_diff(const TrackerDiff& diff) {
  if (diff.changes.empty()) return "No changes.\n";
  std::string text;
  std::optional<ChangeKind> current;
  for (const auto& change : diff.changes) {
    if (change.kind != current) {
      const auto count = std::count_if(diff.changes.begin(), diff.changes.end(),
                                       [&](const Change& c) { return c.kind == change.kind; });
      if (current) text += "\n";
      text += "## " + std::string(heading(change.kind)) + " (" + std::to_string(count) + ")\n\n";
      current = change.kind;
    }
    text += "- " + change.implementation + " `" + change.check_id + "`: ";
    switch (change.kind) {
      case ChangeKind::new_check:
        text += std::string(name(change.new_status));
        break;
      case ChangeKind::removed_check:
        text += "was " + std::string(name(change.old_status));
        break;
      default:
        text +=
            std::string(name(change.old_status)) + " -> " + std::string(name(change.new_status));
    }
    text += "\n";
  }
  return text;
}

}  // namespace tracker
