// Manipulation functions: concat, stack, reshape.
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
