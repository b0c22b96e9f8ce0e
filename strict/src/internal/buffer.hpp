// Device-owned storage. Each device accounts for the bytes its buffers hold.
#pragma once

#include <cstddef>
#include <functional>

#include "internal/caching_allocator.hpp"
#include "strict/device.hpp"

namespace strict {

class Buffer {
 public:
  Buffer(Device device, std::size_t bytes);
  // Memory another library owns (a DLPack import): not allocated nor counted here; `release`
  // hands it back when the last array over it dies.
  Buffer(Device device, std::byte* data, std::size_t bytes, std::function<void()> release);
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
  std::function<void()> release_;  // set for foreign memory only
};

}  // namespace strict
