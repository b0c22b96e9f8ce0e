// The inspection namespace: __array_namespace_info__().
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
