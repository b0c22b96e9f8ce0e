// Searching functions of spec/2024.12/API_specification/searching_functions.rst: where.
#pragma once

#include "strict/array.hpp"
#include "strict/operand.hpp"

namespace strict {

// x1 where condition is true, x2 elsewhere, broadcast over all three. condition must be bool
// (DTypeError); x1 and x2 may be Python scalars (2024.12), but not both, and promote as in
// element-wise binary functions. Every array argument must be on one device
// (DeviceMismatchError, checked first); scalars take that device, and so does the result.
Array where(const Array& condition, const ArrayOrScalar& x1, const ArrayOrScalar& x2);

}  // namespace strict
