// The in-process adapter over libtorch's C++ API (`--impl torch`). It lives in a plugin
// (libadc_torch_adapter.so) that is loaded only when asked for: linking libtorch costs every
// process 0.7 s at start, and the rest of the suite must not pay that. No torch header here.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "conformance/adapter.hpp"

namespace conformance {

struct TorchAdapterOptions {
  // Run each batch of programs in a forked child, so that an abort or a segfault in libtorch is
  // a `crash` outcome instead of the end of the run. false runs them in this process (for
  // debuggers, and to measure what the isolation costs).
  bool isolate = true;
  int timeout_ms = 10000;  // per program, when isolated
};

// The plugin cannot be loaded or made: this build has none, the file is missing, or it does not
// load. what() is one line naming the cause and the fix.
class TorchSetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Loads the plugin and makes the adapter. Throws TorchSetupError.
std::unique_ptr<Adapter> make_torch_adapter(const TorchAdapterOptions& options);

// Where the plugin is looked for: $ADC_TORCH_ADAPTER if set, else libadc_torch_adapter.so beside
// the running executable, else the one this build made; "" when this build made none.
std::string find_torch_adapter_plugin();

// The plugin's entry point, resolved by name with dlsym. Returns a new adapter, or nullptr with
// the reason written to `error`.
using MakeTorchAdapterFunction = Adapter* (*)(const TorchAdapterOptions& options,
                                              std::string& error);
inline constexpr const char* kMakeTorchAdapterSymbol = "adc_make_torch_adapter";

}  // namespace conformance
