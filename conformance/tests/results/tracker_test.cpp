// The tracker JSON (docs/DESIGN.md section 4): it round-trips, summarises every status, and what
// write_tracker produces validates against reports/schema/tracker.schema.json.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "conformance/tracker.hpp"
#include "sample_results.hpp"
#include "schema_validation.hpp"

namespace conformance {
namespace {

using ::testing::HasSubstr;
using testing::kBigSeed;
using testing::sample_result;
using testing::sample_tracker;

TEST(TrackerJson, RoundTripsATrackerWithAFailure) {
  const Tracker original = sample_tracker();
  const nlohmann::json written = to_json(original);
  const Tracker read = tracker_from_json(nlohmann::json::parse(written.dump()));

  EXPECT_EQ(to_json(read), written);
  ASSERT_EQ(read.implementations.size(), 2u);
  EXPECT_EQ(read.run.seed, kBigSeed);
  EXPECT_EQ(read.run.command, original.run.command);
  EXPECT_FALSE(read.implementations[1].handshake.default_device.has_value());
  EXPECT_EQ(read.implementations[0].handshake.default_device, 0);

  const CheckResult& failed = read.implementations[0].results.at(1);
  EXPECT_EQ(failed.info.id, "mixed.array.__add__");
  EXPECT_EQ(failed.info.function, "array.__add__");
  EXPECT_EQ(failed.info.level, Level::must);
  EXPECT_EQ(failed.status, Status::fail);
  EXPECT_EQ(failed.implementation, "strict");
  EXPECT_EQ(failed.seed, kBigSeed);
  EXPECT_EQ(failed.reproduce, "BAAAAAAAAAAAA");
  ASSERT_TRUE(failed.failure.has_value());
  const Failure expected = testing::sample_failure();
  EXPECT_EQ(failed.failure->program, expected.program);
  EXPECT_EQ(failed.failure->outcome.steps, expected.outcome.steps);
  EXPECT_EQ(failed.failure->step, 1);
  EXPECT_EQ(failed.failure->actual, expected.actual);
  EXPECT_EQ(failed.failure->reproduction, expected.reproduction);
  EXPECT_EQ(read.implementations[1].results.at(0).implementation, "python:numpy");
}

TEST(TrackerJson, WritesSeedsAsDecimalStrings) {
  const nlohmann::json written = to_json(sample_tracker());
  EXPECT_EQ(written.at("run").at("seed"), "18446744073709551557");
  EXPECT_EQ(written.at("implementations")[0].at("results")[0].at("seed"), "18446744073709551557");
  EXPECT_EQ(written.at("schema"), "adc-tracker/1");
  EXPECT_EQ(written.at("implementations")[0].at("implementation"), "strict");
}

TEST(TrackerJson, ResultWithoutFailureHasNoFailureKey) {
  nlohmann::json pass = sample_result("propagate.add", Status::pass);
  EXPECT_FALSE(pass.contains("failure"));
  EXPECT_EQ(pass.at("status"), "pass");
  EXPECT_EQ(pass.at("level"), "must");
}

TEST(TrackerJson, ReadsANumericSeed) {
  nlohmann::json result = sample_result("propagate.add", Status::pass);
  result["seed"] = 42;
  EXPECT_EQ(result.get<CheckResult>().seed, 42u);
}

TEST(TrackerJson, RejectsTheWrongSchemaVersion) {
  nlohmann::json written = to_json(sample_tracker());
  written["schema"] = "adc-tracker/0";
  try {
    tracker_from_json(written);
    FAIL() << "accepted a tracker of another schema";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("adc-tracker/0"));
  }
}

TEST(TrackerJson, NamesTheBrokenResult) {
  nlohmann::json written = to_json(sample_tracker());
  written["implementations"][0]["results"][2]["status"] = "passed";
  try {
    tracker_from_json(written);
    FAIL() << "accepted an unknown status";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("implementations[0].results[2]"));
    EXPECT_THAT(error.what(), HasSubstr("passed"));
  }
  written = to_json(sample_tracker());
  written["implementations"][1]["results"][0].erase("cases");
  EXPECT_THROW(tracker_from_json(written), std::runtime_error);
}

