// The torch adapter: the kit's in-process adapter (in_process_adapter.hpp) over libtorch's table,
// with its devices and dtypes in the handshake and programs in a forked child unless
// torch:no-fork; and the plugin's entry point.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <c10/util/Logging.h>
#include <fmt/format.h>
#include <torch/version.h>

#include <exception>
#include <string>

#include "conformance/torch_adapter.hpp"
#include "in_process_adapter.hpp"
#include "torch_names.hpp"
#include "torch_operations.hpp"
#include "torch_reproduction.hpp"
#include "torch_values.hpp"  // the run loop makes a Call per step

namespace conformance {
namespace {

using torch_internal::TorchBackend;

// The devices a CPU build of libtorch can hold tensors on: cpu, and meta (shapes without data).
std::vector<at::Device> torch_devices() {
  return {at::Device(at::kCPU), at::Device(at::kMeta)};
}

adapter_support::InProcessParts<TorchBackend> torch_parts(const TorchAdapterOptions& options) {
  const std::string default_float =
      torch_internal::dtype_name(at::get_default_dtype_as_scalartype());
  adapter_support::InProcessParts<TorchBackend> parts{
      .table = torch_internal::torch_table(),
      .dialect = torch_internal::torch_dialect(),
      .identity = {.implementation = options.isolate ? "torch" : "torch:no-fork",
                   .library = "torch",
                   .library_version = TORCH_VERSION,
                   // torch claims no version of the standard.
                   .spec_version = "",
                   // The C++ API has no inspection namespace and (in 1.13) no default device to
                   // set.
                   .features = {.device_attribute = true,
                                .to_device = true,
                                .namespace_info = false,
                                .set_default_device = false,
                                .dlpack = true}},
      .devices = torch_devices(),
      .describe =
          [default_float](const at::Device& device) {
            return DeviceDescription{.repr = device.str(),
                                     .dtypes = torch_internal::standard_dtype_names(),
                                     .default_float_dtype = default_float,
                                     .default_integer_dtype = "int64"};
          },
      .default_device = at::Device(at::kCPU),  // a tensor made without a device is on cpu
  };
  if (options.isolate) parts.isolation_timeout_ms = options.timeout_ms;
  return parts;
}

class TorchAdapter final : public adapter_support::InProcessAdapter<TorchBackend> {
 public:
  explicit TorchAdapter(const TorchAdapterOptions& options)
      : InProcessAdapter(torch_parts(options)) {
    // One thread: OpenMP's pool must not exist when the worker forks (a forked child cannot use
    // the parent's pool), and the tensors here are tiny.
    at::set_num_threads(1);
    // libtorch 1.13 symbolises a C++ backtrace (dladdr over libtorch's symbols, about 3 ms) in
    // every c10::Error it constructs, and most mixed-device cases raise one. The adapter reports
    // the exception's type and message only, so the backtrace is dropped unmade.
    c10::SetStackTraceFetcher([] { return std::string(); });
  }
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
