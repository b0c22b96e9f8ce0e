// The journal ("Nothing is lost", docs/DESIGN.md section 2): it rebuilds the tracker it recorded, a
// line cut short by a kill is ignored, other damage is reported by line, and a writer killed with
// SIGKILL mid-run leaves every result it had appended.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/journal.hpp"
#include "sample_results.hpp"
#include "schema_validation.hpp"

namespace conformance {
namespace {

using ::testing::HasSubstr;
using testing::sample_result;
using testing::sample_tracker;

// Writes `tracker` through a JournalWriter, as a run would.
void journal(const Tracker& tracker, const std::string& path, bool finish) {
  JournalWriter writer(path);
  writer.begin_run(tracker.run);
  for (const auto& run : tracker.implementations) {
    writer.begin_implementation(run.handshake);
    for (const auto& result : run.results)
      writer.append(result);
  }
  if (finish) writer.end_run(tracker.run.finished);
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines)
    text += line + "\n";
  return text;
}

TEST(Journal, RoundTripsATracker) {
  const auto path = testing::temp_path("round_trip.jsonl");
  const Tracker original = sample_tracker();
  journal(original, path, /*finish=*/true);

  const Tracker rebuilt = rebuild_from_journal(path);
  EXPECT_EQ(to_json(rebuilt), to_json(original));
  EXPECT_EQ(rebuilt.implementations.at(1).results.at(0).implementation, "python:numpy");
  // One line per record: run, 2 implementations, 4 results, finished.
  EXPECT_EQ(read_lines(path).size(), 8u);
}

TEST(Journal, AnUnfinishedRunHasNoFinishTime) {
  const auto path = testing::temp_path("unfinished.jsonl");
  journal(sample_tracker(), path, /*finish=*/false);
  const Tracker rebuilt = rebuild_from_journal(path);
  EXPECT_EQ(rebuilt.run.finished, "");
  EXPECT_EQ(rebuilt.implementations.at(0).results.size(), 3u);
}

TEST(Journal, IgnoresATruncatedLastLine) {
  const auto path = testing::temp_path("truncated.jsonl");
  journal(sample_tracker(), path, /*finish=*/false);
  auto lines = read_lines(path);
  const std::string last = lines.back();
  ASSERT_THAT(last, HasSubstr("explicit.zeros"));
  lines.pop_back();
  // Cut the last result at every length: whatever the kill left, the rest rebuilds.
  for (std::size_t length = 0; length < last.size(); length += 7) {
    write_text(path, join_lines(lines) + last.substr(0, length));
    const Tracker rebuilt = rebuild_from_journal(path);
    ASSERT_EQ(rebuilt.implementations.size(), 2u) << "cut at " << length;
    EXPECT_TRUE(rebuilt.implementations[1].results.empty()) << "cut at " << length;
    EXPECT_EQ(rebuilt.implementations[0].results.size(), 3u) << "cut at " << length;
  }
  // The whole line without its newline is complete: it counts.
  write_text(path, join_lines(lines) + last);
  EXPECT_EQ(rebuild_from_journal(path).implementations.at(1).results.size(), 1u);
}

TEST(Journal, AMalformedMiddleLineThrowsWithItsNumber) {
  const auto path = testing::temp_path("malformed.jsonl");
  journal(sample_tracker(), path, /*finish=*/true);
  auto lines = read_lines(path);
  lines[3] = lines[3].substr(0, lines[3].size() / 2);
  write_text(path, join_lines(lines));
  try {
    rebuild_from_journal(path);
    FAIL() << "accepted a journal with a broken line 4";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("line 4"));
    EXPECT_THAT(error.what(), HasSubstr(path));
  }
}

