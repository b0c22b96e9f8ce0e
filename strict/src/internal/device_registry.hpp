// The device registry's internals: per-device byte accounting and per-pair transfer counters.
#pragma once

#include <cstdint>
#include <source_location>
#include <string_view>

#include "strict/device.hpp"

namespace strict::internal {

void account_bytes(Device device, std::int64_t delta);
// Adds one to the (source, destination) counter.
void count_transfer(Device source, Device destination);
// A transfer about to happen: raises TransferError if the thread's TransferGuard disallows it
// (source != destination), logs it under TransferPolicy::log, and counts it. Call it before
// moving any data, so a disallowed transfer changes nothing.
void record_transfer(Device source, Device destination, std::string_view operation,
                     const std::source_location& location);

}  // namespace strict::internal
