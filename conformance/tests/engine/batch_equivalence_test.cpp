// Running a check's programs ahead in a batch (for adapters across a process boundary), and
// planning a check's first batch before its turn (for adapters that run ahead), and running them
// in a forked child (in-process adapters that isolate, like --impl torch) are only speed-ups or
// safety: every check gives the same status, case count and counterexample as one by one.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <ostream>

#include "conformance/check.hpp"
#include "conformance/runner.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {
namespace {

// strict, asking for batches (or not), and counting the programs that reach it each way; with
// `compiles_per_shape`, its handshake says so, as JAX's does.
class Batching final : public Adapter {
 public:
  explicit Batching(const StrictAdapterOptions& options = {}, bool compiles_per_shape = false,
                    bool batches = true)
      : inner_(make_strict_adapter(options)), handshake_(inner_->handshake()), batches_(batches) {
    handshake_.compiles_per_shape = compiles_per_shape;
  }
  const Handshake& handshake() const override { return handshake_; }
  bool prefers_batches() const override { return batches_; }
  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    batched += static_cast<int>(programs.size());
    return Adapter::run_batch(programs);
  }
  ProgramOutcome run(const Program& program) override {
    ++single;
    return inner_->run(program);
  }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_->reproduction(program, step, expectation);
  }
  int batched = 0;
  int single = 0;

 private:
  std::unique_ptr<Adapter> inner_;
  Handshake handshake_;
  bool batches_;
};

TEST(BatchEquivalence, EveryCheckGivesTheSameResultBatchedOrNot) {
  auto plain = make_strict_adapter();
  Batching batching;
  for (const auto& check : all_checks()) {
    const auto one_by_one = check.run(CheckContext{
        .adapter = *plain, .examples = 20, .seed = 5, .reproduce = {}, .spec_version = {}});
    const auto batched = check.run(CheckContext{
        .adapter = batching, .examples = 20, .seed = 5, .reproduce = {}, .spec_version = {}});
    EXPECT_EQ(name(batched.status), name(one_by_one.status)) << check.info.id;
    EXPECT_EQ(batched.cases, one_by_one.cases) << check.info.id;
    EXPECT_EQ(batched.reason, one_by_one.reason) << check.info.id;
    EXPECT_EQ(batched.failure.has_value(), one_by_one.failure.has_value()) << check.info.id;
  }
  // The batches did the work: programs outside them (baselines, redrawn cases) are a minority.
  EXPECT_GT(batching.batched, 0);
  EXPECT_LT(batching.single - batching.batched, batching.batched);
}

// A check stops at its first failing case, so for a library whose every new call compiles (JAX)
// a batch of all its cases' programs ran the ones past the failure for nothing: its rounds grow
// from 16 programs, and none is asked for past a failure. Other libraries keep one round.
TEST(BatchEquivalence, AFailingChecksBatchesStopNearItsFirstFailureWhereCallsCompile) {
  const StrictAdapterOptions faulty{.fault = "reductions_on_default_device"};
  const auto checks = select_checks({"propagate.sum"});
  ASSERT_EQ(checks.size(), 1u);
  for (const bool compiles : {true, false}) {
    Batching one_by_one(faulty, compiles, /*batches=*/false);
    Batching batching(faulty, compiles);
    const auto context = [](Adapter& adapter) {
      return CheckContext{
          .adapter = adapter, .examples = 100, .seed = 5, .reproduce = {}, .spec_version = {}};
    };
    const auto expected = checks[0]->run(context(one_by_one));
    const auto result = checks[0]->run(context(batching));
    ASSERT_EQ(name(expected.status), name(Status::fail)) << compiles;
    EXPECT_EQ(name(result.status), name(Status::fail)) << compiles;
    EXPECT_EQ(result.cases, expected.cases) << compiles;
    EXPECT_EQ(result.reproduce, expected.reproduce) << compiles;
    ASSERT_LE(expected.cases, 16) << "the fault should show within the first round";
    if (compiles)  // one round of at most 16 programs (shrinking then runs one by one)
      EXPECT_LE(batching.batched, 16);
    else  // one round of the 100 cases' programs (a program drawn twice is asked for once)
      EXPECT_GT(batching.batched, 90);
  }
}

// strict, running ahead: it keeps each batch sent ahead and checks that the engine asks for
// exactly those batches (a check's first round in the order sent; its later rounds before the
// first rounds sent before them).
class RunningAhead final : public Adapter {
 public:
  explicit RunningAhead(const StrictAdapterOptions& options, bool compiles_per_shape = false)
      : inner_(make_strict_adapter(options)), handshake_(inner_->handshake()) {
    handshake_.compiles_per_shape = compiles_per_shape;
  }
  const Handshake& handshake() const override { return handshake_; }
  bool prefers_batches() const override { return true; }
  bool runs_ahead() const override { return true; }
  void send_ahead(const std::vector<Program>& programs) override {
    ++batches_sent;
    sent_.push_back(programs);
  }
  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    const auto sent = std::find(sent_.begin(), sent_.end(), programs);
    if (sent != sent_.end()) {
      ++batches_claimed;
      // A check's later round is sent behind the first rounds of the checks after it.
      if (sent != sent_.begin()) ++claimed_before_older;
      sent_.erase(sent);
    }
    return Adapter::run_batch(programs);
  }
  ProgramOutcome run(const Program& program) override { return inner_->run(program); }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_->reproduction(program, step, expectation);
  }
  std::size_t unclaimed() const { return sent_.size(); }
  int batches_sent = 0;
  int batches_claimed = 0;
  int claimed_before_older = 0;

 private:
  std::unique_ptr<Adapter> inner_;
  Handshake handshake_;
  std::deque<std::vector<Program>> sent_;
};

