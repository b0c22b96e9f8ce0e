// The suite against the real Python libraries of this platform (Debian 12), through the
// `conformance` command: every run completes, and the results that are known facts of these
// versions (Debian 12's NumPy 1.24, torch 1.13 and dask 2022.12, measured in reports/debian12/)
// come out as such.
//
// A library that does not import is skipped with the reason, unless ADC_REQUIRE_PYTHON_LIBRARIES
// is set (tools/test sets it: tools/bootstrap installs them), where it fails.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "build_locations.hpp"
#include "conformance/python_adapter.hpp"
#include "schema_validation.hpp"

namespace conformance {
namespace {

using testing::run_command;
using testing::shell_quote;

bool importable(const std::string& module) {
  return run_command(std::string(adc::build_locations::python) + " -c " +
                     shell_quote("import " + module))
             .exit_code == 0;
}

#define REQUIRE_MODULE(module)                                                           \
  do {                                                                                   \
    if (!importable(module)) {                                                           \
      if (std::getenv("ADC_REQUIRE_PYTHON_LIBRARIES") != nullptr)                        \
        FAIL() << module << " does not import with " << adc::build_locations::python;    \
      GTEST_SKIP() << module << " does not import with " << adc::build_locations::python \
                   << " (apt-get install python3-numpy python3-torch python3-dask)";     \
    }                                                                                    \
  } while (false)

struct SuiteRun {
  int exit_code = -1;
  std::string output{};
  std::map<std::string, nlohmann::json> results{};  // check id -> result
  nlohmann::json handshake{};
};

// `conformance --impl python:<module> <args> --json FILE`, and the tracker it wrote.
SuiteRun run_suite(const std::string& module, const std::string& args,
                   const std::string& environment = "") {
  const std::string json = testing::temp_path(module + ".json");
  SuiteRun run;
  const auto command =
      run_command(environment + " " + adc::build_locations::conformance_binary +
                  " --impl python:" + module + " --python " + adc::build_locations::python +
                  " --seed 1 --quiet " + args + " --json " + shell_quote(json));
  run.exit_code = command.exit_code;
  run.output = command.output;
  std::ifstream in(json);
  if (!in) return run;
  const auto tracker = nlohmann::json::parse(in);
  const auto& implementation = tracker.at("implementations").at(0);
  run.handshake = implementation.at("handshake");
  for (const auto& result : implementation.at("results"))
    run.results[result.at("id").get<std::string>()] = result;
  const auto valid = testing::validate_tracker_file(json);
  EXPECT_EQ(valid.exit_code, 0) << valid.output;
  return run;
}

std::string status(const SuiteRun& run, const std::string& id) {
  const auto found = run.results.find(id);
  return found == run.results.end() ? "(no result)" : found->second.at("status").get<std::string>();
}

std::string reason(const SuiteRun& run, const std::string& id) {
  const auto found = run.results.find(id);
  return found == run.results.end() ? "" : found->second.value("reason", "");
}

// The whole suite, with fewer cases per check: it completes (exit 0 or 1, never a setup error),
// every check has a result, and none is a harness error.
void expect_whole_run_completes(const std::string& module) {
  const SuiteRun run = run_suite(module, "--examples 20");
  ASSERT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.output;
  const auto listed =
      run_command(std::string(adc::build_locations::conformance_binary) + " --list");
  const auto checks = std::count(listed.output.begin(), listed.output.end(), '\n');
  EXPECT_EQ(static_cast<long>(run.results.size()), checks);
  for (const auto& [id, result] : run.results) {
    const auto value = result.at("status").get<std::string>();
    EXPECT_NE(value, "error") << id << ": " << result.value("reason", "");
    EXPECT_NE(value, "crash") << id << ": " << result.value("reason", "");
    EXPECT_NE(value, "timeout") << id << ": " << result.value("reason", "");
  }
}

// Truthfulness (item 1 of truthfulness_test.cpp's list): library knowledge follows the arrays.
// tests/support/python_fakes/torchwrap.py is a wrapper namespace over torch whose name says nothing
// of torch; without torch's hint (chosen by the arrays' type) meta's limits (no data, no DLPack, no
// nonzero kernel) read as failures of info.capabilities, explicit.asarray and the DLPack checks.
TEST(WrapperNamespace, GetsTheHintsOfTheLibraryItsArraysBelongTo) {
  REQUIRE_MODULE("torch");
  const SuiteRun run =
      run_suite("torchwrap",
                "--examples 20 --filter 'info.capabilities.*' --filter 'explicit.asarray' "
                "--filter 'dlpack.dlpack_device.*'",
                std::string("PYTHONPATH=") + adc::build_locations::python_fakes);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::vector<std::string> devices;
  for (const auto& device : run.handshake.at("devices"))
    devices.push_back(device.at("repr").get<std::string>());
  EXPECT_THAT(devices, ::testing::ElementsAre("cpu", "meta"));
  EXPECT_EQ(run.handshake.at("library"), "torchwrap");
  EXPECT_EQ(status(run, "explicit.asarray"), "pass") << reason(run, "explicit.asarray");
  for (const char* id : {"info.capabilities.every_device", "dlpack.dlpack_device.valid",
                         "dlpack.dlpack_device.agrees"}) {
    EXPECT_EQ(status(run, id), "unsupported") << id;
    EXPECT_THAT(reason(run, id), ::testing::HasSubstr("a device cannot run this")) << id;
  }
}

TEST(Torch, MixedCpuMetaAddRaisesButMatmulConcatAndStackReturnAMetaResult) {
  REQUIRE_MODULE("torch");
  const SuiteRun run =
      run_suite("torch",
                "--filter mixed.add --filter mixed.matmul --filter mixed.concat "
                "--filter mixed.stack --filter mixed_0d.add --filter 'propagate.add'");
  ASSERT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(run.handshake.at("devices").size(), 2u);
  EXPECT_EQ(status(run, "mixed.add"), "pass");
  EXPECT_EQ(status(run, "propagate.add"), "pass");
  for (const std::string id : {"mixed.matmul", "mixed.concat", "mixed.stack"}) {
    EXPECT_EQ(status(run, id), "fail") << id;
    EXPECT_THAT(run.results.at(id).at("failure").at("actual").get<std::string>(),
                ::testing::HasSubstr("(meta)"))
        << id;
  }
  // A 0-d cpu tensor mixes with meta (TensorIterator's CPU-scalar exemption): P18 says raise.
  EXPECT_EQ(status(run, "mixed_0d.add"), "fail");
}

TEST(Torch, HasNoToDeviceAndNoInspectionNamespace) {
  REQUIRE_MODULE("torch");
  const SuiteRun run =
      run_suite("torch", "--filter 'transfer.lands' --filter 'info.devices.nonempty'");
  EXPECT_EQ(status(run, "transfer.lands"), "unsupported");
  EXPECT_EQ(status(run, "info.devices.nonempty"), "unsupported");
}

// The library the child loads after torch (quiet_torch_errors.cpp): the C++ backtrace torch 1.13
// builds in every error (shown with TORCH_SHOW_CPP_STACKTRACES=1) is gone, the message is not.
TEST(Torch, TheQuietErrorsLibraryDropsTheBacktraceAndKeepsTheMessage) {
  REQUIRE_MODULE("torch");
  const std::string library = find_quiet_torch_errors_library();
  ASSERT_FALSE(library.empty()) << "this build has no libadc_quiet_torch_errors.so";
  const std::string script = R"(
import ctypes, sys, torch
def message():
    try:
        torch.add(torch.ones(1), torch.ones(1, device="meta"))
    except RuntimeError as e:
        return str(e)
before = message()
assert "frame #" in before, before
assert ctypes.CDLL(sys.argv[1]).adc_quiet_torch_errors() == 1
after = message()
assert "frame #" not in after, after
assert after.splitlines()[0] == before.splitlines()[0], (before, after)
print("quiet")
)";
  const auto run =
      run_command("TORCH_SHOW_CPP_STACKTRACES=1 " + std::string(adc::build_locations::python) +
                  " -c " + shell_quote(script) + " " + shell_quote(library));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, ::testing::HasSubstr("quiet"));
  // Without torch loaded there is no libc10 to change: it says so and changes nothing.
  const auto without =
      run_command(std::string(adc::build_locations::python) + " -c " +
                  shell_quote("import ctypes, sys; print('installed', "
                              "ctypes.CDLL(sys.argv[1]).adc_quiet_torch_errors())") +
                  " " + shell_quote(library));
  EXPECT_THAT(without.output, ::testing::HasSubstr("installed 0"));
}

