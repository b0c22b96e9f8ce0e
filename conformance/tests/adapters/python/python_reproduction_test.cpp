// The Python reproductions: scripts that import a namespace, replay a program and exit 1 exactly
// when the expectation they carry is broken. Each test writes one and runs it with the build's
// Python against fakexp (tests/support/python_fakes), a pure-Python namespace with two devices
// whose device rules can be broken one at a time through FAKEXP_BUG.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "build_locations.hpp"
#include "conformance/python_reproduction.hpp"
#include "program_builders.hpp"

namespace conformance {
namespace {

using testing::array_on;
using testing::step;

const std::string kFakes = adc::build_locations::python_fakes;

const PythonSetup kFakexp{.module = "fakexp",
                          .setup = "import fakexp as xp",
                          .devices = "xp.__array_namespace_info__().devices()",
                          .set_default_device = std::nullopt};

Handshake fakexp_handshake() {
  Handshake handshake;
  handshake.implementation = "python:fakexp";
  handshake.library = "fakexp";
  handshake.devices = {{.repr = "Device('cpu')"}, {.repr = "Device('fake1')"}};
  handshake.default_device = 0;
  return handshake;
}

Expectation on_device(int device) {
  return {.kind = ExpectKind::on_device,
          .device = device,
          .exceptions = {},
          .level = Level::must,
          .rule = "the result is on its input's device",
          .citation = "test citation"};
}

Expectation raises(std::vector<std::string> exceptions) {
  return {.kind = ExpectKind::raises,
          .device = -1,
          .exceptions = std::move(exceptions),
          .level = Level::should,
          .rule = "mixed devices raise",
          .citation =
              "spec/2024.12/design_topics/device_support.rst: \"Raise an exception if an "
              "operation involves arrays on different devices\""};
}

Expectation either() {
  return {.kind = ExpectKind::either,
          .device = -1,
          .exceptions = {},
          .level = Level::informational,
          .rule = "anything goes",
          .citation = {}};
}

StepOutcome ok() {
  return {.status = StepStatus::ok};
}

StepOutcome raised(std::string type) {
  return {.status = StepStatus::raised, .exception_type = std::move(type), .message = "mixed"};
}

StepOutcome not_run() {
  return {.status = StepStatus::not_run, .message = "it reads x2, which raised"};
}

struct ScriptRun {
  int status = -1;  // the exit status; 128 + the signal's number when a signal ended it
  std::string output{};
};

// Writes a script to a fresh directory and runs it with the build's Python beside fakexp.
class PythonReproduction : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    directory_ =
        std::filesystem::temp_directory_path() /
        (std::string("adc_python_reproduction_") + test->name() + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  // Runs `arguments` (after the interpreter) with FAKEXP_BUG=`bugs`.
  ScriptRun python(const std::string& arguments, const std::string& bugs = "") {
    const auto output = directory_ / "output.txt";
    const std::string command = "cd '" + directory_.string() + "' && FAKEXP_BUG='" + bugs +
                                "' PYTHONDONTWRITEBYTECODE=1 PYTHONPATH='" + kFakes + "' '" +
                                adc::build_locations::python + "' " + arguments + " > '" +
                                output.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(output);
    return {.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
            .output = std::string(std::istreambuf_iterator<char>(in), {})};
  }

  ScriptRun run_script(const std::string& script, const std::string& bugs = "") {
    std::ofstream(directory_ / "repro.py") << script;
    ScriptRun run = python("repro.py", bugs);
    run.output += "\n--- the script ---\n" + script;
    return run;
  }

  // Whether the text parses as Python (without running it).
  bool parses(const std::string& script) {
    std::ofstream(directory_ / "parse_me.py") << script;
    return python("-c \"import ast, sys; ast.parse(open(sys.argv[1]).read())\" parse_me.py")
               .status == 0;
  }

  Handshake handshake = fakexp_handshake();

 private:
  std::filesystem::path directory_;
};

// x0 on cpu, x1 on fake1, x2 = add(x0, x1).
Program mixed_add() {
  return {
      .steps = {array_on(0, {1, 2}), array_on(1, {3, 4}), step("add", {StepRef{0}, StepRef{1}})}};
}

TEST_F(PythonReproduction, AMixedAddThatDoesNotRaiseExitsOneAndNamesTheRule) {
  const std::string script =
      python_reproduction(kFakexp, handshake, mixed_add(), {ok(), ok()}, 2, raises({"ValueError"}));
  const ScriptRun broken = run_script(script, "mixed_add");
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_NE(broken.output.find("AssertionError: mixed devices raise"), std::string::npos)
      << broken.output;
  EXPECT_NE(broken.output.find("got a result on Device('cpu')"), std::string::npos)
      << broken.output;

  const ScriptRun kept = run_script(script);
  EXPECT_EQ(kept.status, 0) << kept.output;
  EXPECT_NE(kept.output.find("rule kept: mixed devices raise; raised ValueError"),
            std::string::npos)
      << kept.output;
}

TEST_F(PythonReproduction, AnExceptionOfAnotherTypeBreaksARaisesExpectation) {
  const ScriptRun run = run_script(
      python_reproduction(kFakexp, handshake, mixed_add(), {}, 2, raises({"TypeError"})));
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_NE(run.output.find("raised ValueError: arrays on different devices"), std::string::npos)
      << run.output;
  // Any exception at all keeps an expectation that lists none.
  EXPECT_EQ(
      run_script(python_reproduction(kFakexp, handshake, mixed_add(), {}, 2, raises({}))).status,
      0);
}

TEST_F(PythonReproduction, AnOnDeviceExpectationBrokenByTheLibraryExitsOne) {
  const Program program{.steps = {array_on(1, {1, 2}), step("zeros_like", {StepRef{0}})}};
  const std::string script =
      python_reproduction(kFakexp, handshake, program, {ok()}, 1, on_device(1));
  const ScriptRun broken = run_script(script, "like_default");
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_NE(broken.output.find("expected a result on devices[1] (Device('fake1')), got "
                               "Device('cpu')"),
            std::string::npos)
      << broken.output;
  const ScriptRun kept = run_script(script);
  EXPECT_EQ(kept.status, 0) << kept.output;
  EXPECT_NE(kept.output.find("rule kept: the result is on its input's device"), std::string::npos);
  // The wrong device expected: broken on a correct library too.
  EXPECT_EQ(
      run_script(python_reproduction(kFakexp, handshake, program, {ok()}, 1, on_device(0))).status,
      1);
}

TEST_F(PythonReproduction, AnExceptionWhereAResultIsExpectedExitsOne) {
  const ScriptRun run = run_script(
      python_reproduction(kFakexp, handshake, mixed_add(), {ok(), ok()}, 2, on_device(0)));
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_NE(run.output.find("raised ValueError"), std::string::npos) << run.output;
}

TEST_F(PythonReproduction, EarlierStepsThatRaisedAreWrappedAndThoseThatDidNotRunLeftOut) {
  // x2 raised in the harness run and x3 (which reads it) did not run; x4 is under test.
  Program program = mixed_add();
  program.steps.push_back(step("negative", {StepRef{2}}));
  program.steps.push_back(step("zeros_like", {StepRef{1}}));
  const std::vector<StepOutcome> replayed = {ok(), ok(), raised("ValueError"), not_run()};
  const std::string script =
      python_reproduction(kFakexp, handshake, program, replayed, 4, on_device(1));
  EXPECT_NE(script.find("# raised ValueError in the harness run"), std::string::npos) << script;
  EXPECT_NE(script.find("try:\n    x2 = xp.add(x0, x1)\nexcept Exception as error:\n    "
                        "print(\"x2 raised\", type(error).__name__)\n"),
            std::string::npos)
      << script;
  EXPECT_NE(script.find("# left out (not_run in the harness run: it reads x2, which raised): "
                        "x3 = xp.negative(x2)\n"),
            std::string::npos)
      << script;

  const ScriptRun kept = run_script(script);
  EXPECT_EQ(kept.status, 0) << kept.output;
  EXPECT_NE(kept.output.find("x2 raised ValueError"), std::string::npos) << kept.output;
  EXPECT_NE(kept.output.find("rule kept"), std::string::npos) << kept.output;
  // It reaches the step under test: the bug there breaks it.
  EXPECT_EQ(run_script(script, "like_default").status, 1);
}

TEST_F(PythonReproduction, StepsBeyondTheReplayAreWrittenPlainly) {
  Program program = mixed_add();
  program.steps[2] = step("multiply", {StepRef{0}, StepRef{0}});
  program.steps.push_back(step("sum", {StepRef{2}}));
  const std::string script = python_reproduction(kFakexp, handshake, program, {}, 3, on_device(0));
  EXPECT_NE(script.find("\nx2 = xp.multiply(x0, x0)\n"), std::string::npos) << script;
  EXPECT_EQ(run_script(script).status, 0);
}

TEST_F(PythonReproduction, AStepReadingAnUndefinedResultIsNotReproduced) {
  Program program = mixed_add();
  program.steps.push_back(step("negative", {StepRef{2}}));
  const std::string script = python_reproduction(
      kFakexp, handshake, program, {ok(), ok(), raised("ValueError")}, 3, on_device(0));
  const ScriptRun run = run_script(script);
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("cannot be reproduced"), std::string::npos) << run.output;
}

TEST_F(PythonReproduction, AnImplementationDefinedStepOnlyPrintsWhatHappened) {
  const ScriptRun run =
      run_script(python_reproduction(kFakexp, handshake, mixed_add(), {ok(), ok()}, 2, either()));
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("x2 raised ValueError"), std::string::npos) << run.output;
  const ScriptRun result = run_script(
      python_reproduction(kFakexp, handshake, mixed_add(), {ok(), ok()}, 2, either()), "mixed_add");
  EXPECT_EQ(result.status, 0) << result.output;
  EXPECT_NE(result.output.find("x2 = Array([4.0, 6.0], dtype=fakexp.float64"), std::string::npos)
      << result.output;
}

