// The `conformance` command as a user meets it (docs/DESIGN.md section 4): the built binary is run
// through the shell, and its exit status, stderr and output files are checked.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "build_locations.hpp"
#include "conformance/journal.hpp"
#include "conformance/tracker.hpp"
#include "schema_validation.hpp"

namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Invocation {
  int status = -1;
  std::string out{};
  std::string err{};
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::path(::testing::TempDir()) / "cli_test.XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  // Runs `conformance <args>` (args as a shell would read them), with `environment`
  // ("NAME=value ...") in front.
  Invocation run(const std::string& args, const std::string& environment = "") const {
    const fs::path out = dir_ / "stdout.txt";
    const fs::path err = dir_ / "stderr.txt";
    const std::string command = environment + " '" + adc::build_locations::conformance_binary +
                                "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    Invocation invocation;
    invocation.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    invocation.out = read_file(out);
    invocation.err = read_file(err);
    return invocation;
  }

  // Runs the transfer family on strict, small and seeded, and returns the tracker it wrote.
  conformance::Tracker small_run(const std::string& json_name, const std::string& extra = "") {
    const fs::path json = dir_ / json_name;
    const Invocation invocation =
        run("--impl strict --filter 'transfer.*' --examples 5 --seed 1 --quiet --json '" +
            json.string() + "' " + extra);
    last_status_ = invocation.status;
    last_output_ = invocation.out + invocation.err;
    return conformance::tracker_from_json(nlohmann::json::parse(read_file(json)));
  }

  fs::path dir_;
  int last_status_ = -1;
  std::string last_output_;
};

// A usage or setup error: exit 2 and one line on stderr naming the cause.
void expect_usage_error(const Invocation& invocation, const std::string& cause) {
  EXPECT_EQ(invocation.status, 2) << invocation.out << invocation.err;
  EXPECT_THAT(invocation.err, AllOf(StartsWith("conformance: error: "), HasSubstr(cause)));
}

TEST_F(Cli, ListPrintsEveryCheckIdWithFamilyLevelAndFirstVersionAndExitsZero) {
  const Invocation invocation = run("--list");
  ASSERT_EQ(invocation.status, 0) << invocation.err;
  const std::vector<std::string> lines = lines_of(invocation.out);
  bool transfer = false;
  bool mixed = false;
  std::map<std::string, std::string> since;
  for (const std::string& line : lines) {
    transfer = transfer || line.starts_with("transfer.");
    mixed = mixed || line.starts_with("mixed.");
    std::istringstream columns(line);
    std::string id, family, level, since_word, version;
    columns >> id >> family >> level >> since_word >> version;
    EXPECT_TRUE(id.starts_with(family + ".")) << line;
    EXPECT_THAT(level, ::testing::AnyOf("must", "should", "informational")) << line;
    EXPECT_EQ(since_word, "since") << line;
    EXPECT_THAT(version, ::testing::MatchesRegex("20[0-9][0-9]\\.12")) << line;
    since[id] = version;
  }
  // The function's version, the keyword's, the family's.
  EXPECT_EQ(since["mixed.add"], "2021.12");
  EXPECT_EQ(since["mixed.isin"], "2025.12");
  EXPECT_EQ(since["propagate.linalg.eig"], "2025.12");
  EXPECT_EQ(since["explicit.astype"], "2023.12");
  EXPECT_EQ(since["info.devices.nonempty"], "2023.12");
  EXPECT_TRUE(transfer) << invocation.out;
  EXPECT_TRUE(mixed) << invocation.out;
}

// --list-faults: strict's injectable faults, one line each (name, family, bug), for
// strict:fault=NAME.
TEST_F(Cli, ListFaultsPrintsEachFaultWithItsFamilyAndBug) {
  const Invocation invocation = run("--list-faults");
  ASSERT_EQ(invocation.status, 0) << invocation.err;
  const std::vector<std::string> lines = lines_of(invocation.out);
  EXPECT_GE(lines.size(), 20u) << invocation.out;
  for (const std::string& line : lines) {
    std::istringstream columns(line);
    std::string fault, family, bug;
    columns >> fault >> family >> bug;
    EXPECT_FALSE(bug.empty()) << line;
    EXPECT_THAT(family, ::testing::AnyOf("info", "device_object", "explicit", "like", "default",
                                         "propagate", "mixed", "mixed_0d", "transfer", "dlpack",
                                         "dtype_functions", "host", "program"))
        << line;
  }
  EXPECT_THAT(invocation.out, HasSubstr("to_device_is_noop"));
}

