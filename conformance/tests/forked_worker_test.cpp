// The torch adapter's isolation (adapters/torch/plugin/forked_worker.cpp) with a stand-in for
// libtorch: a run function that answers, aborts, segfaults or hangs depending on the program.
#include "forked_worker.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

#include "program_builders.hpp"

namespace {

using conformance::Program;
using conformance::ProgramOutcome;
using conformance::RunStatus;
using conformance::StepOutcome;
using conformance::StepStatus;
using conformance::adapter_support::ForkedWorker;
using ::testing::HasSubstr;

// The program's first operation says what the stand-in library does.
ProgramOutcome stand_in(const Program& program) {
  const std::string& op = program.steps.front().op;
  if (op == "abort") {
    std::cerr << "stand-in: giving up\n";
    std::abort();
  }
  if (op == "segfault") {
    std::signal(SIGSEGV, SIG_DFL);  // not AddressSanitizer's handler, which would abort instead
    std::raise(SIGSEGV);
  }
  if (op == "hang") ::pause();
  ProgramOutcome outcome;
  // The pid shows which child answered.
  outcome.steps.push_back({.status = StepStatus::ok, .value = static_cast<int>(::getpid())});
  return outcome;
}

Program program(const std::string& op) {
  return {.steps = {conformance::testing::step(op, {})}};
}

int answering_pid(const ProgramOutcome& outcome) {
  return outcome.steps.at(0).value.get<int>();
}

TEST(ForkedWorker, RunsProgramsInOneChildAndKeepsTheirOrder) {
  ForkedWorker worker(stand_in, 5000);
  const auto batch = worker.run({program("a"), program("b"), program("c")});
  ASSERT_EQ(batch.completed.size(), 3u);
  EXPECT_FALSE(batch.failed);
  EXPECT_NE(answering_pid(batch.completed[0]), ::getpid());
  EXPECT_EQ(answering_pid(batch.completed[0]), answering_pid(batch.completed[2]));
  // The child stays for the next call.
  EXPECT_EQ(answering_pid(worker.run({program("d")}).completed.at(0)),
            answering_pid(batch.completed[0]));
}

TEST(ForkedWorker, AnAbortIsACrashWithTheSignalAndStderr) {
  ForkedWorker worker(stand_in, 5000);
  const auto batch = worker.run({program("a"), program("abort"), program("b")});
  ASSERT_EQ(batch.completed.size(), 1u);
  ASSERT_TRUE(batch.failed);
  EXPECT_EQ(batch.failed->status, RunStatus::crash);
  EXPECT_THAT(batch.failed->detail, HasSubstr("signal 6"));
  EXPECT_THAT(batch.failed->detail, HasSubstr("stand-in: giving up"));
}

TEST(ForkedWorker, ASegfaultIsACrashAndTheNextProgramGetsAFreshChild) {
  ForkedWorker worker(stand_in, 5000);
  const int first = answering_pid(worker.run({program("a")}).completed.at(0));
  const auto crashed = worker.run({program("segfault")});
  ASSERT_TRUE(crashed.failed);
  EXPECT_EQ(crashed.failed->status, RunStatus::crash);
  EXPECT_THAT(crashed.failed->detail, HasSubstr("signal 11"));
  const auto after = worker.run({program("b")});
  ASSERT_EQ(after.completed.size(), 1u);
  EXPECT_NE(answering_pid(after.completed[0]), first);
}

TEST(ForkedWorker, AHangIsATimeout) {
  ForkedWorker worker(stand_in, 200);
  const auto batch = worker.run({program("hang")});
  ASSERT_TRUE(batch.failed);
  EXPECT_EQ(batch.failed->status, RunStatus::timeout);
  EXPECT_THAT(batch.failed->detail, HasSubstr("200 ms"));
  EXPECT_EQ(worker.run({program("a")}).completed.size(), 1u);
}

TEST(ForkedWorker, AnEmptyBatchStartsNothing) {
  ForkedWorker worker(stand_in, 5000);
  const auto batch = worker.run({});
  EXPECT_TRUE(batch.completed.empty());
  EXPECT_FALSE(batch.failed);
}

}  // namespace
