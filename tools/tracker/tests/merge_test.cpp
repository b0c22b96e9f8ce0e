// Merging runs from several machines into one tracker.
#include <cstddef>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracker/load.hpp"
#include "tracker/merge.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::HasSubstr;

// The small tracker cut in two: strict alone, and the two Python runs on another host.
std::vector<SourceTracker> two_machines() {
  const auto whole = load_tracker(testing::small_tracker_path());
  SourceTracker a{.source = "a.json", .tracker = whole};
  SourceTracker b{.source = "b.json", .tracker = whole};
  a.tracker.implementations.resize(1);
  b.tracker.implementations.erase(b.tracker.implementations.begin());
  b.tracker.run.host = "gpu-box";
  b.tracker.run.started = "2026-01-01T00:00:00Z";
  b.tracker.run.finished = "2099-01-01T00:00:00Z";
  return {a, b};
}

TEST(Merge, KeepsEveryRunInOrder) {
  const auto merged = merge_trackers(two_machines());
  ASSERT_EQ(merged.implementations.size(), 3u);
  EXPECT_EQ(merged.implementations[0].handshake.implementation, "strict");
  EXPECT_EQ(merged.implementations[2].handshake.implementation, "python:torch");
  EXPECT_EQ(merged.implementations[2].results.size(), 28u);
}

TEST(Merge, RunInfoListsTheSources) {
  const auto merged = merge_trackers(two_machines());
  ASSERT_EQ(merged.run.command.size(), 2u);
  EXPECT_THAT(merged.run.command[0], HasSubstr("a.json: "));
  EXPECT_THAT(merged.run.command[1], HasSubstr("b.json: "));
  EXPECT_THAT(merged.run.host, HasSubstr("b.json: gpu-box"));
  EXPECT_EQ(merged.run.started, "2026-01-01T00:00:00Z");
  EXPECT_EQ(merged.run.finished, "2099-01-01T00:00:00Z");
  EXPECT_EQ(merged.run.seed, 1u);
}

TEST(Merge, OneHostIsNamedOnce) {
  auto sources = two_machines();
  sources[1].tracker.run.host = sources[0].tracker.run.host;
  EXPECT_EQ(merge_trackers(sources).run.host, sources[0].tracker.run.host);
}

TEST(Merge, AKilledSourceLeavesFinishedEmptyAndDifferentSeedsZero) {
  auto sources = two_machines();
  sources[1].tracker.run.finished = "";
  sources[1].tracker.run.seed = 7;
  const auto merged = merge_trackers(sources);
  EXPECT_EQ(merged.run.finished, "");
  EXPECT_EQ(merged.run.seed, 0u);
}

TEST(Merge, TheSameRunTwiceIsAnErrorNamingBothFiles) {
  auto sources = two_machines();
  sources[1].tracker.implementations.push_back(sources[0].tracker.implementations[0]);
  try {
    merge_trackers(sources);
    FAIL() << "merged a duplicate";
  } catch (const TrackerError& error) {
    EXPECT_THAT(error.what(), HasSubstr("strict"));
    EXPECT_THAT(error.what(), HasSubstr("a.json"));
    EXPECT_THAT(error.what(), HasSubstr("b.json"));
  }
}

TEST(Merge, PartsOfOneRunJoinIntoOneRow) {
  // tools/run-gpu splits JAX's checks over processes: each part is the same run, other checks.
  auto sources = two_machines();
  auto torch = sources[1].tracker.implementations[1];
  ASSERT_GE(torch.results.size(), 2u);
  auto first_half = torch;
  auto second_half = torch;
  const auto half = static_cast<std::ptrdiff_t>(torch.results.size() / 2);
  first_half.results.erase(first_half.results.begin() + half, first_half.results.end());
  second_half.results.erase(second_half.results.begin(), second_half.results.begin() + half);
  sources[1].tracker.implementations = {first_half};
  sources.push_back({.source = "c.json", .tracker = sources[1].tracker});
  sources[2].tracker.implementations = {second_half};
  const auto merged = merge_trackers(sources);
  ASSERT_EQ(merged.implementations.size(), 2u);
  ASSERT_EQ(merged.implementations[1].results.size(), torch.results.size());
  for (std::size_t i = 0; i < torch.results.size(); ++i)
    EXPECT_EQ(merged.implementations[1].results[i].info.id, torch.results[i].info.id);
}

