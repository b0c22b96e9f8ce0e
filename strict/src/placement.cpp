// Device checks shared by every function.
#include "internal/placement.hpp"

#include <fmt/format.h>

#include "strict/default_device.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict::internal {
namespace {

// Faults matmul/concat/stack_transfers_silently (torch combines cpu and meta tensors): the
// function computes on the first input's device as if the others had been copied there. Only
// consulted on the mismatch path, so the check costs nothing on the common one.
bool transfers_silently(std::string_view function) {
  using fault::Fault;
  return (function == "matmul" && fault::is_active(Fault::matmul_transfers_silently)) ||
         (function == "concat" && fault::is_active(Fault::concat_transfers_silently)) ||
         (function == "stack" && fault::is_active(Fault::stack_transfers_silently));
}

}  // namespace

Device common_device(std::string_view function, std::span<const NamedArray> inputs) {
  const NamedArray& first = inputs.front();
  const Device device = first.array->device();
  for (const NamedArray& input : inputs.subspan(1)) {
    const Device other = input.array->device();
    if (other != device && !transfers_silently(function)) {
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
  // Fault creation_ignores_scoped_default (jax#10959): the scoped default is skipped.
  const std::optional<Device> scoped =
      fault::is_active(fault::Fault::creation_ignores_scoped_default) ? std::nullopt
                                                                      : scoped_default_device();
  if (scoped) {
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
