// Finding and loading the torch adapter plugin. Compiled into the conformance program (never into
// the plugin), so it includes no torch header.
#include "conformance/torch_adapter.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <filesystem>

#include "build_locations.hpp"
#include "conformance/installed_files.hpp"

namespace conformance {

namespace {
constexpr const char* kPluginFile = "libadc_torch_adapter.so";
}  // namespace

std::string find_torch_adapter_plugin() {
  return find_program_file("ADC_TORCH_ADAPTER", kPluginFile,
                           adc::build_locations::torch_adapter_plugin);
}

std::unique_ptr<Adapter> make_torch_adapter(const TorchAdapterOptions& options) {
  const std::string path = find_torch_adapter_plugin();
  if (path.empty()) {
    throw TorchSetupError(
        "--impl torch: this build has no torch adapter: CMake found no libtorch when it was "
        "configured (apt-get install libtorch-dev, then configure again) or "
        "-DADC_WITH_TORCH=OFF turned it off");
  }
  if (!std::filesystem::exists(path))
    throw TorchSetupError(
        fmt::format("--impl torch: the torch adapter plugin {} is missing (build "
                    "the conformance_torch_adapter target, or set "
                    "ADC_TORCH_ADAPTER to the plugin's path)",
                    path));
  // Never closed: libtorch registers its operators at load time and does not expect unloading.
  void* plugin = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (plugin == nullptr)
    throw TorchSetupError(fmt::format("--impl torch: cannot load {}: {}", path, dlerror()));
  auto make = reinterpret_cast<MakeTorchAdapterFunction>(dlsym(plugin, kMakeTorchAdapterSymbol));
  if (make == nullptr)
    throw TorchSetupError(
        fmt::format("--impl torch: {} has no {}: not a torch adapter plugin of this build", path,
                    kMakeTorchAdapterSymbol));
  std::string error;
  Adapter* adapter = make(options, error);
  if (adapter == nullptr) throw TorchSetupError("--impl torch: " + error);
  return std::unique_ptr<Adapter>(adapter);
}

}  // namespace conformance
