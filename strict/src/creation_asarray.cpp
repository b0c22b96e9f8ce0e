// Creation functions from data: asarray (arrays, Python scalars, nested and flat literal data)
// and from_dlpack.
#include <cstddef>
#include <cstring>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/device_registry.hpp"
#include "internal/element_gather.hpp"
#include "internal/placement.hpp"
#include "strict/creation.hpp"
#include "strict/default_device.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict {
namespace {

bool never_copy(const std::optional<bool>& copy) {
  return copy.has_value() && !*copy;
}
bool always_copy(const std::optional<bool>& copy) {
  return copy.has_value() && *copy;
}

// The shape of nested literal data. Throws InvalidArgumentError for a ragged nesting (lists of
// different lengths, or a scalar beside a list).
Shape shape_of(const NestedSequence& data) {
  if (data.is_scalar()) return {};
  Shape shape{static_cast<std::int64_t>(data.items().size())};
  if (data.items().empty()) return shape;
  const Shape inner = shape_of(data.items().front());
  for (std::size_t i = 1; i < data.items().size(); ++i) {
    const Shape other = shape_of(data.items()[i]);
    if (other != inner) {
      throw InvalidArgumentError(fmt::format(
          "asarray(): ragged nested sequence: element 0 has shape ({}) but element {} has shape "
          "({}); every list at one depth must have the same length",
          fmt::join(inner, ", "), i, fmt::join(other, ", ")));
    }
  }
  shape.insert(shape.end(), inner.begin(), inner.end());
  return shape;
}

// The scalars of nested literal data in C order.
void collect(const NestedSequence& data, std::vector<Scalar>& values) {
  if (data.is_scalar()) {
    values.push_back(data.scalar());
    return;
  }
  for (const NestedSequence& item : data.items())
    collect(item, values);
}

// The dtype of literal data with dtype=None, as Python array libraries infer it: all bool ->
// bool; ints (and bools) -> default integral; any float -> default real floating; any complex ->
// default complex floating; no values -> default real floating (like NumPy's asarray([])).
// The defaults are those of the chosen device (data_types.rst, "Default data types").
DType infer_dtype(std::span<const Scalar> values, Device device) {
  const DefaultDTypes& defaults = device.spec().default_dtypes;
  bool any_int = false, any_float = false, any_complex = false;
  for (const Scalar& value : values) {
    any_int = any_int || value.is_int();
    any_float = any_float || value.is_float();
    any_complex = any_complex || value.is_complex();
  }
  if (any_complex) return defaults.complex_floating;
  if (any_float || values.empty()) return defaults.real_floating;
  if (any_int) return defaults.integral;
  return DType::bool_;
}

Array from_literal(std::span<const Scalar> values, const Shape& shape,
                   const AsarrayOptions& options, const std::source_location& location) {
  // creation_functions.rst, asarray, copy: "If False, the function must never copy ... and must
  // raise a ValueError in case a copy would be necessary". Literal data always has to be copied
  // into an array.
  if (never_copy(options.copy)) {
    throw InvalidArgumentError(
        "asarray(): copy=False, but making an array from literal data always copies; pass "
        "copy=None or copy=True");
  }
  for (std::int64_t extent : shape) {
    if (extent < 0) {
      throw InvalidArgumentError(fmt::format("asarray(): negative dimension {} in shape ({})",
                                             extent, fmt::join(shape, ", ")));
    }
  }
  if (element_count(shape) != static_cast<std::int64_t>(values.size())) {
    throw InvalidArgumentError(
        fmt::format("asarray(): {} values cannot fill shape ({}), which holds {} elements",
                    values.size(), fmt::join(shape, ", "), element_count(shape)));
  }
  // No input arrays and device=None: the default device (device_support.rst).
  const internal::Placement placement =
      internal::place_new_array("asarray", options.device, location);
  const DType dtype = options.dtype.value_or(infer_dtype(values, placement.device));
  Array out = ArrayAccess::allocate(shape, dtype, placement.device, placement.provenance);
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = ArrayAccess::data<T>(out);
    for (std::size_t i = 0; i < values.size(); ++i) {
      data[i] = internal::scalar_to_element<T>("asarray", values[i]);
    }
  });
  return out;
}

}  // namespace

Array asarray(const Array& obj, AsarrayOptions options, const std::source_location& location) {
  // "If device is None and obj is an array, the output array device must be inferred from obj"
  // (creation_functions.rst, asarray); an explicit device= wins.
  Device device = options.device.value_or(obj.device());
  // Fault asarray_ignores_input_device (pytorch#150199): a default device beats the input's.
  if (!options.device && fault::is_active(fault::Fault::asarray_ignores_input_device))
    device = default_device();
  const DType dtype = options.dtype.value_or(obj.dtype());
  const bool copy_needed = device != obj.device() || dtype != obj.dtype();
  if (never_copy(options.copy) && copy_needed) {
    // Issue data-apis/array-api#254 concluded that copy=False with another device must raise:
    // "the two keywords provided conflict".
    throw InvalidArgumentError(fmt::format(
        "asarray(): copy=False, but a copy is necessary: obj is {} on {} and the result must be "
        "{} on {}; pass copy=None to allow the copy",
        obj.dtype(), obj.device(), dtype, device));
  }
  internal::require_defined_cast("asarray", obj.dtype(), dtype);
  const Provenance provenance =
      options.device ? chosen_by("asarray", PlacementRule::explicit_argument, location)
                     : propagated_from("asarray", obj.provenance());
  if (!copy_needed && !always_copy(options.copy)) {
    return ArrayAccess::view(obj, obj.shape(), provenance);
  }
  if (device != obj.device()) internal::record_transfer(obj.device(), device, "asarray", location);
  Array out = ArrayAccess::allocate(obj.shape(), dtype, device, provenance);
  internal::convert_into(obj, out);
  return out;
}

