// The in-process adapters' isolation (transport/forked_worker.cpp) with a stand-in for
// libtorch: a run function that answers, aborts, segfaults, hangs or answers at length depending
// on the program.
#include "forked_worker.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>

#include "program_builders.hpp"

namespace {

using conformance::Program;
using conformance::ProgramOutcome;
using conformance::RunStatus;
using conformance::StepOutcome;
using conformance::StepStatus;
using conformance::adapter_support::ForkedWorker;
using ::testing::HasSubstr;

// Where "tell_and_hang" writes the pid of the child running it (a pipe the test reads).
int g_tell_fd = -1;

// The program's first operation says what the stand-in library does.
ProgramOutcome stand_in(const Program& program) {
  const std::string& op = program.steps.front().op;
  if (op == "tell_and_hang") {
    const pid_t self = ::getpid();
    [[maybe_unused]] const auto written = ::write(g_tell_fd, &self, sizeof self);
    ::pause();
  }
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
  // Long enough that a batch of them fills the socket both ways before anyone reads.
  if (op == "long") outcome.detail.assign(20000, 'x');
  if (op == "nan") {
    outcome.steps.push_back({.status = StepStatus::raised,
                             .value = std::numeric_limits<double>::infinity(),
                             .exception_type = "ValueError",
                             .message = "bad byte \xff here"});
    outcome.steps.back().arrays.push_back(
        {.device = 0,
         .device_repr = "cpu",
         .dtype = "float64",
         .shape = {2},
         .values = std::vector<double>{std::nan(""), -std::numeric_limits<double>::infinity()}});
  }
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

TEST(ForkedWorker, PostedProgramsAreCollectedInTheOrderPosted) {
  ForkedWorker worker(stand_in, 5000);
  EXPECT_FALSE(worker.post({program("a"), program("b")}));
  EXPECT_FALSE(worker.post({program("c")}));
  const auto first = worker.collect(2);
  ASSERT_EQ(first.completed.size(), 2u);
  const auto second = worker.collect(1);
  ASSERT_EQ(second.completed.size(), 1u);
  EXPECT_EQ(answering_pid(first.completed[0]), answering_pid(second.completed[0]));
  // Everything collected: run() may go on with the same child.
  EXPECT_EQ(answering_pid(worker.run({program("d")}).completed.at(0)),
            answering_pid(first.completed[0]));
}

// Programs go out while outcomes come in: a batch larger than the socket holds either way does
// not leave both sides waiting for the other.
TEST(ForkedWorker, ABatchLargerThanTheSocketIsAnsweredWhole) {
  ForkedWorker worker(stand_in, 5000);
  Program long_program = program("long");
  long_program.steps.front().kwargs.push_back(
      {"padding", conformance::DTypeName{std::string(20000, 'p')}});
  const std::vector<Program> programs(400, long_program);  // 8 MB each way
  const auto batch = worker.run(programs);
  EXPECT_FALSE(batch.failed) << batch.failed->detail;
  ASSERT_EQ(batch.completed.size(), programs.size());
  EXPECT_EQ(batch.completed.back().detail.size(), 20000u);
}

TEST(ForkedWorker, ACrashLosesWhatWasPostedAfterIt) {
  ForkedWorker worker(stand_in, 5000);
  EXPECT_FALSE(worker.post({program("a"), program("abort")}));
  EXPECT_FALSE(worker.post({program("b")}));
  const auto crashed = worker.collect(2);
  ASSERT_EQ(crashed.completed.size(), 1u);
  ASSERT_TRUE(crashed.failed);
  EXPECT_EQ(crashed.failed->status, RunStatus::crash);
  const auto lost = worker.collect(1);
  EXPECT_TRUE(lost.completed.empty());
  ASSERT_TRUE(lost.failed);
  EXPECT_THAT(lost.failed->detail, HasSubstr("ended before the program ran"));
  EXPECT_EQ(worker.run({program("c")}).completed.size(), 1u) << "a fresh child";
}

TEST(ForkedWorker, RunRefusesWhileOutcomesPostedBeforeAreUncollected) {
  ForkedWorker worker(stand_in, 5000);
  EXPECT_FALSE(worker.post({program("a")}));
  EXPECT_THROW(worker.run({program("b")}), std::logic_error);
  EXPECT_EQ(worker.collect(1).completed.size(), 1u);
}

// The outcome arrives as the library reported it: non-finite numbers too (JSON text has none),
// and a message in invalid UTF-8 made writable (the harness writes results as JSON).
TEST(ForkedWorker, NonFiniteNumbersArriveAndInvalidUtf8IsReplaced) {
  ForkedWorker worker(stand_in, 5000);
  const auto batch = worker.run({program("nan")});
  ASSERT_EQ(batch.completed.size(), 1u);
  const StepOutcome& step = batch.completed[0].steps.at(0);
  EXPECT_EQ(step.value.get<double>(), std::numeric_limits<double>::infinity());
  const auto& values = step.arrays.at(0).values.value();
  ASSERT_EQ(values.size(), 2u);
  EXPECT_TRUE(std::isnan(values[0]));
  EXPECT_EQ(values[1], -std::numeric_limits<double>::infinity());
  EXPECT_EQ(step.message, "bad byte \xef\xbf\xbd here");
  EXPECT_EQ(step.exception_type, "ValueError");
}

// Whether process `pid` is gone (or a zombie nobody reaped).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_field, name, state;
  return !(stat >> pid_field >> name >> state) || state == "Z";
}

// A harness killed outright (SIGKILL: no destructor runs) while its child hangs in the library
// leaves no process behind.
TEST(ForkedWorker, AChildDiesWithTheHarness) {
  int tell[2];
  ASSERT_EQ(::pipe(tell), 0);
  g_tell_fd = tell[1];
  const pid_t harness = ::fork();
  ASSERT_GE(harness, 0);
  if (harness == 0) {
    ForkedWorker worker(stand_in, 60000);
    worker.run({program("tell_and_hang")});
    ::_exit(0);
  }
  pid_t child = -1;
  ASSERT_EQ(::read(tell[0], &child, sizeof child), static_cast<ssize_t>(sizeof child));
  ::kill(harness, SIGKILL);
  ::waitpid(harness, nullptr, 0);
  bool ended = false;
  for (int i = 0; i < 500 && !ended; ++i) {
    ended = gone(child);
    if (!ended) ::usleep(10000);
  }
  EXPECT_TRUE(ended) << "the forked child " << child << " outlived its harness";
  if (!ended) ::kill(child, SIGKILL);
  ::close(tell[0]);
  ::close(tell[1]);
}

TEST(ForkedWorker, AnEmptyBatchStartsNothing) {
  ForkedWorker worker(stand_in, 5000);
  const auto batch = worker.run({});
  EXPECT_TRUE(batch.completed.empty());
  EXPECT_FALSE(batch.failed);
}

}  // namespace
