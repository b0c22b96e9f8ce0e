// The element-wise functions that have an operator on the array object (add, less, bitwise_and,
// negative, ...), and the named entry points the operators use
// (internal/elementwise_operations.hpp).
#include <fmt/format.h>

#include "internal/elementwise.hpp"
#include "internal/elementwise_kernels.hpp"
#include "internal/elementwise_operations.hpp"
#include "strict/elementwise.hpp"
#include "strict/errors.hpp"

namespace strict {

using internal::BoolDType;
using internal::Category;
using internal::SameDType;
namespace kernels = internal::kernels;

namespace {

// One operation: its spec dtype category, output dtype rule and kernel.
template <Category C, class OutputRule, class Kernel>
struct Binary {
  static Array apply(std::string_view function, const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
    return internal::binary<C, OutputRule>(function, x1, x2, Kernel{});
  }
  static void apply_in_place(std::string_view function, const Array& x1, const ArrayOrScalar& x2) {
    if constexpr (std::is_same_v<OutputRule, SameDType>) {
      internal::binary_in_place<C>(function, x1, x2, Kernel{});
    } else {
      throw InvalidArgumentError(fmt::format("{}(): a comparison has no in-place form", function));
    }
  }
};

using Add = Binary<Category::numeric, SameDType, kernels::Add>;
using Subtract = Binary<Category::numeric, SameDType, kernels::Subtract>;
using Multiply = Binary<Category::numeric, SameDType, kernels::Multiply>;
using Divide = Binary<Category::floating, SameDType, kernels::Divide>;
using Remainder = Binary<Category::real_numeric, SameDType, kernels::Remainder>;
using BitwiseAnd = Binary<Category::integer_or_boolean, SameDType, kernels::BitwiseAnd>;
using BitwiseOr = Binary<Category::integer_or_boolean, SameDType, kernels::BitwiseOr>;
using BitwiseXor = Binary<Category::integer_or_boolean, SameDType, kernels::BitwiseXor>;
using LeftShift = Binary<Category::integer, SameDType, kernels::BitwiseLeftShift>;
using RightShift = Binary<Category::integer, SameDType, kernels::BitwiseRightShift>;
using Equal = Binary<Category::any, BoolDType, kernels::Equal>;
using NotEqual = Binary<Category::any, BoolDType, kernels::NotEqual>;
using Less = Binary<Category::real_numeric, BoolDType, kernels::Less>;
using LessEqual = Binary<Category::real_numeric, BoolDType, kernels::LessEqual>;
using Greater = Binary<Category::real_numeric, BoolDType, kernels::Greater>;
using GreaterEqual = Binary<Category::real_numeric, BoolDType, kernels::GreaterEqual>;

// Calls f(Operation{}) with the operation type for `operation`.
template <class F>
decltype(auto) visit_operation(internal::BinaryOperation operation, F&& f) {
  using enum internal::BinaryOperation;
  switch (operation) {
    case add:
      return f(Add{});
    case subtract:
      return f(Subtract{});
    case multiply:
      return f(Multiply{});
    case divide:
      return f(Divide{});
    case remainder:
      return f(Remainder{});
    case bitwise_and:
      return f(BitwiseAnd{});
    case bitwise_or:
      return f(BitwiseOr{});
    case bitwise_xor:
      return f(BitwiseXor{});
    case bitwise_left_shift:
      return f(LeftShift{});
    case bitwise_right_shift:
      return f(RightShift{});
    case equal:
      return f(Equal{});
    case not_equal:
      return f(NotEqual{});
    case less:
      return f(Less{});
    case less_equal:
      return f(LessEqual{});
    case greater:
      return f(Greater{});
    case greater_equal:
      return f(GreaterEqual{});
  }
  __builtin_unreachable();
}

}  // namespace

Array add(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Add::apply("add", x1, x2);
}
Array subtract(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Subtract::apply("subtract", x1, x2);
}
Array multiply(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Multiply::apply("multiply", x1, x2);
}
Array divide(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Divide::apply("divide", x1, x2);
}
Array remainder(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Remainder::apply("remainder", x1, x2);
}
Array bitwise_and(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return BitwiseAnd::apply("bitwise_and", x1, x2);
}
Array bitwise_or(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return BitwiseOr::apply("bitwise_or", x1, x2);
}
Array bitwise_xor(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return BitwiseXor::apply("bitwise_xor", x1, x2);
}
Array bitwise_left_shift(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return LeftShift::apply("bitwise_left_shift", x1, x2);
}
Array bitwise_right_shift(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return RightShift::apply("bitwise_right_shift", x1, x2);
}
Array equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Equal::apply("equal", x1, x2);
}
Array not_equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return NotEqual::apply("not_equal", x1, x2);
}
Array less(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Less::apply("less", x1, x2);
}
Array less_equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return LessEqual::apply("less_equal", x1, x2);
}
Array greater(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return Greater::apply("greater", x1, x2);
}
Array greater_equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return GreaterEqual::apply("greater_equal", x1, x2);
}

Array negative(const Array& x) {
  return internal::apply(internal::UnaryOperation::negative, "negative", x);
}
Array positive(const Array& x) {
  return internal::apply(internal::UnaryOperation::positive, "positive", x);
}
Array bitwise_invert(const Array& x) {
  return internal::apply(internal::UnaryOperation::bitwise_invert, "bitwise_invert", x);
}

namespace internal {

Array apply(BinaryOperation operation, std::string_view function, const ArrayOrScalar& x1,
            const ArrayOrScalar& x2) {
  return visit_operation(operation, [&](auto op) { return op.apply(function, x1, x2); });
}

void apply_in_place(BinaryOperation operation, std::string_view function, const Array& x1,
                    const ArrayOrScalar& x2) {
  visit_operation(operation, [&](auto op) { op.apply_in_place(function, x1, x2); });
}

Array apply(UnaryOperation operation, std::string_view function, const Array& x) {
  switch (operation) {
    case UnaryOperation::negative:
      return unary<Category::numeric, SameDType>(function, x, kernels::Negative{});
    case UnaryOperation::positive:
      return unary<Category::numeric, SameDType>(function, x, kernels::Positive{});
    case UnaryOperation::bitwise_invert:
      return unary<Category::integer_or_boolean, SameDType>(function, x, kernels::BitwiseInvert{});
  }
  __builtin_unreachable();
}

}  // namespace internal

}  // namespace strict
