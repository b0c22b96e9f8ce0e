// DLPack device identification.
#include "strict/dlpack.hpp"

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "strict/errors.hpp"

namespace strict {

DLPackDevice dlpack_device(Device device) {
  // Host devices and the others are numbered separately, each in registry order; a device's index
  // never changes, so neither does its pair.
  int ordinal = 0;
  for (std::size_t index = 0; index < device.index(); ++index) {
    if (device_at_index(index).is_host() == device.is_host()) ++ordinal;
  }
  return {device.is_host() ? dlpack_cpu : dlpack_opencl, ordinal};
}

void* exchange_pointer(const Array& x) {
  return ArrayAccess::bytes(x);
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
      "and kDLOpenCL (4) for the others",
      dlpack.device_type, dlpack.device_id));
}

}  // namespace strict