namespace detail {

Array asarray_from_scalar(const Scalar& obj, const AsarrayOptions& options,
                          const std::source_location& location) {
  return from_literal(std::span<const Scalar>(&obj, 1), Shape{}, options, location);
}

}  // namespace detail

Array asarray(const NestedSequence& obj, AsarrayOptions options,
              const std::source_location& location) {
  const Shape shape = shape_of(obj);
  std::vector<Scalar> values;
  values.reserve(static_cast<std::size_t>(element_count(shape)));
  collect(obj, values);
  return from_literal(values, shape, options, location);
}

Array asarray(std::span<const Scalar> values, const Shape& shape, AsarrayOptions options,
              const std::source_location& location) {
  return from_literal(values, shape, options, location);
}

Array asarray_from_host_elements(const std::byte* first, const Shape& shape,
                                 std::span<const std::int64_t> byte_strides, DType dtype,
                                 AsarrayOptions options, const std::source_location& location) {
  if (never_copy(options.copy)) {
    throw InvalidArgumentError(
        "asarray(): copy=False, but obj is another library's memory, which strict must copy");
  }
  if (byte_strides.size() != shape.size()) {
    throw InvalidArgumentError(fmt::format("asarray(): {} strides for shape ({})",
                                           byte_strides.size(), fmt::join(shape, ", ")));
  }
  if (options.dtype && *options.dtype != dtype) {
    throw InvalidArgumentError(
        fmt::format("asarray_from_host_elements(): the elements are {}, not dtype= {}; convert "
                    "them afterwards",
                    dtype, *options.dtype));
  }
  const internal::Placement placement =
      internal::place_new_array("asarray", options.device, location);
  Array out = ArrayAccess::allocate(shape, dtype, placement.device, placement.provenance);
  if (element_count(shape) != 0) {
    internal::copy_strided(first, byte_strides, shape, item_size(dtype),
                           static_cast<std::byte*>(ArrayAccess::bytes(out)));
  }
  return out;
}

Array from_dlpack(const Array& x, FromDlpackOptions options, const std::source_location& location) {
  // device=None: "If device is None and x supports DLPack, the output array must be on the same
  // device as x" (creation_functions.rst, from_dlpack, 2023.12+). strict follows the standard
  // here; array-api-strict instead lands such results on its CPU device.
  Device device = options.device.value_or(x.device());
  // Fault from_dlpack_loses_device (array-api-strict#219): without device= the result lands on
  // the host. Fault from_dlpack_ignores_device: device= is dropped.
  if (!options.device && fault::is_active(fault::Fault::from_dlpack_loses_device))
    device = Device::cpu();
  if (fault::is_active(fault::Fault::from_dlpack_ignores_device)) device = x.device();
  const bool cross_device = device != x.device();
  // Fault from_dlpack_copy_false_copies: copy=False no longer stops a cross-device copy.
  if (cross_device && never_copy(options.copy) &&
      !fault::is_active(fault::Fault::from_dlpack_copy_false_copies)) {
    // The standard is inconsistent: the `copy` parameter says "raise BufferError in case a copy
    // is deemed necessary (e.g. if a cross-device data movement is requested)", while the
    // `device` parameter and the Raises section say ValueError. strict raises BufferError, the
    // exception of __dlpack__ for the same case since PR data-apis/array-api#887.
    throw BufferError(fmt::format(
        "from_dlpack(): copy=False, but moving x from {} to {} needs a copy; pass copy=None or "
        "copy=True",
        x.device(), device));
  }
  const Provenance provenance =
      options.device ? chosen_by("from_dlpack", PlacementRule::explicit_argument, location)
                     : propagated_from("from_dlpack", x.provenance());
  // A DLPack exchange on one device shares the producer's memory unless a copy is asked for.
  if (!cross_device && !always_copy(options.copy)) {
    return ArrayAccess::view(x, x.shape(), provenance);
  }
  if (cross_device) internal::record_transfer(x.device(), device, "from_dlpack", location);
  Array out = ArrayAccess::allocate(x.shape(), x.dtype(), device, provenance);
  const std::size_t bytes = static_cast<std::size_t>(x.size()) * item_size(x.dtype());
  if (bytes != 0) std::memcpy(ArrayAccess::bytes(out), ArrayAccess::bytes(x), bytes);
  return out;
}

}  // namespace strict
