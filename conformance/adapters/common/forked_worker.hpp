// Running programs in a forked child of this process, so that a library that aborts, segfaults
// or hangs ends the child instead of the run. The child stays and serves one program after
// another over a socket (a program's JSON in, its outcome's JSON out), so a program costs a
// round trip, not a fork (7.5 ms in a process with libtorch loaded); after a crash or a timeout
// the next program gets a fresh child. Shared by the in-process adapters (torch uses it).
#pragma once

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "child_ending.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

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
  ~ForkedWorker();
  ForkedWorker(const ForkedWorker&) = delete;
  ForkedWorker& operator=(const ForkedWorker&) = delete;

  // Runs the programs in order, in the child (forking one when none is alive). Never throws: a
  // failure to fork is the failed outcome of the first program.
  ForkedBatch run(const std::vector<Program>& programs);

 private:
  void start();
  void stop();  // kills the child if it still runs, and reaps it
  // The outcome of one program, or the failure that ended the child.
  std::optional<ProgramOutcome> exchange(const Program& program, ProgramOutcome& failure);
  ProgramOutcome ended(RunStatus status, const std::string& what);

  RunProgram run_;
  int timeout_ms_;
  pid_t pid_ = -1;
  int channel_ = -1;  // a socket to the child: programs out, outcomes in
  StderrTail stderr_{2000};
  std::string pending_{};
  int wait_status_ = 0;
};

}  // namespace conformance::adapter_support
