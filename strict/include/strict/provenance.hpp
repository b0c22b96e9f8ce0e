// Where an array came from: the operation that made it, the rule that put it on its device, and
// the place in the caller's code where that device was chosen. Mixed-device errors print both
// operands' provenance so the line that dropped a device can be found.
#pragma once

#include <source_location>
#include <string>
#include <string_view>

#include "strict/device.hpp"

namespace strict {

// Why an array is on its device, in the order of precedence of the 2025.12 wording of
// spec/2025.12/design_topics/device_support.rst.
enum class PlacementRule {
  explicit_argument,  // device= was given
  input_arrays,       // device=None (or no device parameter): the device of the input array(s)
  scoped_default,     // no inputs, device=None: the DefaultDeviceGuard in force
  global_default,     // no inputs, device=None, no guard: the global default device
  transfer,           // to_device() (or a device= that moved data) put it there
};

std::string_view describe(PlacementRule rule);

// The operation that chose a device, and where in the caller's code it was called. Operations
// that keep their inputs' device pass their input's origin on, so it survives long chains.
struct Origin {
  std::string_view operation;  // a string literal: "zeros", "to_device", ...
  PlacementRule rule = PlacementRule::global_default;
  std::source_location location;  // empty file name when unknown (e.g. an operator)
};

struct Provenance {
  std::string_view operation;  // the operation that made this array
  PlacementRule rule = PlacementRule::global_default;
  Origin origin;  // where its device was chosen (the array's own operation unless propagated)

  // One line for error messages, e.g. "add() kept its inputs' device; zeros() chose cpu:
  // device=None, so the global default device (at main.cpp:12)".
  std::string describe(Device device) const;
};

// The provenance of an array whose operation chose its device itself.
Provenance chosen_by(std::string_view operation, PlacementRule rule,
                     const std::source_location& location);
// The provenance of an array that took the device of an input with provenance `input`.
Provenance propagated_from(std::string_view operation, const Provenance& input);

}  // namespace strict
