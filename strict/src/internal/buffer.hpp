// Device-owned storage. Each device accounts for the bytes its buffers hold.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
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

  // How many writes the storage has seen: views (internal/view.hpp) compare it with the count
  // their copy of the elements was taken at. Every in-place write calls mark_written().
  std::uint64_t version() const { return version_.load(std::memory_order_acquire); }
  void mark_written() { version_.fetch_add(1, std::memory_order_acq_rel); }
  // Whether another library may write the memory behind strict's back: foreign memory (a DLPack
  // import), or memory handed out through exchange_pointer. Views of it never trust the count.
  bool shared_outside() const { return shared_outside_.load(std::memory_order_acquire); }
  void share_outside() { shared_outside_.store(true, std::memory_order_release); }

 private:
  Device device_;
  std::size_t bytes_;
  internal::Block block_;
  std::function<void()> release_;  // set for foreign memory only
  std::atomic<std::uint64_t> version_ = 0;
  std::atomic<bool> shared_outside_;
};

}  // namespace strict