TEST(Torch, WholeRunCompletes) {
  REQUIRE_MODULE("torch");
  expect_whole_run_completes("torch");
}

TEST(Numpy, ArraysWithoutDeviceMakeEveryDeviceCheckUnsupported) {
  REQUIRE_MODULE("numpy");
  const SuiteRun run = run_suite("numpy", "--filter propagate.add --filter 'explicit.zeros'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_FALSE(run.handshake.at("features").at("device_attribute").get<bool>());
  for (const std::string id : {"propagate.add", "explicit.zeros"}) {
    EXPECT_EQ(status(run, id), "unsupported") << id;
    EXPECT_THAT(reason(run, id), ::testing::HasSubstr("no .device")) << id;
  }
}

TEST(Numpy, WholeRunCompletes) {
  REQUIRE_MODULE("numpy");
  expect_whole_run_completes("numpy");
}

TEST(NumpyArrayApi, HasOneDeviceSoMixedChecksSkip) {
  REQUIRE_MODULE("numpy.array_api");
  const SuiteRun run = run_suite("numpy.array_api", "--filter mixed.add --filter propagate.add");
  EXPECT_EQ(run.handshake.at("devices").size(), 1u);
  EXPECT_EQ(status(run, "mixed.add"), "skip");
  EXPECT_THAT(reason(run, "mixed.add"), ::testing::HasSubstr("needs two devices"));
  EXPECT_EQ(status(run, "propagate.add"), "pass");
}

TEST(NumpyArrayApi, WholeRunCompletes) {
  REQUIRE_MODULE("numpy.array_api");
  expect_whole_run_completes("numpy.array_api");
}

TEST(DaskArray, HasNoDeviceNotionSoDeviceChecksAreUnsupported) {
  REQUIRE_MODULE("dask.array");
  const SuiteRun run = run_suite("dask.array", "--filter propagate.add");
  EXPECT_EQ(status(run, "propagate.add"), "unsupported");
  EXPECT_FALSE(run.handshake.at("features").at("to_device").get<bool>());
}

TEST(DaskArray, WholeRunCompletes) {
  REQUIRE_MODULE("dask.array");
  expect_whole_run_completes("dask.array");
}

// A two-device fake namespace with a switchable bug (tests/support/python_fakes/fakexp.py): the
// suite finds the bug, and the failure's reproduction is a Python script that fails the same way.
TEST(FakeNamespace, AMixedDeviceBugFailsWithARunnableReproduction) {
  ::setenv("PYTHONPATH", adc::build_locations::python_fakes, 1);
  ::setenv("FAKEXP_BUG", "mixed_add", 1);
  const SuiteRun buggy = run_suite("fakexp", "--filter mixed.add");
  ::unsetenv("FAKEXP_BUG");
  ASSERT_EQ(buggy.exit_code, 1) << buggy.output;
  ASSERT_EQ(status(buggy, "mixed.add"), "fail");
  const auto& failure = buggy.results.at("mixed.add").at("failure");
  EXPECT_LE(failure.at("program").at("steps").size(), 3u);
  const std::string script = testing::temp_path("repro.py");
  std::ofstream(script) << failure.at("reproduction").get<std::string>();

  ::setenv("FAKEXP_BUG", "mixed_add", 1);
  const auto broken = run_command(std::string(adc::build_locations::python) + " " + script);
  ::unsetenv("FAKEXP_BUG");
  EXPECT_EQ(broken.exit_code, 1) << broken.output;
  EXPECT_THAT(broken.output, ::testing::HasSubstr("AssertionError"));
  const auto fixed = run_command(std::string(adc::build_locations::python) + " " + script);
  EXPECT_EQ(fixed.exit_code, 0) << fixed.output;

  const SuiteRun correct = run_suite("fakexp", "--filter 'mixed.*' --filter 'propagate.add'");
  EXPECT_EQ(status(correct, "mixed.add"), "pass");
  EXPECT_EQ(status(correct, "propagate.add"), "pass");
  ::unsetenv("PYTHONPATH");
}

// What GPU hosts showed (reports/gpu/README.md), modelled by fakexp's FAKEXP_LIKE switches: the
// adapter must read each as the library means it, not as a device failure.
class FakeLibraryShapes : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("PYTHONPATH", adc::build_locations::python_fakes, 1); }
  void TearDown() override {
    ::unsetenv("PYTHONPATH");
    ::unsetenv("FAKEXP_LIKE");
    ::unsetenv("FAKEXP_BUG");
  }
};

