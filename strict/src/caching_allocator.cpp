// A per-device cache of freed large blocks.
#include "internal/caching_allocator.hpp"

#include <unistd.h>

#include <limits>
#include <map>
#include <mutex>
#include <new>
#include <utility>
#if defined(__linux__)
#include <sys/sysinfo.h>
#endif

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

// The machine's memory and swap: more than an array can ever hold. strict fills every array it
// allocates, so where the system overcommits (vm.overcommit_memory=1, usual in containers)
// operator new would grant a larger one and filling it would end the process (the kernel's OOM
// killer) instead of raising MemoryError.
std::size_t memory_ceiling() {
  static const std::size_t ceiling = [] {
    std::size_t bytes = 0;
#if defined(__linux__)
    struct sysinfo info {};
    if (sysinfo(&info) == 0 && !__builtin_mul_overflow(std::size_t{info.totalram} + info.totalswap,
                                                       std::size_t{info.mem_unit}, &bytes)) {
      return bytes;
    }
#endif
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0 &&
        !__builtin_mul_overflow(static_cast<std::size_t>(pages),
                                static_cast<std::size_t>(page_size), &bytes)) {
      return bytes;
    }
    return std::numeric_limits<std::size_t>::max();  // unknown: the allocator decides
  }();
  return ceiling;
}

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