TEST(Summarize, CountsEveryStatusIncludingZeros) {
  const auto summary =
      summarize({sample_result("a.b", Status::pass), sample_result("a.c", Status::pass),
                 sample_result("a.d", Status::fail), sample_result("a.e", Status::xpass)});
  EXPECT_EQ(summary.size(), 9u);
  EXPECT_EQ(summary.at("pass"), 2);
  EXPECT_EQ(summary.at("fail"), 1);
  EXPECT_EQ(summary.at("xpass"), 1);
  EXPECT_EQ(summary.at("unsupported"), 0);
  EXPECT_EQ(summary.at("timeout"), 0);
}

TEST(StatusNames, RoundTrip) {
  for (Status status :
       {Status::pass, Status::fail, Status::skip, Status::unsupported, Status::error, Status::crash,
        Status::timeout, Status::xfail, Status::xpass}) {
    EXPECT_EQ(status_from_name(name(status)), status) << name(status);
  }
  EXPECT_EQ(name(Status::unsupported), "unsupported");
  EXPECT_FALSE(status_from_name("PASS").has_value());
}

TEST(WriteTracker, ProducesAFileThatValidatesAgainstTheSchema) {
  const auto path = testing::temp_path("tracker.json");
  write_tracker(sample_tracker(), path);
  const auto validation = testing::validate_tracker_file(path);
  EXPECT_EQ(validation.exit_code, 0) << validation.output;
  EXPECT_THAT(validation.output, HasSubstr("valid"));

  std::ifstream in(path);
  EXPECT_EQ(tracker_from_json(nlohmann::json::parse(in)).implementations.size(), 2u);
}

// The validator must be live: a tracker it should reject is rejected.
TEST(WriteTracker, SchemaRejectsInvalidTrackers) {
  const auto check_invalid = [](const std::string& name, nlohmann::json tracker,
                                const std::string& message) {
    const auto path = testing::temp_path(name);
    std::ofstream(path) << tracker.dump(2);
    const auto validation = testing::validate_tracker_file(path);
    EXPECT_EQ(validation.exit_code, 1) << name << ": " << validation.output;
    EXPECT_THAT(validation.output, HasSubstr(message)) << name;
  };
  nlohmann::json bad_status = to_json(sample_tracker());
  bad_status["implementations"][0]["results"][0]["status"] = "passed";
  check_invalid("bad_status.json", bad_status, "'passed' is not one of");

  nlohmann::json fail_without_failure = to_json(sample_tracker());
  fail_without_failure["implementations"][0]["results"][1].erase("failure");
  check_invalid("no_failure.json", fail_without_failure, "'failure' is a required property");

  nlohmann::json bad_id = to_json(sample_tracker());
  bad_id["implementations"][0]["results"][0]["id"] = "Mixed.Add";
  check_invalid("bad_id.json", bad_id, "does not match");

  nlohmann::json numeric_seed = to_json(sample_tracker());
  numeric_seed["run"]["seed"] = 7;
  check_invalid("numeric_seed.json", numeric_seed, "is not of type 'string'");
}

// A wrapper namespace's backend (array_api_compat.numpy over NumPy 1.26) is in the schema, whole.
TEST(WriteTracker, AWrappersBackendValidatesAndAHalfOneDoesNot) {
  Tracker tracker = sample_tracker();
  tracker.implementations[0].handshake.backend_library = "numpy";
  tracker.implementations[0].handshake.backend_version = "1.26.4";
  const auto path = testing::temp_path("backend.json");
  write_tracker(tracker, path);
  const auto validation = testing::validate_tracker_file(path);
  EXPECT_EQ(validation.exit_code, 0) << validation.output;

  nlohmann::json half = to_json(tracker);
  half["implementations"][0]["handshake"]["backend"].erase("version");
  const auto half_path = testing::temp_path("half_backend.json");
  std::ofstream(half_path) << half.dump(2);
  const auto rejected = testing::validate_tracker_file(half_path);
  EXPECT_EQ(rejected.exit_code, 1) << rejected.output;
  EXPECT_THAT(rejected.output, HasSubstr("'version' is a required property"));
}

TEST(WriteTracker, NamesAPathItCannotWrite) {
  try {
    write_tracker(sample_tracker(), "/nonexistent-directory/tracker.json");
    FAIL() << "wrote into a directory that does not exist";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("/nonexistent-directory/tracker.json"));
  }
}

}  // namespace
}  // namespace conformance
