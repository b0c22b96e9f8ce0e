// Reproductions of the torch adapter are C++ programs over ATen that build with libtorch-dev
// and exit 1 exactly when the rule is broken: one for a rule libtorch breaks (matmul of cpu and
// meta gives meta), one for a rule it keeps (add of cpu and meta raises).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "build_locations.hpp"
#include "conformance/torch_adapter.hpp"
#include "program_builders.hpp"
#include "torch_plugin_available.hpp"

namespace {

namespace fs = std::filesystem;
using namespace conformance;
using conformance::testing::step;
using conformance::testing::zeros_on;
using ::testing::HasSubstr;

struct Ran {
  int status = -1;
  std::string output{};
};

class TorchReproduction : public ::testing::Test {
 protected:
  void SetUp() override {
    ADC_REQUIRE_TORCH_PLUGIN_OR_SKIP();
    adapter_ = make_torch_adapter({});
    std::string pattern = (fs::path(::testing::TempDir()) / "torch_repro.XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    if (!dir_.empty()) fs::remove_all(dir_, ignored);
  }

  std::string reproduction(const Program& program, const Expectation& expectation) const {
    return adapter_->reproduction(program, static_cast<int>(program.steps.size()) - 1, expectation);
  }

  // Writes the reproduction of `program` at its last step, builds it as its header says for
  // Debian's libtorch (or with `build`, a shell command run in its directory), runs it.
  Ran build_and_run(const Program& program, const Expectation& expectation,
                    std::string build = {}) {
    const std::string source = reproduction(program, expectation);
    EXPECT_THAT(source, HasSubstr("g++ -std=c++17 repro.cpp"));
    std::ofstream(dir_ / "repro.cpp") << source;
    if (build.empty()) {
      build = std::string("'") + adc::build_locations::cxx + "' -std=c++17 repro.cpp -isystem " +
              "/usr/include/torch/csrc/api/include -ltorch -ltorch_cpu -lc10 -o repro";
    }
    EXPECT_EQ(std::system(fmt_command(build).c_str()), 0) << source;
    const int raw = std::system(fmt_command("./repro > output.txt 2>&1").c_str());
    std::ifstream in(dir_ / "output.txt");
    return {.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1,
            .output = {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}};
  }

  std::string fmt_command(const std::string& command) const {
    return "cd '" + dir_.string() + "' && " + command;
  }

  std::unique_ptr<Adapter> adapter_;
  fs::path dir_;
};

Expectation raises() {
  return {.kind = ExpectKind::raises,
          .device = -1,
          .exceptions = {},
          .level = Level::must,
          .rule = "arrays on different devices raise",
          .citation = "device_support.rst"};
}

TEST_F(TorchReproduction, MatmulOfCpuAndMetaIsABrokenRule) {
  const Ran ran = build_and_run({.steps = {zeros_on(0, {2, 2}), zeros_on(1, {2, 2}),
                                           step("matmul", {StepRef{0, 0}, StepRef{1, 0}})}},
                                raises());
  EXPECT_EQ(ran.status, 1) << ran.output;
  EXPECT_THAT(ran.output, HasSubstr("no exception: a result on meta"));
}

TEST_F(TorchReproduction, AddOfCpuAndMetaKeepsTheRule) {
  const Ran ran = build_and_run(
      {.steps = {zeros_on(0, {2}), zeros_on(1, {2}), step("add", {StepRef{0, 0}, StepRef{1, 0}})}},
      raises());
  EXPECT_EQ(ran.status, 0) << ran.output;
  EXPECT_THAT(ran.output, HasSubstr("rule kept"));
}

// The header's second recipe, for a torch wheel's libtorch (pip install torch), run as printed
// with ADC_TORCH_WHEEL_PYTHON (an interpreter whose torch is a wheel; tools/test gives the
// pinned environment's) as its `python`.
TEST_F(TorchReproduction, TheWheelRecipeBuildsAndRunsAsPrinted) {
  const char* python = std::getenv("ADC_TORCH_WHEEL_PYTHON");
  if (python == nullptr) GTEST_SKIP() << "ADC_TORCH_WHEEL_PYTHON names no interpreter with torch";
  const Program program{.steps = {zeros_on(0, {2, 2}), zeros_on(1, {2, 2}),
                                  step("matmul", {StepRef{0, 0}, StepRef{1, 0}})}};
  // The recipe: the comment lines after its heading, up to the one that runs the program.
  std::istringstream lines(reproduction(program, raises()));
  std::string line, recipe;
  bool in_recipe = false;
  while (std::getline(lines, line)) {
    if (line.starts_with("// or against a torch wheel's libtorch")) {
      in_recipe = true;
    } else if (in_recipe) {
      ASSERT_TRUE(line.starts_with("//   ") || line.starts_with("//       ")) << line;
      recipe += line.substr(2) + "\n";
      if (line.ends_with("./repro")) break;
    }
  }
  // build_and_run runs the program itself (the recipe's own run would exit 1: a broken rule).
  const auto run = recipe.rfind(" && ./repro");
  ASSERT_NE(run, std::string::npos) << recipe;
  recipe.erase(run);
  const Ran ran = build_and_run(program, raises(),
                                "python() { '" + std::string(python) + "' \"$@\"; }\n" + recipe);
  EXPECT_EQ(ran.status, 1) << ran.output;
  EXPECT_THAT(ran.output, HasSubstr("no exception: a result on meta"));
}

}  // namespace
