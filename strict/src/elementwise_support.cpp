// Dtype categories, Python-scalar operands and the checks before a binary element-wise kernel.
#include <cstring>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "internal/convert.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"
#include "strict/default_device.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict::internal {

bool category_allows(Category category, DType dtype) {
  switch (category) {
    case Category::any:
      return true;
    case Category::boolean:
      return is_bool(dtype);
    case Category::integer:
      return is_integer(dtype);
    case Category::integer_or_boolean:
      return is_integer(dtype) || is_bool(dtype);
    case Category::real_numeric:
      return is_numeric(dtype) && !is_complex_floating(dtype);
    case Category::numeric:
      return is_numeric(dtype);
    case Category::real_floating:
      return is_real_floating(dtype);
    case Category::floating:
      return is_floating(dtype);
    case Category::complex_floating:
      return is_complex_floating(dtype);
  }
  return false;
}

std::string_view describe(Category category) {
  switch (category) {
    case Category::any:
      return "any";
    case Category::boolean:
      return "a boolean";
    case Category::integer:
      return "an integer";
    case Category::integer_or_boolean:
      return "an integer or boolean";
    case Category::real_numeric:
      return "a real-valued";
    case Category::numeric:
      return "a numeric";
    case Category::real_floating:
      return "a real-valued floating-point";
    case Category::floating:
      return "a floating-point";
    case Category::complex_floating:
      return "a complex floating-point";
  }
  return "?";
}

void require_category(std::string_view function, std::string_view parameter, DType dtype,
                      Category category) {
  if (!category_allows(category, dtype)) {
    throw DTypeError(fmt::format("{}(): {} has dtype {}, but the standard asks for {} data type",
                                 function, parameter, dtype, describe(category)));
  }
}

// Whether a Python scalar may be combined with an array of `dtype`
// (spec/2024.12/API_specification/type_promotion.rst, "Mixing arrays with Python scalars").
void require_scalar_fits(std::string_view function, const Scalar& scalar, DType dtype) {
  bool allowed = false;
  if (scalar.is_bool()) allowed = is_bool(dtype);
  if (scalar.is_int()) allowed = is_integer(dtype) || is_floating(dtype);
  if (scalar.is_float()) allowed = is_floating(dtype);
  if (scalar.is_complex()) allowed = is_complex_floating(dtype);
  if (!allowed) {
    throw DTypeError(
        fmt::format("{}(): the Python scalar {} cannot be combined with an array of dtype {}",
                    function, scalar, dtype));
  }
  if (scalar.is_int() && is_integer(dtype)) {
    const bool fits = visit_dtype(dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      return std::visit(
          [](auto v) {
            using V = decltype(v);
            if constexpr (is_integer_v<T> && std::is_integral_v<V> && !std::is_same_v<V, bool>) {
              return std::in_range<T>(v);
            } else {
              return true;
            }
          },
          scalar.value());
    });
    if (!fits) {
      throw InvalidArgumentError(fmt::format(
          "{}(): the Python int {} is out of bounds for dtype {}", function, scalar, dtype));
    }
  }
}

DType promote_dtypes(std::string_view function, DType a, DType b) {
  if (const std::optional<DType> promoted = promote_types(a, b)) return *promoted;
  throw DTypeError(
      fmt::format("{}(): cannot promote dtypes {} and {}: the standard defines no type promotion "
                  "between them",
                  function, a, b));
}

DType binary_result_dtype(std::string_view function, const ArrayOrScalar& x1,
                          const ArrayOrScalar& x2) {
  if (x1.is_array() && x2.is_array()) {
    return promote_dtypes(function, x1.array().dtype(), x2.array().dtype());
  }
  if (!x1.is_array() && !x2.is_array()) {
    throw InvalidArgumentError(fmt::format(
        "{}(): at least one of x1 and x2 must be an array, not two Python scalars", function));
  }
  const Array& array = x1.is_array() ? x1.array() : x2.array();
  return scalar_operand_dtype(function, x1.is_array() ? x2.scalar() : x1.scalar(), array.dtype());
}

