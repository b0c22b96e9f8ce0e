// reports/known-issues.json: it loads, every entry names a check of ours, and the lookup follows
// its globs.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "build_locations.hpp"
#include "conformance/check.hpp"
#include "conformance/known_failures.hpp"
#include "tracker/error.hpp"
#include "tracker/known_issues.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

const std::string kRepositoryFile =
    std::string(adc::build_locations::source_dir) + "/reports/known-issues.json";

TEST(KnownIssues, TheRepositoryFileLoads) {
  const auto known = load_known_issues(kRepositoryFile);
  EXPECT_GE(known.issues.size(), 5u);
  for (const auto& issue : known.issues) {
    EXPECT_TRUE(issue.url.starts_with("https://github.com/")) << issue.url;
    EXPECT_FALSE(issue.note.empty()) << issue.check;
    // Real libraries only: through Python, or libtorch through C++ (--impl torch).
    EXPECT_TRUE(issue.implementation.starts_with("python:") ||
                issue.implementation.starts_with("torch"))
        << issue.implementation;
  }
}

// Only entries that map to a check: each glob matches at least one check id the suite has (the
// --peer checks of DLPack pairs included).
TEST(KnownIssues, EveryEntryMatchesACheckOfOurs) {
  for (const auto& issue : load_known_issues(kRepositoryFile).issues) {
    const auto matches = [&](const std::vector<conformance::Check>& checks) {
      return std::any_of(checks.begin(), checks.end(), [&](const auto& check) {
        return conformance::glob_match(issue.check, check.info.id);
      });
    };
    EXPECT_TRUE(matches(conformance::all_checks()) || matches(conformance::peer_checks()))
        << issue.check << " matches no check id";
  }
}

TEST(KnownIssues, LookupFollowsBothGlobs) {
  const auto known = load_known_issues(kRepositoryFile);
  const auto torch_0d = find_known_issue(known, "python:torch", "mixed_0d.add");
  ASSERT_TRUE(torch_0d.has_value());
  EXPECT_EQ(torch_0d->url, "https://github.com/pytorch/pytorch/issues/38205");
  EXPECT_FALSE(find_known_issue(known, "strict", "mixed_0d.add").has_value());
  // torch's cpu+meta failures in mixed.* are not the 0-d issue, and __setitem__ has its own.
  const auto torch_meta = find_known_issue(known, "python:torch", "mixed.concat");
  ASSERT_TRUE(torch_meta.has_value());
  EXPECT_EQ(torch_meta->url, "https://github.com/pytorch/pytorch/pull/139437");
  const auto torch_setitem = find_known_issue(known, "python:torch", "mixed.array.__setitem__");
  ASSERT_TRUE(torch_setitem.has_value());
  EXPECT_EQ(torch_setitem->url, "https://github.com/pytorch/pytorch/pull/101434");
  EXPECT_FALSE(find_known_issue(known, "python:jax.numpy", "mixed.linalg.solve").has_value());
}

// An issue a release fixed explains the failures of earlier releases only: NumPy 2.0's scalars
// without .device (numpy/numpy#26850, fixed in 2.1) are not the cause of a 2.4 failure.
TEST(KnownIssues, AnIssueFixedInAReleaseExplainsEarlierReleasesOnly) {
  const auto known = load_known_issues(kRepositoryFile);
  const auto numpy_20 = find_known_issue(known, "python:numpy", "propagate.add", "2.0.2");
  ASSERT_TRUE(numpy_20.has_value());
  EXPECT_EQ(numpy_20->url, "https://github.com/numpy/numpy/issues/26850");
  EXPECT_EQ(numpy_20->fixed_in, "2.1.0");
  EXPECT_FALSE(find_known_issue(known, "python:numpy", "propagate.add", "2.1.0").has_value());
  EXPECT_FALSE(find_known_issue(known, "python:numpy", "propagate.add", "2.4.6").has_value());
  // Without a version (an expectations file's entry) every entry applies.
  EXPECT_TRUE(find_known_issue(known, "python:numpy", "propagate.add").has_value());
}

TEST(KnownIssues, BadFilesAreTrackerErrors) {
  const auto dir = testing::scratch_dir("known-issues");
  EXPECT_THROW(load_known_issues((dir / "missing.json").string()), TrackerError);
  EXPECT_THROW(load_known_issues(testing::write_file(dir / "a.json", "{")), TrackerError);
  EXPECT_THROW(load_known_issues(testing::write_file(
                   dir / "b.json", R"({"schema": "adc-known-issues/9", "issues": []})")),
               TrackerError);
  EXPECT_THROW(load_known_issues(testing::write_file(
                   dir / "c.json", R"({"schema": "adc-known-issues/1", "issues": [{"url": 1}]})")),
               TrackerError);
}

}  // namespace
}  // namespace tracker
