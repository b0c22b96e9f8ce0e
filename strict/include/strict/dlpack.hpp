// DLPack device identification: __dlpack_device__ and its device mapping.
#pragma once

#include "strict/array.hpp"

namespace strict {}  // namespace strict
