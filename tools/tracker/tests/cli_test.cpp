// The built `tracker` binary: each subcommand, exit statuses 0/1/2, one-line errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "build_locations.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::HasSubstr;

struct CommandRun {
  int status = -1;
  std::string out{};
  std::string err{};
};

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::scratch_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    good_ = testing::small_tracker_path();
  }

  // Runs the binary with `args` (each single-quoted; none of ours holds a quote).
  CommandRun tracker(const std::vector<std::string>& args) {
    std::string command = std::string("'") + adc::build_locations::tracker_binary + "'";
    for (const auto& arg : args)
      command += " '" + arg + "'";
    command += " >'" + (dir_ / "stdout").string() + "' 2>'" + (dir_ / "stderr").string() + "'";
    const int raw = std::system(command.c_str());
    return {.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1,
            .out = slurp(dir_ / "stdout"),
            .err = slurp(dir_ / "stderr")};
  }

  std::string variant(const std::string& name, const std::function<void(nlohmann::json&)>& edit) {
    auto json = testing::small_tracker_json();
    edit(json);
    return testing::write_file(dir_ / name, json.dump());
  }

  static void expect_one_line_error(const CommandRun& run) {
    EXPECT_EQ(run.status, 2);
    EXPECT_THAT(run.err, ::testing::StartsWith("tracker: "));
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }

  std::filesystem::path dir_;
  std::string good_;
};

TEST_F(Cli, ValidateAcceptsAGoodTracker) {
  const auto run = tracker({"validate", good_});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("valid"));
}

TEST_F(Cli, ValidateRejectsASchemaViolation) {
  const auto bad = variant(
      "bad-id.json", [](auto& json) { json["implementations"][0]["results"][0]["id"] = "A B"; });
  const auto run = tracker({"validate", bad});
  EXPECT_EQ(run.status, 2);
  EXPECT_THAT(run.err, HasSubstr("results[0].id \"A B\" is not a dotted lower-case id"));
}

TEST_F(Cli, BadInputIsOneLineAndExit2) {
  const auto missing = (dir_ / "missing.json").string();
  expect_one_line_error(tracker({"validate", missing}));
  expect_one_line_error(tracker({"render", missing}));
  expect_one_line_error(tracker({"diff", good_, missing}));
  const auto malformed = testing::write_file(dir_ / "malformed.json", "{\"schema\": ");
  const auto run = tracker({"render", malformed});
  expect_one_line_error(run);
  EXPECT_THAT(run.err, HasSubstr("malformed.json: not JSON"));
  const auto wrong =
      variant("wrong-schema.json", [](auto& json) { json["schema"] = "adc-tracker/0"; });
  expect_one_line_error(tracker({"merge", good_, wrong, "-o", (dir_ / "m.json").string()}));
}

TEST_F(Cli, UsageErrorsExit2) {
  EXPECT_EQ(tracker({}).status, 2);
  EXPECT_EQ(tracker({"render", "--format", "pdf", good_}).status, 2);
  EXPECT_EQ(tracker({"merge", good_}).status, 2);  // no -o
  EXPECT_EQ(tracker({"--help"}).status, 0);
}

TEST_F(Cli, RenderMarkdownToStandardOutput) {
  const auto run = tracker({"render", good_});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("## python:torch"));
  EXPECT_THAT(run.out, HasSubstr("## Matrix"));
}

TEST_F(Cli, RenderHtmlToAFile) {
  const auto out = (dir_ / "tracker.html").string();
  const auto run = tracker({"render", "--format", "html", good_, "-o", out});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_THAT(slurp(out), HasSubstr("python:torch"));
  EXPECT_THAT(slurp(out), HasSubstr("<html"));
}

TEST_F(Cli, MergeOfTheExpectedPartsThenValidate) {
  const auto a = variant("a.json", [](auto& json) { json["implementations"].erase(1); });
  const auto b = variant("b.json", [](auto& json) {
    json["implementations"].erase(0);
    json["implementations"].erase(1);
  });
  const auto merged = (dir_ / "merged.json").string();
  // A sharded run's merge names how many slices it waits for: one missing is an error, not a pass.
  const auto missing = tracker({"merge", "--parts", "3", a, b, "-o", merged});
  expect_one_line_error(missing);
  EXPECT_THAT(missing.err, HasSubstr("3 parts expected, 2 given"));
  EXPECT_FALSE(std::filesystem::exists(merged));
  const auto run = tracker({"merge", "--parts", "2", a, b, "-o", merged});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("merged 3 implementation runs from 2 files"));
  EXPECT_EQ(tracker({"validate", merged}).status, 0);
}