// A rule about an answer's value (a custom judge's): the script ends in the judge's assertions.
TEST_F(PythonReproduction, AValueRuleEndsInItsPythonCheck) {
  const Program program{{array_on(0, {1, 2, 3}), step("array.size", {StepRef{0, 0}})}};
  Expectation rule = either();
  rule.kind = ExpectKind::no_array;
  rule.rule = "size is readable";
  rule.python_check = {"assert x1 == 3, f\"{RULE}: got {x1!r}\""};
  const ScriptRun holds =
      run_script(python_reproduction(kFakexp, handshake, program, {ok()}, 1, rule));
  EXPECT_EQ(holds.status, 0) << holds.output;
  EXPECT_NE(holds.output.find("rule kept: size is readable"), std::string::npos) << holds.output;
  rule.python_check = {"assert x1 == 4, f\"{RULE}: got {x1!r}\""};
  const ScriptRun broken =
      run_script(python_reproduction(kFakexp, handshake, program, {ok()}, 1, rule));
  EXPECT_EQ(broken.status, 1) << broken.output;
  EXPECT_NE(broken.output.find("AssertionError: size is readable: got 3"), std::string::npos)
      << broken.output;
}

TEST_F(PythonReproduction, EveryResultOfASequenceIsChecked) {
  const Program program{.steps = {array_on(1, {1, 2}), array_on(1, {3}),
                                  step("meshgrid", {RefList{{StepRef{0}, StepRef{1}}}})}};
  const std::string script =
      python_reproduction(kFakexp, handshake, program, {ok(), ok()}, 2, on_device(1));
  EXPECT_NE(script.find("x2 = xp.meshgrid(x0, x1)"), std::string::npos) << script;
  EXPECT_NE(script.find("for result in x2:\n    assert result.device == devices[1]"),
            std::string::npos)
      << script;
  EXPECT_TRUE(parses(script)) << script;
}

