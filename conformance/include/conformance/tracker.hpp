// The tracker: the JSON record of a run (docs/DESIGN.md section 4), one file for one or several
// implementations. Its JSON Schema is reports/schema/tracker.schema.json.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/adapter.hpp"
#include "conformance/check.hpp"
#include "conformance/spec_version.hpp"

namespace conformance {

// The value of the tracker's "schema" field; bumped on any incompatible change.
inline constexpr std::string_view kTrackerSchema = "adc-tracker/1";

struct RunInfo {
  std::string tool_version{};          // the suite's version (CMake project version)
  std::vector<std::string> command{};  // argv of the run
  std::uint64_t seed = 0;
  int examples = 100;
  std::string started{};   // UTC, ISO 8601
  std::string finished{};  // UTC, ISO 8601; "" while running or when killed
  std::string host{};      // machine description (hostname, OS)
};

struct ImplementationRun {
  Handshake handshake{};
  std::vector<CheckResult> results{};
  // Derived, never hand-written: how this run differs from the same library reached through
  // another route (route_differences.hpp). Rebuilt whenever a tracker is written or merged.
  std::vector<std::string> notes{};
};

struct Tracker {
  RunInfo run{};
  std::vector<ImplementationRun> implementations{};
};

// The version `run` was judged by and why, from its results and its declared version; empty for a
// tracker written before the suite judged by version.
JudgedVersion judged_by(const ImplementationRun& run);

// How reports name a run: its implementation, and for a --peer run (dlpack_between.*) the pair,
// "python:numpy from python:torch" (consumer from producer).
std::string run_label(const Handshake& handshake);

// Counts of each status among `results`, every status present (zeros included).
std::map<std::string, int> summarize(const std::vector<CheckResult>& results);

nlohmann::json to_json(const Tracker& tracker);
// Throws std::runtime_error naming what is wrong (missing field, wrong schema version).
Tracker tracker_from_json(const nlohmann::json& json);

// Writes the tracker to `path` (pretty-printed); throws std::runtime_error naming the path when
// it cannot be written.
void write_tracker(const Tracker& tracker, const std::string& path);

void to_json(nlohmann::json& j, const CheckResult& result);
void from_json(const nlohmann::json& j, CheckResult& result);

}  // namespace conformance
