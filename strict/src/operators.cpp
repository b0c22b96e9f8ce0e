// Operators on arrays: each calls the element-wise operation under its special method's name.
#include "strict/operators.hpp"

#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "internal/elementwise.hpp"
#include "internal/elementwise_kernels.hpp"
#include "internal/elementwise_operations.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"
#include "strict/linear_algebra.hpp"

namespace strict {

using internal::apply;
using internal::apply_in_place;
using Op = internal::BinaryOperation;

// A reflected form (scalar on the left) is Python's x.__rOP__(scalar): the same operation with
// the scalar as x1. A reflected comparison is the mirrored comparison on the array
// (`2 < x` is `x.__gt__(2)`).
#define STRICT_BINARY_OPERATOR(symbol, operation, name, reflected_name) \
  Array operator symbol(const Array& x1, const Array& x2) {             \
    return apply(Op::operation, name, x1, x2);                          \
  }                                                                     \
  Array operator symbol(const Array& x1, const Scalar& x2) {            \
    return apply(Op::operation, name, x1, x2);                          \
  }                                                                     \
  Array operator symbol(const Scalar& x1, const Array& x2) {            \
    return apply(Op::operation, reflected_name, x1, x2);                \
  }

STRICT_BINARY_OPERATOR(+, add, "__add__", "__radd__")
STRICT_BINARY_OPERATOR(-, subtract, "__sub__", "__rsub__")
STRICT_BINARY_OPERATOR(*, multiply, "__mul__", "__rmul__")
STRICT_BINARY_OPERATOR(/, divide, "__truediv__", "__rtruediv__")
STRICT_BINARY_OPERATOR(%, remainder, "__mod__", "__rmod__")
STRICT_BINARY_OPERATOR(&, bitwise_and, "__and__", "__rand__")
STRICT_BINARY_OPERATOR(|, bitwise_or, "__or__", "__ror__")
STRICT_BINARY_OPERATOR(^, bitwise_xor, "__xor__", "__rxor__")
STRICT_BINARY_OPERATOR(<<, bitwise_left_shift, "__lshift__", "__rlshift__")
STRICT_BINARY_OPERATOR(>>, bitwise_right_shift, "__rshift__", "__rrshift__")
#undef STRICT_BINARY_OPERATOR

#define STRICT_COMPARISON_OPERATOR(symbol, operation, name, mirrored, mirrored_name) \
  Array operator symbol(const Array& x1, const Array& x2) {                          \
    return apply(Op::operation, name, x1, x2);                                       \
  }                                                                                  \
  Array operator symbol(const Array& x1, const Scalar& x2) {                         \
    return apply(Op::operation, name, x1, x2);                                       \
  }                                                                                  \
  Array operator symbol(const Scalar& x1, const Array& x2) {                         \
    return apply(Op::mirrored, mirrored_name, x2, x1);                               \
  }

STRICT_COMPARISON_OPERATOR(==, equal, "__eq__", equal, "__eq__")
STRICT_COMPARISON_OPERATOR(!=, not_equal, "__ne__", not_equal, "__ne__")
STRICT_COMPARISON_OPERATOR(<, less, "__lt__", greater, "__gt__")
STRICT_COMPARISON_OPERATOR(<=, less_equal, "__le__", greater_equal, "__ge__")
STRICT_COMPARISON_OPERATOR(>, greater, "__gt__", less, "__lt__")
STRICT_COMPARISON_OPERATOR(>=, greater_equal, "__ge__", less_equal, "__le__")
#undef STRICT_COMPARISON_OPERATOR

Array operator-(const Array& x) {
  return apply(internal::UnaryOperation::negative, "__neg__", x);
}
Array operator+(const Array& x) {
  return apply(internal::UnaryOperation::positive, "__pos__", x);
}
Array operator~(const Array& x) {
  return apply(internal::UnaryOperation::bitwise_invert, "__invert__", x);
}

#define STRICT_IN_PLACE_OPERATOR(symbol, operation, name)      \
  Array& operator symbol(Array& x1, const ArrayOrScalar& x2) { \
    apply_in_place(Op::operation, name, x1, x2);               \
    return x1;                                                 \
  }

STRICT_IN_PLACE_OPERATOR(+=, add, "__iadd__")
STRICT_IN_PLACE_OPERATOR(-=, subtract, "__isub__")
STRICT_IN_PLACE_OPERATOR(*=, multiply, "__imul__")
STRICT_IN_PLACE_OPERATOR(/=, divide, "__itruediv__")
STRICT_IN_PLACE_OPERATOR(%=, remainder, "__imod__")
STRICT_IN_PLACE_OPERATOR(&=, bitwise_and, "__iand__")
STRICT_IN_PLACE_OPERATOR(|=, bitwise_or, "__ior__")
STRICT_IN_PLACE_OPERATOR(^=, bitwise_xor, "__ixor__")
STRICT_IN_PLACE_OPERATOR(<<=, bitwise_left_shift, "__ilshift__")
STRICT_IN_PLACE_OPERATOR(>>=, bitwise_right_shift, "__irshift__")
#undef STRICT_IN_PLACE_OPERATOR

// The forms C++ has no operator for: the kernels and dtype categories of pow and floor_divide.
Array& pow_in_place(Array& x1, const ArrayOrScalar& x2) {
  internal::binary_in_place<internal::Category::numeric>("__ipow__", x1, x2,
                                                         internal::kernels::Pow{});
  return x1;
}

Array& floor_divide_in_place(Array& x1, const ArrayOrScalar& x2) {
  internal::binary_in_place<internal::Category::real_numeric>("__ifloordiv__", x1, x2,
                                                              internal::kernels::FloorDivide{});
  return x1;
}

namespace {

// matmul's message under the name the caller used ("matmul(): ..." -> "__imatmul__(): ...").
std::string renamed(std::string_view message) {
  constexpr std::string_view prefix = "matmul(): ";
  if (message.starts_with(prefix)) message.remove_prefix(prefix.size());
  return fmt::format("__imatmul__(): {}", message);
}

}  // namespace

Array& matmul_in_place(Array& x1, const Array& x2) {
  constexpr std::string_view name = "__imatmul__";
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; checked before anything else.
  internal::common_device(name, {{"x1", &x1}, {"x2", &x2}});
  internal::require_category(name, "x1", x1.dtype(), internal::Category::numeric);
  internal::require_category(name, "x2", x2.dtype(), internal::Category::numeric);
  // "An in-place operation must not change the data type or shape of the in-place array".
  const std::optional<DType> promoted = promote_types(x1.dtype(), x2.dtype());
  if (promoted != x1.dtype()) {
    throw DTypeError(fmt::format(
        "{}(): x1 @ x2 of dtypes {} and {} {}; an in-place operation must not change x1's dtype",
        name, x1.dtype(), x2.dtype(),
        promoted ? fmt::format("has dtype {}", *promoted) : std::string("has no promotion")));
  }
  const Array product = [&] {
    try {
      return matmul(x1, x2);
    } catch (const DTypeError& error) {
      throw DTypeError(renamed(error.what()));
    } catch (const InvalidArgumentError& error) {
      throw InvalidArgumentError(renamed(error.what()));
    }
  }();
  if (product.shape() != x1.shape()) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x1 of shape ({}) @ x2 of shape ({}) has shape ({}); an in-place operation must not "
        "change x1's shape (x2 must be a square matrix of x1's last dimension)",
        name, fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", "),
        fmt::join(product.shape(), ", ")));
  }
  // The product is computed aside, so `x @= x` reads x before it is written.
  internal::copy_elements(product, x1);
  return x1;
}

}  // namespace strict
