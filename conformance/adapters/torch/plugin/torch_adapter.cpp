// The torch adapter: its handshake (libtorch's devices, dtypes and the operations it maps), the
// Adapter interface over the run loop, the forked isolation, and the plugin's entry point.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <c10/util/Logging.h>
#include <fmt/format.h>
#include <torch/version.h>

#include <algorithm>
#include <exception>
#include <string>

#include "conformance/torch_adapter.hpp"
#include "forked_worker.hpp"
#include "torch_dispatch.hpp"
#include "torch_names.hpp"
#include "torch_reproduction.hpp"
#include "torch_run.hpp"

namespace conformance {
namespace {

// The devices a CPU build of libtorch can hold tensors on: cpu, and meta (shapes without data).
std::vector<at::Device> torch_devices() {
  return {at::Device(at::kCPU), at::Device(at::kMeta)};
}

Handshake make_handshake(const std::vector<at::Device>& devices, bool isolate) {
  Handshake handshake{.implementation = isolate ? "torch" : "torch:no-fork",
                      .library = "torch",
                      .library_version = TORCH_VERSION,
                      // torch claims no version of the standard.
                      .spec_version = ""};
  const std::string default_float =
      torch_internal::dtype_name(at::get_default_dtype_as_scalartype());
  for (const at::Device& device : devices) {
    handshake.devices.push_back({.repr = device.str(),
                                 .dtypes = torch_internal::standard_dtype_names(),
                                 .default_float_dtype = default_float,
                                 .default_integer_dtype = "int64"});
  }
  handshake.default_device = 0;  // a tensor made without a device is on cpu
  // The C++ API has no inspection namespace and (in 1.13) no default device to set.
  handshake.features = {.device_attribute = true,
                        .to_device = true,
                        .namespace_info = false,
                        .set_default_device = false,
                        .dlpack = true};
  handshake.operations = torch_internal::torch_operations();
  return handshake;
}

class TorchAdapter final : public Adapter {
 public:
  explicit TorchAdapter(const TorchAdapterOptions& options)
      : options_(options),
        devices_(torch_devices()),
        handshake_(make_handshake(devices_, options.isolate)) {
    // One thread: OpenMP's pool must not exist when the worker forks (a forked child cannot use
    // the parent's pool), and the tensors here are tiny.
    at::set_num_threads(1);
    // libtorch 1.13 symbolises a C++ backtrace (dladdr over libtorch's symbols, about 3 ms) in
    // every c10::Error it constructs, and most mixed-device cases raise one. The adapter reports
    // the exception's type and message only, so the backtrace is dropped unmade.
    c10::SetStackTraceFetcher([] { return std::string(); });
    for (const at::Device& device : devices_)
      device_names_.push_back(device.str());
  }

  const Handshake& handshake() const override { return handshake_; }

  ProgramOutcome run(const Program& program) override {
    if (!options_.isolate) return torch_internal::run_program(program, devices_);
    adapter_support::ForkedBatch batch = worker_.run({program});
    if (!batch.completed.empty()) return std::move(batch.completed.front());
    return std::move(*batch.failed);
  }

  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    // Replayed so the reproduction knows which earlier steps raised and which did not run.
    Program prefix;
    prefix.steps.assign(
        program.steps.begin(),
        program.steps.begin() + std::clamp<std::ptrdiff_t>(step, 0, std::ssize(program.steps)));
    std::vector<StepOutcome> replay;
    if (!prefix.steps.empty()) {
      ProgramOutcome outcome = const_cast<TorchAdapter*>(this)->run(prefix);
      if (outcome.status == RunStatus::completed) replay = std::move(outcome.steps);
    }
    return torch_internal::write_reproduction(program, step, expectation, device_names_, replay);
  }

 private:
  TorchAdapterOptions options_;
  std::vector<at::Device> devices_;  // as listed at the handshake: DeviceIndex i is devices_[i]
  std::vector<std::string> device_names_;
  Handshake handshake_;
  // Isolation: a forked child that runs programs until one crashes or hangs.
  adapter_support::ForkedWorker worker_{
      [this](const Program& program) { return torch_internal::run_program(program, devices_); },
      options_.timeout_ms};
};

}  // namespace
}  // namespace conformance

extern "C" __attribute__((visibility("default"))) conformance::Adapter* adc_make_torch_adapter(
    const conformance::TorchAdapterOptions& options, std::string& error) {
  try {
    return new conformance::TorchAdapter(options);
  } catch (const std::exception& failure) {
    error = failure.what();
    return nullptr;
  }
}
