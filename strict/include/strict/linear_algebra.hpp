// Linear algebra: matmul.
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
