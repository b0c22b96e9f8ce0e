// How kernels reach an array's storage. Nothing outside strict/src includes this.
#pragma once

#include <memory>

#include "internal/buffer.hpp"
#include "strict/array.hpp"

namespace strict {

struct ArrayAccess {
  // A new array with uninitialised storage on `device`. Checks that `device` supports `dtype`
  // (UnsupportedDTypeError naming `operation` otherwise).
  static Array allocate(Shape shape, DType dtype, Device device, Provenance provenance);
  // A new handle on the storage of `base`, with another shape of the same element count.
  static Array view(const Array& base, Shape shape, Provenance provenance);
  // An array over `buffer` (foreign memory, a DLPack import).
  static Array over(std::shared_ptr<Buffer> buffer, Shape shape, DType dtype,
                    Provenance provenance) {
    const Device device = buffer->device();
    return Array(std::move(buffer), std::move(shape), dtype, device, provenance);
  }

  template <class T>
  static T* data(const Array& array) {
    return reinterpret_cast<T*>(array.buffer_->data());
  }
  static std::byte* bytes(const Array& array) { return array.buffer_->data(); }
};

}  // namespace strict
