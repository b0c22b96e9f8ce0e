// JUnit XML: one suite per implementation, counts a CI can trust, failures that carry what is
// needed to replay them, and text escaped so that any parser reads it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "conformance/junit.hpp"
#include "sample_results.hpp"
#include "schema_validation.hpp"

namespace conformance {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::sample_result;

Tracker every_status_tracker() {
  Tracker tracker = testing::sample_tracker();
  auto& results = tracker.implementations[0].results;
  results = {sample_result("a.pass", Status::pass),
             sample_result("a.fail", Status::fail),
             sample_result("a.skip", Status::skip),
             sample_result("a.unsupported", Status::unsupported),
             sample_result("a.error", Status::error),
             sample_result("a.crash", Status::crash),
             sample_result("a.timeout", Status::timeout),
             sample_result("a.xfail", Status::xfail),
             sample_result("a.xpass", Status::xpass)};
  results[4].reason = "threw <std::out_of_range> & \"more\"\x01";
  return tracker;
}

// The <testsuite ...> start tag for `implementation`.
std::string suite_tag(const std::string& xml, const std::string& implementation) {
  const auto start = xml.find("<testsuite name=\"" + implementation + "\"");
  EXPECT_NE(start, std::string::npos) << implementation;
  if (start == std::string::npos) return "";
  return xml.substr(start, xml.find('>', start) - start + 1);
}

TEST(JUnit, CountsEachSuite) {
  const auto xml = to_junit_xml(every_status_tracker());
  // fail, error, crash, timeout, xpass are failures; skip, unsupported, xfail are skipped.
  EXPECT_THAT(suite_tag(xml, "strict"),
              HasSubstr(R"(tests="9" failures="5" errors="0" skipped="3")"));
  EXPECT_THAT(suite_tag(xml, "python:numpy"),
              HasSubstr(R"(tests="1" failures="0" errors="0" skipped="1")"));
  EXPECT_THAT(xml, HasSubstr(R"(<testsuites name="conformance" tests="10" failures="5")"));
}

TEST(JUnit, NamesTestcasesByImplementationAndCheckId) {
  const auto xml = to_junit_xml(every_status_tracker());
  EXPECT_THAT(xml, HasSubstr(R"(<testcase classname="strict" name="a.pass" time="0.250"/>)"));
  EXPECT_THAT(xml, HasSubstr(R"(<testcase classname="python:numpy" name="explicit.zeros")"));
  EXPECT_THAT(xml, HasSubstr(R"(<skipped message="unsupported: why: unsupported"/>)"));
}

TEST(JUnit, AFailureCarriesExpectedActualAndTheReproduction) {
  const auto xml = to_junit_xml(every_status_tracker());
  const auto start = xml.find(R"(name="a.fail")");
  ASSERT_NE(start, std::string::npos);
  const auto failure = xml.substr(start, xml.find("</testcase>", start) - start);
  EXPECT_THAT(
      failure,
      HasSubstr(
          R"(<failure type="fail" message="expected a result on devices[1] (device1), got a result on devices[0] (cpu) &lt;&amp; &quot;quoted&quot; &apos;x&apos;&gt;")"));
  EXPECT_THAT(failure, HasSubstr("expected: a result on devices[1] (device1)\n"));
  EXPECT_THAT(
      failure,
      HasSubstr("reproduction:\nimport strict\nx0 = xp.zeros((2, 3), device=devices[1])\n"));
  EXPECT_THAT(failure, HasSubstr("program:\n"));
  EXPECT_THAT(failure, HasSubstr("seed: 18446744073709551557"));
  EXPECT_THAT(failure, HasSubstr("reproduce: BAAAAAAAAAAAA"));
}

TEST(JUnit, EscapesTextAndControlCharacters) {
  const auto xml = to_junit_xml(every_status_tracker());
  EXPECT_THAT(xml, HasSubstr("threw &lt;std::out_of_range&gt; &amp; &quot;more&quot;\\x01"));
  EXPECT_THAT(xml, Not(HasSubstr("\x01")));
}

TEST(JUnit, WritesAFileThatParsesAsXml) {
  const auto path = testing::temp_path("junit.xml");
  write_junit(every_status_tracker(), path);
  const auto parsed = testing::parse_xml_file(path);
  EXPECT_EQ(parsed.exit_code, 0) << parsed.output;
  EXPECT_THAT(parsed.output, HasSubstr("well-formed"));

  // The parser is live: an unescaped ampersand is rejected.
  const auto broken = testing::temp_path("broken.xml");
  std::ofstream(broken) << "<testsuites><testsuite name=\"a & b\"/></testsuites>\n";
  EXPECT_NE(testing::parse_xml_file(broken).exit_code, 0);
}

TEST(JUnit, AnEmptyTrackerIsAnEmptyReport) {
  const auto xml = to_junit_xml(Tracker{});
  EXPECT_THAT(xml, HasSubstr(R"(<testsuites name="conformance" tests="0" failures="0")"));
  EXPECT_THAT(xml, Not(HasSubstr("<testsuite ")));
}

TEST(JUnit, NamesAPathItCannotWrite) {
  try {
    write_junit(Tracker{}, "/nonexistent-directory/junit.xml");
    FAIL() << "wrote into a directory that does not exist";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("/nonexistent-directory/junit.xml"));
  }
}

}  // namespace
}  // namespace conformance