TEST_F(Cli, AFaultFailsItsCheckAndTheRunNamesIt) {
  const Invocation invocation =
      run("--impl strict:fault=to_device_is_noop --filter transfer.lands --examples 5 --seed 1");
  EXPECT_EQ(invocation.status, 1) << invocation.out << invocation.err;
  EXPECT_THAT(invocation.out, HasSubstr("strict:fault=to_device_is_noop"));
  EXPECT_THAT(invocation.out, ::testing::ContainsRegex("fail +transfer\\.lands"));
}

TEST_F(Cli, AnUnknownFaultIsAUsageErrorListingTheValidNames) {
  const Invocation invocation = run("--impl strict:fault=no_such_fault --filter transfer.lands");
  expect_usage_error(invocation, "no_such_fault");
  EXPECT_THAT(invocation.err, HasSubstr("to_device_is_noop"));
}

TEST_F(Cli, ListHonoursTheFilter) {
  const Invocation invocation = run("--list --filter 'mixed.*'");
  ASSERT_EQ(invocation.status, 0) << invocation.err;
  const std::vector<std::string> lines = lines_of(invocation.out);
  ASSERT_FALSE(lines.empty());
  for (const std::string& line : lines)
    EXPECT_THAT(line, StartsWith("mixed.")) << line;
}

TEST_F(Cli, VersionExitsZero) {
  const Invocation invocation = run("--version");
  EXPECT_EQ(invocation.status, 0);
  EXPECT_THAT(invocation.out, ::testing::ContainsRegex("[0-9]+\\.[0-9]+\\.[0-9]+"));
}

TEST_F(Cli, UnknownImplementationListsTheValidForms) {
  expect_usage_error(run("--impl nosuchlib"), "unknown implementation 'nosuchlib'");
  EXPECT_THAT(run("--impl nosuchlib").err,
              AllOf(HasSubstr("strict"), HasSubstr("torch"), HasSubstr("python:<module>")));
}

TEST_F(Cli, PythonModuleThatDoesNotImportIsASetupError) {
  expect_usage_error(run("--impl python:no_such_module_xyz"),
                     "python:no_such_module_xyz: the module does not import");
}

// The wheel's console script sets CONFORMANCE_PYTHON to its own interpreter: it is --python's
// default, and an explicit --python still wins.
TEST_F(Cli, ConformancePythonIsTheDefaultInterpreterAndPythonOverridesIt) {
  const std::string environment = "CONFORMANCE_PYTHON=/nonexistent/env/python3";
  expect_usage_error(run("--impl python:numpy --filter 'transfer.*' --examples 1", environment),
                     "--python /nonexistent/env/python3: cannot run");
  expect_usage_error(
      run("--impl python:numpy --python /other/python3 --filter 'transfer.*' --examples 1",
          environment),
      "--python /other/python3: cannot run");
  EXPECT_THAT(run("--help", environment).out, HasSubstr("/nonexistent/env/python3"));
}

TEST_F(Cli, MissingTorchPluginIsASetupError) {
  expect_usage_error(run("--impl torch", "ADC_TORCH_ADAPTER=/nonexistent/libadc_torch_adapter.so"),
                     "/nonexistent/libadc_torch_adapter.so is missing");
}

TEST_F(Cli, FileThatIsNoPluginIsASetupError) {
  const fs::path bogus = dir_ / "libadc_torch_adapter.so";
  write_file(bogus, "not a shared object");
  expect_usage_error(run("--impl torch", "ADC_TORCH_ADAPTER='" + bogus.string() + "'"),
                     "cannot load");
}

// Routes (python:<module>@<route>, --route): each misuse is one line and exit 2, before any check.
TEST_F(Cli, AnUnknownRouteIsAUsageErrorNamingTheRoutes) {
  expect_usage_error(run("--impl python:numpy@bogus"),
                     "--impl python:numpy@bogus: 'bogus' is no route; the routes are eager "
                     "(the default), jit, compile, lazy");
  expect_usage_error(run("--impl python:numpy --route bogus"), "--route bogus is no route");
}