TEST_F(FakeLibraryShapes, NoneInInfoDevicesIsNotADeviceToCheck) {
  // JAX 0.11: devices() is (None, CpuDevice(id=0), CudaDevice(id=0)); no array has .device None.
  ::setenv("FAKEXP_LIKE", "info_lists_none", 1);
  const SuiteRun run = run_suite("fakexp", "--filter 'info.*' --filter 'explicit.zeros'");
  ASSERT_EQ(run.handshake.at("devices").size(), 2u) << run.output;
  EXPECT_EQ(run.handshake.at("devices").at(0).at("repr"), "Device('cpu')");
  EXPECT_EQ(run.handshake.at("devices").at(1).at("repr"), "Device('fake1')");
  EXPECT_EQ(status(run, "explicit.zeros"), "pass");
  EXPECT_EQ(status(run, "info.dtypes.creatable"), "pass");
}

TEST_F(FakeLibraryShapes, ScalarsWithADeviceAreJudgedByThatDevice) {
  // NumPy >= 2.1: sum() of a whole array is a scalar with .device (numpy#26850, PR #26889).
  ::setenv("FAKEXP_LIKE", "scalars", 1);
  EXPECT_EQ(status(run_suite("fakexp", "--filter propagate.sum"), "propagate.sum"), "pass");
  ::setenv("FAKEXP_BUG", "sum_default", 1);
  const SuiteRun buggy = run_suite("fakexp", "--filter propagate.sum");
  ASSERT_EQ(status(buggy, "propagate.sum"), "fail") << buggy.output;
  // The wrong device is what fails, not the scalar's type.
  const auto& failure = buggy.results.at("propagate.sum").at("failure");
  EXPECT_THAT(failure.at("expected").get<std::string>(), ::testing::HasSubstr("fake1"));
  EXPECT_THAT(failure.at("actual").get<std::string>(), ::testing::HasSubstr("Device('cpu')"));
}

