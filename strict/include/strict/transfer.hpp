// Explicit data movement between devices: counters per (source, destination) pair, so a
// downstream test can assert how many transfers its code makes, and a guard that logs or forbids
// them (like jax.transfer_guard for JAX's real devices).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "strict/device.hpp"
#include "strict/provenance.hpp"

namespace strict {

struct TransferCount {
  Device source;
  Device destination;
  std::uint64_t count;
};

// Calls of to_device() (and copies across devices by asarray/astype/from_dlpack with device=,
// and __dlpack__ with dl_device=) from `source` to `destination` since the last reset.
// Same-device to_device() calls count under (d, d).
std::uint64_t transfer_count(Device source, Device destination);
// Every pair with a non-zero count.
std::vector<TransferCount> transfer_counts();
void reset_transfer_counts();

// What happens to a transfer between two different devices.
enum class TransferPolicy {
  allow,     // it happens and is counted
  log,       // it happens, is counted, and is appended to transfer_log() with its call site
  disallow,  // it raises TransferError naming the operation, both devices and the call site
};

// Sets the policy on this thread for its lifetime; guards nest. Without one: allow.
class [[nodiscard]] TransferGuard {
 public:
  explicit TransferGuard(TransferPolicy policy);
  ~TransferGuard();
  TransferGuard(const TransferGuard&) = delete;
  TransferGuard& operator=(const TransferGuard&) = delete;

 private:
  TransferPolicy previous_;
};

TransferPolicy transfer_policy();  // the one in force on this thread

// One transfer made under TransferPolicy::log.
struct TransferRecord {
  std::string_view operation;  // "to_device", "asarray", ...
  Device source;
  Device destination;
  CodeLocation location;  // where the caller asked for it
};
// The transfers logged on any thread since the last clear, oldest first.
std::vector<TransferRecord> transfer_log();
void clear_transfer_log();

}  // namespace strict
