// Device checks shared by every function.
#include "internal/placement.hpp"

#include <fmt/format.h>

#include "strict/default_device.hpp"
#include "strict/errors.hpp"

namespace strict::internal {

Device common_device(std::string_view function, std::span<const NamedArray> inputs) {
  const NamedArray& first = inputs.front();
  const Device device = first.array->device();
  for (const NamedArray& input : inputs.subspan(1)) {
    const Device other = input.array->device();
    if (other != device) {
      // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation
      // involves arrays on different devices (i.e. avoid implicit data transfer between devices)."
      throw DeviceMismatchError(fmt::format(
          "{}(): arrays on different devices cannot be combined: {} is on {} ({}), {} is on {} "
          "({}). Move one of them with to_device() first.",
          function, first.name, device, first.array->provenance().describe(device), input.name,
          other, input.array->provenance().describe(other)));
    }
  }
  return device;
}

Placement place_new_array(std::string_view operation, std::optional<Device> requested,
                          const std::source_location& location) {
  if (requested) {
    return {*requested, chosen_by(operation, PlacementRule::explicit_argument, location)};
  }
  if (const std::optional<Device> scoped = scoped_default_device()) {
    return {*scoped, chosen_by(operation, PlacementRule::scoped_default, location)};
  }
  return {global_default_device(), chosen_by(operation, PlacementRule::global_default, location)};
}

void require_dtype_on_device(DType dtype, Device device, std::string_view operation) {
  if (!device.supports(dtype)) {
    throw UnsupportedDTypeError(
        fmt::format("{}(): device {} does not support dtype {}", operation, device, dtype));
  }
}

}  // namespace strict::internal