TEST_F(Cli, DiffOfOneImplementationLeavesTheOthersOut) {
  // A library's own run (one implementation) against a published tracker (several).
  const auto own = variant("own.json", [](auto& json) {
    json["implementations"].erase(2);
    json["implementations"].erase(1);
  });
  const auto whole = tracker({"diff", good_, own});
  EXPECT_THAT(whole.out, HasSubstr("Removed checks"));
  const auto one = tracker({"diff", "--impl", "strict", good_, own});
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, "No changes.\n");
  // Its regressions still fail the diff.
  const auto broken = variant("broken.json", [](auto& json) {
    json["implementations"].erase(2);
    json["implementations"][0]["results"][3]["status"] = "crash";
  });
  const auto regression = tracker({"diff", "--impl", "strict", good_, broken});
  EXPECT_EQ(regression.status, 1);
  EXPECT_THAT(regression.out, HasSubstr("pass -> crash"));
  // An implementation missing from either file is an error, not an empty "No changes.".
  const auto missing = tracker({"diff", "--impl", "python:torch", good_, own});
  expect_one_line_error(missing);
  EXPECT_THAT(missing.err, HasSubstr("own.json has no run of python:torch"));
}

TEST_F(Cli, RenderMergesSeveralFiles) {
  const auto a = variant("a.json", [](auto& json) { json["implementations"].erase(2); });
  const auto b = variant("b.json", [](auto& json) {
    json["implementations"].erase(0);
    json["implementations"].erase(0);
    json["run"]["host"] = "gpu-box";  // two machines: each is named with its file
  });
  const auto run = tracker({"render", a, b});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\n## strict\n"));
  EXPECT_THAT(run.out, HasSubstr("\n## python:torch\n"));
  EXPECT_THAT(run.out, HasSubstr("a.json: "));  // the merged run info names its sources
  EXPECT_THAT(run.out, HasSubstr("b.json: gpu-box"));
}

TEST_F(Cli, MergingTheSameRunTwiceNamesBothFiles) {
  const auto copy = testing::write_file(dir_ / "copy.json", slurp(good_));
  const auto run = tracker({"merge", good_, copy, "-o", (dir_ / "m.json").string()});
  expect_one_line_error(run);
  EXPECT_THAT(run.err, HasSubstr("small-tracker.json"));
  EXPECT_THAT(run.err, HasSubstr("copy.json"));
}

TEST_F(Cli, DiffExitsOneOnARegression) {
  const auto regressed = variant("regressed.json", [](auto& json) {
    json["implementations"][0]["results"][0]["status"] = "error";
  });
  EXPECT_EQ(tracker({"diff", good_, good_}).status, 0);
  const auto worse = tracker({"diff", good_, regressed});
  EXPECT_EQ(worse.status, 1);
  EXPECT_THAT(worse.out, HasSubstr("New failures"));
  const auto better = tracker({"diff", regressed, good_});
  EXPECT_EQ(better.status, 0);
  EXPECT_THAT(better.out, HasSubstr("Fixes"));
}

// `tracker verdict`: the small tracker's torch fails 5 checks, which nothing marks expected: exit
// 1, each listed; with them marked xfail, exit 0; an xpass is unexpected too.
TEST_F(Cli, VerdictExitsOneOnAnUnexpectedResultAndListsEach) {
  const auto failing = tracker({"verdict", good_});
  EXPECT_EQ(failing.status, 1);
  EXPECT_THAT(failing.out, HasSubstr("78 results, 5 unexpected"));
  EXPECT_EQ(std::count(failing.out.begin(), failing.out.end(), '\n'), 6) << failing.out;
  EXPECT_THAT(failing.out, HasSubstr("fail     "));
  EXPECT_THAT(failing.out, HasSubstr("(python:torch)"));
  const auto expected = variant("expected.json", [](nlohmann::json& json) {
    for (auto& implementation : json.at("implementations"))
      for (auto& result : implementation.at("results"))
        if (result.at("status") == "fail") result["status"] = "xfail";
  });
  const auto clean = tracker({"verdict", expected});
  EXPECT_EQ(clean.status, 0) << clean.out;
  EXPECT_THAT(clean.out, HasSubstr("78 results, 0 unexpected"));
  const auto xpass = variant("xpass.json", [](nlohmann::json& json) {
    json["implementations"][0]["results"][0]["status"] = "xpass";
  });
  const auto passed_unexpectedly = tracker({"verdict", xpass});
  EXPECT_EQ(passed_unexpectedly.status, 1);
  EXPECT_THAT(passed_unexpectedly.out, HasSubstr("xpass"));
  expect_one_line_error(tracker({"verdict", (dir_ / "missing.json").string()}));
}

