// Rows of one library through two routes (torch in C++ and in Python) get a note per check whose
// status differs; rows of other libraries or other versions get none.
#include "conformance/route_differences.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace conformance {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

ImplementationRun row(std::string implementation, std::string library, std::string version,
                      std::vector<std::pair<std::string, Status>> results) {
  ImplementationRun run;
  run.handshake.implementation = std::move(implementation);
  run.handshake.library = std::move(library);
  run.handshake.library_version = std::move(version);
  for (auto& [id, status] : results) {
    CheckResult result;
    result.info.id = id;
    result.status = status;
    if (status == Status::unsupported) result.reason = "torch has no " + id;
    run.results.push_back(std::move(result));
  }
  return run;
}

Tracker two_routes() {
  Tracker tracker;
  tracker.implementations.push_back(row("torch", "torch", "1.13.0",
                                        {{"mixed.add", Status::pass},
                                         {"mixed.tensordot", Status::fail},
                                         {"transfer.lands", Status::pass}}));
  tracker.implementations.push_back(row("python:torch", "torch", "1.13.0a0",
                                        {{"mixed.add", Status::pass},
                                         {"mixed.tensordot", Status::unsupported},
                                         {"transfer.lands", Status::unsupported}}));
  tracker.implementations.push_back(
      row("python:numpy", "numpy", "1.24.2", {{"mixed.add", Status::skip}}));
  return tracker;
}

TEST(RouteDifferences, EveryDifferingCheckIsANoteOnBothRows) {
  Tracker tracker = two_routes();
  note_route_differences(tracker);
  const auto& cpp = tracker.implementations[0].notes;
  ASSERT_THAT(cpp, SizeIs(3));
  EXPECT_THAT(cpp[0], HasSubstr("Compared with python:torch (torch 1.13.0a0"));
  EXPECT_THAT(cpp[0], HasSubstr("2 of 3 checks both ran differ"));
  EXPECT_EQ(cpp[1],
            "mixed.tensordot: fail here; unsupported (torch has no mixed.tensordot) "
            "through python:torch");
  EXPECT_THAT(cpp[2], HasSubstr("transfer.lands: pass here; unsupported"));
  const auto& python = tracker.implementations[1].notes;
  ASSERT_THAT(python, SizeIs(3));
  EXPECT_THAT(python[1], HasSubstr("mixed.tensordot: unsupported (torch has no mixed.tensordot) "
                                   "here; fail through torch"));
  EXPECT_THAT(tracker.implementations[2].notes, IsEmpty());
}

TEST(RouteDifferences, NotesAreRebuiltNotAppended) {
  Tracker tracker = two_routes();
  note_route_differences(tracker);
  note_route_differences(tracker);
  EXPECT_THAT(tracker.implementations[0].notes, SizeIs(3));
}

TEST(RouteDifferences, AnotherMinorVersionIsAnotherLibrary) {
  Tracker tracker = two_routes();
  tracker.implementations[1].handshake.library_version = "2.11.0";
  note_route_differences(tracker);
  EXPECT_THAT(tracker.implementations[0].notes, IsEmpty());
  EXPECT_THAT(tracker.implementations[1].notes, IsEmpty());
}

TEST(RouteDifferences, RoutesThatAgreeSaySo) {
  Tracker tracker = two_routes();
  tracker.implementations[1].results[1].status = Status::fail;
  tracker.implementations[1].results[2].status = Status::pass;
  note_route_differences(tracker);
  EXPECT_THAT(tracker.implementations[0].notes,
              ElementsAre(HasSubstr("all 3 checks both ran have the same status")));
}

TEST(RouteDifferences, NotesSurviveTheTrackerJson) {
  Tracker tracker = two_routes();
  tracker.implementations[0].handshake.devices = {};
  note_route_differences(tracker);
  const Tracker read = tracker_from_json(to_json(tracker));
  EXPECT_EQ(read.implementations[0].notes, tracker.implementations[0].notes);
  EXPECT_THAT(read.implementations[2].notes, IsEmpty());
  EXPECT_FALSE(to_json(tracker)["implementations"][2].contains("notes"));
}

}  // namespace
}  // namespace conformance
