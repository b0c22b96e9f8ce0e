// The state of one program run on strict: the results of earlier steps and the scoped default
// device. A fresh Session per program, so nothing leaks from one program to the next.
#pragma once

#include <optional>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include <strict/strict.hpp>
#include "call_arguments.hpp"

namespace conformance::strict_internal {

// A step that reads a result no earlier step produced: it is reported not_run.
using adapter_support::NotRun;

struct Session {
  explicit Session(std::vector<strict::Device> handshake_devices)
      : devices(std::move(handshake_devices)) {}

  std::vector<strict::Device> devices;  // the handshake's devices: DeviceIndex i is devices[i]
  // Per finished step, its array results (empty: it produced none). In-place operators change
  // these arrays, so later steps see the change.
  std::vector<std::vector<strict::Array>> results;
  // In force from a harness.set_default_device step to the end of the program.
  std::optional<strict::DefaultDeviceGuard> default_device_guard;
};

// What a strict call gave: arrays, or a non-array value (info queries, attributes).
struct CallResult {
  std::vector<strict::Array> arrays{};
  nlohmann::json value{};
};

}  // namespace conformance::strict_internal
