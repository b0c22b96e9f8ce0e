// DLPack device identification.
#include "strict/dlpack.hpp"

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/strides.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"

namespace strict {

DLPackDevice dlpack_device(Device device) {
  // Host devices and the others are numbered separately, each in registry order; a device's index
  // never changes, so neither does its pair.
  int ordinal = 0;
  for (std::size_t index = 0; index < device.index(); ++index) {
    if (device_at_index(index).is_host() == device.is_host()) ++ordinal;
  }
  return {device.is_host() ? dlpack_cpu : dlpack_simulated, ordinal};
}

void* exchange_pointer(const Array& x) {
  // The other library may write the memory: views of it then read it afresh every time.
  if (!x.is_view()) {
    ArrayAccess::buffer(x)->share_outside();
    return ArrayAccess::bytes(x);
  }
  if (internal::in_c_order(x)) return internal::shown_memory(x).first;
  // Elements out of C order: the view's own copy, taken now.
  return ArrayAccess::bytes(x);
}

ExchangedMemory exchange_memory(const Array& x) {
  if (!x.is_view()) {
    return {.data = exchange_pointer(x), .strides = internal::contiguous_strides(x.shape())};
  }
  internal::ShownMemory shown = internal::shown_memory(x);
  return {.data = shown.first, .strides = std::move(shown.strides)};
}

Array adopt_host_memory(void* data, Shape shape, DType dtype, std::function<void()> release,
                        const std::source_location& location) {
  std::size_t bytes = item_size(dtype);
  for (const std::int64_t extent : shape)
    bytes *= static_cast<std::size_t>(extent);
  auto buffer = std::make_shared<Buffer>(Device::cpu(), static_cast<std::byte*>(data), bytes,
                                         std::move(release));
  return ArrayAccess::over(std::move(buffer), std::move(shape), dtype,
                           chosen_by("from_dlpack", PlacementRule::imported, location));
}

DLPackDevice dlpack_device(const Array& x) {
  return dlpack_device(x.device());
}

Device device_from_dlpack(DLPackDevice dlpack) {
  for (std::size_t index = 0;; ++index) {
    Device device = Device::cpu();
    try {
      device = device_at_index(index);
    } catch (const UnsupportedDeviceError&) {
      break;  // past the last registered device
    }
    if (dlpack_device(device) == dlpack) return device;
  }
  throw BufferError(fmt::format(
      "no strict device has DLPack device ({}, {}); strict's devices are kDLCPU (1) for the host "
      "and kDLVPI (9) for the others",
      dlpack.device_type, dlpack.device_id));
}

}  // namespace strict
