// Element-wise functions of spec/2024.12/API_specification/elementwise_functions.rst.
// Results are on the device of the array operands; binary functions raise DeviceMismatchError
// for arrays on different devices, and Python-scalar operands take the array's device.
#pragma once

#include "strict/array.hpp"
#include "strict/operand.hpp"

namespace strict {

Array add(const ArrayOrScalar& x1, const ArrayOrScalar& x2);

Array sin(const Array& x);

Array equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2);

}  // namespace strict
