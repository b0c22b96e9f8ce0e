// The written protocol (reports/schema/adapter-protocol.schema.json, docs/adapter-protocol.md)
// holds both ways on a real session: every line the harness writes to the Python child is a
// valid request, every line the child writes back a valid reply. The session is the real
// `conformance` binary against a fake namespace, through an interpreter wrapper that keeps a copy
// of each direction; the lines are judged by an independent validator (Debian's python3-jsonschema,
// conformance/tests/support/protocol_messages.py), so neither side is checked against itself.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "build_locations.hpp"
#include "schema_validation.hpp"

namespace conformance::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

std::string validator_script() {
  return std::string(adc::build_locations::source_dir) +
         "/conformance/tests/support/protocol_messages.py";
}

CommandResult validate_lines(const fs::path& requests, const fs::path& replies) {
  return run_command("/usr/bin/python3 " + shell_quote(validator_script()) + " " +
                     shell_quote(requests.string()) + " " + shell_quote(replies.string()));
}

bool has_a_line(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  return static_cast<bool>(std::getline(in, line)) && !in.eof();
}

class ProtocolSchema : public ::testing::Test {
 protected:
  void SetUp() override {
    // A folder per test: the wrapper appends to its files.
    dir_ = fs::path(temp_path(std::string("protocol_schema.") +
                              ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    wrapper_ = dir_ / "python.sh";
    // The harness kills the child's process group as soon as it has read what it needs (a
    // startup error, say): the tee that keeps the replies leaves that group (setsid), so that it
    // still writes the last reply out.
    std::ofstream(wrapper_) << "#!/bin/sh\n"
                            << "tee -a " << shell_quote((dir_ / "requests.jsonl").string()) << " | "
                            << shell_quote(adc::build_locations::python)
                            << " \"$@\" | setsid tee -a "
                            << shell_quote((dir_ / "replies.jsonl").string()) << "\n";
    fs::permissions(wrapper_, fs::perms::owner_all);
  }

  // `conformance` on a fake namespace through the wrapper; its exit status.
  int run(const std::string& args, const std::string& environment = "") const {
    const std::string command =
        environment + " PYTHONPATH=" + shell_quote(adc::build_locations::python_fakes) + " " +
        shell_quote(adc::build_locations::conformance_binary) + " --python " +
        shell_quote(wrapper_.string()) + " --examples 5 --seed 1 --quiet --json " +
        shell_quote((dir_ / "tracker.json").string()) + " " + args;
    return run_command(command).exit_code;
  }

  fs::path dir_, wrapper_;
};

// Batches, single programs (the failing case shrunk and replayed alone), a handshake, outcomes
// with results and with exceptions: each a kind of line the validator must have seen.
TEST_F(ProtocolSchema, EveryLineOfASessionIsAValidRequestOrReply) {
  const int status = run(
      "--impl python:fakexp --filter 'propagate.add' --filter 'mixed.add' --filter 'transfer.*'",
      "FAKEXP_BUG=mixed_add");
  EXPECT_EQ(status, 1) << "mixed_add breaks mixed.add: one unexpected failure";
  const CommandResult result = validate_lines(dir_ / "requests.jsonl", dir_ / "replies.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  for (const char* seen :
       {"valid request handshake: 1", "valid request run_batch: ", "valid request run: ",
        "valid reply handshake: 1", "valid reply outcome: "}) {
    EXPECT_THAT(result.output, HasSubstr(seen));
  }
}

TEST_F(ProtocolSchema, AStartupErrorIsAValidReply) {
  EXPECT_EQ(run("--impl python:not_a_namespace"), 2);
  // The reply's tee outlives the killed child by a moment.
  for (int tries = 0; tries < 100 && !has_a_line(dir_ / "replies.jsonl"); ++tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const CommandResult result = validate_lines(dir_ / "requests.jsonl", dir_ / "replies.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("valid reply error:not_a_namespace: 1"));
}

// The validator is not vacuous: replies the harness's decoder rejects are rejected here too,
// each named by its line.
TEST_F(ProtocolSchema, RepliesTheHarnessRejectsAreInvalid) {
  std::ofstream(dir_ / "requests.jsonl") << R"({"type": "run_batch", "programs": "none"})"
                                         << "\n";
  std::ofstream(dir_ / "replies.jsonl")
      << R"({"type": "outcome", "outcome": {"status": "completed", "steps": [{"arrays": []}]}})"
      << "\n"
      << R"({"type": "outcome", "outcome": {"status": "completed", "steps": [{"status": "ok", )"
      << R"("arrays": [{"device": "cpu", "dtype": "float64", "shape": [2]}]}]}})"
      << "\n"
      << R"({"type": "handshake"})"
      << "\n";
  const CommandResult result = validate_lines(dir_ / "requests.jsonl", dir_ / "replies.jsonl");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  for (const char* named : {"requests.jsonl:1: request", "replies.jsonl:1: reply outcome",
                            "replies.jsonl:2: reply outcome", "replies.jsonl:3: reply handshake"}) {
    EXPECT_THAT(result.output, HasSubstr(named));
  }
  EXPECT_THAT(result.output, ::testing::Not(HasSubstr("valid reply")));
}

}  // namespace
}  // namespace conformance::testing
