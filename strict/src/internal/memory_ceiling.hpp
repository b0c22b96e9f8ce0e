// The most memory one array may take on this machine: strict fills every array it allocates, so
// where the system overcommits (vm.overcommit_memory=1, usual in containers) operator new would
// grant a larger block and filling it would end the process (the kernel's OOM killer) instead of
// raising MemoryError.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

namespace strict::internal {

// The machine's memory and swap, or the process's control group limit where that is lower (a
// container's memory limit; sysinfo reports the host's memory). Read once.
std::uint64_t memory_ceiling();

// The memory limit (with swap) that the control groups named by `proc_self_cgroup` (the text of
// /proc/self/cgroup) put on the process, read from the hierarchies mounted under `cgroup_root`
// (/sys/fs/cgroup): cgroup v2's memory.max and memory.swap.max at `cgroup_root` or
// `cgroup_root`/unified, or v1's memory.limit_in_bytes and memory.memsw.limit_in_bytes under
// `cgroup_root`/memory, each the lowest of the group's and its ancestors'. A group without a swap
// limit may use `host_swap` more. None where no limit is set or none can be read.
std::optional<std::uint64_t> cgroup_memory_limit(std::string_view proc_self_cgroup,
                                                 const std::filesystem::path& cgroup_root,
                                                 std::uint64_t host_swap);

}  // namespace strict::internal
