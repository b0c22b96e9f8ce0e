// The device registry's internals: per-device byte accounting and per-pair transfer counters.
#pragma once

#include <cstdint>

#include "strict/device.hpp"

namespace strict::internal {

void account_bytes(Device device, std::int64_t delta);
void record_transfer(Device source, Device destination);

}  // namespace strict::internal
