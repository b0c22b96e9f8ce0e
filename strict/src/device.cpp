// The device registry: built-in fake devices, run-time registration, byte accounting and
// transfer counters.
#include "strict/device.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>

#include <fmt/format.h>

#include "internal/device_registry.hpp"
#include "strict/errors.hpp"
#include "strict/transfer.hpp"

namespace strict {
namespace {

struct Slot {
  DeviceSpec spec;
  std::atomic<bool> enabled{false};
  std::atomic<std::int64_t> bytes_in_use{0};
};

std::vector<DType> all_but(std::initializer_list<DType> excluded) {
  std::vector<DType> kept;
  for (DType d : all_dtypes) {
    if (std::find(excluded.begin(), excluded.end(), d) == excluded.end()) kept.push_back(d);
  }
  return kept;
}

class Registry {
 public:
  Registry() {
    add({"cpu", {}, {}, true}, true);
    add({"device1", {}, {}, false}, true);
    // Supports float64 but defaults to float32, like torch on an accelerator
    // (array-api-strict 2.6).
    add({"device2", {}, {float32, complex64, int64, int64}, false}, true);
    // No float64/complex128, like Apple MPS.
    add({"no_float64", all_but({float64, complex128}), {float32, complex64, int64, int64}, false},
        false);
    // No 64-bit types, like JAX without jax_enable_x64.
    add({"no_x64",
         all_but({float64, complex128, int64, uint64}),
         {float32, complex64, int32, int32},
         false},
        false);
  }

  std::size_t add(DeviceSpec spec, bool enabled) {
    std::lock_guard lock(mutex_);
    const std::size_t n = count_.load(std::memory_order_relaxed);
    for (std::size_t i = 0; i < n; ++i) {
      if (slots_[i].spec.name == spec.name) {
        throw InvalidArgumentError(
            fmt::format("a device named '{}' is already registered", spec.name));
      }
    }
    if (n == max_devices) {
      throw InvalidArgumentError(fmt::format(
          "cannot register device '{}': strict holds at most {} devices", spec.name, max_devices));
    }
    if (spec.name.empty()) throw InvalidArgumentError("a device needs a non-empty name");
    const DefaultDTypes& d = spec.default_dtypes;
    for (DType dtype : {d.real_floating, d.complex_floating, d.integral, d.indexing}) {
      if (!spec.supported_dtypes.empty() &&
          std::find(spec.supported_dtypes.begin(), spec.supported_dtypes.end(), dtype) ==
              spec.supported_dtypes.end()) {
        throw UnsupportedDTypeError(
            fmt::format("device '{}' cannot default to {}: it is not among its supported dtypes",
                        spec.name, dtype));
      }
    }
    slots_[n].spec = std::move(spec);
    slots_[n].enabled.store(enabled);
    count_.store(n + 1, std::memory_order_release);
    return n;
  }

  std::size_t count() const { return count_.load(std::memory_order_acquire); }
  Slot& slot(std::size_t i) { return slots_[i]; }

  std::optional<std::size_t> find(std::string_view name) const {
    const std::size_t n = count();
    for (std::size_t i = 0; i < n; ++i) {
      if (slots_[i].spec.name == name) return i;
    }
    return std::nullopt;
  }

  std::string describe_known() const {
    std::vector<std::string_view> enabled, disabled;
    const std::size_t n = count();
    for (std::size_t i = 0; i < n; ++i) {
      (slots_[i].enabled.load() ? enabled : disabled).push_back(slots_[i].spec.name);
    }
    std::string text = fmt::format("enabled devices: {}", fmt::join(enabled, ", "));
    if (!disabled.empty()) {
      text += fmt::format("; registered but disabled: {} (turn one on with strict::enable_device)",
                          fmt::join(disabled, ", "));
    }
    return text;
  }

  std::atomic<std::uint64_t>& transfers(std::size_t source, std::size_t destination) {
    return transfers_[source * max_devices + destination];
  }

 private:
  std::mutex mutex_;
  std::array<Slot, max_devices> slots_;
  std::atomic<std::size_t> count_{0};
  std::array<std::atomic<std::uint64_t>, max_devices * max_devices> transfers_{};
};

Registry& registry() {
  static Registry instance;
  return instance;
}

}  // namespace

Device::Device(std::string_view name) {
  Registry& r = registry();
  const std::optional<std::size_t> index = r.find(name);
  if (!index) {
    throw UnsupportedDeviceError(fmt::format("unknown device '{}'; {}", name, r.describe_known()));
  }
  if (!r.slot(*index).enabled.load()) {
    throw UnsupportedDeviceError(fmt::format(
        "device '{}' is registered but not enabled; call strict::enable_device(\"{}\") first", name,
        name));
  }
  index_ = *index;
}

std::string_view Device::name() const {
  return registry().slot(index_).spec.name;
}
const DeviceSpec& Device::spec() const {
  return registry().slot(index_).spec;
}
bool Device::is_host() const {
  return spec().host_accessible;
}

bool Device::supports(DType dtype) const {
  const std::vector<DType>& supported = spec().supported_dtypes;
  return supported.empty() ||
         std::find(supported.begin(), supported.end(), dtype) != supported.end();
}

Device register_device(DeviceSpec spec) {
  return device_at_index(registry().add(std::move(spec), true));
}

void set_device_enabled(std::string_view name, bool enabled) {
  Registry& r = registry();
  const std::optional<std::size_t> index = r.find(name);
  if (!index) {
    throw UnsupportedDeviceError(fmt::format("unknown device '{}'; {}", name, r.describe_known()));
  }
  if (*index == 0 && !enabled)
    throw InvalidArgumentError("the host device 'cpu' cannot be disabled");
  r.slot(*index).enabled.store(enabled);
}

std::vector<Device> enabled_devices() {
  std::vector<Device> devices;
  Registry& r = registry();
  for (std::size_t i = 0; i < r.count(); ++i) {
    if (r.slot(i).enabled.load()) devices.push_back(device_at_index(i));
  }
  return devices;
}

Device device_at_index(std::size_t index) {
  if (index >= registry().count()) {
    throw UnsupportedDeviceError(fmt::format("no device has registry index {}", index));
  }
  return Device(Device::Index{index});
}

std::int64_t bytes_in_use(Device device) {
  return registry().slot(device.index()).bytes_in_use.load(std::memory_order_relaxed);
}

std::uint64_t transfer_count(Device source, Device destination) {
  return registry().transfers(source.index(), destination.index()).load(std::memory_order_relaxed);
}

std::vector<TransferCount> transfer_counts() {
  std::vector<TransferCount> counts;
  Registry& r = registry();
  const std::size_t n = r.count();
  for (std::size_t s = 0; s < n; ++s) {
    for (std::size_t d = 0; d < n; ++d) {
      const std::uint64_t count = r.transfers(s, d).load(std::memory_order_relaxed);
      if (count != 0) counts.push_back({device_at_index(s), device_at_index(d), count});
    }
  }
  return counts;
}

void reset_transfer_counts() {
  Registry& r = registry();
  for (std::size_t s = 0; s < max_devices; ++s) {
    for (std::size_t d = 0; d < max_devices; ++d)
      r.transfers(s, d).store(0);
  }
}

namespace internal {

void account_bytes(Device device, std::int64_t delta) {
  registry().slot(device.index()).bytes_in_use.fetch_add(delta, std::memory_order_relaxed);
}

void count_transfer(Device source, Device destination) {
  registry().transfers(source.index(), destination.index()).fetch_add(1, std::memory_order_relaxed);
}

}  // namespace internal
}  // namespace strict
