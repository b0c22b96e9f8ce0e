// The Python adapter end to end, against small fake namespaces (tests/support/python_fakes/): the
// handshake, a program's outcomes, and isolation: a segfault, a hang, a stray stdout line and an
// oversized reply each become that program's outcome, and the next program runs in a fresh child.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "build_locations.hpp"
#include "conformance/python_adapter.hpp"
#include "program_builders.hpp"

namespace conformance {
namespace {

using testing::array_on;
using ::testing::HasSubstr;
using testing::step;

// The fakes are importable through PYTHONPATH, which the child inherits.
class PythonAdapterTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ::setenv("PYTHONPATH", adc::build_locations::python_fakes, 1);
    ::unsetenv("FAKEXP_BUG");
  }
  static std::unique_ptr<Adapter> adapter(const std::string& module, int timeout_ms = 10000,
                                          std::size_t max_reply_bytes = 16u << 20) {
    return make_python_adapter(PythonAdapterOptions{.module = module,
                                                    .python = adc::build_locations::python,
                                                    .timeout_ms = timeout_ms,
                                                    .max_reply_bytes = max_reply_bytes});
  }
};

// zeros((2,), device=devices[1]) then add(x0, x0).
Program zeros_then_add() {
  return Program{{step("zeros", {IntTuple{{2}}}, {{.name = "device", .value = DeviceIndex{1}}}),
                  step("add", {StepRef{0, 0}, StepRef{0, 0}})}};
}

Program just_zeros() {
  return Program{{step("zeros", {IntTuple{{3}}}, {{.name = "device", .value = DeviceIndex{1}}})}};
}

void expect_runs_fine(Adapter& adapter) {
  const ProgramOutcome outcome = adapter.run(just_zeros());
  ASSERT_EQ(outcome.status, RunStatus::completed) << outcome.detail;
  ASSERT_EQ(outcome.steps.size(), 1u);
  ASSERT_EQ(outcome.steps[0].status, StepStatus::ok) << outcome.steps[0].message;
  EXPECT_EQ(outcome.steps[0].arrays.at(0).device, 1);
}

TEST_F(PythonAdapterTest, HandshakeDescribesTheNamespace) {
  const auto fake = adapter("fakexp");
  const Handshake& handshake = fake->handshake();
  EXPECT_EQ(handshake.implementation, "python:fakexp");
  EXPECT_EQ(handshake.library, "fakexp");
  EXPECT_EQ(handshake.spec_version, "2024.12");
  ASSERT_EQ(handshake.devices.size(), 2u);
  EXPECT_EQ(handshake.default_device, 0);
  EXPECT_TRUE(handshake.features.device_attribute);
  EXPECT_TRUE(handshake.features.namespace_info);
  EXPECT_THAT(handshake.operations, ::testing::Contains("add"));
  EXPECT_THAT(handshake.operations, ::testing::Not(::testing::Contains("linalg.solve")));
}

TEST_F(PythonAdapterTest, ReportsWhereEachResultLandedAndWhatWasRaised) {
  const auto fake = adapter("fakexp");
  Program program = zeros_then_add();
  program.steps.push_back(array_on(0, {1, 2}));
  program.steps.push_back(step("add", {StepRef{0, 0}, StepRef{2, 0}}));  // mixed devices
  program.steps.push_back(step("add", {StepRef{3, 0}, StepRef{0, 0}}));  // reads a raise
  program.read_values = true;
  const ProgramOutcome outcome = fake->run(program);
  ASSERT_EQ(outcome.status, RunStatus::completed) << outcome.detail;
  ASSERT_EQ(outcome.steps.size(), 5u);
  EXPECT_EQ(outcome.steps[1].status, StepStatus::ok);
  EXPECT_EQ(outcome.steps[1].arrays.at(0).device, 1);
  EXPECT_EQ(outcome.steps[1].arrays.at(0).dtype, "float64");
  EXPECT_EQ(outcome.steps[2].arrays.at(0).values, (std::vector<double>{1, 2}));
  EXPECT_EQ(outcome.steps[3].status, StepStatus::raised);
  EXPECT_EQ(outcome.steps[3].exception_type, "ValueError");
  EXPECT_EQ(outcome.steps[4].status, StepStatus::not_run);
}

