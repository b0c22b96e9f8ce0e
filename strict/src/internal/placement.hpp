// The device rules every function applies: where a new array goes, and the check that all array
// inputs of a function share one device.
#pragma once

#include <initializer_list>
#include <optional>
#include <source_location>
#include <span>
#include <string_view>

#include "strict/array.hpp"

namespace strict::internal {

struct NamedArray {
  std::string_view name;  // the parameter's name in the standard: "x1", "arrays[2]", ...
  const Array* array;
};

// The one device all `inputs` are on. Throws DeviceMismatchError naming `function`, the first
// two parameters found on different devices, their devices and their provenance.
Device common_device(std::string_view function, std::span<const NamedArray> inputs);
inline Device common_device(std::string_view function, std::initializer_list<NamedArray> inputs) {
  return common_device(function, std::span<const NamedArray>(inputs.begin(), inputs.size()));
}

// Where an array made from no input arrays goes: `requested` if given, else the scoped default,
// else the global default; with the provenance saying which.
struct Placement {
  Device device;
  Provenance provenance;
};
Placement place_new_array(std::string_view operation, std::optional<Device> requested,
                          const std::source_location& location);

// Throws UnsupportedDTypeError unless `device` supports `dtype`.
void require_dtype_on_device(DType dtype, Device device, std::string_view operation);

}  // namespace strict::internal
