// `tracker expectations`: an expectations file written from a run, and one brought up to date.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "conformance/known_failures.hpp"
#include "tracker/expectations_update.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

conformance::CheckResult& result(conformance::Tracker& run, const std::string& implementation,
                                 const std::string& check) {
  for (auto& entry : run.implementations)
    for (auto& r : entry.results)
      if (r.implementation == implementation && r.info.id == check) return r;
  throw std::runtime_error("no result " + implementation + " " + check);
}

nlohmann::ordered_json file_with(const std::vector<nlohmann::ordered_json>& entries) {
  nlohmann::ordered_json file;
  file["schema"] = "adc-expectations/1";
  file["description"] = "hand-written";
  file["expectations"] = entries;
  return file;
}

nlohmann::ordered_json entry(const std::string& implementation, const std::string& check,
                             const std::string& status, const std::string& bug,
                             const std::string& note = "") {
  nlohmann::ordered_json e;
  e["implementation"] = implementation;
  e["check"] = check;
  e["status"] = status;
  e["bug"] = bug;
  if (!note.empty()) e["note"] = note;
  return e;
}

std::vector<std::string> checks_of(const nlohmann::ordered_json& file) {
  std::vector<std::string> checks;
  for (const auto& e : file.at("expectations"))
    checks.push_back(e.at("check").get<std::string>());
  return checks;
}

TEST(Expectations, ANewFileListsEveryFailureWithItsKnownIssue) {
  const auto update =
      update_expectations(testing::small_tracker(), std::nullopt, testing::torch_0d_issue(),
                          /*prune=*/false, "runs/small.json");
  EXPECT_EQ(update.file.at("schema"), "adc-expectations/1");
  EXPECT_THAT(update.file.at("description").get<std::string>(), HasSubstr("runs/small.json"));
  EXPECT_THAT(checks_of(update.file),
              UnorderedElementsAre("mixed.concat", "mixed_0d.add", "mixed_0d.multiply",
                                   "dtype_functions.finfo.array_on_any_device", "host.array.size"));
  for (const auto& e : update.file.at("expectations")) {
    EXPECT_EQ(e.at("implementation"), "python:torch");
    EXPECT_EQ(e.at("status"), "fail");
    const bool zero_d = e.at("check").get<std::string>().rfind("mixed_0d.", 0) == 0;
    EXPECT_EQ(e.at("bug"), zero_d ? "https://github.com/pytorch/pytorch/issues/38205" : "");
  }
  EXPECT_EQ(update.added.size(), 5u);
  EXPECT_THAT(update.needs_link,
              UnorderedElementsAre("python:torch mixed.concat",
                                   "python:torch dtype_functions.finfo.array_on_any_device",
                                   "python:torch host.array.size"));
  EXPECT_THAT(describe(update), HasSubstr("3 added without a bug URL"));
}

TEST(Expectations, AnUpdateKeepsWhatStillFailsAndReportsWhatPasses) {
  const auto existing = file_with({
      entry("python:torch", "mixed.concat", "fail", "https://example.org/concat", "meta kernels"),
      entry("python:torch", "mixed.add", "fail", "https://example.org/add"),      // passes now
      entry("python:jax.numpy", "mixed.add", "fail", "https://example.org/jax"),  // not in run
  });
  const auto update =
      update_expectations(testing::small_tracker(), existing, testing::torch_0d_issue(),
                          /*prune=*/false, "run.json");
  EXPECT_EQ(update.file.at("description"), "hand-written");
  const auto& entries = update.file.at("expectations");
  ASSERT_EQ(entries.size(), 7u);
  EXPECT_EQ(entries.at(0), existing.at("expectations").at(0));  // bug and note kept
  EXPECT_EQ(entries.at(1), existing.at("expectations").at(1));  // kept without --prune
  EXPECT_EQ(entries.at(2), existing.at("expectations").at(2));  // another implementation's
  EXPECT_THAT(update.kept, ElementsAre("python:torch mixed.concat"));
  EXPECT_THAT(update.passing, ElementsAre("python:torch mixed.add: now pass"));
  EXPECT_EQ(update.added.size(), 4u);

  const auto pruned =
      update_expectations(testing::small_tracker(), existing, testing::torch_0d_issue(),
                          /*prune=*/true, "run.json");
  const auto checks = checks_of(pruned.file);
  EXPECT_EQ(std::count(checks.begin(), checks.end(), "mixed.add"), 1);  // jax's stays
  EXPECT_EQ(pruned.file.at("expectations").at(1).at("implementation"), "python:jax.numpy");
  EXPECT_THAT(describe(pruned), HasSubstr("no longer failing, dropped (--prune)"));
}

