// Whole checks in a forked child. An in-process library isolated by forking (--impl
// torch) pays a round trip per program when each program goes to the child; here the child runs
// a whole check against the same adapter switched to run programs in its own process
// (Adapter::run_in_this_process), and sends back the result. A check whose child crashes, hangs
// or answers nonsense is the caller's to run again the careful way, program by program, which
// finds the program that did it: the results are the same either way, only faster.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>

#include "conformance/adapter.hpp"
#include "conformance/check.hpp"
#include "forked_child.hpp"

namespace conformance::detail {

class CheckWorker {
 public:
  // Runs check `index` against `adapter` (in the child), as the runner runs a check.
  using RunCheck = std::function<CheckResult(std::size_t index, Adapter& adapter)>;

  // `program_timeout_ms`: how long one program may run (the adapter's isolation timeout). The
  // child shows a sign of life before each program, so a check is given up as hung once it has
  // been silent for longer than that.
  CheckWorker(Adapter& adapter, RunCheck run, int program_timeout_ms)
      : adapter_(adapter), run_(std::move(run)), silence_ms_(program_timeout_ms + kSlackMs) {}

  // The check's result; nullopt when its child crashed, hung or answered nonsense (that child is
  // gone: the next check gets a fresh one).
  std::optional<CheckResult> run(std::size_t index);

  // A sign of life at most this often (a frame per program would wake the harness per program).
  static constexpr int kSignOfLifeMs = 50;

 private:
  // Beyond a program's timeout: the sign of life's interval and the harness's own work between
  // programs (shrinking, judging).
  static constexpr int kSlackMs = 2000;

  void serve(int channel);

  Adapter& adapter_;
  RunCheck run_;
  int silence_ms_;
  adapter_support::ForkedChild child_{2000};
};

}  // namespace conformance::detail
