// Whole checks in a forked child (check_worker.hpp): the result comes back as the check made it,
// a child that crashes or hangs gives the check back to the caller, and the runner then runs that
// check program by program, with the same result as a run that never forked.
#include "check_worker.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <limits>

#include "conformance/runner.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {
namespace {

using detail::CheckWorker;

// A library whose every program takes `delay_us`, and which says where it runs.
class Slow final : public Adapter {
 public:
  explicit Slow(int delay_us) : delay_us_(delay_us) {}
  const Handshake& handshake() const override { return handshake_; }
  ProgramOutcome run(const Program&) override {
    ::usleep(static_cast<useconds_t>(delay_us_));
    return {};
  }
  std::optional<int> isolation_timeout_ms() const override { return 100; }
  void run_in_this_process() override { in_child = true; }
  std::string reproduction(const Program&, int, const Expectation&) const override { return {}; }
  bool in_child = false;

 private:
  int delay_us_;
  Handshake handshake_{};
};

CheckResult with_nan_values() {
  CheckResult result;
  result.info.id = "family.check";
  result.status = Status::fail;
  result.cases = 7;
  result.seed = 18446744073709551615ULL;
  result.reason = "why";
  Failure failure;
  failure.step = 1;
  StepOutcome step;
  step.arrays.push_back({.device = 0,
                         .device_repr = "cpu",
                         .dtype = "float64",
                         .shape = {2},
                         .values = std::vector<double>{std::nan(""), 1.5}});
  failure.outcome.steps.push_back(step);
  result.failure = failure;
  return result;
}

TEST(CheckWorker, ACheckComesBackAsItWasMade) {
  Slow library(0);
  CheckWorker worker(
      library,
      [&](std::size_t index, Adapter& adapter) {
        adapter.run({});
        CheckResult result = with_nan_values();
        result.cases = static_cast<int>(index);
        result.reason = library.in_child ? "in the child" : "in the harness";
        return result;
      },
      100);
  const auto result = worker.run(3);
  ASSERT_TRUE(result);
  EXPECT_FALSE(library.in_child) << "the harness's adapter is left as it was";
  EXPECT_EQ(result->reason, "in the child");
  EXPECT_EQ(result->cases, 3);
  EXPECT_EQ(result->seed, 18446744073709551615ULL);
  EXPECT_EQ(name(result->status), "fail");
  const auto& values = result->failure.value().outcome.steps.at(0).arrays.at(0).values.value();
  EXPECT_TRUE(std::isnan(values.at(0)));
  EXPECT_EQ(values.at(1), 1.5);
}

TEST(CheckWorker, ACrashOrAHangGivesTheCheckBack) {
  Slow library(0);
  CheckWorker worker(
      library,
      [](std::size_t index, Adapter&) {
        if (index == 1) std::abort();
        if (index == 2) ::pause();
        return with_nan_values();
      },
      100);
  EXPECT_FALSE(worker.run(1));
  EXPECT_TRUE(worker.run(0)) << "a fresh child for the next check";
  EXPECT_FALSE(worker.run(2));
  EXPECT_TRUE(worker.run(0));
}

// The check runs longer than the silence allowed (100 ms a program, plus the slack), program by
// program: the signs of life keep it going.
TEST(CheckWorker, SignsOfLifeKeepALongCheckGoing) {
  Slow library(60'000);
  CheckWorker worker(
      library,
      [](std::size_t, Adapter& adapter) {
        for (int i = 0; i < 50; ++i)  // 3 s
          adapter.run({});
        return with_nan_values();
      },
      100);
  EXPECT_TRUE(worker.run(0));
}

// strict, isolated by forking, whose programs abort in the forked check worker when they call
// matmul: that check is run again program by program in the harness, the others whole.
class AbortsInTheChild final : public Adapter {
 public:
  AbortsInTheChild() : inner_(make_strict_adapter()) {}
  const Handshake& handshake() const override { return inner_->handshake(); }
  ProgramOutcome run(const Program& program) override {
    const bool matmul = std::any_of(program.steps.begin(), program.steps.end(),
                                    [](const Step& step) { return step.op == "matmul"; });
    if (matmul && in_child_) {
      std::signal(SIGABRT, SIG_DFL);
      std::abort();
    }
    if (matmul) ++matmul_in_harness;
    return inner_->run(program);
  }
  std::optional<int> isolation_timeout_ms() const override { return 5000; }
  void run_in_this_process() override { in_child_ = true; }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_->reproduction(program, step, expectation);
  }
  int matmul_in_harness = 0;

 private:
  std::unique_ptr<Adapter> inner_;
  bool in_child_ = false;
};

TEST(CheckWorker, TheRunnerRunsACheckWhoseChildCrashedProgramByProgram) {
  auto plain = make_strict_adapter();
  AbortsInTheChild forked;
  const auto checks = select_checks({"explicit.zeros", "mixed.matmul", "propagate.add"});
  ASSERT_EQ(checks.size(), 3u);
  const RunOptions options{.examples = 20, .seed = 5};
  const auto expected = run_checks(*plain, checks, options, {});
  const auto results = run_checks(forked, checks, options, {});
  ASSERT_EQ(results.size(), expected.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i].info.id, expected[i].info.id);
    EXPECT_EQ(name(results[i].status), name(expected[i].status)) << expected[i].info.id;
    EXPECT_EQ(results[i].cases, expected[i].cases) << expected[i].info.id;
    EXPECT_EQ(results[i].reason, expected[i].reason) << expected[i].info.id;
  }
  EXPECT_GT(forked.matmul_in_harness, 0) << "mixed.matmul ran again in the harness";
}

}  // namespace
}  // namespace conformance
