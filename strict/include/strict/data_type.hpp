// Data type functions: astype (with device=).
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
