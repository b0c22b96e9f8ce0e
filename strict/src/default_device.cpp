// The global default device and the per-thread scoped override.
#include "strict/default_device.hpp"

#include <atomic>

namespace strict {
namespace {

std::atomic<std::size_t> global_default_index{0};  // "cpu"
thread_local std::optional<Device> scoped_override;

}  // namespace

Device global_default_device() {
  return device_at_index(global_default_index.load());
}

void set_global_default_device(Device device) {
  global_default_index.store(device.index());
}

std::optional<Device> scoped_default_device() {
  return scoped_override;
}

Device default_device() {
  return scoped_override.value_or(global_default_device());
}

DefaultDeviceGuard::DefaultDeviceGuard(Device device) : previous_(scoped_override) {
  scoped_override = device;
}

DefaultDeviceGuard::~DefaultDeviceGuard() {
  scoped_override = previous_;
}

}  // namespace strict
