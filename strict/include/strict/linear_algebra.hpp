// Linear algebra of the main namespace: matmul
// (spec/2024.12/API_specification/linear_algebra_functions.rst).
#pragma once

#include "strict/array.hpp"

namespace strict {

// The matrix product, with the standard's rules for 1-d operands (a 1-d x1 is a row vector, a
// 1-d x2 a column vector, and the added dimension is removed from the result) and broadcasting
// of the batch dimensions. Numeric dtypes, promoted (DTypeError otherwise); 0-d operands and
// mismatched inner dimensions raise InvalidArgumentError naming both shapes. x1 and x2 must be
// on one device (DeviceMismatchError, checked first); the result is on that device.
Array matmul(const Array& x1, const Array& x2);

}  // namespace strict
