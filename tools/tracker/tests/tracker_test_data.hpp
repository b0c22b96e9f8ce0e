// Shared by the tracker tests: the small real tracker in tests/data/ and scratch files.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace tracker::testing {

// strict, numpy.array_api and torch (5 failures), a few results each, cut from a real run.
inline std::string small_tracker_path() {
  return std::string(ADC_TRACKER_TEST_DATA) + "/small-tracker.json";
}

inline nlohmann::json small_tracker_json() {
  std::ifstream in(small_tracker_path());
  return nlohmann::json::parse(in);
}

// A fresh directory under the system temp dir, named after the test.
inline std::filesystem::path scratch_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("adc-tracker-test-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path.string();
}

}  // namespace tracker::testing
