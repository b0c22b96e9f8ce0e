// The machinery behind every element-wise function: dtype categories, Python-scalar operands,
// device checks, broadcasting and the typed loops. A function is one line that names its spec
// category and passes a kernel (see elementwise_*.cpp and internal/elementwise_kernels.hpp).
#pragma once

#include <array>
#include <complex>
#include <string_view>
#include <type_traits>

#include "internal/array_access.hpp"
#include "internal/broadcast.hpp"
#include "internal/dispatch.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"
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
  complex_floating,    // "Should have a complex floating-point data type" (imag)
};

template <class T>
inline constexpr bool is_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <Category C, class T>
inline constexpr bool category_allows_v =
    C == Category::any || (C == Category::boolean && std::is_same_v<T, bool>) ||
    (C == Category::integer && is_integer_v<T>) ||
    (C == Category::integer_or_boolean && std::is_integral_v<T>) ||
    (C == Category::real_numeric && !std::is_same_v<T, bool> && !is_complex_v<T>) ||
    (C == Category::numeric && !std::is_same_v<T, bool>) ||
    (C == Category::real_floating && std::is_floating_point_v<T>) ||
    (C == Category::floating && (std::is_floating_point_v<T> || is_complex_v<T>)) ||
    (C == Category::complex_floating && is_complex_v<T>);

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

// The promotion of two array dtypes (promote_types), or DTypeError naming `function` where the
// standard defines none.
DType promote_dtypes(std::string_view function, DType a, DType b);

// Throws DTypeError (or InvalidArgumentError for an int out of the dtype's range) unless the
// Python scalar `scalar` may be combined with an array of `dtype` (type_promotion.rst, "Mixing
// arrays with Python scalars").
void require_scalar_fits(std::string_view function, const Scalar& scalar, DType dtype);

// The dtype of `scalar <op> array of dtype`: the array's, or its complex counterpart for a Python
// complex beside a real floating-point array; throws where the scalar does not fit.
DType scalar_operand_dtype(std::string_view function, const Scalar& scalar, DType dtype);

// `operand` with its elements converted to `dtype` when it is an array of another dtype (same
// device and provenance); the operand itself otherwise. Promotion before a kernel runs.
ArrayOrScalar promote_operand(const ArrayOrScalar& operand, DType dtype);

// Everything a binary kernel needs, checked: device, dtype, shape, provenance.
struct BinaryPlan {
  Device device;
  DType dtype;  // the promoted dtype the operation computes in
  Shape shape;  // the broadcast shape of the result
  Provenance provenance;
};
BinaryPlan plan_binary(std::string_view function, const ArrayOrScalar& x1, const ArrayOrScalar& x2,
                       Category category);

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
  using type = real_type_t<T>;
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
      if constexpr (requires { op.bulk(in, result, n); }) {
        op.bulk(in, result, n);  // a kernel with a faster loop of its own
      } else {
        for (std::int64_t i = 0; i < n; ++i)
          result[i] = static_cast<Out>(op(in[i]));
      }
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

inline bool needs_promotion(const ArrayOrScalar& operand, DType dtype) {
  return operand.is_array() && operand.array().dtype() != dtype;
}

// result[i] = op(x1[i], x2[i]) over `shape`, both operands already of element type T.
template <class T, class Out, class Op>
void binary_loop(const Shape& shape, const ArrayOrScalar& x1, const ArrayOrScalar& x2,
                 Out* __restrict result, Op op) {
  const OperandReader<T> a(x1), b(x2);
  const bool a_full = x1.is_array() && x1.array().shape() == shape;
  const bool b_full = x2.is_array() && x2.array().shape() == shape;
  const std::int64_t n = element_count(shape);
  if (a_full && b_full) {  // the common case: same shapes, one flat loop the compiler vectorises
    const T* __restrict pa = a.data;
    const T* __restrict pb = b.data;
    for (std::int64_t i = 0; i < n; ++i)
      result[i] = static_cast<Out>(op(pa[i], pb[i]));
  } else if (a_full && !x2.is_array()) {
    const T* __restrict pa = a.data;
    const T vb = b.scalar;
    for (std::int64_t i = 0; i < n; ++i)
      result[i] = static_cast<Out>(op(pa[i], vb));
  } else if (!x1.is_array() && b_full) {
    const T va = a.scalar;
    const T* __restrict pb = b.data;
    for (std::int64_t i = 0; i < n; ++i)
      result[i] = static_cast<Out>(op(va, pb[i]));
  } else {
    const Shape zero(shape.size(), 0);
    const std::array<Shape, 2> strides = {
        x1.is_array() ? broadcast_strides(x1.array().shape(), shape) : zero,
        x2.is_array() ? broadcast_strides(x2.array().shape(), shape) : zero};
    for_each_broadcast<2>(shape, strides, [&](std::int64_t i, const auto& offsets) {
      const T va = a.data ? a.data[offsets[0]] : a.scalar;
      const T vb = b.data ? b.data[offsets[1]] : b.scalar;
      result[i] = static_cast<Out>(op(va, vb));
    });
  }
}