// A step keeps its arguments ready at decoding and fills in earlier results when it runs; a
// result that is not there (a later step's, an output index past those produced, a negative
// index, a keyword's reference to a step that raised) is still not_run, naming the first one,
// and a device index the handshake did not list is still unsupported when the step runs.
TEST_F(PythonAdapterTest, ReadyArgumentsStillRefuseResultsThatWereNotProduced) {
  const auto fake = adapter("fakexp");
  Program program{{array_on(0, {1, 2}), array_on(1, {3, 4})}};
  program.steps.push_back(step("add", {StepRef{0, 0}, StepRef{-1, 0}}));  // 2: negative
  program.steps.push_back(step("add", {StepRef{0, 0}, StepRef{4, 0}}));   // 3: a later step
  program.steps.push_back(step("add", {StepRef{0, 0}, StepRef{0, 1}}));   // 4: past the outputs
  program.steps.push_back(step("add", {StepRef{0, 0}, StepRef{1, 0}}));   // 5: raises (mixed)
  program.steps.push_back(step("asarray", {StepRef{0, 0}},                // 6: reads 5 by keyword
                               {{.name = "device", .value = StepRef{5, 0}}}));
  program.steps.push_back(array_on(7, {1}));                             // 7: no device 7
  program.steps.push_back(step("add", {StepRef{0, 0}, StepRef{1, 0}}));  // 8: still raises
  const ProgramOutcome outcome = fake->run(program);
  ASSERT_EQ(outcome.status, RunStatus::completed) << outcome.detail;
  ASSERT_EQ(outcome.steps.size(), 9u);
  const auto not_run = [&](std::size_t i, const std::string& message) {
    EXPECT_EQ(outcome.steps[i].status, StepStatus::not_run) << "step " << i;
    EXPECT_EQ(outcome.steps[i].message, message) << "step " << i;
  };
  not_run(2, "x-1[0] was not produced");  // not the last step's result, as Python would read it
  not_run(3, "x4[0] was not produced");
  not_run(4, "x0[1] was not produced");
  EXPECT_EQ(outcome.steps[5].status, StepStatus::raised);
  not_run(6, "x5[0] was not produced");
  EXPECT_EQ(outcome.steps[7].status, StepStatus::unsupported);
  EXPECT_THAT(outcome.steps[7].message, ::testing::HasSubstr("no device 7"));
  EXPECT_EQ(outcome.steps[8].status, StepStatus::raised);  // arguments filled afresh per step
}

// Values are read back only when the program's check compares them (Program::read_values).
TEST_F(PythonAdapterTest, ReadsValuesBackOnlyWhenTheProgramAsks) {
  const auto fake = adapter("fakexp");
  Program program{{array_on(1, {1, 2})}};
  const ProgramOutcome without = fake->run(program);
  ASSERT_EQ(without.status, RunStatus::completed) << without.detail;
  EXPECT_EQ(without.steps.at(0).arrays.at(0).device, 1);
  EXPECT_EQ(without.steps.at(0).arrays.at(0).values, std::nullopt);
  program.read_values = true;
  const ProgramOutcome with = fake->run(program);
  ASSERT_EQ(with.status, RunStatus::completed) << with.detail;
  EXPECT_EQ(with.steps.at(0).arrays.at(0).values, (std::vector<double>{1, 2}));
}

TEST_F(PythonAdapterTest, AnOperationTheNamespaceLacksIsUnsupported) {
  const auto fake = adapter("fakexp");
  const ProgramOutcome outcome = fake->run(
      Program{{array_on(0, {1, 2}), step("linalg.solve", {StepRef{0, 0}, StepRef{0, 0}})}});
  ASSERT_EQ(outcome.status, RunStatus::completed) << outcome.detail;
  EXPECT_EQ(outcome.steps[1].status, StepStatus::unsupported);
}

