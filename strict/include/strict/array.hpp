// The array object: shape, dtype, device and storage owned by that device.
//
// An Array is a handle, like a Python reference: copies share the same storage, and in-place
// operators change what every copy sees. Data of an array that is not on the host device ("cpu")
// cannot be read from the host: move it with to_device() first.
//
// Views: basic indexing (integers with an ellipsis or a slice, slices, ellipsis, newaxis) and the
// functions that only rearrange axes (permute_dims, matrix_transpose and linalg's, T, mT, moveaxis,
// expand_dims, squeeze, flip, unstack; reshape where the elements stay in order) return views of
// x, as NumPy does and so array-api-strict, the library strict's Python module stands in for: a
// write into either shows in the other. The standard leaves this to the library ("an array object
// may either be a 'view' ... or own memory", design_topics/copies_views_and_mutation.rst);
// downstream tests written against array-api-strict rely on it. A key of integers only (a 0-d
// result) copies, as NumPy's scalar result does.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <source_location>
#include <vector>

#include "strict/device.hpp"
#include "strict/dtype.hpp"
#include "strict/provenance.hpp"
#include "strict/scalar.hpp"
#include "strict/shape.hpp"

namespace strict {

class Buffer;  // device-owned storage; see src/internal/buffer.hpp
namespace internal {
struct ViewLink;  // what a view shows of another array's storage; see src/internal/view.hpp
}

// A stream or queue argument. strict's devices have none, so any stream is rejected.
struct Stream {
  std::intptr_t handle = 0;
};

class Array {
 public:
  const Shape& shape() const { return shape_; }
  std::int64_t ndim() const { return static_cast<std::int64_t>(shape_.size()); }
  std::int64_t size() const { return element_count(shape_); }
  DType dtype() const { return dtype_; }
  Device device() const { return device_; }
  const Provenance& provenance() const { return provenance_; }

  // A copy of this array on `device` (this array itself when it is already there), with the same
  // values and dtype. Counted in transfer_counts(). A stream is rejected (InvalidArgumentError),
  // and a dtype the target device cannot hold raises UnsupportedDTypeError.
  Array to_device(Device device, std::optional<Stream> stream = std::nullopt,
                  const std::source_location& location = std::source_location::current()) const;

  // Host reads. Throw HostAccessError unless the array is on a host-accessible device.
  std::vector<Scalar> scalars() const;  // every element, in C (row-major) order
  template <class T>
  std::vector<T> values() const {  // every element, converted to T as static_cast would
    std::vector<T> out;
    for (const Scalar& s : scalars())
      out.push_back(s.as<T>());
    return out;
  }

  // Whether two handles share storage (an in-place change to one may show in the other): the same
  // array, or views of the same array.
  bool shares_storage_with(const Array& other) const { return &storage() == &other.storage(); }
  // Whether this array is a view of another array's storage (see above).
  bool is_view() const { return view_ != nullptr; }

 private:
  Array(std::shared_ptr<Buffer> buffer, Shape shape, DType dtype, Device device,
        Provenance provenance, std::shared_ptr<internal::ViewLink> view = nullptr);
  const Buffer& storage() const;  // the buffer that holds the elements: a view's is its base's
  friend struct ArrayAccess;      // kernels' way in; src/internal/array_access.hpp

  std::shared_ptr<Buffer> buffer_;
  Shape shape_;
  DType dtype_;
  Device device_;
  Provenance provenance_;
  std::shared_ptr<internal::ViewLink> view_;  // set for views; buffer_ then holds their copy
};

// Free-function spelling of Array::to_device, as in the standard's `x.to_device(device)`.
inline Array to_device(const Array& x, Device device, std::optional<Stream> stream = std::nullopt,
                       const std::source_location& location = std::source_location::current()) {
  return x.to_device(device, stream, location);
}

// Bytes held by live arrays on `device`; returns to its earlier value when the arrays die.
std::int64_t bytes_in_use(Device device);

// Hands the blocks that devices keep for reuse back to the system (like torch.cuda.empty_cache).
// Freed large blocks are cached per device, so a loop of large operations does not pay for fresh
// pages each time; bytes_in_use() never counts them.
void release_cached_memory();

}  // namespace strict