TEST_F(PythonReproduction, HarnessStepsRunThroughTheHarnessClass) {
  const Program program{.steps = {array_on(1, {1, 2}), step("harness.observe", {StepRef{0}}),
                                  step("harness.compare_devices", {StepRef{0}, StepRef{1}}),
                                  step("harness.set_default_device", {DeviceIndex{1}}),
                                  step("ones_like", {StepRef{1}})}};
  const std::vector<StepOutcome> replayed = {
      ok(),
      ok(),
      ok(),
      {.status = StepStatus::unsupported, .message = "no way to set the default device"}};
  const ScriptRun run =
      run_script(python_reproduction(kFakexp, handshake, program, replayed, 4, on_device(1)));
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("# left out (unsupported in the harness run"), std::string::npos);

  // Written plainly, the default device step calls the setup's statement (or raises without one).
  PythonSetup with_default = kFakexp;
  with_default.set_default_device = "print('default device:', {device})";
  const ScriptRun set =
      run_script(python_reproduction(with_default, handshake, program, {}, 4, either()));
  EXPECT_EQ(set.status, 0) << set.output;
  EXPECT_NE(set.output.find("default device: Device('fake1')"), std::string::npos) << set.output;
  const ScriptRun unset =
      run_script(python_reproduction(kFakexp, handshake, program, {}, 4, either()));
  EXPECT_EQ(unset.status, 1) << unset.output;
  EXPECT_NE(unset.output.find("NotImplementedError: fakexp has no way to set the default device"),
            std::string::npos)
      << unset.output;
}

