// The largest block strict asks the system for: the machine's memory, or its control group's.
#include "internal/memory_ceiling.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#if defined(__linux__)
#include <sys/sysinfo.h>
#endif

namespace strict::internal {
namespace {

using Limit = std::optional<std::uint64_t>;

// cgroup v1 writes "no limit" as LONG_MAX rounded down to a page; v2 writes "max".
constexpr std::uint64_t kNoLimitAbove = std::uint64_t{1} << 62;

Limit read_limit(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string word;
  if (!(in >> word)) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc{} || end != word.data() + word.size() || value >= kNoLimitAbove) {
    return std::nullopt;
  }
  return value;
}

Limit lower(Limit a, Limit b) {
  if (!a) return b;
  if (!b) return a;
  return std::min(*a, *b);
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<std::uint64_t>::max() : sum;
}

// The lowest `file` limit of `group` and of each group above it, in the hierarchy mounted at
// `mount`. In a container the group's own path is often not under the mount (the mount's root is
// the container's group): then its nearest ancestor that is, down to the mount itself, counts.
Limit lowest_limit_upwards(const std::filesystem::path& mount, std::string_view group,
                           const char* file) {
  Limit lowest;
  std::filesystem::path relative = std::filesystem::path(group).relative_path();
  for (;;) {
    lowest = lower(lowest, read_limit(mount / relative / file));
    if (relative.empty()) return lowest;
    relative = relative.parent_path();
  }
}

bool names_memory_controller(std::string_view controllers) {
  while (!controllers.empty()) {
    const std::size_t comma = controllers.find(',');
    if (controllers.substr(0, comma) == "memory") return true;
    if (comma == std::string_view::npos) return false;
    controllers.remove_prefix(comma + 1);
  }
  return false;
}

Limit with_swap(Limit memory, Limit swap, std::uint64_t host_swap) {
  if (!memory) return std::nullopt;
  return saturating_add(*memory, swap ? *swap : host_swap);
}

std::uint64_t machine_memory_and_swap(std::uint64_t& swap) {
  swap = 0;
  std::uint64_t bytes = 0;
#if defined(__linux__)
  struct sysinfo info {};
  if (sysinfo(&info) == 0 && !__builtin_mul_overflow(std::uint64_t{info.totalram} + info.totalswap,
                                                     std::uint64_t{info.mem_unit}, &bytes)) {
    swap = std::uint64_t{info.totalswap} * info.mem_unit;
    return bytes;
  }
#endif
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  bytes = 0;
  if (pages > 0 && page_size > 0 &&
      !__builtin_mul_overflow(static_cast<std::uint64_t>(pages),
                              static_cast<std::uint64_t>(page_size), &bytes)) {
    return bytes;
  }
  return std::numeric_limits<std::uint64_t>::max();  // unknown: the allocator decides
}

}  // namespace

Limit cgroup_memory_limit(std::string_view proc_self_cgroup,
                          const std::filesystem::path& cgroup_root, std::uint64_t host_swap) {
  Limit limit;
  std::istringstream lines{std::string(proc_self_cgroup)};
  // Each line: hierarchy-ID:controller-list:cgroup-path (v2's has no controllers).
  for (std::string line; std::getline(lines, line);) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string_view text = line;
    const std::string_view controllers = text.substr(first + 1, second - first - 1);
    const std::string_view group = text.substr(second + 1);
    if (controllers.empty()) {
      for (const auto& mount : {cgroup_root, cgroup_root / "unified"}) {
        limit = lower(limit,
                      with_swap(lowest_limit_upwards(mount, group, "memory.max"),
                                lowest_limit_upwards(mount, group, "memory.swap.max"), host_swap));
      }
    } else if (names_memory_controller(controllers)) {
      const std::filesystem::path mount = cgroup_root / "memory";
      // memsw counts memory and swap together.
      const Limit both = lowest_limit_upwards(mount, group, "memory.memsw.limit_in_bytes");
      const Limit memory = lowest_limit_upwards(mount, group, "memory.limit_in_bytes");
      limit = lower(limit, lower(both, with_swap(memory, std::nullopt, host_swap)));
    }
  }
  return limit;
}

std::uint64_t memory_ceiling() {
  static const std::uint64_t ceiling = [] {
    std::uint64_t swap = 0;
    const std::uint64_t machine = machine_memory_and_swap(swap);
#if defined(__linux__)
    std::ifstream in("/proc/self/cgroup");
    const std::string groups{std::istreambuf_iterator<char>(in), {}};
    if (const Limit group = cgroup_memory_limit(groups, "/sys/fs/cgroup", swap)) {
      return std::min(machine, *group);
    }
#endif
    return machine;
  }();
  return ceiling;
}

}  // namespace strict::internal
