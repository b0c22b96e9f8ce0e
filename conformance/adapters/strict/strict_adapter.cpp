// The strict adapter: its handshake (strict's devices, dtypes and operations) and the Adapter
// interface over the run loop and the reproduction writer.
#include "conformance/strict_adapter.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string_view>

#include <strict/fault.hpp>
#include <strict/strict.hpp>

#include "strict_dispatch.hpp"
#include "strict_reproduction.hpp"
#include "strict_run.hpp"

namespace conformance {
namespace {

// The project's version (CMakeLists.txt, project(... VERSION)); strict has no version of its own.
constexpr const char* kLibraryVersion = "0.1.0";
// The standard version strict implements (its headers cite spec/2024.12).
constexpr const char* kSpecVersion = "2025.12";

std::vector<std::string> names(const std::vector<strict::DType>& dtypes) {
  std::vector<std::string> out;
  for (strict::DType dtype : dtypes)
    out.emplace_back(strict::name(dtype));
  return out;
}

Handshake make_handshake(const std::vector<strict::Device>& devices, std::string implementation) {
  const strict::Info info = strict::array_namespace_info();
  Handshake handshake{.implementation = std::move(implementation),
                      .library = "strict",
                      .library_version = kLibraryVersion,
                      .spec_version = kSpecVersion};
  for (strict::Device device : devices) {
    const strict::DefaultDTypes defaults = info.default_dtypes(device);
    handshake.devices.push_back(
        {.repr = std::string(device.name()),
         .dtypes = names(info.dtypes(device)),
         .default_float_dtype = std::string(strict::name(defaults.real_floating)),
         .default_integer_dtype = std::string(strict::name(defaults.integral))});
  }
  const strict::Device default_device = info.default_device();
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i] == default_device) handshake.default_device = static_cast<int>(i);
  // strict has every feature; set_default_device through a DefaultDeviceGuard per program.
  handshake.features = {.device_attribute = true,
                        .to_device = true,
                        .namespace_info = true,
                        .set_default_device = true,
                        .dlpack = true};
  handshake.operations = strict_internal::strict_operations();
  return handshake;
}

// The fault named by `--impl strict:fault=NAME` (issue #7); for "", the one STRICT_FAULT selects,
// if any, so that the handshake names it too.
std::optional<strict::fault::Fault> parse_fault(const std::string& name) {
  if (name.empty()) return strict::fault::active();
  if (auto fault = strict::fault::parse(name)) return fault;
  throw std::invalid_argument(
      fmt::format("strict has no fault '{}'; valid names: {}", name, strict::fault::valid_names()));
}

class StrictAdapter final : public Adapter {
 public:
  // The fault is switched on first, so the handshake reports what the faulty strict says; it
  // stays on for the adapter's lifetime (every program runs in this process).
  explicit StrictAdapter(std::optional<strict::fault::Fault> fault)
      : fault_(fault),
        devices_(strict::array_namespace_info().devices()),
        default_device_(strict::default_device()),
        handshake_(make_handshake(
            devices_, fault ? fmt::format("strict:fault={}", strict::fault::info(*fault).name)
                            : std::string("strict"))) {}

  const Handshake& handshake() const override { return handshake_; }

  ProgramOutcome run(const Program& program) override {
    return strict_internal::run_program(program, devices_);
  }

  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    std::string text =
        strict_internal::write_reproduction(program, step, expectation, devices_, default_device_);
    if (!fault_) return text;
    const std::string_view name = strict::fault::info(*fault_).name;
    return fmt::format(
        "// Found with the injected fault strict:fault={0}: run this program with\n"
        "// STRICT_FAULT={0} in its environment to see the failure (issue #7).\n{1}",
        name, text);
  }

 private:
  std::optional<strict::fault::Fault> fault_;
  strict::fault::ScopedFault scoped_fault_{fault_};  // after fault_, before everything else
  std::vector<strict::Device> devices_;  // as listed at the handshake: DeviceIndex i is devices_[i]
  strict::Device default_device_;
  Handshake handshake_;
};

}  // namespace

std::unique_ptr<Adapter> make_strict_adapter(const StrictAdapterOptions& options) {
  return std::make_unique<StrictAdapter>(parse_fault(options.fault));
}

std::vector<StrictFault> strict_faults() {
  std::vector<StrictFault> faults;
  for (const strict::fault::FaultInfo& fault : strict::fault::all())
    faults.push_back({.name = std::string(fault.name),
                      .family = std::string(fault.family),
                      .bug = std::string(fault.bug),
                      .description = std::string(fault.description)});
  return faults;
}

}  // namespace conformance
