// The engine shared by the check families: RapidCheck drives the programs, the judge reads
// their outcomes, and the last failing program RapidCheck tried is the shrunk counterexample.
#include "property.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/Property.h>
#include <rapidcheck/detail/TestListener.h>
#include <nlohmann/json.hpp>

#include "conformance/oracle.hpp"
#include "planned_ahead.hpp"
#include "remembered_generator.hpp"

namespace conformance::detail {
namespace {

// RapidCheck reports through a listener; the harness reports through CheckResult instead.
class SilentListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

std::string describe(const StepOutcome& outcome) {
  switch (outcome.status) {
    case StepStatus::ok:
      return "ran";
    case StepStatus::raised:
      return fmt::format("raised {}: {}", outcome.exception_type, outcome.message);
    case StepStatus::unsupported:
      return "is unsupported: " + outcome.message;
    case StepStatus::not_run:
      return "did not run";
  }
  return "?";
}

// Thrown by AnsweredAhead while planning, for a program not answered yet. Not a std::exception,
// so that nothing in the engine or a judge takes it for an error of the library or the harness.
struct NotAnsweredYet {};

// An adapter that answers the programs run ahead in batches. While planning, a program it cannot
// answer is recorded and ends the case (NotAnsweredYet); otherwise it goes to the real adapter.
// A program runs from a fresh state, so its answer does not depend on when it ran.
class AnsweredAhead final : public Adapter {
 public:
  explicit AnsweredAhead(Adapter& inner) : inner_(inner) {}

  // Planning asks for at most `budget` programs; the cases past it are asked for in later rounds.
  void start_planning(std::size_t budget) {
    planning_ = true;
    budget_ = budget;
    wanted_.clear();
  }
  // The programs asked for while planning that have no answer yet, in the order asked.
  std::vector<Program> stop_planning() {
    planning_ = false;
    next_ = 0;
    return std::move(wanted_);
  }
  // Sends `programs` before run_ahead() asks for their answers (the same batch, found by its
  // programs): the harness can do something else meanwhile.
  void send(const std::vector<Program>& programs) { inner_.send_ahead(programs); }
  // Runs `programs` in one batch; false when the library answered fewer (it crashed or hung at
  // the next one, which run() will meet alone).
  bool run_ahead(const std::vector<Program>& programs) {
    auto outcomes = inner_.run_batch(programs);
    for (std::size_t i = 0; i < outcomes.size() && i < programs.size(); ++i) {
      programs_.push_back(programs[i]);
      outcomes_.push_back(std::move(outcomes[i]));
    }
    return outcomes.size() >= programs.size();
  }

  const Handshake& handshake() const override { return inner_.handshake(); }
  ProgramOutcome run(const Program& program) override {
    if (const auto* known = answer(program)) return *known;
    if (planning_) {
      if (wanted_.size() < budget_ &&
          std::find(wanted_.begin(), wanted_.end(), program) == wanted_.end())
        wanted_.push_back(program);
      throw NotAnsweredYet{};
    }
    return inner_.run(program);
  }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_.reproduction(program, step, expectation);
  }

 private:
  const ProgramOutcome* answer(const Program& program) {
    // Programs are asked for in about the order they were planned: look at the next one first.
    if (next_ < programs_.size() && programs_[next_] == program) return &outcomes_[next_++];
    const auto found = std::find(programs_.begin(), programs_.end(), program);
    if (found == programs_.end()) return nullptr;
    next_ = static_cast<std::size_t>(found - programs_.begin()) + 1;
    return &outcomes_[next_ - 1];
  }

