// The element-wise operations that the array object's operators (`x + y`, `x += y`, `-x`) share
// with the functions (add, ...), callable under the operator's own name so that errors and
// provenance say `__add__` for `x + y`. Defined in elementwise_operations.cpp.
#pragma once

#include <string_view>

#include "strict/array.hpp"
#include "strict/operand.hpp"

namespace strict::internal {

enum class BinaryOperation {
  add,
  subtract,
  multiply,
  divide,
  remainder,
  bitwise_and,
  bitwise_or,
  bitwise_xor,
  bitwise_left_shift,
  bitwise_right_shift,
  equal,
  not_equal,
  less,
  less_equal,
  greater,
  greater_equal,
};

enum class UnaryOperation { negative, positive, bitwise_invert };

// `function` is the name errors and provenance use: "add", "__add__", "__radd__", ...
Array apply(BinaryOperation operation, std::string_view function, const ArrayOrScalar& x1,
            const ArrayOrScalar& x2);
Array apply(UnaryOperation operation, std::string_view function, const Array& x);

// x1 = operation(x1, x2) in x1's storage (arithmetic and bitwise operations only; a comparison
// raises InvalidArgumentError). Raises, leaving x1 unchanged, when the devices differ, when the
// result's dtype or shape would differ from x1's, or when the dtypes are outside the category.
void apply_in_place(BinaryOperation operation, std::string_view function, const Array& x1,
                    const ArrayOrScalar& x2);

}  // namespace strict::internal
