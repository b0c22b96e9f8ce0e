// The DLPack matrix: runs with a --peer (dlpack_between.*) hand one library's arrays
// to another's from_dlpack, so they read as a producer x consumer table rather than as rows of
// the library matrix. Each cell sums one pair run: pass, fail (with the exception types raised),
// or unsupported, linking to that pair's failures and reproductions below the table.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "conformance/tracker.hpp"
#include "tracker/cells.hpp"

namespace tracker {

// Whether a run judged another library's arrays (it has a --peer): such runs have no row of
// their own in the library matrix.
bool is_pair_run(const conformance::ImplementationRun& run);

// The tracker without its pair runs (and `machines` without theirs, when given one per run): what
// the renderers' rows show, byte for byte the same as before pair runs existed.
conformance::Tracker without_pair_runs(const conformance::Tracker& tracker,
                                       std::vector<std::string>* machines = nullptr);

struct PairCell {
  const conformance::ImplementationRun* run = nullptr;
  std::string producer{};  // the peer's implementation: "python:torch"
  std::string consumer{};  // the run's implementation: "python:numpy"
  // "pass", "fail", "known" (failures, each with a known issue), "unsupported" or "error"
  std::string state{};
  std::string text{};    // one line: "fail: same_device, refusal (raised RuntimeError)"
  std::string anchor{};  // the id of its details: "dlpack-python-numpy-from-python-torch"
};

struct PairMatrix {
  // Rows and columns, in one order: libraries as they first appear, consumer before producer.
  std::vector<std::string> producers{};
  std::vector<std::string> consumers{};
  std::vector<PairCell> cells{};
  // The cell of a pair, or nullptr when no run measured it.
  const PairCell* at(const std::string& producer, const std::string& consumer) const;
};

// A failure is known when `lookup` finds an issue for the pair's label ("python:numpy from
// python:torch", conformance::run_label) and the check: reports/known-issues.json names pairs so,
// since the cause of one consumer's failing check can be the producer's.
PairMatrix pair_matrix(const conformance::Tracker& tracker, const KnownIssueLookup& lookup = {});

// The Markdown section (heading level `depth`): the table, then each pair's failing and
// unsupported checks with their reproductions. "" when the tracker has no pair run. With a
// `details_page` (the pair runs' own rendered page, e.g. "dlpack/TRACKER.md"), the cells link
// there and the details are left to it: the public page stays short. A `machine` ("dlpack-gpu
// (Linux ... x86_64)") names where the pairs ran, in the heading: one table per machine.
std::string pair_matrix_markdown(const conformance::Tracker& tracker,
                                 const KnownIssueLookup& lookup, int depth = 2,
                                 const std::string& details_page = "",
                                 const std::string& machine = "");

// The pair runs of `tracker`, one tracker per machine (machines[i] is implementations[i]'s), in
// order of first appearance: a pair measured on two machines is a cell of each machine's table,
// as a library measured on two machines is a row for each.
std::vector<std::pair<std::string, conformance::Tracker>> pair_runs_by_machine(
    const conformance::Tracker& tracker, const std::vector<std::string>& machines);

}  // namespace tracker
