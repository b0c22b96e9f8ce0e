// Where an array came from: the operation that made it, the rule that put it on its device, and
// the place in the caller's code where that device was chosen. Mixed-device errors print both
// operands' provenance so the line that dropped a device can be found.
#pragma once

#include <cstdint>
#include <optional>
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
  imported,           // from_dlpack() of another library's host memory
};

std::string_view describe(PlacementRule rule);

// A place in the caller's code: a file name and a line.
struct CodeLocation {
  const char* file = "";  // static storage (a std::source_location's name, or interned); "" unknown
  std::uint_least32_t line = 0;

  CodeLocation() = default;
  CodeLocation(const char* file_name, std::uint_least32_t line_number)
      : file(file_name), line(line_number) {}
  CodeLocation(const std::source_location& location)  // NOLINT: implicit, a C++ caller's place
      : file(location.file_name()), line(location.line()) {}
  bool known() const { return file != nullptr && *file != '\0'; }
};

// Where strict's caller is when its code is not C++: a language binding (strict_xp) installs a
// provider that answers with its caller's place (the calling Python line), or nullopt to fall
// back to the C++ std::source_location. Called only when a device is chosen or data moves, on the
// calling thread. nullptr removes it.
using CallSiteProvider = std::optional<CodeLocation> (*)();
void set_call_site_provider(CallSiteProvider provider);
// The caller's place: the provider's answer if there is one, else `location`.
CodeLocation caller_location(const std::source_location& location);

// The operation that chose a device, and where in the caller's code it was called. Operations
// that keep their inputs' device pass their input's origin on, so it survives long chains.
struct Origin {
  std::string_view operation;  // a string literal: "zeros", "to_device", ...
  PlacementRule rule = PlacementRule::global_default;
  CodeLocation location;  // unknown for an operator
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
