// Counters of explicit data movement between devices, per (source, destination) pair, so a
// downstream test can assert how many transfers its code makes.
#pragma once

#include <cstdint>
#include <vector>

#include "strict/device.hpp"

namespace strict {

struct TransferCount {
  Device source;
  Device destination;
  std::uint64_t count;
};

// Calls of to_device() (and copies across devices by asarray/from_dlpack with device=) from
// `source` to `destination` since the last reset. Same-device calls count under (d, d).
std::uint64_t transfer_count(Device source, Device destination);
// Every pair with a non-zero count.
std::vector<TransferCount> transfer_counts();
void reset_transfer_counts();

}  // namespace strict
