// strict refuses a block larger than the process may ever hold before asking the system (a system
// that overcommits grants it, and filling it ends the process): the machine's memory, or the
// control group's limit where a container sets one. The control group files are written into a
// temporary tree laid out as /sys/fs/cgroup is, for cgroup v1 and v2.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "internal/memory_ceiling.hpp"

namespace strict::internal {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t GiB = std::uint64_t{1} << 30;
constexpr std::uint64_t host_swap = 3 * GiB;
// What cgroup v1 writes for "no limit" (LONG_MAX rounded down to a 4 KiB page).
constexpr const char* v1_unlimited = "9223372036854771712";

class CgroupTree {
 public:
  CgroupTree() {
    static int count = 0;
    root_ = fs::path(::testing::TempDir()) /
            ("memory_ceiling_test." + std::to_string(::getpid()) + "." + std::to_string(++count));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~CgroupTree() { fs::remove_all(root_); }
  CgroupTree(const CgroupTree&) = delete;
  CgroupTree& operator=(const CgroupTree&) = delete;

  void write(const fs::path& relative, const std::string& text) const {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative) << text << "\n";
  }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

// A v2 hierarchy at /sys/fs/cgroup, or at /sys/fs/cgroup/unified in a hybrid layout.
TEST(CgroupMemoryLimit, V2ContainerLimitWithItsSwapLimit) {
  for (const std::string mount : {"", "unified/"}) {
    CgroupTree tree;
    tree.write(mount + "memory.max", std::to_string(GiB));
    tree.write(mount + "memory.swap.max", "0");
    EXPECT_EQ(cgroup_memory_limit("0::/\n", tree.root(), host_swap), GiB) << mount;
  }
}

TEST(CgroupMemoryLimit, V2GroupWithoutSwapLimitMayUseTheHostsSwap) {
  CgroupTree tree;
  tree.write("memory.max", std::to_string(GiB));
  tree.write("memory.swap.max", "max");
  EXPECT_EQ(cgroup_memory_limit("0::/\n", tree.root(), host_swap), GiB + host_swap);
}

TEST(CgroupMemoryLimit, V2AncestorsLimitCountsWhereTheGroupsOwnIsMax) {
  CgroupTree tree;
  tree.write("user.slice/memory.max", std::to_string(2 * GiB));
  tree.write("user.slice/session-3.scope/memory.max", "max");
  tree.write("user.slice/session-3.scope/memory.swap.max", "0");
  EXPECT_EQ(cgroup_memory_limit("0::/user.slice/session-3.scope\n", tree.root(), host_swap),
            2 * GiB);
}

TEST(CgroupMemoryLimit, V2MaxEverywhereIsNoLimit) {
  CgroupTree tree;
  tree.write("memory.max", "max");
  tree.write("a/memory.max", "max");
  EXPECT_EQ(cgroup_memory_limit("0::/a\n", tree.root(), host_swap), std::nullopt);
}

// Docker on cgroup v1: /proc/self/cgroup names the host's path, the mount is the container's own
// group, so the path is not there and the mount's own limit counts.
TEST(CgroupMemoryLimit, V1ContainerWhoseGroupPathIsNotUnderTheMount) {
  CgroupTree tree;
  tree.write("memory/memory.limit_in_bytes", std::to_string(GiB / 2));
  const std::string groups = "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n0::/\n";
  EXPECT_EQ(cgroup_memory_limit(groups, tree.root(), host_swap), GiB / 2 + host_swap);
}

TEST(CgroupMemoryLimit, V1MemoryAndSwapLimitCountsBoth) {
  CgroupTree tree;
  tree.write("memory/job/memory.limit_in_bytes", std::to_string(GiB));
  tree.write("memory/job/memory.memsw.limit_in_bytes", std::to_string(GiB + GiB / 4));
  EXPECT_EQ(cgroup_memory_limit("3:memory:/job\n", tree.root(), host_swap), GiB + GiB / 4);
}

// This VM's own layout: a v1 memory group with no limit set.
TEST(CgroupMemoryLimit, V1UnlimitedIsNoLimit) {
  CgroupTree tree;
  tree.write("memory/memory.limit_in_bytes", v1_unlimited);
  tree.write("memory/process_api/3261f0/memory.limit_in_bytes", v1_unlimited);
  EXPECT_EQ(cgroup_memory_limit("4:memory:/process_api/3261f0\n0::/\n", tree.root(), host_swap),
            std::nullopt);
}

TEST(CgroupMemoryLimit, UnreadableOrMalformedFilesAreNoLimit) {
  CgroupTree tree;
  tree.write("memory.max", "lots");
  tree.write("memory/memory.limit_in_bytes", "-1");
  EXPECT_EQ(cgroup_memory_limit("0::/\n4:memory:/\nnot a cgroup line\n::\n", tree.root(), 0),
            std::nullopt);
  EXPECT_EQ(cgroup_memory_limit("", tree.root(), 0), std::nullopt);
  EXPECT_EQ(cgroup_memory_limit("0::/\n", tree.root() / "absent", 0), std::nullopt);
}

TEST(CgroupMemoryLimit, ControllerListsAreMatchedByWholeName) {
  CgroupTree tree;
  tree.write("memory/memory.limit_in_bytes", std::to_string(GiB));
  EXPECT_EQ(cgroup_memory_limit("5:nomemory,cpu:/\n", tree.root(), 0), std::nullopt);
  EXPECT_EQ(cgroup_memory_limit("5:cpu,memory:/\n", tree.root(), 0), GiB);
}

// Any group path, any limits set along it (or "max", or none): the limit is the lowest one set
// on the group or an ancestor, plus the lowest swap limit (or the host's swap).
RC_GTEST_PROP(CgroupMemoryLimit, V2LimitIsTheLowestAlongThePath, ()) {
  const auto depth = *rc::gen::inRange<std::size_t>(0, 5);
  const auto limit_at = [](const char* name) {
    return rc::gen::maybe(rc::gen::inRange<std::uint64_t>(1, std::uint64_t{1} << 50)).as(name);
  };
  CgroupTree tree;
  fs::path group;
  std::optional<std::uint64_t> lowest_memory, lowest_swap;
  const auto lower = [](std::optional<std::uint64_t>& lowest, std::uint64_t value) {
    lowest = lowest ? std::min(*lowest, value) : value;
  };
  for (std::size_t level = 0; level <= depth; ++level) {
    if (level > 0) group /= "g" + std::to_string(level);
    const auto memory = *limit_at("memory.max");
    const auto swap = *limit_at("memory.swap.max");
    tree.write(group / "memory.max", memory ? std::to_string(*memory) : "max");
    if (*rc::gen::arbitrary<bool>()) {
      tree.write(group / "memory.swap.max", swap ? std::to_string(*swap) : "max");
      if (swap) lower(lowest_swap, *swap);
    }
    if (memory) lower(lowest_memory, *memory);
  }
  const auto expected = lowest_memory
                            ? std::optional(*lowest_memory + lowest_swap.value_or(host_swap))
                            : std::nullopt;
  RC_ASSERT(cgroup_memory_limit("0::/" + group.string() + "\n", tree.root(), host_swap) ==
            expected);
}

TEST(MemoryCeiling, IsAtMostTheMachinesMemoryAndSwapAndAtLeastAPage) {
  const std::uint64_t ceiling = memory_ceiling();
  EXPECT_GE(ceiling, std::uint64_t{4096});
  EXPECT_LE(ceiling, static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                             static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)) +
                         (std::uint64_t{1} << 50));
}

}  // namespace
}  // namespace strict::internal
