// Creation functions from a shape (empty, zeros, ones, full) and their *_like forms.
#include "strict/creation.hpp"

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/placement.hpp"
#include "strict/default_device.hpp"
#include "strict/fault.hpp"

namespace strict {
namespace {

// A new array of `shape` on the device that place_new_array chooses (explicit device=, else the
// scoped default, else the global default: spec/2024.12/design_topics/device_support.rst), with
// the given dtype or, for None, the default of `default_value`'s kind on *that* device.
Array new_filled(std::string_view function, const Shape& shape, const Scalar& value,
                 const CreationOptions& options, const std::source_location& location) {
  const internal::Placement placement =
      internal::place_new_array(function, options.device, location);
  const DType dtype = options.dtype.value_or(internal::default_dtype_for(value, placement.device));
  Array out = ArrayAccess::allocate(shape, dtype, placement.device, placement.provenance);
  internal::fill(function, out, value);
  return out;
}

// The *_like functions: "If device is None, the output array device must be inferred from x"
// and "If dtype is None, the output array data type must be inferred from x"
// (creation_functions.rst, empty_like/full_like/ones_like/zeros_like). An explicit device= wins.
Array new_like(std::string_view function, const Array& x, const Scalar& value,
               const CreationOptions& options, const std::source_location& location) {
  Device device = options.device.value_or(x.device());
  // Fault like_uses_default_device (cupy#3457): the current device beats x's.
  if (!options.device && fault::is_active(fault::Fault::like_uses_default_device))
    device = default_device();
  const Provenance provenance =
      options.device ? chosen_by(function, PlacementRule::explicit_argument, location)
                     : propagated_from(function, x.provenance());
  Array out =
      ArrayAccess::allocate(x.shape(), options.dtype.value_or(x.dtype()), device, provenance);
  internal::fill(function, out, value);
  return out;
}

// zeros/ones/empty without dtype= take the default real floating dtype ("Default: None", which
// the standard resolves to "the default real-valued floating-point data type").
constexpr double zero = 0.0;
constexpr double one = 1.0;

}  // namespace

Array empty(const Shape& shape, CreationOptions options, const std::source_location& location) {
  // The standard leaves empty()'s contents unspecified; strict zeroes them so that results are
  // reproducible and sanitizers never see uninitialised reads.
  return new_filled("empty", shape, zero, options, location);
}

Array zeros(const Shape& shape, CreationOptions options, const std::source_location& location) {
  return new_filled("zeros", shape, zero, options, location);
}

Array ones(const Shape& shape, CreationOptions options, const std::source_location& location) {
  return new_filled("ones", shape, one, options, location);
}

Array full(const Shape& shape, Scalar fill_value, CreationOptions options,
           const std::source_location& location) {
  return new_filled("full", shape, fill_value, options, location);
}

Array empty_like(const Array& x, CreationOptions options, const std::source_location& location) {
  return new_like("empty_like", x, zero, options, location);
}

Array zeros_like(const Array& x, CreationOptions options, const std::source_location& location) {
  return new_like("zeros_like", x, zero, options, location);
}

Array ones_like(const Array& x, CreationOptions options, const std::source_location& location) {
  return new_like("ones_like", x, one, options, location);
}

Array full_like(const Array& x, Scalar fill_value, CreationOptions options,
                const std::source_location& location) {
  return new_like("full_like", x, fill_value, options, location);
}

}  // namespace strict