  Adapter& inner_;
  bool planning_ = false;
  std::size_t budget_ = 0;
  std::vector<Program> wanted_;
  std::vector<Program> programs_;
  std::vector<ProgramOutcome> outcomes_;
  std::size_t next_ = 0;
};

std::vector<std::string> device_reprs(const Handshake& handshake) {
  std::vector<std::string> reprs;
  for (const auto& device : handshake.devices)
    reprs.push_back(device.repr);
  return reprs;
}

bool uses_invalid_device(const Step& step) {
  auto invalid = [](const Value& v) { return std::holds_alternative<InvalidDevice>(v); };
  return std::any_of(step.args.begin(), step.args.end(), invalid) ||
         std::any_of(step.kwargs.begin(), step.kwargs.end(),
                     [&](const Keyword& k) { return invalid(k.value); });
}

constexpr std::string_view kRaisesOnOneDevice = "raises on one device too";

Program first_steps(const Program& program, int count) {
  Program prefix;
  prefix.steps.assign(program.steps.begin(), program.steps.begin() + count);
  return prefix;
}

Status status_of(RunStatus status) {
  switch (status) {
    case RunStatus::crash:
      return Status::crash;
    case RunStatus::timeout:
      return Status::timeout;
    case RunStatus::protocol_error:
    case RunStatus::completed:
      return Status::error;
  }
  return Status::error;
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

CaseVerdict CaseVerdict::discarded(std::string why, DiscardCause cause) {
  CaseVerdict v;
  v.kind = Kind::discard;
  v.cause = cause;
  v.reason = std::move(why);
  return v;
}

CaseVerdict CaseVerdict::values_unreadable(std::string why) {
  return discarded(fmt::format("values unreadable: {}", why), DiscardCause::values_unreadable);
}

CaseVerdict CaseVerdict::unsupported_because(std::string why) {
  CaseVerdict v;
  v.kind = Kind::unsupported;
  v.reason = std::move(why);
  return v;
}

CaseVerdict CaseVerdict::failed(int step, const Expectation& expectation, std::string expected,
                                std::string actual) {
  CaseVerdict v;
  v.kind = Kind::fail;
  v.step = step;
  v.expectation = expectation;
  v.expected = std::move(expected);
  v.actual = std::move(actual);
  return v;
}

Program on_one_device(const Program& program, int device) {
  Program copy = program;
  auto replace = [&](Value& value) {
    if (auto* index = std::get_if<DeviceIndex>(&value)) index->index = device;
  };
  for (auto& step : copy.steps) {
    for (auto& arg : step.args)
      replace(arg);
    for (auto& keyword : step.kwargs)
      replace(keyword.value);
  }
  return copy;
}

namespace {

bool completed_cleanly(const ProgramOutcome& outcome) {
  return outcome.status == RunStatus::completed &&
         std::all_of(outcome.steps.begin(), outcome.steps.end(),
                     [](const StepOutcome& s) { return s.status == StepStatus::ok; });
}

}  // namespace

bool runs_cleanly(Adapter& adapter, const Program& program) {
  return completed_cleanly(adapter.run(program));
}

std::optional<CaseVerdict> raises_on_one_device_too(Adapter& adapter, const Program& program,
                                                    const ProgramOutcome& outcome, int step) {
  const auto& result = outcome.steps.at(static_cast<std::size_t>(step));
  if (result.status != StepStatus::raised) return std::nullopt;
  const int baseline = adapter.handshake().default_device.value_or(0);
  if (runs_cleanly(adapter, on_one_device(first_steps(program, step + 1), baseline)))
    return std::nullopt;
  return CaseVerdict::discarded(
      fmt::format("{} {}: {}", program.steps.at(static_cast<std::size_t>(step)).op,
                  kRaisesOnOneDevice, describe(result)),
      DiscardCause::raises_on_one_device);
}

namespace {

// A discard saying the library, not the generator, kept the call from running.
bool refuses(DiscardCause cause) {
  return cause == DiscardCause::raises_on_one_device ||
         cause == DiscardCause::unsupported_on_device;
}

// A step the library could not run. When the same steps run on the baseline device, only the
// devices this program used lack it (torch's meta device has no kernel for nonzero, say): that
// case says nothing and another is drawn. When the library refuses them there too, it lacks the
// call: the check is unsupported. When they raise there for another reason (torch 2.11 has no
// CPU nonzero for uint16), this case says nothing either; if no case ever runs, the engine
// reports the check unsupported from these refusals.
CaseVerdict unsupported_here(Adapter& adapter, const Program& program, int index,
                             int baseline_device, std::string why) {
  const auto baseline =
      adapter.run(on_one_device(first_steps(program, index + 1), baseline_device));
  const auto refused = [](const StepOutcome& s) { return s.status == StepStatus::unsupported; };
  if (std::any_of(baseline.steps.begin(), baseline.steps.end(), refused))
    return CaseVerdict::unsupported_because(std::move(why));
  const auto& op = program.steps.at(static_cast<std::size_t>(index)).op;
  if (!completed_cleanly(baseline))
    return CaseVerdict::discarded(
        fmt::format("{} {} (on the baseline device: {})", op, kRaisesOnOneDevice, why),
        DiscardCause::raises_on_one_device);
  return CaseVerdict::discarded(fmt::format("unsupported on the device used: {}", why),
                                DiscardCause::unsupported_on_device);
}

// A failing case: what the result reports if RapidCheck shrinks to it.
struct FailedCase {
  Failure failure;
  Expectation expectation;
  Status status = Status::fail;
  std::string reason;
  std::string message;  // what RapidCheck is told
};

// How often cases were discarded for one reason, and its cause.
struct Discards {
  DiscardCause cause = DiscardCause::invalid;
  int count = 0;
};

// What a search learns across its cases.
struct SearchState {
  std::string unsupported;                   // the library lacks what the check needs: why
  std::map<std::string, Discards> discards;  // why cases were discarded
  // Cases in a row, before any passed, that the library could not run anywhere: past a limit the
  // rest are discarded unrun, and RapidCheck's giving up reports the check unsupported.
  int refusals_in_a_row = 0;
  bool any_passed = false;
  std::optional<FailedCase> last;  // the last case that failed
};

constexpr int kRefusalsBeforeGivingUp = 50;

enum class CaseEnd { passed, discarded, failed };

// Runs one case and judges it, keeping in `search` what the check's result needs.
CaseEnd run_case(Adapter& adapter, const Program& program, const Judge& judge,
                 SearchState& search) {
  FailedCase failed;
  failed.failure.program = program;
  try {
    failed.failure.outcome = adapter.run(program);
    if (failed.failure.outcome.status != RunStatus::completed) {
      failed.status = status_of(failed.failure.outcome.status);
      failed.reason =
          fmt::format("{}: {}", name(failed.failure.outcome.status), failed.failure.outcome.detail);
      failed.message = failed.reason;
    } else {
      const auto verdict = judge(adapter, program, failed.failure.outcome);
      const bool refused = verdict.kind == CaseVerdict::Kind::discard && !search.any_passed &&
                           refuses(verdict.cause);
      search.refusals_in_a_row = refused ? search.refusals_in_a_row + 1 : 0;
      switch (verdict.kind) {
        case CaseVerdict::Kind::pass:
          search.any_passed = true;
          return CaseEnd::passed;
        case CaseVerdict::Kind::unsupported:
          search.unsupported = verdict.reason;
          return CaseEnd::passed;
        case CaseVerdict::Kind::discard: {
          auto& discards = search.discards[verdict.reason];
          discards.cause = verdict.cause;
          ++discards.count;
          return CaseEnd::discarded;
        }
        case CaseVerdict::Kind::fail:
          failed.failure.step = verdict.step;
          failed.failure.expected = verdict.expected;
          failed.failure.actual = verdict.actual;
          failed.expectation = verdict.expectation;
          if (verdict.keep_steps > 0) {
            const auto keep = static_cast<std::size_t>(verdict.keep_steps);
            if (failed.failure.program.steps.size() > keep)
              failed.failure.program.steps.resize(keep);
            if (failed.failure.outcome.steps.size() > keep)
              failed.failure.outcome.steps.resize(keep);
          }
          failed.message = verdict.actual;
          break;
      }
    }
  } catch (const std::exception& e) {
    // The adapter or a judge broke: a harness error, still shrunk and reported.
    failed.status = Status::error;
    failed.reason = std::string("the harness raised: ") + e.what();
    failed.message = failed.reason;
  }
  search.last = std::move(failed);
  return CaseEnd::failed;
}

}  // namespace

std::optional<CaseVerdict> setup_step_verdict(Adapter& adapter, const Program& program,
                                              const ProgramOutcome& outcome, int step,
                                              std::string_view what) {
  const auto& result = outcome.steps.at(static_cast<std::size_t>(step));
  if (result.status == StepStatus::ok) return std::nullopt;
  if (result.status == StepStatus::unsupported) {
    const auto& call = program.steps.at(static_cast<std::size_t>(step));
    return unsupported_here(adapter, program, step, adapter.handshake().default_device.value_or(0),
                            call.under_test ? fmt::format("{}: {}", call.op, result.message)
                                            : fmt::format("a setup step ({}) is unsupported: {}",
                                                          call.op, result.message));
  }
  return CaseVerdict::discarded(std::string(what));
}

CaseVerdict judge_with_oracle(Adapter& adapter, const Program& program,
                              const ProgramOutcome& outcome) {
  const auto& handshake = adapter.handshake();
  const auto reprs = device_reprs(handshake);
  const int baseline_device = handshake.default_device.value_or(0);
  std::vector<StepOutcome> earlier;
  for (std::size_t i = 0; i < program.steps.size() && i < outcome.steps.size(); ++i) {
    const auto& step = program.steps[i];
    const auto& result = outcome.steps[i];
    const int index = static_cast<int>(i);
    if (!step.under_test) {
      if (result.status == StepStatus::unsupported)
        return unsupported_here(
            adapter, program, index, baseline_device,
            fmt::format("a setup step ({}) is unsupported: {}", step.op, result.message));
      if (result.status != StepStatus::ok)
        return CaseVerdict::discarded(fmt::format("setup step {} {}", step.op, describe(result)));
      earlier.push_back(result);
      continue;
    }
    const auto expectation = expect(program, index, earlier, handshake.default_device);
    const auto judgement = judge(expectation, result, reprs);
    switch (judgement.verdict) {
      case Verdict::pass:
        // A raise counts as the device rule's doing only if the call runs on one device.
        if (result.status == StepStatus::raised && expectation.kind == ExpectKind::raises &&
            !uses_invalid_device(step) &&
            !runs_cleanly(adapter, on_one_device(first_steps(program, index + 1), baseline_device)))
          return CaseVerdict::discarded(
              fmt::format("{} {}: {}", step.op, kRaisesOnOneDevice, describe(result)),
              DiscardCause::raises_on_one_device);
        break;
      case Verdict::not_judged:
        break;
      case Verdict::unsupported:
        return unsupported_here(adapter, program, index, baseline_device,
                                fmt::format("{}: {}", step.op, result.message));
      case Verdict::fail: {
        // A wrong exception type is the library's fault only if the call is valid for it: a
        // library without the keyword (from_dlpack(..., copy=False) before 2023.12) raises
        // TypeError on one device too, and that is a call it does not support.
        if (result.status == StepStatus::raised && expectation.kind == ExpectKind::raises &&
            !uses_invalid_device(step) &&
            !runs_cleanly(adapter, on_one_device(first_steps(program, index + 1), baseline_device)))
          return CaseVerdict::unsupported_because(fmt::format(
              "{} {} (raised {} where the device rule wants {})", step.op, kRaisesOnOneDevice,
              result.exception_type, fmt::join(expectation.exceptions, " or ")));
        // Each step is judged on earlier ones only: the steps after it are not evidence.
        auto failed = CaseVerdict::failed(index, expectation, judgement.expected, judgement.actual);
        failed.keep_steps = index + 1;
        return failed;
      }
      case Verdict::raised: {
        // The raise is the device rule's doing only if the program runs with everything on the
        // device the result was due on: CUDA lacks some dtype kernels (torch's uint16 `&`), and
        // that program, all on CUDA already, would run on the CPU but proves nothing there.
        const int proof_device =
            expectation.kind == ExpectKind::on_device && expectation.device >= 0
                ? expectation.device
                : baseline_device;
        if (!runs_cleanly(adapter, on_one_device(first_steps(program, index + 1), proof_device)))
          return CaseVerdict::discarded(
              fmt::format("{} {}: {}", step.op, kRaisesOnOneDevice, describe(result)),
              DiscardCause::raises_on_one_device);
        {
          auto failed = CaseVerdict::failed(
              index, expectation, judgement.expected,
              judgement.actual + fmt::format(" (the same program with every device set to "
                                             "devices[{}] runs)",
                                             proof_device));
          failed.keep_steps = index + 1;
          return failed;
        }
      }
    }
    earlier.push_back(result);
  }
  return CaseVerdict::passed();
}

std::uint64_t check_seed(std::uint64_t run_seed, std::string_view check_id) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a
  for (const char c : check_id)
    hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return splitmix64(run_seed ^ hash);
}

CheckResult not_run(const CheckInfo& info, const CheckContext& context, Status status,
                    std::string reason) {
  CheckResult result;
  result.info = info;
  result.implementation = context.adapter.handshake().implementation;
  result.status = status;
  result.reason = std::move(reason);
  result.seed = context.seed;
  return result;
}

namespace {

// RapidCheck's settings for one check: its own seed (the run's mixed with the id), the cases
// wanted, and the reproduce string when one was given.
struct PropertySettings {
  rc::detail::TestParams params{};
  rc::detail::TestMetadata metadata{};
  std::unordered_map<std::string, rc::detail::Reproduce> reproduce{};
};

PropertySettings settings_for(const CheckInfo& info, const CheckContext& context) {
  PropertySettings settings;
  settings.params.seed = check_seed(context.seed, info.id);
  settings.params.maxSuccess = context.examples;
  settings.params.maxSize = 100;
  settings.params.maxDiscardRatio = 10;
  settings.metadata.id = info.id;
  settings.metadata.description = info.description;
  if (!context.reproduce.empty()) {
    try {
      settings.reproduce = rc::detail::configFromString(context.reproduce).reproduce;
    } catch (const std::exception& e) {
      throw std::runtime_error(
          fmt::format("not a reproduce string ({}): {}", e.what(), context.reproduce));
    }
  }
  return settings;
}

// A property that draws a case, runs it on `adapter` and judges it, keeping what it learns in
// `search`. While planning, a case that needs a program not answered yet, or fails, counts as
// passed: the search goes on, drawing what the real one may draw; but once a case has failed,
// the cases after it run nothing, since the real search stops there (and shrinks).
std::function<void()> property_on(Adapter& adapter, SearchState& search,
                                  const rc::Gen<Program>& generator, const Judge& judge,
                                  bool planning) {
  return [&adapter, &search, &generator, &judge, planning] {
    const Program program = *generator;
    if (!search.unsupported.empty()) return;  // known already: finish the cases cheaply
    if (planning && search.last) return;      // a case failed: nothing after it is judged
    if (search.refusals_in_a_row >= kRefusalsBeforeGivingUp)
      RC_DISCARD("the library refuses the call");
    CaseEnd end = CaseEnd::passed;
    try {
      end = run_case(adapter, program, judge, search);
    } catch (const NotAnsweredYet&) {
      return;
    }
    if (end == CaseEnd::discarded) RC_DISCARD("the program says nothing about devices");
    if (end == CaseEnd::failed && !planning) RC_FAIL(search.last->message);
  };
}

// The programs one round of planning asks for that have no answer yet, at most `budget`. In the
// first round nothing is answered, every case ends at its first program, and the round depends on
// the generator alone.
std::vector<Program> plan_round(AnsweredAhead& ahead, const PropertySettings& settings,
                                const rc::Gen<Program>& generator, const Judge& judge,
                                std::size_t budget) {
  SilentListener listener;
  SearchState planned;
  ahead.start_planning(budget);
  try {
    rc::detail::checkProperty(
        rc::detail::toProperty(property_on(ahead, planned, generator, judge, true)),
        settings.metadata, settings.params, listener, {});
  } catch (const std::exception&) {
    // Only a speed-up: the real search runs what it needs one program at a time.
  }
  return ahead.stop_planning();
}

// For a library whose every new call compiles (the handshake's compiles_per_shape: JAX), a round
// of planning asks for at most kFirstRoundPrograms programs, each later round for eight times as
// many as the one before. A check stops at its first failing case, so what a batch ran past it was
// wasted: half of JAX's failing checks fail at their first case, and each program there can be a
// compile (20-40 ms), where the first round used to send all 100 cases. Any other library gets
// the whole round at once: its programs take microseconds, and more rounds would cost it more
// than they save (a planning replay each, and less of the next check sent ahead: strict_xp's
// 300-example audit run took 10-13 s in one round and 19 s in rounds of 16, 128, ...).
constexpr std::size_t kFirstRoundPrograms = 16;

std::size_t round_budget(int round, const Handshake& handshake) {
  if (!handshake.compiles_per_shape) return std::numeric_limits<std::size_t>::max();
  return kFirstRoundPrograms << std::min(3 * round, 24);
}

// For an adapter across a process boundary, the search is planned first: RapidCheck's search is
// replayed in process with what the library has answered so far, and every program it needs and
// has no answer for (a case, or the one-device baseline a judge asks for) goes to the library in
// one batch; again, until the replay needs nothing new. A discard changes the sizes of the cases
// after it, so each round answers what the last one could not foresee. The real search then
// crosses the boundary only where the plan could not reach (shrinking). `sent_ahead`: the first
// round, when the runner planned it and sent it ahead before the check's turn. `planned`: a later
// round is sent, then the runner plans one more check behind it, then the round is waited for.
void answer_ahead(AnsweredAhead& ahead, const PropertySettings& settings,
                  const rc::Gen<Program>& generator, const Judge& judge,
                  std::optional<std::vector<Program>> sent_ahead, PlannedAhead* planned) {
  constexpr int kPlanningRounds = 8;
  try {
    for (int round = 0; round < kPlanningRounds; ++round) {
      std::vector<Program> wanted;
      if (round == 0 && sent_ahead) {
        wanted = std::move(*sent_ahead);
      } else {
        wanted =
            plan_round(ahead, settings, generator, judge, round_budget(round, ahead.handshake()));
        if (planned != nullptr && !wanted.empty()) {
          ahead.send(wanted);
          planned->while_waiting();
        }
      }
      if (wanted.empty() || !ahead.run_ahead(wanted)) break;
    }
  } catch (const std::exception&) {
    // Only a speed-up: the real search runs what it needs one program at a time.
  }
}

// When RapidCheck gave up without one program to judge, why the generator could make none: a
// library that lists no dtype the operation takes (ndonnx has no complex dtype for imag) lacks
// the call. Any other generation failure stays the harness's error.
std::optional<std::string> dtype_gap(const rc::Gen<Program>& generator) {
  try {
    (void)generator(rc::Random(), 0).value();
  } catch (const rc::GenerationFailure& failure) {
    const std::string what = failure.what();
    // generate_call.cpp: no device holds a dtype of the kinds the operation admits.
    if (what.rfind("no dtype for ", 0) == 0 || what.rfind("no device fits: ", 0) == 0)
      return "no listed device (or pair, for a mixed call) holds a dtype the standard's signature "
             "takes (" +
             what + ")";
  }
  return std::nullopt;
}

// The check's result from RapidCheck's outcome and what the search learned.
CheckResult result_of(const CheckInfo& info, const CheckContext& context, Adapter& adapter,
                      const rc::detail::TestResult& outcome, SearchState& search) {
  CheckResult result;
  result.info = info;
  result.implementation = adapter.handshake().implementation;
  result.seed = context.seed;
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (outcome.match(success)) {
    result.cases = success.numSuccess;
    result.status = search.unsupported.empty() ? Status::pass : Status::unsupported;
    result.reason = search.unsupported;
  } else if (outcome.match(failure)) {
    result.cases = failure.numSuccess + 1;
    rc::detail::Configuration config;
    config.reproduce[info.id] = failure.reproduce;
    result.reproduce = rc::detail::configToMinimalString(config);
    if (auto& last = search.last) {
      result.status = last->status;
      result.reason = last->reason;
      if (last->status == Status::fail)
        last->failure.reproduction =
            adapter.reproduction(last->failure.program, last->failure.step, last->expectation);
      result.failure = std::move(last->failure);
    } else {
      result.status = Status::error;
      result.reason =
          "RapidCheck reported a failure the harness did not record: " + failure.description;
    }
  } else if (outcome.match(gave_up)) {
    result.cases = gave_up.numSuccess;
    const auto& discards = search.discards;
    const auto most = std::max_element(discards.begin(), discards.end(), [](auto& a, auto& b) {
      return a.second.count < b.second.count;
    });
    const std::string most_often =
        most == discards.end()
            ? std::string()
            : fmt::format("; most often: {} ({} times)", most->first, most->second.count);
    // Not one generated call ran, on any device: the library does not accept the standard's
    // call (torch's flip wants dims=). That is the library's gap, not the harness's. (strict
    // passes every check, so a generator that writes invalid calls still shows there.)
    const bool none_ran = gave_up.numSuccess == 0 && most != discards.end();
    const bool library_refuses = none_ran && refuses(most->second.cause);
    // Every case ran, but on devices whose values cannot be read: the check cannot judge them.
    const bool no_values = none_ran && most->second.cause == DiscardCause::values_unreadable;
    result.status =
        library_refuses ? Status::unsupported : (no_values ? Status::skip : Status::error);
    if (library_refuses)
      result.reason = fmt::format("no generated call ran on any device{}", most_often);
    else if (no_values)
      result.reason = fmt::format("no case could compare values{}", most_often);
    else
      result.reason =
          fmt::format("could not make enough valid programs ({} ran, RapidCheck gave up){}",
                      gave_up.numSuccess, most_often);
  } else if (outcome.match(error)) {
    result.status = Status::error;
    result.reason = "RapidCheck: " + error.description;
  }
  return result;
}

}  // namespace

CheckResult run_property(const CheckInfo& info, const CheckContext& context,
                         const rc::Gen<Program>& generator, const Judge& judge) {
  // Every judgement reads where results landed: without `.device` there is nothing to judge.
  if (!context.adapter.handshake().features.device_attribute)
    return not_run(info, context, Status::unsupported,
                   fmt::format("{} arrays have no .device attribute, so where results land "
                               "cannot be observed",
                               context.adapter.handshake().library));
  const auto started = std::chrono::steady_clock::now();
  const PropertySettings settings = settings_for(info, context);
  AnsweredAhead ahead(context.adapter);
  const bool batch = context.adapter.prefers_batches() && settings.reproduce.empty();
  PlannedAhead* planned = batch ? context.planned_ahead : nullptr;
  if (planned != nullptr && planned->planning_only()) {
    // Before the check's turn: draw the first round and send it ahead; nothing is judged.
    PlannedAhead::FirstRound first{.programs = {}, .drawn = nothing_drawn()};
    first.programs = plan_round(ahead, settings, remembered(generator, first.drawn), judge,
                                round_budget(0, context.adapter.handshake()));
    context.adapter.send_ahead(first.programs);
    planned->keep(info.id, std::move(first));
    return not_run(info, context, Status::skip, "only planned ahead");
  }
  auto first = planned != nullptr ? planned->take(info.id) : std::nullopt;
  // Planned, the search draws its cases more than once: each is generated once.
  const rc::Gen<Program> cases =
      batch ? remembered(generator, first ? first->drawn : nothing_drawn()) : generator;
  if (batch)
    answer_ahead(ahead, settings, cases, judge,
                 first ? std::optional(std::move(first->programs)) : std::nullopt, planned);
  Adapter& adapter = batch ? static_cast<Adapter&>(ahead) : context.adapter;
  SearchState search;
  SilentListener listener;
  const auto outcome = rc::detail::checkProperty(
      rc::detail::toProperty(property_on(adapter, search, cases, judge, false)), settings.metadata,
      settings.params, listener, settings.reproduce);
  CheckResult result = result_of(info, context, adapter, outcome, search);
  if (result.status == Status::error && result.cases == 0 && search.discards.empty())
    if (auto gap = dtype_gap(cases)) {
      result.status = Status::unsupported;
      result.reason = *gap;
    }
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace conformance::detail
