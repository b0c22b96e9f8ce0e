// A per-device cache of freed large blocks.
#include "internal/caching_allocator.hpp"

#include <map>
#include <mutex>
#include <new>
#include <utility>

#include "internal/memory_ceiling.hpp"
#include "strict/array.hpp"

namespace strict::internal {
namespace {

constexpr std::align_val_t storage_alignment{64};
// Blocks below this size come from the system allocator, which is fast for them.
constexpr std::size_t smallest_cached_block = std::size_t{1} << 20;
// The cache never holds more than this; beyond it freed blocks go back to the system.
constexpr std::size_t cache_limit = std::size_t{1} << 30;

#if defined(__SANITIZE_ADDRESS__)
// Under AddressSanitizer every block goes back to the system, so a use after free is reported.
constexpr bool caching_enabled = false;
#else
constexpr bool caching_enabled = true;
#endif

// A block larger than the machine (or its container) can hold is refused before the system is
// asked: the system may grant it and then end the process while strict fills it.
std::byte* system_allocate(std::size_t bytes) {
  if (bytes > memory_ceiling()) throw std::bad_alloc();
  return static_cast<std::byte*>(::operator new(bytes, storage_alignment));
}

void system_free(std::byte* data) {
  ::operator delete(data, storage_alignment);
}

class Cache {
 public:
  ~Cache() { release(); }

  // A cached block of `device` with room for `bytes`, wasting at most half of it.
  std::byte* take(Device device, std::size_t bytes, std::size_t& capacity) {
    std::lock_guard lock(mutex_);
    auto it = blocks_.lower_bound({device.index(), bytes});
    if (it == blocks_.end() || it->first.first != device.index() || it->first.second > 2 * bytes) {
      return nullptr;
    }
    capacity = it->first.second;
    std::byte* data = it->second;
    cached_bytes_ -= capacity;
    blocks_.erase(it);
    return data;
  }

  bool keep(Device device, Block block) {
    std::lock_guard lock(mutex_);
    if (cached_bytes_ + block.capacity > cache_limit) return false;
    blocks_.emplace(std::pair{device.index(), block.capacity}, block.data);
    cached_bytes_ += block.capacity;
    return true;
  }

  void release() {
    std::lock_guard lock(mutex_);
    for (auto& [key, data] : blocks_)
      system_free(data);
    blocks_.clear();
    cached_bytes_ = 0;
  }

 private:
  std::mutex mutex_;
  std::multimap<std::pair<std::size_t, std::size_t>, std::byte*> blocks_;  // (device, capacity)
  std::size_t cached_bytes_ = 0;
};

Cache& cache() {
  static Cache instance;
  return instance;
}

}  // namespace

Block allocate_block(Device device, std::size_t bytes) {
  if (bytes == 0) return {};
  if (caching_enabled && bytes >= smallest_cached_block) {
    std::size_t capacity = 0;
    if (std::byte* data = cache().take(device, bytes, capacity)) return {data, capacity};
  }
  return {system_allocate(bytes), bytes};
}

void free_block(Device device, Block block) {
  if (block.data == nullptr) return;
  if (caching_enabled && block.capacity >= smallest_cached_block && cache().keep(device, block)) {
    return;
  }
  system_free(block.data);
}

}  // namespace strict::internal

namespace strict {

void release_cached_memory() {
  internal::cache().release();
}

}  // namespace strict
