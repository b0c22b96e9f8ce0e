// `tracker history`: releases in version order, the stretches of one status, the last change,
// regressions and fixes, left-out releases, the JSON round trip and the page.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <rapidcheck/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tracker/cli.hpp"
#include "tracker/error.hpp"
#include "tracker/fixed_in.hpp"
#include "tracker/history.hpp"
#include "tracker/render_history.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using conformance::Status;
using ::testing::HasSubstr;

// One release of "python:fakelib" whose checks have the given statuses.
SourceTracker release(const std::string& version,
                      const std::vector<std::pair<std::string, Status>>& statuses) {
  conformance::ImplementationRun run;
  run.handshake.implementation = "python:fakelib";
  run.handshake.library = "fakelib";
  run.handshake.library_version = version;
  run.handshake.spec_version = "2024.12";
  for (const auto& [id, status] : statuses) {
    conformance::CheckResult result;
    result.info.id = id;
    result.info.family = id.substr(0, id.find('.'));
    result.implementation = run.handshake.implementation;
    result.status = status;
    result.spec_version = "2024.12";
    run.results.push_back(result);
  }
  conformance::Tracker tracker;
  tracker.run.seed = 1;
  tracker.run.host = "vm";
  tracker.implementations.push_back(run);
  return {.source = "runs/" + version + ".json", .tracker = tracker};
}

const CheckHistory& check(const History& history, const std::string& id) {
  for (const auto& c : history.libraries.at(0).checks)
    if (c.id == id) return c;
  throw std::runtime_error("no check " + id);
}

TEST(History, VersionsOrderAsReleasesNotAsText) {
  EXPECT_LT(compare_versions("2.9", "2.10"), 0);
  EXPECT_LT(compare_versions("0.4.9", "0.4.30"), 0);
  EXPECT_EQ(compare_versions("2.0", "2.0.0"), 0);
  EXPECT_EQ(compare_versions("2.13.0+cpu", "2.13.0"), 0);
  EXPECT_LT(compare_versions("2.0rc1", "2.0"), 0);
  EXPECT_GT(compare_versions("2026.8.0", "2024.12.1"), 0);
}

TEST(History, OlderReleaseLinesAreAnEarlierMajorVersion) {
  EXPECT_TRUE(is_older_release("1.24.2", "2.4.6"));
  EXPECT_TRUE(is_older_release("1.13.0a0", "2.13.0+cpu"));
  EXPECT_FALSE(is_older_release("2.11.0+cu130", "2.13.0+cpu"));  // the GPU host's torch
  EXPECT_FALSE(is_older_release("2.4.6", "2.5.2"));
  EXPECT_FALSE(is_older_release("2.5.2", "2.5.2"));
  EXPECT_TRUE(is_older_release("2022.12.1+dfsg", "2026.8.0"));
  EXPECT_FALSE(is_older_release("0.10.2", "0.11.2"));  // a 0.x library: minor releases
  EXPECT_FALSE(is_older_release("0.9.2", "0.11.2"));
  EXPECT_TRUE(is_older_release("0.4.38", "0.11.2"));
}

TEST(History, ReleaseLinesAreNewestFirstWithOlderLinesApart) {
  // torch 1.13 (an earlier major version) is an older line; equal versions keep their order.
  const ReleaseLines lines = by_release_line({"1.13.0a0", "2.11.0", "2.13.0+cpu", "2.13.0"});
  EXPECT_EQ(lines.current, (std::vector<std::size_t>{2, 3, 1}));
  EXPECT_EQ(lines.older, (std::vector<std::size_t>{0}));
  EXPECT_TRUE(by_release_line({}).current.empty());
}

RC_GTEST_PROP(History, VersionOrderIsAntisymmetric, (unsigned a, unsigned b, unsigned c)) {
  const std::string x = std::to_string(a % 5) + "." + std::to_string(b % 12);
  const std::string y = std::to_string(b % 5) + "." + std::to_string(c % 12) + ".1";
  RC_ASSERT(compare_versions(x, y) == -compare_versions(y, x));
}

