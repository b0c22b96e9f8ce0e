// The state of one program run on libtorch: the results of earlier steps. A fresh Session per
// program, so nothing leaks from one program to the next.
#pragma once

#include <ATen/ATen.h>

#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "call_arguments.hpp"

namespace conformance::torch_internal {

// A step that reads a result no earlier step produced: it is reported not_run.
using adapter_support::NotRun;

struct Session {
  explicit Session(std::vector<at::Device> handshake_devices)
      : devices(std::move(handshake_devices)) {}

  std::vector<at::Device> devices;  // the handshake's devices: DeviceIndex i is devices[i]
  // Per finished step, its tensor results (empty: it produced none). In-place operators change
  // these tensors, so later steps see the change.
  std::vector<std::vector<at::Tensor>> results;
};

// What a libtorch call gave: tensors, or a non-tensor value (attributes, DLPack devices).
struct CallResult {
  std::vector<at::Tensor> arrays{};
  nlohmann::json value{};
};

}  // namespace conformance::torch_internal
