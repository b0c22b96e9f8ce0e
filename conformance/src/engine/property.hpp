// The engine every check family shares: run generated programs on the adapter under RapidCheck,
// judge each run, shrink a failure to its smallest program and turn it into a CheckResult.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include <rapidcheck.h>

#include "conformance/check.hpp"

namespace conformance::detail {

// Why a case was discarded. When no case of a check ever runs, the most frequent cause decides
// the check's result: the library refusing the call is `unsupported`, unreadable values `skip`,
// anything else the harness's `error`.
enum class DiscardCause {
  invalid,                // the program says nothing about devices (an invalid call, a setup step)
  raises_on_one_device,   // the call raises on the baseline device too: the library lacks it
  unsupported_on_device,  // the devices the program used cannot run it; the baseline can
  values_unreadable,      // a device holds no values to compare (torch's meta)
};

// What one program run showed.
struct CaseVerdict {
  enum class Kind {
    pass,
    fail,         // a rule is broken at `step`
    discard,      // the program says nothing about devices (e.g. an invalid call): draw another
    unsupported,  // the implementation lacks what the check needs (`reason` says what)
  };
  Kind kind = Kind::pass;
  DiscardCause cause = DiscardCause::invalid;  // for a discard
  int step = -1;
  std::string expected{};
  std::string actual{};
  std::string reason{};
  Expectation expectation{};  // the broken expectation, for the reproduction
  // The counterexample needs only this many first steps (later ones cannot matter); 0: all.
  int keep_steps = 0;

  static CaseVerdict passed() { return {}; }
  static CaseVerdict discarded(std::string why, DiscardCause cause = DiscardCause::invalid);
  // The case cannot compare values: a device holds none (torch's meta). Discarded; when no case
  // of a check could, the check is skip with this reason.
  static CaseVerdict values_unreadable(std::string why);
  static CaseVerdict unsupported_because(std::string why);
  static CaseVerdict failed(int step, const Expectation& expectation, std::string expected,
                            std::string actual);
};

using Judge = std::function<CaseVerdict(Adapter&, const Program&, const ProgramOutcome&)>;

// The standard judgement: every under_test step against the oracle. A step that raised where a
// result was expected fails only if the same program with every device= set to one device runs
// (so the raise is about devices); otherwise the case is discarded. Setup steps (not under test)
// that do not run make the case a discard, or unsupported when the library lacks them.
CaseVerdict judge_with_oracle(Adapter& adapter, const Program& program,
                              const ProgramOutcome& outcome);

// The verdict for a step that did not run (a setup step, or a tested one the library lacks):
// nullopt when it ran. One the library lacks (asarray without device=, CuPy) is a refusal, as in
// judge_with_oracle: the check is unsupported when no case runs anywhere; any other failure
// discards the case as `what`.
std::optional<CaseVerdict> setup_step_verdict(Adapter& adapter, const Program& program,
                                              const ProgramOutcome& outcome, int step,
                                              std::string_view what);

// For a step that raised where a value was due: discarded when the same steps with every device
// set to the default one raise too (an invalid call, or a call form the library lacks, e.g.
// torch's can_cast of a tensor: no device rule is involved; a check whose every case is so
// discarded ends unsupported with that reason); nullopt when they run (the raise is about
// devices, and the check judges it) or the step did not raise.
std::optional<CaseVerdict> raises_on_one_device_too(Adapter& adapter, const Program& program,
                                                    const ProgramOutcome& outcome, int step);

// The program with every device index replaced by `device`.
Program on_one_device(const Program& program, int device);

// Whether `program` runs to the end without a raise (every step ok).
bool runs_cleanly(Adapter& adapter, const Program& program);

// Runs `generator`'s programs through `judge` under RapidCheck with the context's examples, seed
// and reproduce string.
CheckResult run_property(const CheckInfo& info, const CheckContext& context,
                         const rc::Gen<Program>& generator, const Judge& judge);

// A result without running anything: skip or unsupported with the reason.
CheckResult not_run(const CheckInfo& info, const CheckContext& context, Status status,
                    std::string reason);

// The seed RapidCheck uses for one check: the run's seed mixed with the check id, so checks draw
// different programs and a single check reruns alike under --filter.
std::uint64_t check_seed(std::uint64_t run_seed, std::string_view check_id);

}  // namespace conformance::detail
