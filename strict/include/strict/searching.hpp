// Searching functions: where.
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