TEST_F(Cli, ARouteNeedsPythonImplementationsAndNoPeer) {
  expect_usage_error(run("--impl strict --route jit"),
                     "--route jit needs python: implementations: --impl strict runs its programs "
                     "in no Python process");
  expect_usage_error(run("--impl python:numpy@jit --route jit"),
                     "--route jit beside --impl python:numpy@jit, which names its route already");
  expect_usage_error(run("--impl python:numpy@jit --peer python:numpy"),
                     "--peer runs two namespaces in one process, which only the eager route does");
}

// fakexp's arrays are no JAX arrays: alone on the jit route, the run has nothing to run.
TEST_F(Cli, ARouteNoImplementationCanTakeIsAUsageError) {
  const Invocation invocation =
      run("--impl python:fakexp --route jit --filter 'transfer.*'",
          "PYTHONPATH='" + std::string(adc::build_locations::python_fakes) + "'");
  expect_usage_error(invocation, "--impl python:fakexp@jit: fakexp has no jit route: ");
  EXPECT_EQ(std::count(invocation.err.begin(), invocation.err.end(), '\n'), 1) << invocation.err;
}

// The lazy route computes dask graphs: fakexp's arrays are none either.
TEST_F(Cli, TheLazyRouteTakesOnlyDaskArrays) {
  const Invocation invocation =
      run("--impl python:fakexp@lazy --filter 'transfer.*'",
          "PYTHONPATH='" + std::string(adc::build_locations::python_fakes) + "'");
  expect_usage_error(invocation,
                     "--impl python:fakexp@lazy: fakexp has no lazy route: the lazy route "
                     "computes dask graphs of dask arrays, and fakexp's arrays are ");
}

TEST_F(Cli, MissingImplementationIsAUsageError) {
  expect_usage_error(run("--examples 3"), "--impl");
}

TEST_F(Cli, FilterMatchingNoCheckIsAUsageError) {
  expect_usage_error(run("--impl strict --filter 'nosuch.*'"), "'nosuch.*' matches no check");
}

TEST_F(Cli, MalformedExpectationsFileIsAUsageError) {
  const fs::path file = dir_ / "expectations.json";
  write_file(file, "{ this is not json");
  expect_usage_error(run("--impl strict --expectations '" + file.string() + "'"), file.string());
}

TEST_F(Cli, UnreadableExpectationsFileIsAUsageError) {
  const fs::path file = dir_ / "no-such-expectations.json";
  expect_usage_error(run("--impl strict --expectations '" + file.string() + "'"), file.string());
}

TEST_F(Cli, EveryExpectationsFileIsRead) {
  // tools/run passes one file per implementation: a malformed second one is named too.
  const fs::path good = dir_ / "good-expectations.json";
  write_file(good, R"({"schema": "adc-expectations/1", "expectations": []})");
  const fs::path bad = dir_ / "bad-expectations.json";
  write_file(bad, R"({"schema": "adc-expectations/1", "expectations": [{"check": "x"}]})");
  expect_usage_error(run("--impl strict --expectations '" + good.string() + "' --expectations '" +
                         bad.string() + "'"),
                     bad.string());
}

TEST_F(Cli, UnwritableOutputPathsAreUsageErrorsBeforeAnyCheckRuns) {
  expect_usage_error(run("--impl strict --json /nonexistent-dir/x.json"),
                     "--json /nonexistent-dir/x.json");
  expect_usage_error(run("--impl strict --junit /nonexistent-dir/x.xml"),
                     "--junit /nonexistent-dir/x.xml");
  expect_usage_error(run("--impl strict --journal /nonexistent-dir/x.jsonl"),
                     "--journal /nonexistent-dir/x.jsonl");
}

TEST_F(Cli, ExamplesBelowOneIsAUsageError) {
  expect_usage_error(run("--impl strict --examples 0"), "--examples");
}

TEST_F(Cli, ReproduceNeedsExactlyOneCheck) {
  expect_usage_error(run("--impl strict --reproduce abc"), "--reproduce");
}

TEST_F(Cli, ParseErrorsExitTwoWithTheSamePrefix) {
  expect_usage_error(run("--impl strict --no-such-option"), "--no-such-option");
  expect_usage_error(run("--impl strict --examples many"), "many");
}

