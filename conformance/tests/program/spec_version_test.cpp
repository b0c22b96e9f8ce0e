// Version-aware judging: an implementation is judged by the version it declares (or
// --spec-version); a check of anything newer is `skip`, "not in spec V", never `fail`. End to end
// with the fake namespace declaring 2022.12, 2025.12 or nothing (FAKEXP_VERSION).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "conformance/check.hpp"
#include "conformance/generate.hpp"
#include "conformance/spec_version.hpp"
#include "conformance/tracker.hpp"
#include "fake_namespace_runs.hpp"

namespace {

using conformance::judged_version;
using conformance::not_in_spec;
using ::testing::HasSubstr;

TEST(JudgedVersion, IsTheDeclaredOneWhenTheSuiteKnowsIt) {
  EXPECT_EQ(judged_version("2022.12").version, "2022.12");
  EXPECT_EQ(judged_version("2022.12").basis, "declared");
}

TEST(JudgedVersion, TheOverrideWinsOverTheDeclaredOne) {
  const auto judged = judged_version("2025.12", "2023.12");
  EXPECT_EQ(judged.version, "2023.12");
  EXPECT_EQ(judged.basis, "--spec-version");
}

TEST(JudgedVersion, UndeclaredOrUnknownIsTheNewestAndSaysSo) {
  const auto undeclared = judged_version("");
  EXPECT_EQ(undeclared.version, "2025.12");
  EXPECT_THAT(undeclared.basis, HasSubstr("no __array_api_version__"));
  const auto unknown = judged_version("2030.12");
  EXPECT_EQ(unknown.version, "2025.12");
  EXPECT_THAT(unknown.basis, HasSubstr("2030.12"));
}

TEST(NotInSpec, OnlyWhatIsNewerThanTheJudgedVersion) {
  EXPECT_EQ(not_in_spec("2025.12", "2024.12"), "not in spec 2024.12: from 2025.12");
  EXPECT_EQ(not_in_spec("2024.12", "2024.12"), std::nullopt);
  EXPECT_EQ(not_in_spec("2021.12", "2025.12"), std::nullopt);
}

TEST(CheckVersions, EveryCheckHasAReleasedFirstVersion) {
  for (const auto& check : conformance::all_checks())
    EXPECT_TRUE(conformance::is_spec_version(check.info.since_version)) << check.info.id;
}

// Python scalars stand beside arrays in binary functions only from 2024.12 (the generator must
// not hand a 2023.12 library a call its version does not have).
TEST(CheckVersions, NoScalarOperandOfAFunctionBefore2024) {
  conformance::Handshake handshake;
  handshake.devices = {{.repr = "cpu", .dtypes = {"int64", "float64", "bool"}}};
  handshake.operations = {"add", "asarray"};
  const auto scalars = [&](std::string version) {
    conformance::generate::CallOptions options;
    options.spec_version = std::move(version);
    int count = 0;
    const auto gen = conformance::generate::call("add", options, handshake);
    for (int seed = 0; seed < 200; ++seed) {
      const auto program = gen(rc::Random(static_cast<std::uint64_t>(seed)), 5).value();
      for (const auto& arg : program.steps.back().args)
        count += std::holds_alternative<conformance::StepRef>(arg) ? 0 : 1;
    }
    return count;
  };
  EXPECT_EQ(scalars("2023.12"), 0);
  EXPECT_GT(scalars("2024.12"), 0);
}

using conformance::testing::FakeRun;

// The fake namespace declaring `version` ("none": no __array_api_version__). Each test writes
// into its own directory: ctest runs two tests with the same version at once.
FakeRun run_fake(const std::string& version, const std::string& args) {
  const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
  return conformance::testing::run_fake("fakexp", "FAKEXP_VERSION=" + version,
                                        args + " --examples 5", "spec_" + version + "_" + test);
}

const char* kFilters = "--filter 'info.*' --filter 'mixed.add' --filter 'mixed.isin'";

TEST(JudgedByDeclaredVersion, A2022LibrarySkipsWhatCameLaterAndNeverFailsIt) {
  const FakeRun run = run_fake("2022.12", kFilters);
  ASSERT_EQ(run.status, 0) << run.output;
  for (const auto& [id, result] : run.results) {
    EXPECT_EQ(result.spec_version, "2022.12") << id;
    if (!id.starts_with("info.")) continue;
    EXPECT_EQ(result.status, conformance::Status::skip) << id;
    EXPECT_EQ(result.reason, "not in spec 2022.12: from 2023.12") << id;
  }
  EXPECT_EQ(run.results.at("mixed.isin").reason, "not in spec 2022.12: from 2025.12");
  EXPECT_EQ(run.results.at("mixed.add").status, conformance::Status::pass);
  const auto judged = conformance::judged_by(run.tracker.implementations.at(0));
  EXPECT_EQ(judged.version, "2022.12");
  EXPECT_EQ(judged.basis, "declared");
  EXPECT_THAT(run.output, HasSubstr("judged by spec 2022.12 (declared)"));
}

TEST(JudgedByDeclaredVersion, A2025LibraryIsJudgedOnEverything) {
  const FakeRun run = run_fake("2025.12", kFilters);
  ASSERT_EQ(run.status, 0) << run.output;
  for (const auto& [id, result] : run.results) {
    EXPECT_EQ(result.spec_version, "2025.12") << id;
    EXPECT_THAT(result.reason, ::testing::Not(HasSubstr("not in spec"))) << id;
  }
  EXPECT_EQ(run.results.at("info.devices.nonempty").status, conformance::Status::pass);
  // fakexp has no isin: a function its version has and it lacks is unsupported, not skipped.
  EXPECT_EQ(run.results.at("mixed.isin").status, conformance::Status::unsupported);
}

// devices() is a list before 2025.12 and a tuple from 2025.12 (P3): judged by the version
// declared, so the same list passes for a 2024.12 library and fails for a 2025.12 one.
TEST(JudgedByDeclaredVersion, DevicesIsAListBefore2025AndATupleFrom2025) {
  for (const char* version : {"2024.12", "2025.12"}) {
    const auto right = conformance::testing::run_fake(
        "fakexp", std::string("FAKEXP_VERSION=") + version,
        "--filter 'info.devices.container' --examples 5", std::string("container_") + version);
    EXPECT_EQ(right.results.at("info.devices.container").status, conformance::Status::pass)
        << version << right.output;
    const auto wrong = conformance::testing::run_fake(
        "fakexp", std::string("FAKEXP_BUG=devices_container FAKEXP_VERSION=") + version,
        "--filter 'info.devices.container' --examples 5", std::string("container_bug_") + version);
    EXPECT_EQ(wrong.results.at("info.devices.container").status, conformance::Status::fail)
        << version << wrong.output;
  }
}

TEST(JudgedByDeclaredVersion, TheCommandLineOverridesAndTheTrackerSaysSo) {
  const FakeRun run = run_fake("2025.12", std::string(kFilters) + " --spec-version 2022.12");
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.results.at("info.devices.nonempty").status, conformance::Status::skip);
  const auto judged = conformance::judged_by(run.tracker.implementations.at(0));
  EXPECT_EQ(judged.version, "2022.12");
  EXPECT_THAT(judged.basis, HasSubstr("--spec-version"));
  EXPECT_THAT(judged.basis, HasSubstr("2025.12"));
}

TEST(JudgedByDeclaredVersion, AnUndeclaredVersionIsJudgedByTheNewest) {
  const FakeRun run = run_fake("none", kFilters);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.results.at("info.devices.nonempty").spec_version, "2025.12");
  EXPECT_THAT(conformance::judged_by(run.tracker.implementations.at(0)).basis,
              HasSubstr("no __array_api_version__"));
}

TEST(JudgedByDeclaredVersion, AnUnknownOverrideIsAUsageError) {
  const FakeRun run = run_fake("2025.12", "--spec-version 2019.12");
  EXPECT_EQ(run.status, 2);
  EXPECT_THAT(run.output, HasSubstr("--spec-version 2019.12 is not a version"));
}

}  // namespace