// An adapter isolated by forking, without the runner's whole checks in a child: every program
// goes through the adapter's forked worker, as for a check whose child crashed.
class ProgramByProgram final : public Adapter {
 public:
  explicit ProgramByProgram(Adapter& forked) : forked_(forked) {}
  const Handshake& handshake() const override { return forked_.handshake(); }
  ProgramOutcome run(const Program& program) override { return forked_.run(program); }
  bool prefers_batches() const override { return forked_.prefers_batches(); }
  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    return forked_.run_batch(programs);
  }
  bool runs_ahead() const override { return forked_.runs_ahead(); }
  void send_ahead(const std::vector<Program>& programs) override { forked_.send_ahead(programs); }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return forked_.reproduction(program, step, expectation);
  }

 private:
  Adapter& forked_;
};

// With no fault every check passes; with one, its family's checks fail and shrink, and planning
// ahead must not change which case fails or what it shrinks to.
struct Planned {
  std::string fault;
  std::string filter;
  bool later_rounds;  // whether some check needs a round after its first (baselines: mixed)
  // The handshake says so, as JAX's: shapes from the palette, and rounds of 16, 128, ... programs.
  bool compiles_per_shape = false;
};

void PrintTo(const Planned& planned, std::ostream* out) {
  *out << (planned.fault.empty() ? "no fault" : planned.fault) << ", --filter " << planned.filter;
}

class PlannedAheadEquivalence : public ::testing::TestWithParam<Planned> {};

// Expects each check's status, cases, reason and counterexample alike; returns how many failed.
int expect_same_results(const std::vector<CheckResult>& results,
                        const std::vector<CheckResult>& one_by_one) {
  EXPECT_EQ(results.size(), one_by_one.size());
  int failures = 0;
  for (std::size_t i = 0; i < results.size() && i < one_by_one.size(); ++i) {
    const auto& id = one_by_one[i].info.id;
    EXPECT_EQ(results[i].info.id, id);
    EXPECT_EQ(name(results[i].status), name(one_by_one[i].status)) << id;
    EXPECT_EQ(results[i].cases, one_by_one[i].cases) << id;
    EXPECT_EQ(results[i].reason, one_by_one[i].reason) << id;
    EXPECT_EQ(results[i].reproduce, one_by_one[i].reproduce) << id;
    EXPECT_EQ(results[i].failure.has_value(), one_by_one[i].failure.has_value()) << id;
    if (!one_by_one[i].failure || !results[i].failure) continue;
    ++failures;
    EXPECT_EQ(results[i].failure->program, one_by_one[i].failure->program) << id;
    EXPECT_EQ(results[i].failure->step, one_by_one[i].failure->step) << id;
    EXPECT_EQ(results[i].failure->reproduction, one_by_one[i].failure->reproduction) << id;
  }
  return failures;
}

TEST_P(PlannedAheadEquivalence, EveryCheckGivesTheSameResultPlannedAheadOrNot) {
  const StrictAdapterOptions strict{.fault = GetParam().fault};
  Batching plain(strict, GetParam().compiles_per_shape, /*batches=*/false);
  RunningAhead ahead(strict, GetParam().compiles_per_shape);
  const RunOptions options{.examples = 20, .seed = 5};
  const auto checks = select_checks({GetParam().filter});
  const auto one_by_one = run_checks(plain, checks, options, {});
  const auto planned = run_checks(ahead, checks, options, {});
  const int failures = expect_same_results(planned, one_by_one);
  EXPECT_EQ(failures > 0, !GetParam().fault.empty());
  // Most checks were planned ahead, and every batch sent ahead was asked for: the later rounds
  // (sent before the harness plans one more check, then waited for) before the first rounds of
  // the checks after theirs.
  EXPECT_GT(ahead.batches_sent, static_cast<int>(checks.size()) / 2);
  EXPECT_EQ(ahead.batches_claimed, ahead.batches_sent);
  EXPECT_EQ(ahead.unclaimed(), 0u);
  EXPECT_EQ(ahead.claimed_before_older > 0, GetParam().later_rounds);

  // The same isolated by forking (--impl torch): each check whole in a forked child, and (what
  // the runner falls back to for a check whose child crashed) program by program through the
  // adapter's forked worker, in batches posted ahead and answered in the order posted.
  if (GetParam().compiles_per_shape) return;  // (the forked adapter's handshake lacks it)
  StrictAdapterOptions isolated = strict;
  isolated.isolation_timeout_ms = 10000;
  auto forked = make_strict_adapter(isolated);
  ASSERT_TRUE(forked->runs_ahead());
  EXPECT_EQ(expect_same_results(run_checks(*forked, checks, options, {}), one_by_one), failures);
  // (Program by program on the families with a fault only: every check that way is the slowest
  // test under the sanitizers, and these two have failures to shrink and later rounds.)
  if (GetParam().fault.empty()) return;
  ProgramByProgram program_by_program(*forked);
  EXPECT_EQ(expect_same_results(run_checks(program_by_program, checks, options, {}), one_by_one),
            failures);
}

INSTANTIATE_TEST_SUITE_P(
    Strict, PlannedAheadEquivalence,
    ::testing::Values(Planned{"", "*", true},
                      Planned{"zero_d_exempt_from_mixed", "mixed_0d.*", true},
                      Planned{"reductions_on_default_device", "propagate.*", false},
                      // 20 cases are more than a first round of 16 programs
                      Planned{"zero_d_exempt_from_mixed", "mixed_0d.*", true, true},
                      Planned{"reductions_on_default_device", "propagate.*", true, true}),
    [](const auto& info) {
      return (info.param.fault.empty() ? std::string("every_check_no_fault") : info.param.fault) +
             (info.param.compiles_per_shape ? "_compiles_per_shape" : "");
    });

}  // namespace
}  // namespace conformance