TEST_F(Cli, SmallRunPassesAndWritesTrackerJunitAndJournal) {
  const fs::path json = dir_ / "tracker.json";
  const fs::path junit = dir_ / "junit.xml";
  const Invocation invocation =
      run("--impl strict --filter 'transfer.*' --examples 5 --seed 1 --json '" + json.string() +
          "' --junit '" + junit.string() + "'");
  EXPECT_EQ(invocation.status, 0) << invocation.out << invocation.err;
  EXPECT_THAT(invocation.out, AllOf(HasSubstr("transfer."), HasSubstr("seed 1")));

  const nlohmann::json document = nlohmann::json::parse(read_file(json));
  EXPECT_EQ(document.at("schema"), "adc-tracker/1");
  const conformance::Tracker tracker = conformance::tracker_from_json(document);
  EXPECT_EQ(tracker.run.seed, 1u);
  EXPECT_EQ(tracker.run.examples, 5);
  EXPECT_FALSE(tracker.run.finished.empty());
  ASSERT_EQ(tracker.implementations.size(), 1u);
  EXPECT_EQ(tracker.implementations[0].handshake.implementation, "strict");
  ASSERT_FALSE(tracker.implementations[0].results.empty());
  for (const conformance::CheckResult& result : tracker.implementations[0].results)
    EXPECT_THAT(result.info.id, StartsWith("transfer."));
  const auto validation = conformance::testing::validate_tracker_file(json.string());
  EXPECT_EQ(validation.exit_code, 0) << validation.output;

  EXPECT_THAT(read_file(junit), HasSubstr("<testsuite"));
  // The journal goes beside the tracker by default and describes the same results.
  const conformance::Tracker rebuilt =
      conformance::rebuild_from_journal(json.string() + ".journal.jsonl");
  ASSERT_EQ(rebuilt.implementations.size(), 1u);
  EXPECT_EQ(rebuilt.implementations[0].results.size(), tracker.implementations[0].results.size());
}

TEST_F(Cli, TheSameSeedGivesTheSameResults) {
  const conformance::Tracker first = small_run("first.json");
  ASSERT_EQ(last_status_, 0) << last_output_;
  const conformance::Tracker second = small_run("second.json");
  ASSERT_EQ(last_status_, 0) << last_output_;
  ASSERT_EQ(first.implementations.size(), 1u);
  ASSERT_EQ(second.implementations.size(), 1u);
  const auto& a = first.implementations[0].results;
  const auto& b = second.implementations[0].results;
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    conformance::CheckResult x = a[i];
    conformance::CheckResult y = b[i];
    x.seconds = y.seconds = 0;  // everything but the time must match
    EXPECT_EQ(nlohmann::json(x), nlohmann::json(y)) << x.info.id;
  }
}

// --shard K/N (one CI job's part of a run) slices the selected checks; the slices are disjoint,
// cover the selection, and each check's result is the one the whole run gives.
TEST_F(Cli, ShardsAreDisjointAndCoverTheSelection) {
  // The ids only: --list pads its columns to the widest id it prints.
  const auto ids = [](const std::string& listing) {
    std::vector<std::string> out;
    for (const std::string& line : lines_of(listing))
      out.push_back(line.substr(0, line.find(' ')));
    return out;
  };
  std::vector<std::string> whole = ids(run("--list --filter 'mixed.*'").out);
  ASSERT_GT(whole.size(), 6u);
  std::vector<std::string> joined;
  for (int k = 1; k <= 3; ++k) {
    const Invocation slice = run(fmt::format("--list --filter 'mixed.*' --shard {}/3", k));
    ASSERT_EQ(slice.status, 0) << slice.err;
    const std::vector<std::string> part = ids(slice.out);
    EXPECT_GE(part.size(), whole.size() / 3) << k;
    joined.insert(joined.end(), part.begin(), part.end());
  }
  std::sort(whole.begin(), whole.end());
  std::sort(joined.begin(), joined.end());
  EXPECT_EQ(joined, whole);
}