TEST(History, ReleasesAreOrderedByVersionWhateverTheOrderGiven) {
  const History history = build_history({release("2.10.0", {{"explicit.zeros", Status::pass}}),
                                         release("2.9.1", {{"explicit.zeros", Status::fail}})},
                                        {});
  ASSERT_EQ(history.libraries.size(), 1u);
  const auto& releases = history.libraries[0].releases;
  ASSERT_EQ(releases.size(), 2u);
  EXPECT_EQ(releases[0].version, "2.9.1");
  EXPECT_EQ(releases[1].version, "2.10.0");
  const CheckHistory& zeros = check(history, "explicit.zeros");
  EXPECT_EQ(zeros.last_change, "2.10.0");
  EXPECT_EQ(zeros.fixed_in, "2.10.0");
  EXPECT_EQ(zeros.regressed_in, "");
  EXPECT_EQ(describe(zeros), "fails in 2.9.1, passes from 2.10.0");
}

TEST(History, StretchesJoinReleasesOfOneStatus) {
  const History history = build_history({release("1.0", {{"mixed.add", Status::fail}}),
                                         release("1.1", {{"mixed.add", Status::xfail}}),
                                         release("1.2", {{"mixed.add", Status::pass}}),
                                         release("1.3", {{"mixed.add", Status::xpass}})},
                                        {});
  const CheckHistory& add = check(history, "mixed.add");
  ASSERT_EQ(add.stretches.size(), 2u);  // an expected failure is a failure here
  EXPECT_EQ(add.stretches[0].from, "1.0");
  EXPECT_EQ(add.stretches[0].to, "1.1");
  EXPECT_EQ(add.stretches[1].status, "pass");
  EXPECT_EQ(describe(add), "fails in 1.0-1.1, passes from 1.2");
}

TEST(History, AFailureAfterAPassIsARegressionNamingItsFirstRelease) {
  const History history = build_history({release("1.0", {{"like.zeros_like", Status::pass}}),
                                         release("1.1", {{"like.zeros_like", Status::pass}}),
                                         release("1.2", {{"like.zeros_like", Status::crash}}),
                                         release("1.3", {{"like.zeros_like", Status::fail}})},
                                        {});
  const CheckHistory& like = check(history, "like.zeros_like");
  EXPECT_EQ(like.regressed_in, "1.2");
  EXPECT_EQ(like.fixed_in, "");
  EXPECT_EQ(like.last_change, "1.3");
  const std::string page = render_history_markdown(history);
  EXPECT_THAT(page, HasSubstr("`like.zeros_like`: **regression in 1.2**: passes in 1.0-1.1, "
                              "crashes in 1.2, fails from 1.3"));
}

TEST(History, ACheckThatNeverChangedHasOneStretchAndNoChange) {
  const History history = build_history({release("1.0", {{"info.devices", Status::unsupported}}),
                                         release("1.1", {{"info.devices", Status::unsupported}})},
                                        {});
  const CheckHistory& info = check(history, "info.devices");
  EXPECT_EQ(info.stretches.size(), 1u);
  EXPECT_EQ(info.last_change, "");
  EXPECT_EQ(describe(info), "is unsupported in every release (1.0-1.1)");
  EXPECT_THAT(render_history_markdown(history),
              HasSubstr("No check changed its status across these releases."));
}

TEST(History, ACheckMissingFromARunIsAbsentThere) {
  const History history =
      build_history({release("1.0", {}), release("1.1", {{"transfer.lands", Status::pass}})}, {});
  const CheckHistory& lands = check(history, "transfer.lands");
  ASSERT_EQ(lands.stretches.size(), 2u);
  EXPECT_EQ(lands.stretches[0].status, "absent");
}

TEST(History, LeftOutReleasesAreListedWithWhy) {
  const History history =
      build_history({release("2.0", {{"explicit.zeros", Status::pass}})},
                    {{.implementation = "python:fakelib", .release = "1.26", .why = "no wheel"},
                     {.implementation = "python:other", .release = "3.0", .why = "no CPU wheel"}});
  ASSERT_EQ(history.libraries.size(), 2u);
  ASSERT_EQ(history.libraries[0].left_out.size(), 1u);
  EXPECT_EQ(history.libraries[0].left_out[0].why, "no wheel");
  EXPECT_EQ(history.libraries[1].library, "other");
  EXPECT_TRUE(history.libraries[1].releases.empty());
  const std::string page = render_history_markdown(history);
  EXPECT_THAT(page, HasSubstr("- 1.26: no wheel"));
  EXPECT_THAT(page, HasSubstr("\nRan on: vm (1 release run).\n"));
  EXPECT_THAT(page, HasSubstr("No release ran."));
}