TEST(Journal, AWellFormedButInvalidLineThrowsWithItsNumber) {
  const auto path = testing::temp_path("invalid.jsonl");
  journal(sample_tracker(), path, /*finish=*/true);
  auto lines = read_lines(path);
  auto result = nlohmann::json::parse(lines[2]);
  result["result"]["status"] = "bogus";
  lines[2] = result.dump();
  write_text(path, join_lines(lines));
  try {
    rebuild_from_journal(path);
    FAIL() << "accepted an unknown status";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("line 3"));
    EXPECT_THAT(error.what(), HasSubstr("bogus"));
  }
}

TEST(Journal, AResultBeforeAnyImplementationThrows) {
  const auto path = testing::temp_path("orphan.jsonl");
  const nlohmann::json orphan = {{"result", sample_result("propagate.add", Status::pass)}};
  write_text(path, orphan.dump() + "\n" + orphan.dump() + "\n");
  EXPECT_THROW(rebuild_from_journal(path), std::runtime_error);
}

TEST(Journal, CreatingInAMissingDirectoryNamesThePath) {
  try {
    JournalWriter writer("/nonexistent-directory/run.jsonl");
    FAIL() << "created a journal in a directory that does not exist";
  } catch (const std::runtime_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("/nonexistent-directory/run.jsonl"));
  }
}

// The result the killed child appends as its index-th check; odd ones fail, with a program.
CheckResult killed_run_result(int index) {
  return sample_result("propagate.case_" + std::to_string(index),
                       index % 2 == 0 ? Status::pass : Status::fail);
}

// Result lines the journal holds whole (newline-terminated): the ones a rebuild must return.
int count_result_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  int count = 0;
  std::string line;
  while (std::getline(text, line) && !text.eof()) {
    if (line.rfind("{\"result\":", 0) == 0) ++count;
  }
  return count;
}

// A journal is only worth having if a SIGKILL, which no handler can intercept, leaves everything
// appended before it. The child journals results until it is killed; the parent rebuilds.
TEST(Journal, SurvivesSigkillOfTheWriter) {
  const auto path = testing::temp_path("killed.jsonl");
  const Tracker sample = sample_tracker();

  const pid_t child = ::fork();
  ASSERT_NE(child, -1);
  if (child == 0) {
    try {
      JournalWriter writer(path);
      writer.begin_run(sample.run);
      writer.begin_implementation(sample.implementations[0].handshake);
      for (int i = 0; i < 100000; ++i) {
        writer.append(killed_run_result(i));
        ::usleep(2000);
      }
    } catch (...) {
      ::_exit(2);
    }
    ::_exit(0);  // not reached unless the parent never kills: the check below then fails
  }

  // Wait for at least three results (or for the child to die on its own).
  int status = 0;
  bool exited_early = false;
  while (count_result_lines(path) < 3) {
    if (::waitpid(child, &status, WNOHANG) == child) {
      exited_early = true;
      break;
    }
    ::usleep(1000);
  }
  ASSERT_FALSE(exited_early) << "the journalling child exited with status " << status;
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

  const int written = count_result_lines(path);
  const Tracker rebuilt = rebuild_from_journal(path);
  EXPECT_EQ(rebuilt.run.finished, "");
  EXPECT_EQ(rebuilt.run.seed, sample.run.seed);
  ASSERT_EQ(rebuilt.implementations.size(), 1u);
  const auto& results = rebuilt.implementations[0].results;
  ASSERT_GE(results.size(), 3u);
  EXPECT_EQ(static_cast<int>(results.size()), written);
  for (std::size_t i = 0; i < results.size(); ++i) {
    CheckResult expected = killed_run_result(static_cast<int>(i));
    expected.implementation = "strict";
    EXPECT_EQ(nlohmann::json(results[i]), nlohmann::json(expected)) << "result " << i;
    EXPECT_EQ(results[i].failure.has_value(), i % 2 == 1) << "result " << i;
  }

  const auto tracker_path = testing::temp_path("killed_tracker.json");
  write_tracker(rebuilt, tracker_path);
  const auto validation = testing::validate_tracker_file(tracker_path);
  EXPECT_EQ(validation.exit_code, 0) << validation.output;
}

}  // namespace
}  // namespace conformance
