// Reading trackers: good files load, bad ones give a one-line TrackerError naming the file and
// the cause; validate reports the schema rules tracker_from_json does not enforce.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracker/load.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const TrackerError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(Load, ReadsTheSmallRealTracker) {
  const auto tracker = load_tracker(testing::small_tracker_path());
  ASSERT_EQ(tracker.implementations.size(), 3u);
  EXPECT_EQ(tracker.implementations[2].handshake.implementation, "python:torch");
  EXPECT_EQ(conformance::summarize(tracker.implementations[2].results).at("fail"), 5);
  EXPECT_EQ(tracker.implementations[2].results[0].implementation, "python:torch");
}

TEST(Load, MissingFileNamesThePath) {
  const auto message = error_of([] { load_tracker("/nonexistent/tracker.json"); });
  EXPECT_THAT(message, HasSubstr("/nonexistent/tracker.json"));
  EXPECT_THAT(message, HasSubstr("cannot open"));
}

TEST(Load, NotJsonGivesLineAndColumn) {
  const auto message = error_of([] { parse_tracker("{\n  \"schema\": oops\n}", "bad.json"); });
  EXPECT_THAT(message, HasSubstr("bad.json: not JSON"));
  EXPECT_THAT(message, HasSubstr("line 2, column"));
  EXPECT_THAT(message, Not(HasSubstr("\n")));
}

TEST(Load, WrongSchemaVersionSaysWhichOneItReads) {
  auto json = testing::small_tracker_json();
  json["schema"] = "adc-tracker/2";
  const auto message = error_of([&] { parse_tracker(json.dump(), "new.json"); });
  EXPECT_THAT(message, HasSubstr("new.json"));
  EXPECT_THAT(message, HasSubstr("adc-tracker/2"));
  EXPECT_THAT(message, HasSubstr("adc-tracker/1"));
}

TEST(Load, MissingFieldNamesWhere) {
  auto json = testing::small_tracker_json();
  json["implementations"][1]["results"][3].erase("status");
  const auto message = error_of([&] { parse_tracker(json.dump(), "cut.json"); });
  EXPECT_THAT(message, HasSubstr("cut.json"));
  EXPECT_THAT(message, HasSubstr("implementations[1].results[3]"));
  EXPECT_THAT(message, HasSubstr("status"));
}

TEST(Load, ErrorsStayOneLine) {
  auto json = testing::small_tracker_json();
  json["schema"] = "two\nlines";
  const auto message = error_of([&] { parse_tracker(json.dump(), "x.json"); });
  EXPECT_THAT(message, HasSubstr("two lines"));
  EXPECT_THAT(message, Not(HasSubstr("\n")));
}

TEST(Validate, TheSmallRealTrackerIsValid) {
  const auto text = read_text_file(testing::small_tracker_path());
  EXPECT_THAT(validate_tracker(text, "small"), ::testing::IsEmpty());
}

TEST(Validate, ReportsIdPatternsMissingFailureAndSummary) {
  auto json = testing::small_tracker_json();
  json["implementations"][0]["results"][0]["id"] = "Mixed.Add";
  json["implementations"][0]["results"][1]["status"] = "fail";  // a fail with no failure
  json["implementations"][0]["results"][1].erase("failure");
  json["implementations"][0]["summary"]["pass"] = 24;  // keep the summary in step
  json["implementations"][0]["summary"]["fail"] = 1;
  json["implementations"][1].erase("summary");
  json["implementations"][2]["results"][0]["seed"] =
      12;  // a number: read, but the schema wants a string
  const auto problems = validate_tracker(json.dump(), "v.json");
  std::string all;
  for (const auto& problem : problems)
    all += problem + "\n";
  EXPECT_THAT(all, HasSubstr("implementations[0].results[0].id \"Mixed.Add\""));
  EXPECT_THAT(all, HasSubstr("implementations[0].results[1] has status fail and no \"failure\""));
  EXPECT_THAT(all, HasSubstr("implementations[1].summary is missing"));
  EXPECT_THAT(all, HasSubstr("implementations[2].results[0].seed"));
  EXPECT_EQ(problems.size(), 4u) << all;
}

TEST(Validate, IntegersMustBeIntegers) {
  // Loading itself rejects a number that is no integer (reading 2.5 or 1e300 into an int would
  // be undefined behaviour): one line naming the file and the field.
  auto fractional = testing::small_tracker_json();
  fractional["run"]["examples"] = 2.5;
  try {
    validate_tracker(fractional.dump(), "i.json");
    FAIL() << "no error";
  } catch (const TrackerError& error) {
    EXPECT_THAT(error.what(), ::testing::HasSubstr("i.json"));
    EXPECT_THAT(error.what(), ::testing::HasSubstr("expected an integer that fits, got 2.5"));
  }
  auto negative = testing::small_tracker_json();
  negative["implementations"][0]["results"][0]["cases"] = -3;
  const auto problems = validate_tracker(negative.dump(), "i.json");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "implementations[0].results[0].cases is below 0");
}

TEST(Validate, SummaryMustCountTheResults) {
  auto json = testing::small_tracker_json();
  json["implementations"][2]["summary"]["fail"] = 0;
  json["implementations"][1]["implementation"] = "python:other";
  const auto problems = validate_tracker(json.dump(), "s.json");
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "implementations[1].implementation differs from handshake.implementation");
  EXPECT_EQ(problems[1], "implementations[2].summary.fail is 0, the results have 5");
}

TEST(Validate, UnparsableTextIsAnError) {
  EXPECT_THROW(validate_tracker("[1, 2", "t.json"), TrackerError);
  EXPECT_THROW(validate_tracker("{}", "t.json"), TrackerError);
}

}  // namespace
}  // namespace tracker
