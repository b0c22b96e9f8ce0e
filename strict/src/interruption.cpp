// The interruption check and its counter (strict/interruption.hpp).
#include "strict/interruption.hpp"

#include <atomic>

namespace strict {
namespace {

std::atomic<InterruptionCheck> installed{nullptr};
// About ten milliseconds of a simple kernel's element operations.
constexpr std::int64_t kWorkBetweenChecks = std::int64_t{1} << 24;
thread_local std::int64_t work_since_check = 0;

}  // namespace

void set_interruption_check(InterruptionCheck check) {
  installed.store(check);
}

void interruption_point(std::int64_t work) {
  work_since_check += work;
  if (work_since_check < kWorkBetweenChecks) return;
  work_since_check = 0;
  if (const InterruptionCheck check = installed.load(std::memory_order_relaxed)) check();
}

}  // namespace strict
