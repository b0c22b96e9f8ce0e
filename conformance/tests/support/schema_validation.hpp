// Test helpers that ask Debian's python3-jsonschema (and Python's XML parser) whether a file the
// harness wrote is valid. An independent validator keeps the schema and the writer honest with
// each other: neither is checked against itself.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

#include "build_locations.hpp"

namespace conformance::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output{};  // stdout and stderr together
};

// Quotes `text` for /bin/sh.
inline std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

inline CommandResult run_command(const std::string& command) {
  CommandResult result;
  std::FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) {
    result.output += buffer.data();
  }
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

inline std::string tracker_schema_path() {
  return std::string(adc::build_locations::source_dir) + "/reports/schema/tracker.schema.json";
}

// Validates the JSON file at `path` against the tracker schema (draft 2020-12). exit_code 0 and
// output "valid" when it conforms; otherwise the validator's messages.
inline CommandResult validate_tracker_file(const std::string& path) {
  static constexpr const char* kScript =
      "import json, sys, jsonschema\n"
      "schema = json.load(open(sys.argv[1]))\n"
      "jsonschema.Draft202012Validator.check_schema(schema)\n"
      "errors = "
      "list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))\n"
      "for e in errors: print('/'.join(map(str, e.absolute_path)) + ': ' + e.message)\n"
      "print('valid' if not errors else 'invalid')\n"
      "sys.exit(1 if errors else 0)\n";
  return run_command("/usr/bin/python3 -c " + shell_quote(kScript) + " " +
                     shell_quote(tracker_schema_path()) + " " + shell_quote(path));
}

// Parses the XML file at `path` with Python's expat-based parser: exit_code 0 when well-formed.
inline CommandResult parse_xml_file(const std::string& path) {
  return run_command(
      "/usr/bin/python3 -c 'import sys, xml.etree.ElementTree as T; T.parse(sys.argv[1]); "
      "print(\"well-formed\")' " +
      shell_quote(path));
}

// The test program's scratch directory (one per process: ctest runs programs side by side),
// removed when the program exits.
class ScratchDirectory {
 public:
  ScratchDirectory()
      : path_(std::filesystem::path(::testing::TempDir()) /
              ("adc_conformance_tests_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A fresh path in the scratch directory.
inline std::string temp_path(const std::string& name) {
  static const ScratchDirectory directory;
  const auto path = directory.path() / name;
  std::filesystem::remove(path);
  return path.string();
}

}  // namespace conformance::testing