TEST_F(PythonReproduction, AnInvalidDeviceMustBeRejected) {
  const Program program{
      .steps = {step("zeros", {IntTuple{{2}}}, {{.name = "device", .value = InvalidDevice{}}})}};
  const std::string script = python_reproduction(kFakexp, handshake, program, {}, 0, raises({}));
  EXPECT_EQ(run_script(script).status, 0);
  const ScriptRun broken = run_script(script, "ignore_device");
  EXPECT_EQ(broken.status, 1) << broken.output;
}

// One program with every kind of Value and of call text: the script must be valid Python.
TEST_F(PythonReproduction, EveryValueKindIsValidPython) {
  const auto kw = [](std::string name, Value value) {
    return Keyword{.name = std::move(name), .value = std::move(value)};
  };
  const Program program{
      .steps = {
          step("asarray", {Data{.values = {1, 2, 3, 4, 5, 6}, .shape = {2, 3}}},
               {kw("dtype", DTypeName{"float32"}), kw("device", DeviceIndex{1}),
                kw("copy", std::monostate{})}),
          step("asarray", {Data{.values = {}, .shape = {0, 2}}}),
          step("asarray", {Data{.values = {}, .shape = {0}}}),
          step("asarray", {Data{.values = {1}, .shape = {}}}, {kw("dtype", DTypeName{"bool"})}),
          step("full", {IntTuple{{2}}, 2.0}, {kw("device", InvalidDevice{})}),
          step("sum", {StepRef{0}},
               {kw("axis", IntTuple{{0, 1}}), kw("keepdims", true),
                kw("dtype", DTypeName{"int64"})}),
          step("meshgrid", {RefList{{StepRef{0}, StepRef{2}}}}),
          step("concat", {RefList{{StepRef{6, 0}, StepRef{6, 1}}}}, {kw("axis", std::int64_t{-1})}),
          step("broadcast_arrays", {RefList{{StepRef{0}}}}),
          step("result_type", {RefList{{StepRef{0}, StepRef{3}}}}),
          step("array.__iadd__", {StepRef{0}, 1.5}),
          step("array.device", {StepRef{0}}),
          step("array.to_device", {StepRef{0}, DeviceIndex{0}}),
          step("info.devices", {}),
          step("info.dtypes", {}, {kw("device", DeviceIndex{0}), kw("kind", std::monostate{})}),
          step("linalg.matmul", {StepRef{0}, StepRef{0}}),
          step("fft.fft", {StepRef{0}}, {kw("n", std::int64_t{4})}),
          step("harness.observe", {StepRef{7}}),
          step("harness.compare_devices", {StepRef{0}, StepRef{1}}),
          step("harness.set_default_device", {DeviceIndex{1}}),
          step("stack", {RefList{}}, {kw("axis", std::int64_t{0})}),
          step("asarray", {Data{.values = {1, 2, 3, 4, 5, 6, 7, 8}, .shape = {2, 2, 2}}}),
          step("astype", {StepRef{21}, DTypeName{"float64"}}, {kw("copy", false)}),
      }};
  std::vector<StepOutcome> replayed(program.steps.size() - 1, ok());
  replayed[4] = raised("ValueError");
  replayed[13] = not_run();
  for (const Expectation& expectation :
       {on_device(1), raises({"ValueError"}), raises({"ValueError", "BufferError"}), either(),
        Expectation{}}) {
    for (const std::vector<StepOutcome>& replay : {replayed, std::vector<StepOutcome>{}}) {
      const std::string script =
          python_reproduction(kFakexp, handshake, program, replay,
                              static_cast<int>(program.steps.size()) - 1, expectation);
      EXPECT_TRUE(parses(script)) << script;
    }
  }
  const std::string script =
      python_reproduction(kFakexp, handshake, program, replayed, 22, on_device(1));
  for (const char* text :
       {"x0 = xp.asarray([[1, 2, 3], [4, 5, 6]], dtype=xp.float32, device=devices[1], copy=None)",
        "x1 = xp.asarray(xp.reshape(xp.asarray([]), (0, 2)))", "x2 = xp.asarray([])",
        "x3 = xp.asarray(1, dtype=xp.bool)", "x4 = xp.full((2,), 2.0, device=INVALID_DEVICE)",
        "keepdims=True", "x7 = xp.concat([x6, x6[1]], axis=-1)", "x9 = xp.result_type(x0, x3)",
        "x10 = x0.__iadd__(1.5)", "x11 = x0.device", "class harness:", "INVALID_DEVICE = ",
        "x14 = xp.__array_namespace_info__().dtypes(device=devices[0], kind=None)"}) {
    EXPECT_NE(script.find(text), std::string::npos) << text << "\n" << script;
  }
  // A text that does not parse is caught: the check has teeth.
  EXPECT_FALSE(parses(script + "x99 = (\n"));
}

