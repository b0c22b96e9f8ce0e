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
#include <string>

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

  // Writes the reproduction of `program` at its last step, builds it as its header says, runs it.
  Ran build_and_run(const Program& program, const Expectation& expectation) {
    const std::string source =
        adapter_->reproduction(program, static_cast<int>(program.steps.size()) - 1, expectation);
    EXPECT_THAT(source, HasSubstr("g++ -std=c++17 repro.cpp"));
    std::ofstream(dir_ / "repro.cpp") << source;
    const std::string build =
        fmt_command(std::string("'") + ADC_CXX + "' -std=c++17 repro.cpp -isystem " +
                    "/usr/include/torch/csrc/api/include -ltorch -ltorch_cpu -lc10 -o repro");
    EXPECT_EQ(std::system(build.c_str()), 0) << source;
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

}  // namespace
