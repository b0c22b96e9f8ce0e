// Data type functions: astype.
#include "strict/data_type.hpp"

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/device_registry.hpp"
#include "strict/default_device.hpp"
#include "strict/fault.hpp"

namespace strict {

Array astype(const Array& x, DType dtype, AstypeOptions options,
             const std::source_location& location) {
  // "Casting a complex floating-point array to a real-valued data type should not be permitted"
  // (data_type_functions.rst, astype); array-api-strict raises TypeError, strict DTypeError.
  internal::require_defined_cast("astype", x.dtype(), dtype);
  // "If device is None, the output array device must be inferred from x"; device= wins.
  Device device = options.device.value_or(x.device());
  // Fault astype_drops_device (array-api-compat#226: astype without its device keyword): the
  // result goes to the default device.
  if (!options.device && fault::is_active(fault::Fault::astype_drops_device))
    device = default_device();
  // copy=False: "If False and the specified dtype matches the data type of the input array, the
  // input array must be returned". The standard says nothing of a device= that differs from x's.
  // strict honours the explicit device= (spec/2024.12/design_topics/device_support.rst: "Respect
  // explicit device assignment") and returns a copy there; array-api-strict returns x on its old
  // device instead.
  if (!options.copy && dtype == x.dtype() && device == x.device()) return x;
  const Provenance provenance =
      options.device ? chosen_by("astype", PlacementRule::explicit_argument, location)
                     : propagated_from("astype", x.provenance());
  if (device != x.device()) internal::record_transfer(x.device(), device, "astype", location);
  Array out = ArrayAccess::allocate(x.shape(), dtype, device, provenance);
  internal::convert_into(x, out);
  return out;
}

}  // namespace strict