// A run of array_api_compat.numpy (version `wrapper`) over NumPy `backend`.
SourceTracker compat_over(const std::string& wrapper, const std::string& backend,
                          const std::vector<std::pair<std::string, Status>>& statuses) {
  SourceTracker source = release(wrapper, statuses);
  auto& handshake = source.tracker.implementations.at(0).handshake;
  handshake.implementation = "python:array_api_compat.numpy";
  handshake.library = "array_api_compat.numpy";
  handshake.backend_library = "numpy";
  handshake.backend_version = backend;
  for (auto& result : source.tracker.implementations.at(0).results)
    result.implementation = handshake.implementation;
  source.source = "runs/compat-" + wrapper + "-numpy-" + backend + ".json";
  return source;
}

TEST(History, WrappedRunsAreReleasesOfTheLibraryUnderTheWrapper) {
  // compat's own releases over NumPy 2.4, and compat 1.16 over NumPy's releases: two series of
  // one implementation, each ordered by its own versions.
  const History history =
      build_history({compat_over("1.15.0", "2.4.6", {{"propagate.add", Status::pass}}),
                     compat_over("1.16.0", "2.4.6", {{"propagate.add", Status::pass}})},
                    {{.implementation = "python:array_api_compat.numpy",
                      .release = "1.25.2",
                      .why = "no wheel",
                      .releases_of = "numpy"}},
                    {compat_over("1.16.0", "2.0.2", {{"propagate.add", Status::pass}}),
                     compat_over("1.16.0", "1.26.4", {{"propagate.add", Status::fail}})});
  ASSERT_EQ(history.libraries.size(), 2u);
  const LibraryHistory& own = history.libraries[0];
  EXPECT_EQ(own.releases_of, "");
  EXPECT_EQ(own.releases.size(), 2u);
  const LibraryHistory& numpy = history.libraries[1];
  EXPECT_EQ(numpy.implementation, "python:array_api_compat.numpy");
  EXPECT_EQ(numpy.library, "numpy");
  EXPECT_EQ(numpy.releases_of, "numpy");
  ASSERT_EQ(numpy.releases.size(), 2u);
  EXPECT_EQ(numpy.releases[0].version, "1.26.4");
  EXPECT_EQ(numpy.releases[0].wrapper_version, "1.16.0");
  ASSERT_EQ(numpy.left_out.size(), 1u);
  EXPECT_EQ(numpy.checks.at(0).fixed_in, "2.0.2");
  EXPECT_EQ(series_label(numpy), "python:array_api_compat.numpy over numpy's releases");

  const std::string page = render_history_markdown(history);
  EXPECT_THAT(page, HasSubstr("## numpy through `python:array_api_compat.numpy`"));
  EXPECT_THAT(page,
              HasSubstr("under the wrapper namespace `python:array_api_compat.numpy` 1.16.0"));
  EXPECT_THAT(page, HasSubstr("| `python:array_api_compat.numpy over numpy's releases` | 2 ("));
  const nlohmann::json json = to_json(history);
  EXPECT_EQ(json["libraries"][1]["releases_of"], "numpy");
  EXPECT_EQ(json["libraries"][1]["releases"][0]["wrapper_version"], "1.16.0");
  EXPECT_FALSE(json["libraries"][0].contains("releases_of"));
  EXPECT_EQ(to_json(history_from_json(json, "history.json")), json);
}

TEST(History, AWrappersSeriesOfALibrarysReleasesFollowsThatLibrarysOwn) {
  SourceTracker numpy = release("2.4.6", {});
  numpy.tracker.implementations.at(0).handshake.implementation = "python:numpy";
  numpy.tracker.implementations.at(0).handshake.library = "numpy";
  const History history = build_history({numpy, compat_over("1.16.0", "2.4.6", {})}, {},
                                        {compat_over("1.16.0", "1.26.4", {})});
  ASSERT_EQ(history.libraries.size(), 3u);
  EXPECT_EQ(history.libraries[0].implementation, "python:numpy");
  EXPECT_EQ(history.libraries[1].releases_of, "numpy");
  EXPECT_EQ(history.libraries[2].implementation, "python:array_api_compat.numpy");
  EXPECT_EQ(history.libraries[2].releases_of, "");
}

