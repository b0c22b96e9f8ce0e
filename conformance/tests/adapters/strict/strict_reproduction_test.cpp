// The strict adapter's reproductions: C++ programs that compile against strict and exit 1 exactly
// when the expectation they carry is broken. Each test writes one, compiles it with the project's
// compiler and runs it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "build_locations.hpp"
#include "conformance/strict_adapter.hpp"
#include "program_builders.hpp"

// Its own namespace: in the unity build it shares a file with other tests that have helpers of
// these names (on_device, raises).
namespace conformance::strict_reproduction_test {
namespace {

using testing::array_on;
using testing::step;

Expectation on_device(int device) {
  return {.kind = ExpectKind::on_device,
          .device = device,
          .exceptions = {},
          .level = Level::must,
          .rule = "the result is on its inputs' device",
          .citation = "test"};
}

Expectation raises(std::vector<std::string> exceptions) {
  return {.kind = ExpectKind::raises,
          .device = -1,
          .exceptions = std::move(exceptions),
          .level = Level::must,
          .rule = "arrays on different devices must not be combined",
          .citation = "test"};
}

Expectation either() {
  return {.kind = ExpectKind::either,
          .device = -1,
          .exceptions = {},
          .level = Level::informational,
          .rule = "anything goes",
          .citation = "test"};
}

// Writes, compiles and runs a reproduction; returns its exit status (-1 when it did not build).
class Reproduction : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    directory_ =
        std::filesystem::temp_directory_path() /
        (std::string("adc_strict_reproduction_") + test->name() + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  int compile_and_run(const std::string& source) {
    const auto file = directory_ / "repro.cpp";
    const auto binary = directory_ / "repro";
    std::ofstream(file) << source;
    const std::string compile = std::string(adc::build_locations::cxx) + " -std=c++20 " +
                                ADC_SANITIZE_FLAGS + " -I " + adc::build_locations::strict_include +
                                " " + file.string() + " " + adc::build_locations::strict_library +
                                " " + adc::build_locations::fmt_library + " -o " + binary.string() +
                                " > " + (directory_ / "build.log").string() + " 2>&1";
    if (std::system(compile.c_str()) != 0) {
      std::ifstream log(directory_ / "build.log");
      ADD_FAILURE() << "the reproduction does not build:\n"
                    << std::string(std::istreambuf_iterator<char>(log), {}) << "\n"
                    << source;
      return -1;
    }
    const int status = std::system((binary.string() + " > /dev/null").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::unique_ptr<Adapter> adapter = make_strict_adapter();

 private:
  std::filesystem::path directory_;
};

TEST_F(Reproduction, ExitsZeroWhenTheResultIsWhereExpectedAndOneWhenNot) {
  const Program program{
      .steps = {array_on(1, {1, 2}), array_on(1, {3, 4}), step("add", {StepRef{0}, StepRef{1}})}};
  EXPECT_EQ(compile_and_run(adapter->reproduction(program, 2, on_device(1))), 0);
  EXPECT_EQ(compile_and_run(adapter->reproduction(program, 2, on_device(0))), 1);
}

TEST_F(Reproduction, ChecksTheExceptionOfAMixedDeviceCall) {
  const Program program{.steps = {array_on(0, {1}), array_on(2, {1}),
                                  step("array.__iadd__", {StepRef{0}, StepRef{1}})}};
  EXPECT_EQ(compile_and_run(adapter->reproduction(program, 2, raises({"ValueError"}))), 0);
  EXPECT_EQ(compile_and_run(adapter->reproduction(program, 2, raises({"TypeError"}))), 1);
  EXPECT_EQ(compile_and_run(adapter->reproduction(program, 2, on_device(0))), 1);
}

TEST_F(Reproduction, KeepsEarlierStepsThatRaisedAndTheDefaultDeviceGuard) {
  // x2 raises (mixed devices) and x3 reads it, so x3 is left out; the guard puts x4 on device2.
  const Program program{
      .steps = {array_on(0, {1}), array_on(1, {1}), step("add", {StepRef{0}, StepRef{1}}),
                step("negative", {StepRef{2}}),
                step("harness.set_default_device", {DeviceIndex{2}}),
                step("zeros", {IntTuple{{2}}}), step("harness.observe", {StepRef{5}})}};
  const std::string source = adapter->reproduction(program, 6, on_device(2));
  EXPECT_NE(source.find("// x3 = xp.negative(x2)"), std::string::npos) << source;
  EXPECT_NE(source.find("catch (const strict::Error&)"), std::string::npos) << source;
  EXPECT_EQ(compile_and_run(source), 0);
  EXPECT_EQ(compile_and_run(adapter->reproduction(program, 6, on_device(0))), 1);
}

TEST_F(Reproduction, IsReadable) {
  const Program program{
      .steps = {array_on(1, {1, 2}),
                step("sum", {StepRef{0}}, {{.name = "keepdims", .value = true}})}};
  const std::string source = adapter->reproduction(program, 1, on_device(1));
  EXPECT_NE(source.find("  // x0 = xp.asarray([1, 2], dtype=xp.float64, device=devices[1])\n"
                        "  strict::Array x0 = strict::asarray({1, 2}, {.dtype = strict::float64, "
                        ".device = strict::Device(\"device1\")});\n"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("strict::Array x1 = strict::sum(x0, {.keepdims = true});"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("the result is on its inputs' device"), std::string::npos);
  // Only strict and the C library.
  std::size_t includes = 0;
  for (std::size_t at = source.find("#include"); at != std::string::npos;
       at = source.find("#include", at + 1))
    ++includes;
  EXPECT_EQ(includes, 3u);
  EXPECT_NE(source.find("#include <strict/strict.hpp>"), std::string::npos);
}

// Every operation the handshake lists has a C++ spelling: a reproduction of a call without
// arguments fails on the arguments, never on the operation.
TEST_F(Reproduction, KnowsEveryOperationOfTheHandshake) {
  for (const std::string& op : adapter->handshake().operations) {
    const std::string source = adapter->reproduction(Program{.steps = {step(op, {})}}, 0, either());
    EXPECT_EQ(source.find("strict has no"), std::string::npos) << op;
  }
}

// One program touching every kind of call the reproduction writer spells, compiled once.
TEST_F(Reproduction, EveryKindOfCallCompiles) {
  const auto kw = [](std::string name, Value value) {
    return Keyword{.name = std::move(name), .value = std::move(value)};
  };
  const Program program{
      .steps = {
          array_on(1, {1, 2, 3, 4}),                        // 0
          step("reshape", {StepRef{0}, IntTuple{{2, 2}}}),  // 1
          step("asarray", {Data{.values = {}, .shape = {0, 2}}}, {kw("dtype", DTypeName{"bool"})}),
          step("asarray", {2.5}, {kw("device", DeviceIndex{1})}),            // 3
          step("zeros", {IntTuple{{}}}, {kw("dtype", DTypeName{"int32"})}),  // 4
          step("full_like", {StepRef{1}, std::int64_t{7}}),                  // 5
          step("arange", {std::int64_t{1}},
               {kw("stop", std::int64_t{5}), kw("step", std::int64_t{2})}),
          step("linspace", {0.0, 1.0, std::int64_t{3}}, {kw("endpoint", false)}),  // 7
          step("eye", {std::int64_t{2}}, {kw("k", std::int64_t{1}), kw("device", DeviceIndex{2})}),
          step("array.__mul__", {2.0, StepRef{1}}),               // 9
          step("array.__imul__", {StepRef{1}, std::int64_t{3}}),  // 10
          step("array.__lt__", {StepRef{1}, StepRef{5}}),         // 11
          step("where", {StepRef{11}, StepRef{1}, 0.0}),          // 12
          step("clip", {StepRef{1}}, {kw("max", 3.0)}),           // 13
          step("std", {StepRef{1}},
               {kw("axis", IntTuple{{0, 1}}), kw("correction", std::int64_t{1})}),
          step("cumulative_sum", {StepRef{0}}, {kw("include_initial", true)}),                 // 15
          step("concat", {RefList{{{1}, {5}}}}, {kw("axis", std::monostate{})}),               // 16
          step("meshgrid", {RefList{{{0}, {0}}}}),                                             // 17
          step("matmul", {StepRef{17, 0}, StepRef{17, 1}}),                                    // 18
          step("astype", {StepRef{0}, DTypeName{"float32"}}, {kw("device", DeviceIndex{0})}),  // 19
          step("from_dlpack", {StepRef{19}}, {kw("copy", true)}),                              // 20
          step("array.to_device", {StepRef{20}, DeviceIndex{2}}),                              // 21
          step("info.dtypes", {},
               {kw("device", DeviceIndex{2}), kw("kind", DTypeName{"integral"})}),
          step("info.default_dtypes", {}),                              // 23
          step("array.__dlpack_device__", {StepRef{21}}),               // 24
          step("harness.compare_devices", {StepRef{20}, StepRef{21}}),  // 25
          step("harness.set_default_device", {DeviceIndex{1}}),         // 26
          step("ones", {std::int64_t{3}}),                              // 27
          // Tuples of arrays, read by element (catalogue::returns_several_arrays).
          step("unstack", {StepRef{1}}),                     // 28
          step("abs", {StepRef{28, 0}}),                     // 29
          step("broadcast_arrays", {RefList{{{1}, {29}}}}),  // 30
          step("add", {StepRef{30, 0}, StepRef{30, 1}}),     // 31
      }};
  const ProgramOutcome outcome = adapter->run(program);
  for (std::size_t i = 0; i < outcome.steps.size(); ++i)
    EXPECT_EQ(outcome.steps[i].status, StepStatus::ok) << i << ": " << outcome.steps[i].message;
  const std::string source = adapter->reproduction(program, 31, on_device(1));
  EXPECT_NE(source.find("strict::abs(x28[0])"), std::string::npos) << source;
  EXPECT_EQ(compile_and_run(source), 0);
}

}  // namespace
}  // namespace conformance::strict_reproduction_test