// A function's checks (propagate.add, mixed.add, mixed_0d.add) share a slice, so that a library
// compiling each call it meets (JAX) compiles what they share in one process; slices stay even.
TEST_F(Cli, AFunctionsChecksShareASlice) {
  const std::string filters = "--filter 'propagate.*' --filter 'mixed.*' --filter 'mixed_0d.*'";
  std::map<std::string, std::set<int>> slices_of_function;
  std::vector<std::size_t> sizes;
  for (int k = 1; k <= 2; ++k) {
    const Invocation slice = run(fmt::format("--list {} --shard {}/2", filters, k));
    ASSERT_EQ(slice.status, 0) << slice.err;
    const auto listed = lines_of(slice.out);
    sizes.push_back(listed.size());
    for (const std::string& line : listed) {
      const std::string id = line.substr(0, line.find(' '));
      slices_of_function[id.substr(id.find('.') + 1)].insert(k);
    }
  }
  ASSERT_GT(slices_of_function.size(), 100u);
  for (const auto& [function, slices] : slices_of_function)
    EXPECT_EQ(slices.size(), 1u) << function << " is in both slices";
  // Each function has at most three checks here: the slices differ by no more.
  EXPECT_LE(std::max(sizes[0], sizes[1]) - std::min(sizes[0], sizes[1]), 3u);
}

TEST_F(Cli, ShardedRunsGiveTheWholeRunsResults) {
  const conformance::Tracker whole = small_run("whole.json");
  ASSERT_EQ(last_status_, 0) << last_output_;
  std::map<std::string, nlohmann::json> sharded;
  for (const char* shard : {"1/2", "2/2"}) {
    const conformance::Tracker part =
        small_run(fmt::format("part{}.json", shard[0]), fmt::format("--shard {}", shard));
    ASSERT_EQ(last_status_, 0) << last_output_;
    for (conformance::CheckResult result : part.implementations.at(0).results) {
      result.seconds = 0;
      EXPECT_TRUE(sharded.emplace(result.info.id, nlohmann::json(result)).second)
          << result.info.id << " ran in two shards";
    }
  }
  ASSERT_EQ(sharded.size(), whole.implementations.at(0).results.size());
  for (conformance::CheckResult result : whole.implementations.at(0).results) {
    result.seconds = 0;
    EXPECT_EQ(sharded.at(result.info.id), nlohmann::json(result)) << result.info.id;
  }
}

TEST_F(Cli, AMalformedShardIsAUsageError) {
  for (const char* shard : {"0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2"})
    expect_usage_error(run(fmt::format("--list --shard '{}'", shard)), "--shard");
}

TEST_F(Cli, ExpectedFailureThatPassesIsAnUnexpectedPass) {
  const conformance::Tracker baseline = small_run("baseline.json");
  ASSERT_EQ(last_status_, 0) << last_output_;
  ASSERT_FALSE(baseline.implementations.empty());
  std::string passing;
  for (const conformance::CheckResult& result : baseline.implementations[0].results) {
    if (result.status == conformance::Status::pass) {
      passing = result.info.id;
      break;
    }
  }
  ASSERT_FALSE(passing.empty()) << "no transfer.* check passes on strict";

  const fs::path expectations = dir_ / "expectations.json";
  write_file(expectations,
             nlohmann::json{
                 {"schema", "adc-expectations/1"},
                 {"expectations",
                  {{{"check", passing}, {"status", "fail"}, {"bug", "https://example.org/bug/1"}}}}}
                 .dump());
  // After another file with no entries: the entries of every --expectations file apply.
  const fs::path empty = dir_ / "empty-expectations.json";
  write_file(empty, R"({"schema": "adc-expectations/1", "expectations": []})");
  const conformance::Tracker tracker =
      small_run("xpass.json", "--expectations '" + empty.string() + "' --expectations '" +
                                  expectations.string() + "'");
  EXPECT_EQ(last_status_, 1) << last_output_;
  EXPECT_THAT(last_output_, AllOf(HasSubstr("xpass"), HasSubstr(passing)));
  bool found = false;
  for (const conformance::CheckResult& result : tracker.implementations.at(0).results) {
    if (result.info.id != passing) continue;
    found = true;
    EXPECT_EQ(result.status, conformance::Status::xpass);
    EXPECT_EQ(result.bug, "https://example.org/bug/1");
  }
  EXPECT_TRUE(found);
}

}  // namespace