TEST(Expectations, AKnownFailureOfTheRunStillFailsWithTheStatusItExpected) {
  auto run = testing::small_tracker();
  auto& crashed = result(run, "python:torch", "mixed.concat");
  crashed.status = conformance::Status::xfail;
  crashed.reason = "expected crash, see https://example.org/concat; killed by signal 11";
  const auto existing =
      file_with({entry("python:torch", "mixed.concat", "crash", "https://example.org/concat")});
  const auto update = update_expectations(run, existing, {}, /*prune=*/true, "run.json");
  EXPECT_EQ(update.file.at("expectations").at(0), existing.at("expectations").at(0));
  EXPECT_THAT(update.kept, ElementsAre("python:torch mixed.concat"));
  EXPECT_TRUE(update.passing.empty());
}

TEST(Expectations, AnotherFailingStatusIsRewrittenOrShadowsAGlob) {
  auto run = testing::small_tracker();
  result(run, "python:torch", "host.array.size").status = conformance::Status::error;
  const auto existing = file_with({
      entry("python:torch", "host.array.size", "fail", "https://example.org/size"),
      entry("python:torch", "mixed*", "crash", "https://example.org/glob"),
  });
  const auto update =
      update_expectations(run, existing, testing::torch_0d_issue(), false, "run.json");
  const auto& entries = update.file.at("expectations");
  EXPECT_EQ(entries.at(0).at("status"), "error");
  EXPECT_EQ(entries.at(0).at("bug"), "https://example.org/size");
  EXPECT_THAT(update.retagged, ElementsAre("python:torch host.array.size: fail -> error"));
  // The glob expects crash; the mixed failures are fails: specific entries come before it, so
  // the first match (find_known_failure) is theirs.
  std::vector<conformance::KnownFailure> known;
  for (const auto& e : entries)
    known.push_back({.check = e.at("check").get<std::string>(),
                     .implementation = e.at("implementation").get<std::string>(),
                     .status = *conformance::status_from_name(e.at("status").get<std::string>()),
                     .bug = e.at("bug").get<std::string>(),
                     .note = ""});
  for (const char* check : {"mixed.concat", "mixed_0d.add", "mixed_0d.multiply"}) {
    const auto* match = conformance::find_known_failure(known, "python:torch", check);
    ASSERT_NE(match, nullptr) << check;
    EXPECT_EQ(match->check, check);
    EXPECT_EQ(match->status, conformance::Status::fail);
  }
  // The glob stays, after them, and is reported stale; a failure it does not match is appended.
  const auto checks = checks_of(update.file);
  const auto glob = std::find(checks.begin(), checks.end(), "mixed*");
  ASSERT_NE(glob, checks.end());
  EXPECT_EQ(std::find(checks.begin(), checks.end(), "mixed.concat") - checks.begin(),
            glob - checks.begin() - 3);
  EXPECT_EQ(checks.back(), "dtype_functions.finfo.array_on_any_device");
  EXPECT_THAT(update.passing, ElementsAre(HasSubstr("python:torch mixed*: now pass, fail")));
}

// Writing a file from a run and updating it from the same run changes nothing, whatever the run.
RC_GTEST_PROP(Expectations, UpdatingFromTheSameRunIsANoOp, ()) {
  auto run = testing::small_tracker();
  const std::vector<conformance::Status> statuses{
      conformance::Status::pass, conformance::Status::fail, conformance::Status::error,
      conformance::Status::crash, conformance::Status::unsupported};
  for (auto& implementation : run.implementations)
    for (auto& r : implementation.results)
      r.status = *rc::gen::elementOf(statuses);
  const auto first =
      update_expectations(run, std::nullopt, testing::torch_0d_issue(), false, "run.json");
  const auto second =
      update_expectations(run, first.file, testing::torch_0d_issue(), false, "run.json");
  RC_ASSERT(second.file == first.file);
  RC_ASSERT(second.added.empty());
  RC_ASSERT(second.passing.empty());
  RC_ASSERT(second.retagged.empty());
  RC_ASSERT(second.kept.size() == first.added.size());
}

TEST(Expectations, AFileOfAnotherShapeIsAnError) {
  nlohmann::ordered_json wrong;
  wrong["schema"] = "adc-tracker/1";
  EXPECT_THROW(update_expectations(testing::small_tracker(), wrong, {}, false, "run.json"),
               TrackerError);
}

}  // namespace
}  // namespace tracker
