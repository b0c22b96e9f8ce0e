// `tracker diff`: new failures, fixes, new and removed checks, other changes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracker/diff.hpp"
#include "tracker/load.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using conformance::Status;
using ::testing::HasSubstr;

conformance::Tracker small() {
  return load_tracker(testing::small_tracker_path());
}

conformance::CheckResult& result(conformance::Tracker& tracker, std::size_t implementation,
                                 std::size_t index) {
  return tracker.implementations.at(implementation).results.at(index);
}

TEST(Diff, IdenticalTrackersHaveNoChanges) {
  const auto diff = diff_trackers(small(), small());
  EXPECT_TRUE(diff.changes.empty());
  EXPECT_FALSE(diff.has_regression());
  EXPECT_EQ(render_diff(diff), "No changes.\n");
}

TEST(Diff, PassToFailIsANewFailure) {
  auto after = small();
  result(after, 0, 3).status = Status::crash;
  const auto diff = diff_trackers(small(), after);
  ASSERT_EQ(diff.changes.size(), 1u);
  EXPECT_EQ(diff.changes[0].kind, ChangeKind::new_failure);
  EXPECT_EQ(diff.changes[0].implementation, "strict");
  EXPECT_EQ(diff.changes[0].check_id, result(after, 0, 3).info.id);
  EXPECT_TRUE(diff.has_regression());
  EXPECT_THAT(render_diff(diff), HasSubstr("## New failures (regressions) (1)"));
  EXPECT_THAT(render_diff(diff), HasSubstr("pass -> crash"));
}

TEST(Diff, UnsupportedToTimeoutIsANewFailureToo) {
  auto before = small();
  auto after = small();
  result(before, 2, 0).status = Status::unsupported;
  result(after, 2, 0).status = Status::timeout;
  EXPECT_TRUE(diff_trackers(before, after).has_regression());
}

TEST(Diff, FailToPassIsAFix) {
  auto before = small();
  auto after = small();
  result(before, 1, 0).status = Status::fail;
  result(after, 1, 0).status = Status::pass;
  const auto diff = diff_trackers(before, after);
  ASSERT_EQ(diff.changes.size(), 1u);
  EXPECT_EQ(diff.changes[0].kind, ChangeKind::fix);
  EXPECT_FALSE(diff.has_regression());
}

TEST(Diff, NewRemovedAndOtherChanges) {
  auto before = small();
  auto after = small();
  auto added = result(after, 0, 0);
  added.info.id = "mixed.brand_new";
  added.status = Status::fail;
  after.implementations[0].results.push_back(added);
  const auto removed_id = result(after, 0, 1).info.id;
  after.implementations[0].results.erase(after.implementations[0].results.begin() + 1);
  result(after, 0, 2).status = Status::unsupported;  // pass -> unsupported
  const auto diff = diff_trackers(before, after);
  ASSERT_EQ(diff.changes.size(), 3u);
  // Grouped by kind: other changes after new and removed checks.
  EXPECT_EQ(diff.changes[0].kind, ChangeKind::new_check);
  EXPECT_EQ(diff.changes[0].check_id, "mixed.brand_new");
  EXPECT_EQ(diff.changes[1].kind, ChangeKind::removed_check);
  EXPECT_EQ(diff.changes[1].check_id, removed_id);
  EXPECT_EQ(diff.changes[2].kind, ChangeKind::status_change);
  // A new check that fails is listed, not counted as a regression.
  EXPECT_FALSE(diff.has_regression());
  const auto text = render_diff(diff);
  EXPECT_THAT(text, HasSubstr("## New checks (1)"));
  EXPECT_THAT(text, HasSubstr("## Removed checks (1)"));
  EXPECT_THAT(text, HasSubstr("pass -> unsupported"));
}

TEST(Diff, AnImplementationThatDisappearsRemovesItsChecks) {
  auto after = small();
  after.implementations.pop_back();
  const auto diff = diff_trackers(small(), after);
  EXPECT_EQ(diff.changes.size(), 28u);
  for (const auto& change : diff.changes)
    EXPECT_EQ(change.kind, ChangeKind::removed_check);
}

TEST(Diff, AnImplementationTwiceInOneFileIsAnError) {
  auto merged = small();
  merged.implementations.push_back(merged.implementations[0]);
  EXPECT_THROW(diff_trackers(small(), merged), TrackerError);
}

}  // namespace
}  // namespace tracker
