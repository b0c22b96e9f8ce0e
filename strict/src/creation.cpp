// Creation functions.
#include "strict/creation.hpp"

#include <algorithm>

#include "internal/array_access.hpp"
#include "internal/dispatch.hpp"
#include "internal/placement.hpp"

namespace strict {

Array zeros(const Shape& shape, CreationOptions options, const std::source_location& location) {
  const internal::Placement placement = internal::place_new_array("zeros", options.device, location);
  const DType dtype =
      options.dtype.value_or(placement.device.spec().default_dtypes.real_floating);
  Array out = ArrayAccess::allocate(shape, dtype, placement.device, placement.provenance);
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::fill_n(ArrayAccess::data<T>(out), out.size(), T{});
  });
  return out;
}

}  // namespace strict
