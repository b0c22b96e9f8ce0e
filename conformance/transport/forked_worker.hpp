// Running programs in a forked child of this process, so that a library that aborts, segfaults
// or hangs ends the child instead of the run. The child stays and serves one program after
// another (a program's JSON line in, its outcome in CBOR out), so a program costs a message each
// way, not a fork (7.5 ms in a process with libtorch loaded); after a crash or a timeout the next
// program gets a fresh child. Programs can be posted ahead of reading their outcomes: the child
// works through them while the harness plans. Shared by the in-process adapters (torch uses it).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/outcome.hpp"
#include "conformance/program.hpp"
#include "forked_child.hpp"

namespace conformance::adapter_support {

using RunProgram = std::function<ProgramOutcome(const Program&)>;

struct ForkedBatch {
  // The outcomes of the first programs, in order: all of them unless the child died or hung.
  std::vector<ProgramOutcome> completed{};
  // When it did: the outcome of the program at completed.size() (crash, timeout or
  // protocol_error, with the signal or exit status and the tail of the child's stderr).
  std::optional<ProgramOutcome> failed{};
};

class ForkedWorker {
 public:
  // `run` is called in the child; `timeout_ms` bounds each program.
  ForkedWorker(RunProgram run, int timeout_ms) : run_(std::move(run)), timeout_ms_(timeout_ms) {}
  int timeout_ms() const { return timeout_ms_; }

  // Runs the programs in order, in the child (forking one when none is alive). A failure to fork
  // is the failed outcome of the first program. Throws std::logic_error when programs posted
  // before are not collected yet (their outcomes come first).
  ForkedBatch run(const std::vector<Program>& programs);

  // Queues the programs for the child (forking one when none is alive) and returns without
  // waiting: collect() reads their outcomes, in the order posted. The failed outcome when no
  // child could be started.
  std::optional<ProgramOutcome> post(const std::vector<Program>& programs);
  // The outcomes of the next `count` programs posted, each within the timeout of the one before.
  // When the child ends (or hangs) in one of them, the rest of what was posted is lost with it.
  ForkedBatch collect(std::size_t count);

 private:
  // The outcome of the next program posted, or the failure that ended the child.
  std::optional<ProgramOutcome> next_outcome(ProgramOutcome& failure);
  // The child's end as the outcome of the program it was running.
  ProgramOutcome ended(RunStatus status, std::string detail);

  RunProgram run_;
  int timeout_ms_;
  ForkedChild child_{2000};
  std::size_t outstanding_ = 0;  // programs posted whose outcomes are not collected
};

}  // namespace conformance::adapter_support