TEST_F(PythonAdapterTest, ASegfaultIsACrashAndTheNextProgramRuns) {
  const auto fake = adapter("fake_segfault");
  const ProgramOutcome outcome = fake->run(zeros_then_add());
  EXPECT_EQ(outcome.status, RunStatus::crash);
  EXPECT_THAT(outcome.detail, HasSubstr("signal 11"));
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, AHangIsATimeoutAndTheNextProgramRuns) {
  const auto fake = adapter("fake_sleep", /*timeout_ms=*/300);
  const ProgramOutcome outcome = fake->run(zeros_then_add());
  EXPECT_EQ(outcome.status, RunStatus::timeout);
  EXPECT_THAT(outcome.detail, HasSubstr("300 ms"));
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, AStrayStdoutLineIsAProtocolErrorAndTheNextProgramRuns) {
  const auto fake = adapter("fake_garbage");
  const ProgramOutcome outcome = fake->run(zeros_then_add());
  EXPECT_EQ(outcome.status, RunStatus::protocol_error);
  EXPECT_THAT(outcome.detail, HasSubstr("not a JSON line: garbage"));
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, AnOversizedReplyIsAProtocolErrorAndTheNextProgramRuns) {
  const auto fake = adapter("fake_hugereply", 10000, /*max_reply_bytes=*/1u << 20);
  const ProgramOutcome outcome = fake->run(zeros_then_add());
  EXPECT_EQ(outcome.status, RunStatus::protocol_error);
  EXPECT_THAT(outcome.detail, HasSubstr("longer than 1048576 bytes"));
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, ABatchAnswersEveryProgramInOrder) {
  const auto fake = adapter("fakexp");
  ASSERT_TRUE(fake->prefers_batches());
  const std::vector<Program> programs{just_zeros(), zeros_then_add(), just_zeros()};
  const auto outcomes = fake->run_batch(programs);
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_EQ(outcomes[1].steps.size(), 2u);
  EXPECT_EQ(outcomes[1].steps[1].status, StepStatus::ok);
  EXPECT_EQ(outcomes[2].steps, fake->run(just_zeros()).steps);
}

// A crash inside a batch ends it early; the programs it did not answer then run one by one, and
// the crash is that program's own outcome.
TEST_F(PythonAdapterTest, ABatchStopsAtACrashAndTheProgramAloneReportsIt) {
  const auto fake = adapter("fake_segfault");
  const std::vector<Program> programs{just_zeros(), zeros_then_add(), just_zeros()};
  const auto outcomes = fake->run_batch(programs);
  ASSERT_LT(outcomes.size(), 2u);
  for (const auto& outcome : outcomes)
    EXPECT_EQ(outcome.status, RunStatus::completed);
  EXPECT_EQ(fake->run(programs[1]).status, RunStatus::crash);
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, ABatchStopsAtAHang) {
  const auto fake = adapter("fake_sleep", /*timeout_ms=*/300);
  const auto outcomes = fake->run_batch({zeros_then_add(), just_zeros()});
  EXPECT_TRUE(outcomes.empty());
  expect_runs_fine(*fake);
}

// Batches sent ahead run while the harness does something else. run_batch() asking for one hands
// its outcomes back; a program or batch asked for in between is answered after them (the child
// answers in order) and does not disturb them.
TEST_F(PythonAdapterTest, BatchesSentAheadAreAnsweredWhenAskedFor) {
  const auto fake = adapter("fakexp");
  ASSERT_TRUE(fake->runs_ahead());
  const std::vector<Program> first{just_zeros(), zeros_then_add()};
  const std::vector<Program> second{zeros_then_add(), just_zeros(), just_zeros()};
  fake->send_ahead(first);
  fake->send_ahead(second);
  const auto other = fake->run_batch({zeros_then_add()});  // queued behind both
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(other[0].steps.size(), 2u);
  expect_runs_fine(*fake);
  const auto first_outcomes = fake->run_batch(first);
  const auto second_outcomes = fake->run_batch(second);
  ASSERT_EQ(first_outcomes.size(), 2u);
  ASSERT_EQ(second_outcomes.size(), 3u);
  EXPECT_EQ(first_outcomes[0].steps, fake->run(just_zeros()).steps);
  EXPECT_EQ(first_outcomes[1].steps, other[0].steps);
  EXPECT_EQ(second_outcomes[0].steps, other[0].steps);
  EXPECT_EQ(second_outcomes[2].steps, first_outcomes[0].steps);
}

