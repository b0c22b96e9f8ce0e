// Operators on arrays: arithmetic, comparison, bitwise, in-place, with array or Python-scalar operands.
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
