// Expectation files (docs/DESIGN.md section 4): loading, the error a CI maintainer sees for each
// kind of broken file, how results turn into xfail/xpass, and the glob rules for check ids.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "build_locations.hpp"
#include "conformance/known_failures.hpp"
#include "sample_results.hpp"
#include "schema_validation.hpp"

namespace conformance {
namespace {

using ::testing::HasSubstr;
using testing::sample_result;

constexpr const char* kBug = "https://github.com/pytorch/pytorch/issues/1";

std::string write_file(const std::string& name, const std::string& text) {
  const auto path = testing::temp_path(name);
  std::ofstream(path) << text;
  return path;
}

// The message load_expectations throws for `text`, or "" when it loads.
std::string load_error(const std::string& name, const std::string& text) {
  const auto path = write_file(name, text);
  try {
    load_expectations(path);
  } catch (const ExpectationsError& error) {
    EXPECT_THAT(error.what(), HasSubstr(path)) << "the message must name the file";
    return error.what();
  }
  return "";
}

std::string with_entries(const std::string& entries) {
  return R"({"schema": "adc-expectations/1", "expectations": [)" + entries + "]}";
}

TEST(LoadExpectations, ReadsAGoodFile) {
  const auto path = write_file("good.json", with_entries(R"(
      {"check": "mixed.matmul", "status": "fail", "bug": "https://github.com/pytorch/pytorch/issues/1",
       "implementation": "python:torch", "note": "matmul ignores devices"},
      {"check": "dlpack.*", "status": "crash", "bug": "https://example.org/bug/2"})"));
  const auto known = load_expectations(path);
  ASSERT_EQ(known.size(), 2u);
  EXPECT_EQ(known[0].check, "mixed.matmul");
  EXPECT_EQ(known[0].implementation, "python:torch");
  EXPECT_EQ(known[0].status, Status::fail);
  EXPECT_EQ(known[0].bug, kBug);
  EXPECT_EQ(known[0].note, "matmul ignores devices");
  EXPECT_EQ(known[1].implementation, "*");
  EXPECT_EQ(known[1].status, Status::crash);
  EXPECT_EQ(known[1].note, "");
}

TEST(LoadExpectations, AcceptsAnEmptyList) {
  EXPECT_TRUE(load_expectations(write_file("empty.json", with_entries(""))).empty());
}

TEST(LoadExpectations, ReportsAnUnreadableFile) {
  const std::string path = testing::temp_path("does-not-exist.json");
  try {
    load_expectations(path);
    FAIL() << "loaded a missing file";
  } catch (const ExpectationsError& error) {
    EXPECT_THAT(error.what(), HasSubstr(path));
    EXPECT_THAT(error.what(), HasSubstr("cannot read"));
  }
}

TEST(LoadExpectations, ReportsTextThatIsNotJson) {
  const auto message = load_error("not_json.json", R"({"schema": "adc-expectations/1",)");
  EXPECT_THAT(message, HasSubstr("not JSON"));
  EXPECT_THAT(message, HasSubstr("parse error"));  // nlohmann's own message, with its position
}

TEST(LoadExpectations, ReportsAMissingOrWrongSchema) {
  EXPECT_THAT(load_error("no_schema.json", R"({"expectations": []})"),
              HasSubstr("missing \"schema\""));
  EXPECT_THAT(
      load_error("old_schema.json", R"({"schema": "adc-expectations/0", "expectations": []})"),
      HasSubstr("schema is \"adc-expectations/0\""));
  EXPECT_THAT(load_error("no_list.json", R"({"schema": "adc-expectations/1"})"),
              HasSubstr("\"expectations\" must be an array"));
  EXPECT_THAT(load_error("array.json", "[]"), HasSubstr("not a JSON object"));
}

TEST(LoadExpectations, ReportsAnEntryWithoutCheckOrBug) {
  const std::string good = R"({"check": "a.b", "status": "fail", "bug": "https://x.org/1"})";
  const auto no_check = load_error(
      "no_check.json", with_entries(good + R"(, {"status": "fail", "bug": "https://x.org/1"})"));
  EXPECT_THAT(no_check, HasSubstr("entry 2"));
  EXPECT_THAT(no_check, HasSubstr("missing \"check\""));

  const auto no_bug =
      load_error("no_bug.json", with_entries(R"({"check": "mixed.*", "status": "fail"})"));
  EXPECT_THAT(no_bug, HasSubstr("entry 1"));
  EXPECT_THAT(no_bug, HasSubstr("missing \"bug\""));

  EXPECT_THAT(load_error("bug_not_url.json",
                         with_entries(R"({"check": "a.b", "status": "fail", "bug": "TODO"})")),
              HasSubstr("\"bug\" must be the URL"));
  // What `tracker expectations` writes for a failure no known issue explains.
  const auto empty_bug = load_error(
      "bug_empty.json", with_entries(R"({"check": "mixed.add", "status": "fail", "bug": ""})"));
  EXPECT_THAT(empty_bug, HasSubstr("entry 1 (mixed.add)"));
  EXPECT_THAT(empty_bug, HasSubstr("\"bug\" is empty: link the upstream issue"));
  EXPECT_THAT(load_error("bug_not_string.json",
                         with_entries(R"({"check": "a.b", "status": "fail", "bug": 12})")),
              HasSubstr("\"bug\" must be a string"));
}

TEST(LoadExpectations, ReportsAnUnknownStatus) {
  const auto unknown =
      load_error("bad_status.json",
                 with_entries(R"({"check": "a.b", "status": "broken", "bug": "https://x.org/1"})"));
  EXPECT_THAT(unknown, HasSubstr("entry 1"));
  EXPECT_THAT(unknown, HasSubstr("unknown status \"broken\""));
  EXPECT_THAT(unknown, HasSubstr("fail, error, crash, timeout"));
  // pass is a status, but not one a known failure can expect.
  EXPECT_THAT(
      load_error("pass_status.json",
                 with_entries(R"({"check": "a.b", "status": "pass", "bug": "https://x.org/1"})")),
      HasSubstr("unknown status \"pass\""));
}

TEST(LoadExpectations, ReportsAnUnknownKey) {
  // A misspelt "implementation" would otherwise waive the failure for every implementation.
  EXPECT_THAT(load_error("typo.json", with_entries(R"({"check": "a.b", "status": "fail",
                          "bug": "https://x.org/1", "implementaton": "python:torch"})")),
              HasSubstr("unknown key \"implementaton\""));
}

std::vector<KnownFailure> torch_matmul_fails() {
  return {KnownFailure{.check = "mixed.matmul",
                       .implementation = "python:torch",
                       .status = Status::fail,
                       .bug = kBug,
                       .note = "known"},
          KnownFailure{.check = "dlpack.*",
                       .implementation = "*",
                       .status = Status::crash,
                       .bug = "https://x.org/2",
                       .note = ""}};
}

TEST(ApplyExpectations, TheExpectedStatusBecomesXfail) {
  auto result = sample_result("mixed.matmul", Status::fail, "python:torch");
  apply_expectations(torch_matmul_fails(), result);
  EXPECT_EQ(result.status, Status::xfail);
  EXPECT_EQ(result.bug, kBug);
  EXPECT_THAT(result.reason, HasSubstr(kBug));
  EXPECT_THAT(result.reason, HasSubstr("known"));
  EXPECT_TRUE(result.failure.has_value()) << "the counterexample is kept";

  auto crash = sample_result("dlpack.from_dlpack", Status::crash, "strict");
  apply_expectations(torch_matmul_fails(), crash);
  EXPECT_EQ(crash.status, Status::xfail);
  EXPECT_THAT(crash.reason, HasSubstr("why: crash")) << "what happened is kept";
}

TEST(ApplyExpectations, APassWhereAFailureIsExpectedBecomesXpass) {
  auto result = sample_result("mixed.matmul", Status::pass, "python:torch");
  apply_expectations(torch_matmul_fails(), result);
  EXPECT_EQ(result.status, Status::xpass);
  EXPECT_EQ(result.bug, kBug);
  EXPECT_TRUE(is_unexpected(result.status));
}

TEST(ApplyExpectations, OtherResultsAreUnchanged) {
  const auto unchanged = [](CheckResult result) {
    const nlohmann::json before = result;
    apply_expectations(torch_matmul_fails(), result);
    return nlohmann::json(result) == before;
  };
  // Another implementation, another check, another failing status, a status never waived.
  EXPECT_TRUE(unchanged(sample_result("mixed.matmul", Status::fail, "python:numpy")));
  EXPECT_TRUE(unchanged(sample_result("mixed.add", Status::fail, "python:torch")));
  EXPECT_TRUE(unchanged(sample_result("mixed.matmul", Status::error, "python:torch")));
  EXPECT_TRUE(unchanged(sample_result("mixed.matmul", Status::unsupported, "python:torch")));
  EXPECT_TRUE(unchanged(sample_result("dlpack.from_dlpack", Status::skip, "strict")));
}

TEST(FindKnownFailure, ReturnsTheFirstMatch) {
  const auto known = torch_matmul_fails();
  EXPECT_EQ(find_known_failure(known, "python:torch", "mixed.matmul"), &known[0]);
  EXPECT_EQ(find_known_failure(known, "strict", "dlpack.device"), &known[1]);
  EXPECT_EQ(find_known_failure(known, "strict", "mixed.matmul"), nullptr);
}

TEST(IsUnexpected, MatchesTheExitStatusRule) {
  for (Status status :
       {Status::fail, Status::error, Status::crash, Status::timeout, Status::xpass}) {
    EXPECT_TRUE(is_unexpected(status)) << name(status);
  }
  for (Status status : {Status::pass, Status::skip, Status::unsupported, Status::xfail}) {
    EXPECT_FALSE(is_unexpected(status)) << name(status);
  }
}

TEST(GlobMatch, FollowsFnmatch) {
  EXPECT_TRUE(glob_match("mixed.matmul", "mixed.matmul"));
  EXPECT_FALSE(glob_match("mixed.matmul", "mixed.matmul_2"));
  EXPECT_FALSE(glob_match("mixed", "mixed.matmul")) << "a pattern matches the whole id";
  EXPECT_TRUE(glob_match("mixed.*", "mixed.matmul"));
  EXPECT_TRUE(glob_match("mixed.*", "mixed.array.__add__")) << "* crosses dots";
  EXPECT_FALSE(glob_match("mixed.*", "propagate.add"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("*.add", "propagate.add"));
  EXPECT_TRUE(glob_match("info.?evices", "info.devices"));
  EXPECT_FALSE(glob_match("info.?evices", "info.evices"));
  EXPECT_TRUE(glob_match("explicit.[az]*", "explicit.zeros"));
  EXPECT_FALSE(glob_match("explicit.[!z]*", "explicit.zeros"));
  EXPECT_TRUE(glob_match("python:*", "python:numpy.array_api"));
  EXPECT_TRUE(glob_match("a\\*", "a*"));
  EXPECT_FALSE(glob_match("a\\*", "ab"));
}

}  // namespace
}  // namespace conformance

namespace conformance {
namespace {

// The committed expectations (reports/expectations/<run>/*.json, which tools/run and
// tools/run-gpu pass to each library's process): each loads, names an upstream bug for each
// entry, and each check glob matches a check the suite has, so a renamed check cannot leave a
// waiver that silently matches nothing.
TEST(CommittedExpectations, EveryFileLoadsAndEveryEntryMatchesACheck) {
  const std::filesystem::path root =
      std::filesystem::path(adc::build_locations::source_dir) / "reports/expectations";
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    std::vector<KnownFailure> known;
    ASSERT_NO_THROW(known = load_expectations(entry.path().string())) << entry.path();
    for (const auto& failure : known) {
      EXPECT_FALSE(failure.bug.empty()) << entry.path() << ": " << failure.check;
      const bool matches =
          std::any_of(all_checks().begin(), all_checks().end(),
                      [&](const Check& check) { return glob_match(failure.check, check.info.id); });
      EXPECT_TRUE(matches) << entry.path() << ": no check matches " << failure.check;
    }
  }
  EXPECT_GE(files, 20) << "the committed expectations under " << root;
}

}  // namespace
}  // namespace conformance
