// Device-owned storage. Each device accounts for the bytes its buffers hold.
#pragma once

#include <cstddef>

#include "internal/caching_allocator.hpp"
#include "strict/device.hpp"

namespace strict {

class Buffer {
 public:
  Buffer(Device device, std::size_t bytes);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  std::byte* data() const { return block_.data; }
  std::size_t bytes() const { return bytes_; }
  Device device() const { return device_; }

 private:
  Device device_;
  std::size_t bytes_;
  internal::Block block_;
};

}  // namespace strict