TEST(History, AWrappedRunMustNameItsBackend) {
  EXPECT_THROW(build_history({}, {}, {release("1.0", {})}), TrackerError);
  // The same backend release twice under one wrapper series is one release twice.
  EXPECT_THROW(
      build_history({}, {},
                    {compat_over("1.15.0", "2.0.2", {}), compat_over("1.16.0", "2.0.2", {})}),
      TrackerError);
}

TEST(History, ALeftOutLineMayNameTheLibraryUnderAWrapper) {
  const auto left = parse_left_out(
      R"({"implementation": "python:array_api_compat.numpy", "release": "1.25.2", "why": "x", "releases_of": "numpy"})",
      "left-out.jsonl");
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].releases_of, "numpy");
  EXPECT_THROW(
      parse_left_out(R"({"implementation": "p", "release": "1", "why": "x", "releases_of": 1})",
                     "left-out.jsonl"),
      TrackerError);
}

TEST(History, OneReleaseTwiceIsAnError) {
  EXPECT_THROW(build_history({release("1.0", {}), release("1.0", {})}, {}), TrackerError);
}

TEST(History, TheJsonReadsBackAsTheSameHistory) {
  const History history = build_history(
      {release("1.0", {{"mixed.add", Status::pass}, {"explicit.zeros", Status::skip}}),
       release("1.1", {{"mixed.add", Status::fail}, {"explicit.zeros", Status::pass}})},
      {{.implementation = "python:fakelib", .release = "0.9", .why = "does not import"}});
  const nlohmann::json json = to_json(history);
  EXPECT_EQ(json["schema"], kHistorySchema);
  const History read = history_from_json(json, "history.json");
  EXPECT_EQ(to_json(read), json);
  EXPECT_EQ(render_history_markdown(read), render_history_markdown(history));
  EXPECT_THROW(history_from_json(nlohmann::json{{"schema", "adc-tracker/1"}}, "x.json"),
               TrackerError);
}

TEST(History, FamiliesCountPassingOfJudged) {
  const History history = build_history({release("1.0", {{"mixed.add", Status::pass},
                                                         {"mixed.sub", Status::fail},
                                                         {"mixed.mul", Status::unsupported},
                                                         {"info.devices", Status::skip}})},
                                        {});
  const auto& families = history.libraries[0].releases[0].families;
  EXPECT_EQ(families.at("mixed").pass, 1);
  EXPECT_EQ(families.at("mixed").fail, 1);
  EXPECT_EQ(families.at("mixed").not_judged, 1);
  const std::string page = render_history_markdown(history);
  EXPECT_THAT(page, HasSubstr("| 1.0 | 2024.12 | "));
  EXPECT_THAT(page, HasSubstr(" 1/2 | - |"));  // mixed, then info: none judged
}

TEST(History, LeftOutLinesThatAreNotJsonNameTheirLine) {
  EXPECT_EQ(
      parse_left_out("{\"implementation\":\"python:a\",\"release\":\"1\",\"why\":\"w\"}\n\n", "f")
          .size(),
      1u);
  try {
    parse_left_out("{\"implementation\":\"python:a\",\"release\":\"1\",\"why\":\"w\"}\nnope\n",
                   "left.jsonl");
    FAIL() << "no error";
  } catch (const TrackerError& error) {
    EXPECT_THAT(error.what(), HasSubstr("left.jsonl line 2"));
  }
}

// The command: runs in, JSON and page out; the JSON rendered again gives the same page.
TEST(History, TheCommandWritesTheJsonAndRendersItAgain) {
  const auto dir = testing::scratch_dir("history");
  const auto one = testing::write_file(
      dir / "a.json",
      conformance::to_json(release("1.0", {{"mixed.add", Status::pass}}).tracker).dump());
  const auto two = testing::write_file(
      dir / "b.json",
      conformance::to_json(release("1.1", {{"mixed.add", Status::fail}}).tracker).dump());
  const auto left = testing::write_file(
      dir / "left.jsonl",
      "{\"implementation\":\"python:fakelib\",\"release\":\"0.9\",\"why\":\"no wheel\"}\n");
  std::ostringstream out, err;
  ASSERT_EQ(run_cli({"history", one, two, "--left-out", left, "--json", (dir / "h.json").string(),
                     "--markdown", (dir / "h.md").string()},
                    out, err),
            0)
      << err.str();
  EXPECT_THAT(out.str(), HasSubstr("history of 1 libraries, 2 releases"));
  std::ostringstream again_out, again_err;
  ASSERT_EQ(
      run_cli({"history", (dir / "h.json").string(), "--markdown", (dir / "again.md").string()},
              again_out, again_err),
      0)
      << again_err.str();
  std::ifstream first(dir / "h.md"), second(dir / "again.md");
  const std::string a((std::istreambuf_iterator<char>(first)), {});
  const std::string b((std::istreambuf_iterator<char>(second)), {});
  EXPECT_EQ(a, b);
  EXPECT_THAT(a, HasSubstr("**regression in 1.1**"));
  std::ostringstream bad_out, bad_err;
  EXPECT_EQ(run_cli({"history", (dir / "h.json").string(), one}, bad_out, bad_err), 2);
}