template <Category C, class OutputRule, class Op>
Array binary(std::string_view function, const ArrayOrScalar& x1, const ArrayOrScalar& x2, Op op) {
  const BinaryPlan plan = plan_binary(function, x1, x2, C);
  if (needs_promotion(x1, plan.dtype) || needs_promotion(x2, plan.dtype)) [[unlikely]] {
    // Mixed dtypes: convert to the promoted dtype first (type_promotion.rst), then compute.
    return binary<C, OutputRule>(function, promote_operand(x1, plan.dtype),
                                 promote_operand(x2, plan.dtype), op);
  }
  return visit_dtype(plan.dtype, [&](auto tag) -> Array {
    using T = typename decltype(tag)::type;
    if constexpr (!category_allows_v<C, T>) {
      __builtin_unreachable();  // plan_binary rejected it
    } else {
      using Out = typename OutputRule::template type<T>;
      Array out = ArrayAccess::allocate(plan.shape, dtype_of_v<Out>, plan.device, plan.provenance);
      binary_loop<T, Out>(plan.shape, x1, x2, ArrayAccess::data<Out>(out), op);
      return out;
    }
  });
}

// Throws unless an in-place operation may write `plan`'s result into `target`
// (array_object.rst, "In-place operators": an in-place operation must not change the data type
// or the shape of the array it writes into): DTypeError for another dtype, InvalidArgumentError
// for another shape.
void require_in_place_result(std::string_view function, const Array& target,
                             const BinaryPlan& plan);

// Copies the elements of `from` into the storage of `to` (same dtype and element count).
void copy_elements(const Array& from, const Array& to);

// target = op(target, other), written into target's storage, which every handle sharing it sees.
// Every check (devices, dtypes, shapes) runs before the first write, so a failing call leaves
// target unchanged.
template <Category C, class Op>
void binary_in_place(std::string_view function, const Array& target, const ArrayOrScalar& other,
                     Op op) {
  if (other.is_array() && other.array().device() != target.device() &&
      fault::is_active(fault::Fault::in_place_writes_before_raising)) [[unlikely]] {
    // Fault in_place_writes_before_raising (array-api-strict#102: a dunder without its device
    // check): the kernel runs on a same-device copy of `other` first, then the check below raises.
    try {
      Array moved = ArrayAccess::allocate(other.array().shape(), other.array().dtype(),
                                          target.device(), other.array().provenance());
      copy_elements(other.array(), moved);
      binary_in_place<C>(function, target, ArrayOrScalar(moved), op);
    } catch (const Error&) {
      // A dtype or shape the in-place form refuses: nothing was written.
    }
  }
  const BinaryPlan plan = plan_binary(function, target, other, C);
  require_in_place_result(function, target, plan);
  if (other.is_array() &&
      (other.array().dtype() != plan.dtype ||
       (other.array().shares_storage_with(target) && other.array().shape() != target.shape())))
      [[unlikely]] {
    // Another dtype, or a broadcast view of the target itself: compute aside, then copy in.
    copy_elements(binary<C, SameDType>(function, target, other, op), target);
    return;
  }
  visit_dtype(plan.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!category_allows_v<C, T>) {
      __builtin_unreachable();  // plan_binary rejected it
    } else {
      T* result = ArrayAccess::data<T>(target);
      const std::int64_t n = target.size();
      if (!other.is_array()) {
        const T value = other.scalar().as<T>();
        for (std::int64_t i = 0; i < n; ++i)
          result[i] = static_cast<T>(op(result[i], value));
      } else if (other.array().shape() == target.shape()) {
        const T* values = ArrayAccess::data<T>(other.array());  // may be result itself: x += x
        for (std::int64_t i = 0; i < n; ++i)
          result[i] = static_cast<T>(op(result[i], values[i]));
      } else {
        const T* values = ArrayAccess::data<T>(other.array());
        const std::array<Shape, 1> strides = {broadcast_strides(other.array().shape(), plan.shape)};
        for_each_broadcast<1>(plan.shape, strides, [&](std::int64_t i, const auto& offsets) {
          result[i] = static_cast<T>(op(result[i], values[offsets[0]]));
        });
      }
    }
  });
  ArrayAccess::wrote(target);
}

}  // namespace strict::internal
