// Device storage allocation with a cache of freed large blocks, as real device allocators keep
// (PyTorch's CUDA caching allocator): re-touching fresh pages costs far more than the arithmetic
// of a large element-wise call. Small blocks go straight to the system allocator.
#pragma once

#include <cstddef>

#include "strict/device.hpp"

namespace strict::internal {

struct Block {
  std::byte* data = nullptr;
  std::size_t capacity = 0;  // what was allocated; at least the bytes asked for
};

Block allocate_block(Device device, std::size_t bytes);
void free_block(Device device, Block block);

}  // namespace strict::internal
