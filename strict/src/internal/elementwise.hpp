// The machinery behind every element-wise function: dtype categories, Python-scalar operands,
// device checks, broadcasting and the typed loops. A function is one line that names its spec
// category and passes a generic lambda (see elementwise.cpp).
#pragma once

#include <complex>
#include <string_view>
#include <type_traits>

#include "internal/array_access.hpp"
#include "internal/broadcast.hpp"
#include "internal/dispatch.hpp"
#include "strict/operand.hpp"

namespace strict::internal {

// The dtype categories of spec/2024.12/API_specification/data_types.rst ("Data type categories"),
// used by each function's "Should have a ... data type" parameter text.
enum class Category {
  any,                 // "Can have any data type"
  boolean,             // "Should have a boolean data type"
  integer,             // "Should have an integer data type"
  integer_or_boolean,  // "Should have an integer or boolean data type"
  real_numeric,        // "Should have a real-valued data type"
  numeric,             // "Should have a numeric data type"
  real_floating,       // "Should have a real-valued floating-point data type"
  floating,            // "Should have a floating-point data type"
};

template <class T>
inline constexpr bool is_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <Category C, class T>
inline constexpr bool category_allows_v =
    C == Category::any ||
    (C == Category::boolean && std::is_same_v<T, bool>) ||
    (C == Category::integer && is_integer_v<T>) ||
    (C == Category::integer_or_boolean && std::is_integral_v<T>) ||
    (C == Category::real_numeric && !std::is_same_v<T, bool> && !is_complex_v<T>) ||
    (C == Category::numeric && !std::is_same_v<T, bool>) ||
    (C == Category::real_floating && std::is_floating_point_v<T>) ||
    (C == Category::floating && (std::is_floating_point_v<T> || is_complex_v<T>));

bool category_allows(Category category, DType dtype);
std::string_view describe(Category category);

// Throws DTypeError unless `dtype` is in `category`.
void require_category(std::string_view function, std::string_view parameter, DType dtype,
                      Category category);

// The dtype of a binary operation: promotion of two arrays, or the array's dtype when the other
// operand is a Python scalar that may be mixed with it (type_promotion.rst, "Mixing arrays with
// Python scalars"). Throws DTypeError when the standard defines no result.
DType binary_result_dtype(std::string_view function, const ArrayOrScalar& x1,
                          const ArrayOrScalar& x2);

// Everything a binary kernel needs, checked: device, dtype, shape, provenance.
struct BinaryPlan {
  Device device;
  DType dtype;  // the promoted dtype the operation computes in
  Shape shape;  // the broadcast shape of the result
  Provenance provenance;
};
BinaryPlan plan_binary(std::string_view function, const ArrayOrScalar& x1,
                       const ArrayOrScalar& x2, Category category);

// Output dtype rules.
struct SameDType {
  template <class T>
  using type = T;
};
struct BoolDType {
  template <class T>
  using type = bool;
};
struct RealDType {  // complex -> its real counterpart (abs, real, imag)
  template <class T>
  struct real_of {
    using type = T;
  };
  template <class T>
  struct real_of<std::complex<T>> {
    using type = T;
  };
  template <class T>
  using type = typename real_of<T>::type;
};

template <Category C, class OutputRule, class Op>
Array unary(std::string_view function, const Array& x, Op op) {
  require_category(function, "x", x.dtype(), C);
  return visit_dtype(x.dtype(), [&](auto tag) -> Array {
    using T = typename decltype(tag)::type;
    if constexpr (!category_allows_v<C, T>) {
      __builtin_unreachable();  // require_category rejected it
    } else {
      using Out = typename OutputRule::template type<T>;
      Array out = ArrayAccess::allocate(x.shape(), dtype_of_v<Out>, x.device(),
                                        propagated_from(function, x.provenance()));
      const T* in = ArrayAccess::data<T>(x);
      Out* result = ArrayAccess::data<Out>(out);
      const std::int64_t n = x.size();
      for (std::int64_t i = 0; i < n; ++i) result[i] = static_cast<Out>(op(in[i]));
      return out;
    }
  });
}

// The element of a binary operand: an array's data, or a Python scalar converted to T.
template <class T>
struct OperandReader {
  const T* data;
  T scalar;
  explicit OperandReader(const ArrayOrScalar& operand)
      : data(operand.is_array() ? ArrayAccess::data<T>(operand.array()) : nullptr),
        scalar(operand.is_array() ? T{} : operand.scalar().as<T>()) {}
};

template <Category C, class OutputRule, class Op>
Array binary(std::string_view function, const ArrayOrScalar& x1, const ArrayOrScalar& x2, Op op) {
  const BinaryPlan plan = plan_binary(function, x1, x2, C);
  return visit_dtype(plan.dtype, [&](auto tag) -> Array {
    using T = typename decltype(tag)::type;
    if constexpr (!category_allows_v<C, T>) {
      __builtin_unreachable();  // plan_binary rejected it
    } else {
      using Out = typename OutputRule::template type<T>;
      Array out = ArrayAccess::allocate(plan.shape, dtype_of_v<Out>, plan.device, plan.provenance);
      Out* result = ArrayAccess::data<Out>(out);
      const OperandReader<T> a(x1), b(x2);
      const bool a_full = x1.is_array() && x1.array().shape() == plan.shape;
      const bool b_full = x2.is_array() && x2.array().shape() == plan.shape;
      const std::int64_t n = element_count(plan.shape);
      if (a_full && b_full) {  // the common case: same shapes, one flat loop the compiler vectorises
        const T* __restrict pa = a.data;
        const T* __restrict pb = b.data;
        for (std::int64_t i = 0; i < n; ++i) result[i] = static_cast<Out>(op(pa[i], pb[i]));
      } else if (a_full && !x2.is_array()) {
        for (std::int64_t i = 0; i < n; ++i) result[i] = static_cast<Out>(op(a.data[i], b.scalar));
      } else if (!x1.is_array() && b_full) {
        for (std::int64_t i = 0; i < n; ++i) result[i] = static_cast<Out>(op(a.scalar, b.data[i]));
      } else {
        const Shape zero(plan.shape.size(), 0);
        const std::array<Shape, 2> strides = {
            x1.is_array() ? broadcast_strides(x1.array().shape(), plan.shape) : zero,
            x2.is_array() ? broadcast_strides(x2.array().shape(), plan.shape) : zero};
        for_each_broadcast<2>(plan.shape, strides, [&](std::int64_t i, const auto& offsets) {
          const T va = a.data ? a.data[offsets[0]] : a.scalar;
          const T vb = b.data ? b.data[offsets[1]] : b.scalar;
          result[i] = static_cast<Out>(op(va, vb));
        });
      }
      return out;
    }
  });
}

}  // namespace strict::internal
