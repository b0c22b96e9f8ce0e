// Shared by the tracker tests: the small real tracker in tests/data/ and scratch files.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "build_locations.hpp"
#include "conformance/tracker.hpp"
#include "tracker/known_issues.hpp"

namespace tracker::testing {

// strict, numpy.array_api and torch (5 failures), a few results each, cut from a real run.
inline std::string small_tracker_path() {
  return std::string(adc::build_locations::tracker_test_data) + "/small-tracker.json";
}

inline nlohmann::json small_tracker_json() {
  std::ifstream in(small_tracker_path());
  return nlohmann::json::parse(in);
}

inline conformance::Tracker small_tracker() {
  return conformance::tracker_from_json(small_tracker_json());
}

// torch's 0-d exemption as the one known issue (the small tracker's torch fails mixed_0d.*).
inline KnownIssues torch_0d_issue() {
  return {.issues = {{.implementation = "python:torch*",
                      .check = "mixed_0d.*",
                      .url = "https://github.com/pytorch/pytorch/issues/38205",
                      .note = "0-d CPU tensors mix by design",
                      .draft = {}}}};
}

// A fresh directory under the system temp dir, named after the test and this process (two
// checkouts testing at once on one machine shared the name, and one's test removed the other's
// files), removed when the process ends.
inline std::filesystem::path scratch_dir(const std::string& name) {
  struct Made {
    std::vector<std::filesystem::path> dirs;
    ~Made() {
      std::error_code ignored;
      for (const auto& dir : dirs)
        std::filesystem::remove_all(dir, ignored);
    }
  };
  static Made made;
  auto dir = std::filesystem::temp_directory_path() /
             ("adc-tracker-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  made.dirs.push_back(dir);
  return dir;
}

inline std::string write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path.string();
}

}  // namespace tracker::testing