// A crash in a batch sent ahead ends that batch at the program that crashed, which then runs
// alone and reports the crash as its own outcome; the batches sent behind it never ran in that
// child, and run in a fresh one when asked for.
TEST_F(PythonAdapterTest, ACrashInABatchSentAheadIsMetAloneWhenAskedFor) {
  const auto fake = adapter("fake_segfault");
  const std::vector<Program> crashing{just_zeros(), zeros_then_add(), just_zeros()};
  const std::vector<Program> behind{just_zeros()};
  fake->send_ahead(crashing);
  fake->send_ahead(behind);
  const auto outcomes = fake->run_batch(crashing);
  ASSERT_LT(outcomes.size(), 2u);
  for (const auto& outcome : outcomes)
    EXPECT_EQ(outcome.status, RunStatus::completed);
  const auto behind_outcomes = fake->run_batch(behind);
  ASSERT_EQ(behind_outcomes.size(), 1u);
  EXPECT_EQ(behind_outcomes[0].steps, fake->run(just_zeros()).steps);
  EXPECT_EQ(fake->run(crashing[1]).status, RunStatus::crash);
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, AHangInABatchSentAheadEndsIt) {
  const auto fake = adapter("fake_sleep", /*timeout_ms=*/300);
  const std::vector<Program> hanging{zeros_then_add(), just_zeros()};
  fake->send_ahead(hanging);
  EXPECT_TRUE(fake->run_batch(hanging).empty());
  expect_runs_fine(*fake);
}

// Batches sent ahead larger than the pipes: the harness goes on writing while it reads replies,
// so neither side waits for the other for ever.
TEST_F(PythonAdapterTest, BatchesSentAheadLargerThanThePipesAreAllAnswered) {
  const auto fake = adapter("fakexp");
  const std::vector<Program> many(6000, zeros_then_add());
  fake->send_ahead(many);
  fake->send_ahead(many);
  const auto first = fake->run_batch(many);
  const auto second = fake->run_batch(many);
  EXPECT_EQ(first.size(), many.size());
  EXPECT_EQ(second.size(), many.size());
  expect_runs_fine(*fake);
}

TEST_F(PythonAdapterTest, AModuleThatDoesNotImportIsASetupError) {
  try {
    adapter("no_such_module_here");
    FAIL() << "no exception";
  } catch (const PythonSetupError& error) {
    EXPECT_THAT(error.what(), HasSubstr("does not import"));
    EXPECT_THAT(error.what(), HasSubstr("no_such_module_here"));
  }
}

TEST_F(PythonAdapterTest, AModuleThatIsNoNamespaceIsASetupError) {
  try {
    adapter("not_a_namespace");
    FAIL() << "no exception";
  } catch (const PythonSetupError& error) {
    EXPECT_THAT(error.what(), HasSubstr("not_a_namespace is not an array namespace"));
  }
}

TEST_F(PythonAdapterTest, AMissingInterpreterIsASetupError) {
  try {
    make_python_adapter(PythonAdapterOptions{.module = "fakexp", .python = "/no/such/python3"});
    FAIL() << "no exception";
  } catch (const PythonSetupError& error) {
    EXPECT_THAT(error.what(), HasSubstr("/no/such/python3"));
    EXPECT_THAT(error.what(), HasSubstr("No such file or directory"));
  }
}

}  // namespace
}  // namespace conformance
