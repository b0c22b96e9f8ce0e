// Element conversion and fill helpers (internal/convert.hpp): the out-of-line parts.
#include <algorithm>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"

namespace strict::internal {

DType default_dtype_for(const Scalar& value, Device device) {
  const DefaultDTypes& defaults = device.spec().default_dtypes;
  if (value.is_bool()) return DType::bool_;
  if (value.is_int()) return defaults.integral;
  if (value.is_float()) return defaults.real_floating;
  return defaults.complex_floating;
}

void require_defined_cast(std::string_view function, DType from, DType to) {
  if (is_complex_floating(from) && !is_complex_floating(to)) {
    throw DTypeError(fmt::format(
        "{}(): complex to real casting is not defined ({} to {}); the standard says casting a "
        "complex array to a real-valued dtype should not be permitted. Take real() or abs() first",
        function, from, to));
  }
}

void throw_complex_into_real(std::string_view function, const Scalar& value, DType dtype) {
  throw DTypeError(fmt::format(
      "{}(): the complex value {} cannot be stored in an array of dtype {}; use a complex dtype",
      function, value, dtype));
}

void throw_out_of_range(std::string_view function, const Scalar& value, DType dtype) {
  throw InvalidArgumentError(
      fmt::format("{}(): the value {} is out of range for dtype {}", function, value, dtype));
}

void fill(std::string_view function, const Array& out, const Scalar& value) {
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T element = scalar_to_element<T>(function, value);
    std::fill_n(ArrayAccess::data<T>(out), out.size(), element);
  });
}

void convert_into(const Array& from, const Array& to) {
  if (from.dtype() == to.dtype()) {
    // Nothing to convert: one pass, straight from the storage a view shows.
    copy_elements(from, ArrayAccess::bytes(to));
    return;
  }
  visit_dtype(from.dtype(), [&](auto from_tag) {
    using From = typename decltype(from_tag)::type;
    visit_dtype(to.dtype(), [&](auto to_tag) {
      using To = typename decltype(to_tag)::type;
      const From* source = ArrayAccess::data<From>(from);
      To* destination = ArrayAccess::data<To>(to);
      const std::int64_t n = from.size();
      for (std::int64_t i = 0; i < n; ++i)
        destination[i] = convert_element<To>(source[i]);
    });
  });
}

Array in_dtype(const Array& x, DType dtype) {
  if (x.dtype() == dtype) return x;
  Array converted = ArrayAccess::allocate(x.shape(), dtype, x.device(), x.provenance());
  convert_into(x, converted);
  return converted;
}

}  // namespace strict::internal
