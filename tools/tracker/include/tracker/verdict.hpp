// `tracker verdict RUN`: what a CI job fails on, from a run itself: every result whose status
// makes `conformance` exit 1 (conformance::is_unexpected: fail, error, crash, timeout, xpass).
// A merged run's verdict cannot be hidden by a shard job that was allowed to fail or whose exit
// status was lost (docs/maintainer-ci.md).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "conformance/check.hpp"
#include "conformance/tracker.hpp"

namespace tracker {

struct UnexpectedResult {
  std::string run{};  // conformance::run_label: the implementation, with its peer for a pair run
  std::string check_id{};
  conformance::Status status = conformance::Status::fail;
};

struct Verdict {
  std::size_t results = 0;
  std::vector<UnexpectedResult> unexpected{};  // in the run's order
};

Verdict judge(const conformance::Tracker& run);

// "N results, M unexpected", then one line per unexpected result.
std::string render_verdict(const Verdict& verdict);

}  // namespace tracker