TEST_F(FakeLibraryShapes, CreationWithoutADeviceKeywordIsUnsupportedNeverAnError) {
  // CuPy 14: asarray/zeros take no device= (placement is by context).
  ::setenv("FAKEXP_LIKE", "no_device_keyword", 1);
  const SuiteRun run = run_suite("fakexp", "--examples 20");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_FALSE(run.handshake.at("devices").at(0).at("dtypes").empty())
      << "the default device's dtypes come from creation without device=";
  for (const auto& [id, result] : run.results) {
    const auto value = result.at("status").get<std::string>();
    EXPECT_TRUE(value == "pass" || value == "unsupported" || value == "skip")
        << id << ": " << value << " " << result.value("reason", "");
  }
  for (const std::string id : {"explicit.zeros", "host.array.dtype", "device_object.in_devices",
                               "info.dtypes.creatable", "info.default_dtypes.match"}) {
    EXPECT_EQ(status(run, id), "unsupported") << id;
    EXPECT_THAT(reason(run, id), ::testing::HasSubstr("takes no keyword device=")) << id;
  }
}

// Bad input: exit 2 and one line naming the cause, before any check runs.
void expect_setup_error(const std::string& args, const std::string& cause) {
  const auto command =
      run_command(std::string(adc::build_locations::conformance_binary) + " " + args);
  EXPECT_EQ(command.exit_code, 2) << command.output;
  EXPECT_EQ(std::count(command.output.begin(), command.output.end(), '\n'), 1) << command.output;
  EXPECT_THAT(command.output, ::testing::StartsWith("conformance: error: "));
  EXPECT_THAT(command.output, ::testing::HasSubstr(cause));
}

TEST(BadInput, AModuleThatDoesNotImport) {
  expect_setup_error(
      "--impl python:no_such_module_xyz --python " + std::string(adc::build_locations::python),
      "No module named 'no_such_module_xyz'");
}

TEST(BadInput, AModuleThatIsNoArrayNamespace) {
  expect_setup_error("--impl python:json --python " + std::string(adc::build_locations::python),
                     "python:json is not an array namespace");
}

TEST(BadInput, AWrongPythonPath) {
  expect_setup_error("--impl python:numpy --python /no/such/python3",
                     "--python /no/such/python3: cannot run /no/such/python3");
}

}  // namespace
}  // namespace conformance