DType scalar_operand_dtype(std::string_view function, const Scalar& scalar, DType dtype) {
  // spec/2024.12/API_specification/type_promotion.rst, "Mixing arrays with Python scalars": "a
  // Python int, float, or complex for real-valued floating-point array data types", and "the
  // result is an array of the data type of the same precision as the array operand. In other
  // word, 1j <op> float32_array results in a complex64 array".
  if (scalar.is_complex() && is_real_floating(dtype)) return complex_dtype_of(dtype);
  require_scalar_fits(function, scalar, dtype);
  return dtype;
}

namespace {

// Exactly one operand 0-d, the two on different devices, and the fault on.
bool zero_d_exempt(const Array& x1, const Array& x2) {
  return x1.device() != x2.device() && (x1.ndim() == 0) != (x2.ndim() == 0) &&
         fault::is_active(fault::Fault::zero_d_exempt_from_mixed);
}

}  // namespace

BinaryPlan plan_binary(std::string_view function, const ArrayOrScalar& x1, const ArrayOrScalar& x2,
                       Category category) {
  // Devices first: a mixed-device call is the error a caller most needs to see.
  Device device = x1.is_array() ? x1.array().device() : Device::cpu();
  const Array* first = nullptr;
  if (x1.is_array() && x2.is_array() && zero_d_exempt(x1.array(), x2.array())) [[unlikely]] {
    // Fault zero_d_exempt_from_mixed (pytorch#38205): a 0-d operand on another device is let
    // through, and the result goes where the other operand is.
    first = x1.array().ndim() == 0 ? &x2.array() : &x1.array();
    device = first->device();
  } else if (x1.is_array() && x2.is_array()) {
    device = common_device(function, {{"x1", &x1.array()}, {"x2", &x2.array()}});
    first = &x1.array();
  } else if (x1.is_array() || x2.is_array()) {
    // spec/2025.12/design_topics/device_support.rst: "scalars should inherit the device of the
    // arrays".
    first = x1.is_array() ? &x1.array() : &x2.array();
    device = first->device();
    // Fault scalar_operand_on_default_device (array-api PR #919 is the rule it breaks): the
    // scalar's result goes to the default device.
    if (fault::is_active(fault::Fault::scalar_operand_on_default_device)) device = default_device();
  }
  const DType dtype = binary_result_dtype(function, x1, x2);
  if (!category_allows(category, dtype)) {
    throw DTypeError(
        fmt::format("{}(): operands of dtype {} are not allowed; the standard asks "
                    "for {} data type",
                    function, dtype, describe(category)));
  }
  static const Shape scalar_shape{};
  const Shape& s1 = x1.is_array() ? x1.array().shape() : scalar_shape;
  const Shape& s2 = x2.is_array() ? x2.array().shape() : scalar_shape;
  Shape shape = s1 == s2 ? s1 : broadcast_shapes(function, s1, s2);
  return BinaryPlan{device, dtype, std::move(shape),
                    propagated_from(function, first->provenance())};
}

ArrayOrScalar promote_operand(const ArrayOrScalar& operand, DType dtype) {
  if (!needs_promotion(operand, dtype)) return operand;
  return in_dtype(operand.array(), dtype);
}

void require_in_place_result(std::string_view function, const Array& target,
                             const BinaryPlan& plan) {
  // spec/2024.12/API_specification/array_object.rst, "In-place operators": "An in-place operation
  // must not change the data type or shape of the in-place array as a result of Type Promotion
  // Rules or Broadcasting."
  if (plan.dtype != target.dtype()) {
    throw DTypeError(fmt::format(
        "{}(): the result would have dtype {}, but the in-place target has dtype {} and an "
        "in-place operation must not change it; use the out-of-place operator instead",
        function, plan.dtype, target.dtype()));
  }
  if (plan.shape != target.shape()) {
    throw InvalidArgumentError(fmt::format(
        "{}(): the operands broadcast to shape ({}), but the in-place target has shape ({}) and "
        "an in-place operation must not change it; use the out-of-place operator instead",
        function, fmt::join(plan.shape, ", "), fmt::join(target.shape(), ", ")));
  }
}

void copy_elements(const Array& from, const Array& to) {
  const std::size_t bytes = static_cast<std::size_t>(from.size()) * item_size(from.dtype());
  if (bytes != 0) std::memmove(ArrayAccess::bytes(to), ArrayAccess::bytes(from), bytes);
  ArrayAccess::wrote(to);
}

}  // namespace strict::internal