// A known issue whose checks failed in an older release and pass in the newest is fixed there;
// one with a check still failing, or a draft, is not.
TEST(History, AKnownIssueNoLongerFailingIsFixedInItsRelease) {
  const History history = build_history({release("2.0", {{"propagate.add", Status::fail},
                                                         {"propagate.sin", Status::xfail},
                                                         {"mixed.add", Status::fail},
                                                         {"mixed.sub", Status::fail}}),
                                         release("2.1", {{"propagate.add", Status::pass},
                                                         {"propagate.sin", Status::fail},
                                                         {"mixed.add", Status::pass},
                                                         {"mixed.sub", Status::fail}}),
                                         release("2.2", {{"propagate.add", Status::pass},
                                                         {"propagate.sin", Status::pass},
                                                         {"mixed.add", Status::pass},
                                                         {"mixed.sub", Status::fail}})},
                                        {});
  const KnownIssues known{.issues = {{.implementation = "python:fakelib",
                                      .check = "propagate.*",
                                      .url = "https://github.com/fake/fakelib/issues/1",
                                      .note = "",
                                      .draft = ""},
                                     {.implementation = "python:fake*",
                                      .check = "mixed.*",
                                      .url = "https://github.com/fake/fakelib/issues/2",
                                      .note = "",
                                      .draft = ""}}};
  const auto fixed = fixed_issues(history, known);
  ASSERT_EQ(fixed.size(), 1u);  // issue 2 still fails in mixed.sub
  EXPECT_EQ(fixed[0].url, "https://github.com/fake/fakelib/issues/1");
  EXPECT_EQ(fixed[0].fixed_in, "2.2");  // from where every one of its checks passes
  EXPECT_EQ(fixed[0].last_failing, "2.1");
  EXPECT_EQ(fixed[0].checks, (std::vector<std::string>{"propagate.add", "propagate.sin"}));
  const std::string section = fixed_issues_markdown(fixed, "history/HISTORY.md");
  EXPECT_THAT(section, HasSubstr("[history of releases](history/HISTORY.md)"));
  EXPECT_THAT(section, HasSubstr("| `python:fakelib` | 2.2 | 2.1 | 2: `propagate.add` "));
  EXPECT_EQ(fixed_issues_markdown({}, "x"), "");
}

// The JSON the command writes is valid against reports/schema/history.schema.json, checked by an
// independent validator (Debian's python3-jsonschema); and so is the committed history.
TEST(History, TheWrittenJsonIsValidAgainstItsSchema) {
  const auto dir = testing::scratch_dir("history_schema");
  const History history = build_history(
      {release("1.0", {{"mixed.add", Status::pass}, {"explicit.zeros", Status::xfail}}),
       release("1.1", {{"mixed.add", Status::crash}})},
      {{.implementation = "python:fakelib", .release = "0.9", .why = "does not import"}});
  const auto written = testing::write_file(dir / "history.json", to_json(history).dump(1));
  const std::string source = adc::build_locations::source_dir;
  std::string files = "'" + written + "'";
  if (std::filesystem::exists(source + "/reports/history/history.json"))
    files += " '" + source + "/reports/history/history.json'";
  const std::string validate =
      std::string(adc::build_locations::python) +
      " -c 'import json, sys, jsonschema\n"
      "schema = json.load(open(sys.argv[1]))\n"
      "for f in sys.argv[2:]: jsonschema.Draft202012Validator(schema).validate(json.load(open(f)))"
      "\n' '" +
      source + "/reports/schema/history.schema.json' " + files;
  EXPECT_EQ(std::system(validate.c_str()), 0) << validate;
}

}  // namespace
}  // namespace tracker
