// The transfer guard: a per-thread policy for data moving between devices, and the log.
#include <mutex>

#include <fmt/format.h>

#include "internal/device_registry.hpp"
#include "strict/errors.hpp"
#include "strict/transfer.hpp"

namespace strict {
namespace {

thread_local TransferPolicy current_policy = TransferPolicy::allow;

struct Log {
  std::mutex mutex;
  std::vector<TransferRecord> records;
};
Log& log() {
  static Log instance;
  return instance;
}

}  // namespace

TransferGuard::TransferGuard(TransferPolicy policy) : previous_(current_policy) {
  current_policy = policy;
}

TransferGuard::~TransferGuard() {
  current_policy = previous_;
}

TransferPolicy transfer_policy() {
  return current_policy;
}

std::vector<TransferRecord> transfer_log() {
  std::lock_guard lock(log().mutex);
  return log().records;
}

void clear_transfer_log() {
  std::lock_guard lock(log().mutex);
  log().records.clear();
}

namespace internal {

void record_transfer(Device source, Device destination, std::string_view operation,
                     const std::source_location& location) {
  if (source != destination && current_policy != TransferPolicy::allow) {
    const CodeLocation where = caller_location(location);
    if (current_policy == TransferPolicy::disallow) {
      throw TransferError(fmt::format(
          "{}(): a transfer from {} to {} was requested{} while transfers are disallowed "
          "(transfer_guard(\"disallow\"))",
          operation, source, destination,
          where.known() ? fmt::format(" at {}:{}", where.file, where.line) : std::string()));
    }
    std::lock_guard lock(log().mutex);
    log().records.push_back({operation, source, destination, where});
  }
  count_transfer(source, destination);
}

}  // namespace internal
}  // namespace strict