TEST_F(PythonReproduction, TheHeaderSaysTheRuleTheSpecAndHowToRun) {
  const std::string script =
      python_reproduction(kFakexp, handshake, mixed_add(), {ok(), ok()}, 2, raises({"ValueError"}));
  EXPECT_EQ(script.rfind("# A reproduction for python:fakexp", 0), 0u) << script;
  EXPECT_NE(script.find("# Rule (should): mixed devices raise\n"), std::string::npos) << script;
  EXPECT_NE(script.find("# Spec: spec/2024.12/design_topics/device_support.rst"),
            std::string::npos);
  EXPECT_NE(script.find("# Expected at x2: an exception (ValueError)\n"), std::string::npos);
  EXPECT_NE(script.find("/usr/bin/python3 repro.py"), std::string::npos);
  EXPECT_NE(script.find("import warnings\n\nwarnings.simplefilter(\"ignore\")\nimport fakexp as "
                        "xp\n\ndevices = list(xp.__array_namespace_info__().devices())\n"),
            std::string::npos)
      << script;
  // Only what this program needs: no harness class, no INVALID_DEVICE; a few dozen lines.
  EXPECT_EQ(script.find("class "), std::string::npos) << script;
  EXPECT_LT(std::count(script.begin(), script.end(), '\n'), 40) << script;
}

TEST_F(PythonReproduction, TextWithQuotesAndLineBreaksStaysValid) {
  Expectation expectation = raises({"Value\"Error"});
  expectation.rule = "a \"quoted\" rule {with braces}\nand a second line \\";
  expectation.citation = "line one\nline two";
  const ScriptRun run =
      run_script(python_reproduction(kFakexp, handshake, mixed_add(), {}, 2, expectation));
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_NE(run.output.find("a \"quoted\" rule {with braces} and a second line \\: expected"),
            std::string::npos)
      << run.output;
}

// fakexp's own rules, with each bug switch: tests/support/python_fakes/check_fakexp.py asserts
// them.
TEST_F(PythonReproduction, TheFakeNamespaceKeepsItsRules) {
  const std::string check = "'" + kFakes + "/check_fakexp.py'";
  for (const char* bugs : {"", "mixed_add", "like_default", "ignore_device", "concat_moves",
                           "mixed_add,like_default,ignore_device,concat_moves"}) {
    const ScriptRun run = python(check, bugs);
    EXPECT_EQ(run.status, 0) << bugs << ": " << run.output;
  }
  // The check notices a fake that breaks its rules without being asked to.
  const ScriptRun lying = python(
      "-c \"import fakexp; fakexp._bug = lambda name: True; "
      "exec(open('" +
      kFakes + "/check_fakexp.py').read())\"");
  EXPECT_EQ(lying.status, 1) << lying.output;
}

TEST_F(PythonReproduction, TheMisbehavingFakesImportAndMisbehaveOnlyInAdd) {
  const ScriptRun run = python(
      "-c \"import fake_segfault, fake_sleep, fake_garbage, fake_hugereply, not_a_namespace; "
      "x = fake_garbage.asarray([1, 2]); "
      "assert fake_segfault.zeros(2).shape == (2,) and fake_sleep.asarray([1]).size == 1; "
      "assert fake_garbage.add(x, x).tolist() == [2, 4]; "
      "assert len(repr(fake_hugereply.add(x, x).device)) > 64 * 2**20; "
      "assert not hasattr(not_a_namespace, 'asarray') and not hasattr(not_a_namespace, 'zeros'); "
      "fake_segfault.add(x, x)\"");
  EXPECT_EQ(run.status, 128 + SIGSEGV) << run.output;
  EXPECT_NE(run.output.find("garbage"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace conformance
