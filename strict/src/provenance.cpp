// Human-readable provenance for error messages.
#include "strict/provenance.hpp"

#include <atomic>

#include <fmt/format.h>

namespace strict {

std::string_view describe(PlacementRule rule) {
  switch (rule) {
    case PlacementRule::explicit_argument:
      return "explicit device=";
    case PlacementRule::input_arrays:
      return "device of the input arrays";
    case PlacementRule::scoped_default:
      return "device=None, so the scoped default device";
    case PlacementRule::global_default:
      return "device=None, so the global default device";
    case PlacementRule::transfer:
      return "explicit transfer";
    case PlacementRule::imported:
      return "memory imported from another library";
  }
  return "?";
}

namespace {

std::atomic<CallSiteProvider> call_site_provider{nullptr};

std::string describe_origin(const Origin& origin, Device device) {
  std::string text;
  switch (origin.rule) {
    case PlacementRule::explicit_argument:
      text = fmt::format("{}() with device={}", origin.operation, device);
      break;
    case PlacementRule::scoped_default:
      text = fmt::format("{}() with device=None -> scoped default device {} (DefaultDeviceGuard)",
                         origin.operation, device);
      break;
    case PlacementRule::global_default:
      text = fmt::format("{}() with device=None -> global default device {}", origin.operation,
                         device);
      break;
    case PlacementRule::transfer:
      text = fmt::format("{}() to {}", origin.operation, device);
      break;
    case PlacementRule::input_arrays:
      text = fmt::format("{}() on the device of its inputs, {}", origin.operation, device);
      break;
    case PlacementRule::imported:
      text = fmt::format("{}() of another library's memory on {}", origin.operation, device);
      break;
  }
  if (origin.location.known()) {
    text += fmt::format(" at {}:{}", origin.location.file, origin.location.line);
  }
  return text;
}

}  // namespace

std::string Provenance::describe(Device device) const {
  if (rule != PlacementRule::input_arrays || origin.operation == operation) {
    return describe_origin(origin, device);
  }
  return fmt::format("{}() kept its input's device {}, which came from {}", operation, device,
                     describe_origin(origin, device));
}

void set_call_site_provider(CallSiteProvider provider) {
  call_site_provider.store(provider);
}

CodeLocation caller_location(const std::source_location& location) {
  if (const CallSiteProvider provider = call_site_provider.load(std::memory_order_relaxed)) {
    if (const auto place = provider()) return *place;
  }
  return location;
}

Provenance chosen_by(std::string_view operation, PlacementRule rule,
                     const std::source_location& location) {
  return Provenance{operation, rule, Origin{operation, rule, caller_location(location)}};
}

Provenance propagated_from(std::string_view operation, const Provenance& input) {
  return Provenance{operation, PlacementRule::input_arrays, input.origin};
}

}  // namespace strict
