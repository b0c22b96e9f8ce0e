// The strict adapter: the kit's in-process adapter (in_process_adapter.hpp) over strict's table,
// with strict's devices and dtypes in the handshake, and the faults injected to measure the
// harness's mutation score.
#include "conformance/strict_adapter.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string_view>

#include <strict/fault.hpp>
#include <strict/strict.hpp>

#include "in_process_adapter.hpp"
#include "strict_operations.hpp"
#include "strict_reproduction.hpp"
#include "strict_values.hpp"  // the run loop makes a Call per step

namespace conformance {
namespace {

using strict_internal::StrictBackend;

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

DeviceDescription describe(strict::Device device) {
  const strict::Info info = strict::array_namespace_info();
  const strict::DefaultDTypes defaults = info.default_dtypes(device);
  return {.repr = std::string(device.name()),
          .dtypes = names(info.dtypes(device)),
          .default_float_dtype = std::string(strict::name(defaults.real_floating)),
          .default_integer_dtype = std::string(strict::name(defaults.integral))};
}

// The fault named by `--impl strict:fault=NAME`; for "", the one STRICT_FAULT selects,
// if any, so that the handshake names it too.
std::optional<strict::fault::Fault> parse_fault(const std::string& name) {
  if (name.empty()) return strict::fault::active();
  if (auto fault = strict::fault::parse(name)) return fault;
  throw std::invalid_argument(
      fmt::format("strict has no fault '{}'; valid names: {}", name, strict::fault::valid_names()));
}

// Switches the fault on for the adapter's lifetime (every program runs in this process); a base
// class, so that it is on before the handshake is made.
struct FaultScope {
  explicit FaultScope(std::optional<strict::fault::Fault> fault) : fault(fault), scope(fault) {}
  std::optional<strict::fault::Fault> fault;
  strict::fault::ScopedFault scope;
};

adapter_support::InProcessParts<StrictBackend> strict_parts(
    const std::optional<strict::fault::Fault>& fault, std::optional<int> isolation_timeout_ms) {
  const strict::Device default_device = strict::default_device();
  return {
      .table = strict_internal::strict_table(),
      .dialect = strict_internal::strict_dialect(),
      .identity = {.implementation =
                       fault ? fmt::format("strict:fault={}", strict::fault::info(*fault).name)
                             : std::string("strict"),
                   .library = "strict",
                   .library_version = kLibraryVersion,
                   .spec_version = kSpecVersion,
                   // strict has every feature; set_default_device through a DefaultDeviceGuard
                   // per program.
                   .features = {.device_attribute = true,
                                .to_device = true,
                                .namespace_info = true,
                                .set_default_device = true,
                                .dlpack = true}},
      .devices = strict::array_namespace_info().devices(),
      .describe = describe,
      .default_device = strict::array_namespace_info().default_device(),
      .setup =
          [default_device](const std::vector<std::string>& devices) {
            return strict_internal::reproduction_setup(devices, default_device.name());
          },
      .isolation_timeout_ms = isolation_timeout_ms,
  };
}

class StrictAdapter final : private FaultScope,
                            public adapter_support::InProcessAdapter<StrictBackend> {
 public:
  StrictAdapter(std::optional<strict::fault::Fault> fault, std::optional<int> isolation_timeout_ms)
      : FaultScope(fault), InProcessAdapter(strict_parts(fault, isolation_timeout_ms)) {}

  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    std::string text = InProcessAdapter::reproduction(program, step, expectation);
    if (!fault) return text;
    const std::string_view name = strict::fault::info(*fault).name;
    return fmt::format(
        "// Found with the injected fault strict:fault={0}: run this program with\n"
        "// STRICT_FAULT={0} in its environment to see the failure.\n{1}",
        name, text);
  }
};

}  // namespace

std::unique_ptr<Adapter> make_strict_adapter(const StrictAdapterOptions& options) {
  return std::make_unique<StrictAdapter>(parse_fault(options.fault), options.isolation_timeout_ms);
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
