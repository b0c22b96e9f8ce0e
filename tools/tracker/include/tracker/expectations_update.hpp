// Expectations from a run (`tracker expectations`), for a maintainer adopting the suite in CI:
// write an expectations file (conformance's --expectations) from a run's failures, or bring an
// existing one up to date, as wpt's update-expectations does. An entry that still fails keeps its
// bug URL and note; a failure no entry covers is added, with the URL of its known issue when
// reports/known-issues.json has one, else with an empty "bug" and a note saying it needs one (such
// a file does not load until someone links an issue: a waiver needs a reason); an entry of an
// implementation in the run that no longer fails is reported, or with `prune` dropped. Entries of
// implementations the run does not hold are left as they are.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/tracker.hpp"
#include "tracker/known_issues.hpp"

namespace tracker {

struct ExpectationsUpdate {
  nlohmann::ordered_json file{};          // the expectations file to write
  std::vector<std::string> kept{};        // "implementation check": still failing, unchanged
  std::vector<std::string> added{};       // new entries
  std::vector<std::string> needs_link{};  // new entries without a bug URL (a subset of added)
  std::vector<std::string> retagged{};    // "implementation check: fail -> error"
  std::vector<std::string> passing{};     // "implementation check: now pass" (stale entries)
  bool pruned = false;                    // whether the stale entries were dropped
};

// `existing`: the file to update (its JSON), or nullopt for a new file. `run_source` names the run
// in a new file's description. Throws TrackerError for an existing file of the wrong shape.
ExpectationsUpdate update_expectations(const conformance::Tracker& run,
                                       const std::optional<nlohmann::ordered_json>& existing,
                                       const KnownIssues& known_issues, bool prune,
                                       const std::string& run_source);

// What changed, for people: one line per group, each entry listed.
std::string describe(const ExpectationsUpdate& update);

}  // namespace tracker