TEST(Merge, ACheckInTwoPartsIsAnErrorNamingIt) {
  auto sources = two_machines();
  auto torch = sources[1].tracker.implementations[1];
  auto one_check = torch;
  one_check.results.resize(1);
  sources[0].tracker.implementations.push_back(one_check);
  try {
    merge_trackers(sources);
    FAIL() << "merged a check run twice";
  } catch (const TrackerError& error) {
    EXPECT_THAT(error.what(), HasSubstr(torch.results[0].info.id));
    EXPECT_THAT(error.what(), HasSubstr("a.json"));
    EXPECT_THAT(error.what(), HasSubstr("b.json"));
  }
}

TEST(Merge, AnotherVersionOrDeviceListIsAnotherRun) {
  auto sources = two_machines();
  auto other_version = sources[0].tracker.implementations[0];
  other_version.handshake.library_version = "9.9";
  auto other_devices = sources[0].tracker.implementations[0];
  other_devices.handshake.devices.pop_back();
  sources[1].tracker.implementations.push_back(other_version);
  sources[1].tracker.implementations.push_back(other_devices);
  EXPECT_EQ(merge_trackers(sources).implementations.size(), 5u);
}

}  // namespace
}  // namespace tracker

namespace tracker {
namespace {

// torch through C++ from one file and through Python from another: after the merge both rows
// carry the differences between the routes.
TEST(Merge, RoutesToOneLibraryFromTwoFilesGetTheirDifferences) {
  const auto whole = load_tracker(testing::small_tracker_path());
  SourceTracker python{.source = "python.json", .tracker = whole};
  python.tracker.implementations = {whole.implementations[2]};
  SourceTracker cpp{.source = "cpp.json", .tracker = python.tracker};
  auto& row = cpp.tracker.implementations[0];
  row.handshake.implementation = "torch";
  row.handshake.library_version = "1.13.0";
  row.results[0].status = row.results[0].status == conformance::Status::pass
                              ? conformance::Status::unsupported
                              : conformance::Status::pass;
  const auto merged = merge_trackers({python, cpp});
  ASSERT_EQ(merged.implementations.size(), 2u);
  for (const auto& run : merged.implementations) {
    ASSERT_EQ(run.notes.size(), 2u) << run.handshake.implementation;
    EXPECT_THAT(run.notes[0], HasSubstr("1 of 28 checks both ran differ"));
    EXPECT_THAT(run.notes[1], HasSubstr(row.results[0].info.id + ": "));
  }
}

}  // namespace
}  // namespace tracker

namespace tracker {
namespace {

// The public page: the same library, version and devices on two machines (array-api-strict on
// the PyPI VM and on the GPU host) is a row for each, named by its file's directory, where a
// merge refuses it.
TEST(PublishRows, TheSameRunOnTwoMachinesIsTwoRowsNamedByDirectory) {
  const auto whole = load_tracker(testing::small_tracker_path());
  SourceTracker vm{.source = "reports/pypi/tracker.json", .tracker = whole};
  SourceTracker gpu{.source = "reports/gpu/tracker.json", .tracker = whole};
  gpu.tracker.implementations.resize(1);
  EXPECT_THROW(merge_trackers({vm, gpu}), TrackerError);
  const auto rows = publish_rows({vm, gpu});
  ASSERT_EQ(rows.tracker.implementations.size(), whole.implementations.size() + 1);
  ASSERT_EQ(rows.machines.size(), rows.tracker.implementations.size());
  EXPECT_EQ(rows.machines.front(), "pypi");
  EXPECT_EQ(rows.machines.back(), "gpu");
  EXPECT_EQ(rows.tracker.implementations.back().handshake.implementation,
            whole.implementations[0].handshake.implementation);
  ASSERT_EQ(rows.tracker.run.command.size(), 2u);
  EXPECT_THAT(rows.tracker.run.command[1], HasSubstr("reports/gpu/tracker.json: "));
}

TEST(PublishRows, AFileInNoDirectoryIsItsOwnMachine) {
  EXPECT_EQ(machine_of("tracker.json"), "tracker.json");
  EXPECT_EQ(machine_of("reports/debian12/tracker.json"), "debian12");
}

}  // namespace
}  // namespace tracker
