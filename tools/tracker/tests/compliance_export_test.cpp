// `tracker export`: a run as reports of the data-apis compliance-data dashboard, validated by
// Debian's python3-jsonschema against schema v1 (reports/schema/compliance-data-v1.schema.json).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "build_locations.hpp"
#include "tracker/compliance_export.hpp"
#include "tracker/error.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::HasSubstr;

constexpr const char* kCommit = "0123456789abcdef0123456789abcdef01234567";

TEST(ComplianceExport, EveryCheckIsATestAndTheSummaryCountsThem) {
  const auto run = testing::small_tracker();
  const auto& torch = run.implementations.at(2);
  const auto report = compliance_report(run, torch, {.suite_commit = kCommit, .python = "3.11.2"});
  EXPECT_EQ(report.at("schema"), "v1");
  EXPECT_EQ(report.at("name"), "torch");
  EXPECT_EQ(report.at("version"), torch.handshake.library_version);
  EXPECT_EQ(report.at("execution_target").at("kind"), "cpu");  // cpu and meta: no accelerator
  const auto& data = report.at("data");
  EXPECT_EQ(data.at("exitcode"), 1);  // torch fails checks
  const auto& tests = data.at("tests");
  ASSERT_EQ(tests.size(), torch.results.size());
  std::map<std::string, int> outcomes;
  for (const auto& test : tests) {
    EXPECT_THAT(test.at("nodeid").get<std::string>(), ::testing::StartsWith("device/"));
    ++outcomes[test.at("outcome").get<std::string>()];
  }
  int counted = 0;
  for (const auto& [outcome, n] : outcomes) {
    EXPECT_EQ(data.at("summary").at(outcome), n) << outcome;
    counted += n;
  }
  EXPECT_EQ(data.at("summary").at("total"), counted);
  EXPECT_EQ(outcomes.at("failed"), 5);
  EXPECT_EQ(report.at("platform").at("system"), "Linux");
}

TEST(ComplianceExport, ACudaDeviceMakesAGpuTarget) {
  auto run = testing::small_tracker();
  auto& torch = run.implementations.at(2);
  torch.handshake.devices.push_back(torch.handshake.devices.front());
  torch.handshake.devices.back().repr = "cuda:0";
  const auto report = compliance_report(run, torch, {.suite_commit = kCommit, .python = "3.12"});
  EXPECT_EQ(report.at("execution_target").at("kind"), "gpu");
  EXPECT_EQ(report.at("execution_target").at("backend"), "cuda");
}

TEST(ComplianceExport, TheSuiteCommitMustBeARevision) {
  const auto run = testing::small_tracker();
  EXPECT_THROW(compliance_report(run, run.implementations.front(), {.suite_commit = "main"}),
               TrackerError);
}

// The reports `tracker export` writes are valid against the dashboard's schema, checked by an
// independent validator.
TEST(ComplianceExport, TheWrittenReportsAreValidAgainstSchemaV1) {
  const auto dir = testing::scratch_dir("compliance_export");
  const std::string command = std::string("'") + adc::build_locations::tracker_binary +
                              "' export '" + testing::small_tracker_path() + "' -o '" +
                              dir.string() + "' --suite-commit " + kCommit +
                              " --python 3.11.2 >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string validate =
      std::string(adc::build_locations::python) +
      " -c 'import glob, json, sys, jsonschema\n"
      "schema = json.load(open(sys.argv[1]))\n"
      "files = sorted(glob.glob(sys.argv[2] + \"/*.json\"))\n"
      "assert len(files) == 3, files\n"
      "for f in files: jsonschema.Draft202012Validator(schema).validate(json.load(open(f)))\n' '" +
      std::string(adc::build_locations::source_dir) +
      "/reports/schema/compliance-data-v1.schema.json' '" + dir.string() + "'";
  EXPECT_EQ(std::system(validate.c_str()), 0) << validate;
}

}  // namespace
}  // namespace tracker