// `tracker expectations`: a new file on standard output (what changed on stderr), then the same
// file updated in place after a fix; --impl keeps one implementation of the run.
TEST_F(Cli, ExpectationsFromARunThenUpdatedInPlace) {
  const auto fresh = tracker({"expectations", good_, "--impl", "python:torch"});
  ASSERT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_THAT(fresh.err, HasSubstr("5 added"));
  const auto file = testing::write_file(dir_ / "torch.json", fresh.out);
  EXPECT_EQ(nlohmann::json::parse(fresh.out).at("expectations").size(), 5u);

  const auto fixed = variant("fixed.json", [](nlohmann::json& json) {
    for (auto& implementation : json.at("implementations"))
      for (auto& result : implementation.at("results"))
        if (result.at("id") == "host.array.size") {
          result["status"] = "pass";
          result.erase("failure");
        }
  });
  const auto update =
      tracker({"expectations", fixed, "--impl", "python:torch", "--update", file, "--prune"});
  ASSERT_EQ(update.status, 0) << update.err;
  EXPECT_THAT(update.out, HasSubstr("4 still failing, kept"));
  EXPECT_THAT(update.out, HasSubstr("python:torch host.array.size: now pass"));
  EXPECT_THAT(update.out, HasSubstr("wrote " + file));
  EXPECT_EQ(nlohmann::json::parse(slurp(file)).at("expectations").size(), 4u);

  expect_one_line_error(tracker({"expectations", good_, "--impl", "python:nothing"}));
  expect_one_line_error(tracker({"expectations", good_, "--update", good_}));
}

// A real run killed with SIGKILL (no handler runs, the tracker JSON is never written) leaves its
// journal; `tracker recover` turns it into a valid tracker of the checks that finished, and every
// other subcommand reads the journal as it is.
TEST_F(Cli, RecoversTheTrackerOfARunKilledWithSigkill) {
  const std::string json = (dir_ / "run.json").string();
  const std::string journal = json + ".journal.jsonl";
  // Many examples per check, so the run is still going when it is killed after a few results.
  const std::string script = "'" + std::string(adc::build_locations::conformance_binary) +
                             "' --impl strict --examples 5000 --seed 1 --quiet --json '" + json +
                             "' >/dev/null 2>&1 &\n"
                             "pid=$!\n"
                             "for i in $(seq 1 600); do\n"
                             "  n=$(grep -c '^{\"result\"' '" +
                             journal +
                             "' 2>/dev/null || true)\n"
                             "  [ \"${n:-0}\" -ge 3 ] && break\n"
                             "  sleep 0.05\n"
                             "done\n"
                             "kill -9 $pid\n"
                             "wait $pid\n"
                             "echo \"status $?\"\n";
  const std::string script_file = testing::write_file(dir_ / "kill.sh", script);
  const std::string command =
      "bash '" + script_file + "' >'" + (dir_ / "killed").string() + "' 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_THAT(slurp(dir_ / "killed"), HasSubstr("status 137"));  // 128 + SIGKILL
  ASSERT_FALSE(std::filesystem::exists(json)) << "the run finished before it was killed";

  const auto recovered = (dir_ / "recovered.json").string();
  const auto recover = tracker({"recover", journal, "-o", recovered});
  ASSERT_EQ(recover.status, 0) << recover.err;
  EXPECT_THAT(recover.out, HasSubstr("(the run did not finish)"));
  const auto validate = tracker({"validate", recovered});
  EXPECT_EQ(validate.status, 0) << validate.err;
  const auto tracker_json = nlohmann::json::parse(slurp(recovered));
  ASSERT_EQ(tracker_json.at("implementations").size(), 1u);
  const auto& results = tracker_json.at("implementations").at(0).at("results");
  EXPECT_GE(results.size(), 3u);
  EXPECT_LT(results.size(), 400u);  // the whole run has 442 checks
  EXPECT_EQ(tracker_json.at("run").at("finished"), "");

  // The journal itself, read by the other subcommands.
  EXPECT_EQ(tracker({"validate", journal}).status, 0);
  const auto render = tracker({"render", journal});
  EXPECT_EQ(render.status, 0) << render.err;
  EXPECT_THAT(render.out, HasSubstr("strict"));
  // A tracker is no journal: recover says so.
  expect_one_line_error(tracker({"recover", recovered, "-o", (dir_ / "again.json").string()}));
}

}  // namespace
}  // namespace tracker
