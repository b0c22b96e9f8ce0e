// Fake devices: a value type naming one, and the registry of the devices strict knows.
//
// Built in and enabled: "cpu" (the host), "device1", "device2" (supports float64 but defaults to
// float32, like torch on some accelerators). Built in and off until enabled: "no_float64" (no
// float64/complex128, like Apple MPS) and "no_x64" (no 64-bit types, like JAX's default).
// More can be registered at run time with register_device().
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "strict/dtype.hpp"
#include "strict/fault.hpp"

namespace strict {

// The default dtypes of one device, as `__array_namespace_info__().default_dtypes()` reports them.
struct DefaultDTypes {
  DType real_floating = DType::float64;
  DType complex_floating = DType::complex128;
  DType integral = DType::int64;
  DType indexing = DType::int64;
};

// What a device is: its name, the dtypes it can hold and its defaults.
struct DeviceSpec {
  std::string name;
  std::vector<DType> supported_dtypes;  // empty means every dtype
  DefaultDTypes default_dtypes;
  bool host_accessible = false;  // only "cpu" is: other devices' data is never read directly
};

class Device {
 public:
  // The device registered under `name`; throws UnsupportedDeviceError for an unknown or disabled
  // name, listing the devices that exist.
  explicit Device(std::string_view name);

  static Device cpu() { return Device(Index{0}); }

  std::string_view name() const;
  const DeviceSpec& spec() const;
  bool supports(DType dtype) const;
  bool is_host() const;
  std::size_t index() const { return index_; }  // position in the registry; stable for a process

  friend bool operator==(Device a, Device b) {
    if (a.index_ == b.index_) return true;
    // Fault device_equality_ignores_index (strict/fault.hpp): == compares only the kind of
    // device (host or not), so "device1" == "device2" while their hashes differ.
    return fault::is_active(fault::Fault::device_equality_ignores_index) &&
           a.is_host() == b.is_host();
  }

 private:
  struct Index {
    std::size_t value;
  };
  explicit Device(Index index) : index_(index.value) {}
  friend Device device_at_index(std::size_t);
  std::size_t index_;
};

// Registry of devices. Registration is append-only; a device once registered keeps its index.
inline constexpr std::size_t max_devices = 32;

// Adds a device and enables it; throws InvalidArgumentError if the name is taken or the registry
// is full, and UnsupportedDTypeError if its default dtypes are not among its supported ones.
Device register_device(DeviceSpec spec);
// Turns a registered device on or off (off: not listed by devices(), not accepted by Device()).
void set_device_enabled(std::string_view name, bool enabled);
inline void enable_device(std::string_view name) {
  set_device_enabled(name, true);
}
// The enabled devices, in registration order ("cpu" first).
std::vector<Device> enabled_devices();
// The device at a registry index (for harnesses that keep devices as indices).
Device device_at_index(std::size_t index);

}  // namespace strict

template <>
struct std::hash<strict::Device> {
  std::size_t operator()(strict::Device device) const noexcept { return device.index(); }
};

template <>
struct fmt::formatter<strict::Device> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(strict::Device device, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(device.name(), ctx);
  }
};
