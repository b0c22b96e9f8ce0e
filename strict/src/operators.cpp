// Operators on arrays: each calls the element-wise operation under its special method's name.
#include "strict/operators.hpp"

#include "internal/elementwise_operations.hpp"

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

}  // namespace strict
