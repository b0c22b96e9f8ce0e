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
  // A new handle on the storage of `base`, with another shape of the same element count. For a
  // view `base` whose elements do not lie in C order in the storage it shows, only base's own shape
  // (internal::reshaped_view says which can be reshaped).
  static Array view(const Array& base, Shape shape, Provenance provenance);
  // An array over `buffer` (foreign memory, a DLPack import).
  static Array over(std::shared_ptr<Buffer> buffer, Shape shape, DType dtype,
                    Provenance provenance) {
    const Device device = buffer->device();
    return Array(std::move(buffer), std::move(shape), dtype, device, provenance);
  }

  // The array's elements, contiguous in C order. A view's are brought up to date with the storage
  // it shows first (internal/view.hpp). A kernel that writes into an array it did not allocate
  // (an in-place operator, setitem) calls wrote() when done.
  template <class T>
  static T* data(const Array& array) {
    return reinterpret_cast<T*>(bytes(array));
  }
  static std::byte* bytes(const Array& array) {
    if (array.view_) [[unlikely]]
      refresh(array);
    return array.buffer_->data();
  }
  // The array's elements for a kernel that writes every one of them before it reads any (setitem
  // through a view): a view's are not brought up to date first, since all are overwritten.
  template <class T>
  static T* data_to_overwrite(const Array& array) {
    return reinterpret_cast<T*>(array.buffer_->data());
  }
  // After a write into `array`'s elements: a view's reach the storage it shows, and every other
  // view of that storage reads them afresh.
  static void wrote(const Array& array);

  // What internal/view.hpp builds views from.
  static const std::shared_ptr<Buffer>& buffer(const Array& array) { return array.buffer_; }
  static const std::shared_ptr<internal::ViewLink>& link(const Array& array) { return array.view_; }
  static Array with_link(std::shared_ptr<Buffer> copy, Shape shape, const Array& base,
                         Provenance provenance, std::shared_ptr<internal::ViewLink> link) {
    return Array(std::move(copy), std::move(shape), base.dtype_, base.device_, provenance,
                 std::move(link));
  }

 private:
  static void refresh(const Array& view);
};

}  // namespace strict
