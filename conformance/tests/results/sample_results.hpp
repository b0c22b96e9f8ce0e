// Sample handshakes, results and trackers for the reporting tests (tracker, journal, JUnit). The
// values are awkward on purpose: a seed past 2^53, text that needs escaping in JSON and XML.
#pragma once

#include <cstdint>
#include <string>

#include "conformance/tracker.hpp"

namespace conformance::testing {

// Past 2^53: a JSON double would round it.
inline constexpr std::uint64_t kBigSeed = 18446744073709551557ULL;

inline Handshake sample_handshake(const std::string& implementation = "strict") {
  Handshake handshake;
  handshake.implementation = implementation;
  handshake.library = "strict";
  handshake.library_version = "0.1.0";
  handshake.spec_version = "2024.12";
  handshake.devices = {{"cpu", {"bool", "float32", "float64"}, "float64", "int64"},
                       {"device1", {"bool", "float32"}, "float32", "int32"}};
  handshake.default_device = 0;
  handshake.features.set_default_device = true;
  handshake.features.dlpack = false;
  handshake.operations = {"add", "zeros", "array.__add__", "array.to_device"};
  return handshake;
}

inline Failure sample_failure() {
  Failure failure;
  failure.program.steps = {
      Step{.op = "zeros",
           .args = {IntTuple{{2, 3}}},
           .kwargs = {{"device", DeviceIndex{1}}},
           .under_test = false},
      Step{.op = "add", .args = {StepRef{0, 0}, std::int64_t{1}}, .kwargs = {}, .under_test = true},
  };
  failure.outcome.steps = {
      StepOutcome{.status = StepStatus::ok,
                  .arrays = {{1, "device1", "float32", {2, 3}, std::nullopt}},
                  .value = nullptr,
                  .exception_type = "",
                  .message = ""},
      StepOutcome{.status = StepStatus::ok,
                  .arrays = {{0, "cpu", "float32", {2, 3}, std::vector<double>(6, 1.0)}},
                  .value = nullptr,
                  .exception_type = "",
                  .message = ""},
  };
  failure.step = 1;
  failure.expected = "a result on devices[1] (device1)";
  failure.actual = "a result on devices[0] (cpu) <& \"quoted\" 'x'>";
  failure.reproduction =
      "import strict\nx0 = xp.zeros((2, 3), device=devices[1])\nassert x1.device == x0.device\n";
  return failure;
}

inline CheckResult sample_result(const std::string& id, Status status,
                                 const std::string& implementation = "strict") {
  CheckResult result;
  result.info = {.id = id,
                 .family = id.substr(0, id.find('.')),
                 .function = id.substr(id.find('.') + 1),
                 .level = Level::must,
                 .spec = "API_specification/array_object.rst: must be on the same device",
                 .description = "results stay on their operands' device"};
  result.implementation = implementation;
  result.status = status;
  result.cases = 17;
  result.seed = kBigSeed;
  result.seconds = 0.25;
  if (status == Status::fail) {
    result.reproduce = "BAAAAAAAAAAAA";
    result.failure = sample_failure();
  } else if (status != Status::pass) {
    result.reason = "why: " + std::string(name(status));
  }
  return result;
}

inline Tracker sample_tracker() {
  Tracker tracker;
  tracker.run = {.tool_version = "0.1.0",
                 .command = {"conformance", "--impl", "strict", "--seed", "7"},
                 .seed = kBigSeed,
                 .examples = 25,
                 .started = "2025-01-02T03:04:05Z",
                 .finished = "2025-01-02T03:04:09Z",
                 .host = "test-host (Linux)"};
  ImplementationRun strict{.handshake = sample_handshake("strict"), .results = {}};
  strict.results = {sample_result("propagate.add", Status::pass),
                    sample_result("mixed.array.__add__", Status::fail),
                    sample_result("info.default_device.in_devices", Status::skip)};
  ImplementationRun other{.handshake = sample_handshake("python:numpy"), .results = {}};
  other.handshake.default_device = std::nullopt;
  other.results = {sample_result("explicit.zeros", Status::unsupported, "python:numpy")};
  tracker.implementations = {strict, other};
  return tracker;
}

}  // namespace conformance::testing
