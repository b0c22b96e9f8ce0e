// Statistical functions of spec/2024.12/API_specification/statistical_functions.rst.
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
