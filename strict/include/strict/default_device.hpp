// The default device: a global setting and a scoped override (the C++ counterpart of a context
// manager). Precedence, as in spec/2025.12/design_topics/device_support.rst: an explicit device=
// beats the input arrays' device, which beats the scoped override, which beats the global default.
#pragma once

#include <optional>

#include "strict/device.hpp"

namespace strict {

// The device creation functions use with device=None and no input arrays: the innermost
// DefaultDeviceGuard of this thread if there is one, else the global default.
Device default_device();
// The global default ("cpu" until changed). Process-wide.
Device global_default_device();
void set_global_default_device(Device device);

// Overrides the default device on this thread for its lifetime; guards nest.
class [[nodiscard]] DefaultDeviceGuard {
 public:
  explicit DefaultDeviceGuard(Device device);
  ~DefaultDeviceGuard();
  DefaultDeviceGuard(const DefaultDeviceGuard&) = delete;
  DefaultDeviceGuard& operator=(const DefaultDeviceGuard&) = delete;

 private:
  std::optional<Device> previous_;
};

// The scoped override in force on this thread, if any.
std::optional<Device> scoped_default_device();

}  // namespace strict
