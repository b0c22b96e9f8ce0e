// DLPack device identification: the array object's __dlpack_device__, and its inverse.
#pragma once

#include <functional>
#include <source_location>

#include "strict/array.hpp"

namespace strict {

// DLDeviceType values of dlpack.h that strict uses.
inline constexpr int dlpack_cpu = 1;  // kDLCPU
// kDLVPI, "Verilog simulator buffer": memory of a simulated device, which no array library
// imports. Every consumer at hand refuses it cleanly (NumPy, array-api-strict: RuntimeError; JAX:
// TypeError; torch: BufferError), where kDLOpenCL, used before, made torch raise an internal
// assert and then abort the process with a double free.
inline constexpr int dlpack_simulated = 9;

// The (device type, device id) pair of `array.__dlpack_device__()`.
struct DLPackDevice {
  int device_type;
  int device_id;
  friend bool operator==(const DLPackDevice&, const DLPackDevice&) = default;
};

// A device's pair: the host device "cpu" is (kDLCPU, 0); every other device is (kDLVPI, its
// ordinal among the non-host devices in registry order): device1 -> (9, 0), device2 -> (9, 1).
// The ids differ so that the pair identifies the device. A fake device's memory is host memory
// that only strict may read as that device's, so a consumer outside strict must not import such
// an array (array-api-strict#219: advertising CUDA for fake devices made torch try to read them
// through CUDA), and __dlpack__ refuses to export it (dlpack_export).
DLPackDevice dlpack_device(Device device);
DLPackDevice dlpack_device(const Array& x);

// The address of x's first element (elements are contiguous, in C order, x.dtype()'s size each),
// for a binding that hands the memory to another library: a DLPack capsule, Python's buffer
// protocol. Memory of a device that is not host-accessible must not be read through it. A view
// (Array::is_view) whose elements are not in C order where they lie hands out a copy of them
// taken now, so writes into that do not reach the array it shows: exchange_memory does.
void* exchange_pointer(const Array& x);

// The same memory with its strides (in elements, one per axis, negative where flipped): a view's
// elements where they lie, so another library's writes reach every array sharing them.
struct ExchangedMemory {
  void* data;
  Shape strides;
};
ExchangedMemory exchange_memory(const Array& x);

// The importing side of DLPack, for a binding: a cpu array over host memory another library owns.
// `data` holds shape's elements contiguously in C order; `release` runs once, when the last array
// over the memory is gone. Nothing is copied, so writes through either library show in the other.
Array adopt_host_memory(void* data, Shape shape, DType dtype, std::function<void()> release,
                        const std::source_location& location = std::source_location::current());

// The strict device with this pair (registered, enabled or not); BufferError if there is none.
Device device_from_dlpack(DLPackDevice dlpack);

}  // namespace strict
