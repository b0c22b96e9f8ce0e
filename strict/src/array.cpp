// The array object, its device-owned storage and explicit transfers.
#include "strict/array.hpp"

#include <cstring>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/device_registry.hpp"
#include "internal/dispatch.hpp"
#include "internal/placement.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict {
Buffer::Buffer(Device device, std::size_t bytes)
    : device_(device),
      bytes_(bytes),
      block_(internal::allocate_block(device, bytes)),
      shared_outside_(false) {
  internal::account_bytes(device_, static_cast<std::int64_t>(bytes_));
}

Buffer::Buffer(Device device, std::byte* data, std::size_t bytes, std::function<void()> release)
    : device_(device),
      bytes_(bytes),
      block_{data, bytes},
      release_(std::move(release)),
      shared_outside_(true) {}

Buffer::~Buffer() {
  if (release_) {
    release_();
    return;
  }
  internal::free_block(device_, block_);
  internal::account_bytes(device_, -static_cast<std::int64_t>(bytes_));
}

Array::Array(std::shared_ptr<Buffer> buffer, Shape shape, DType dtype, Device device,
             Provenance provenance, std::shared_ptr<internal::ViewLink> view)
    : buffer_(std::move(buffer)),
      shape_(std::move(shape)),
      dtype_(dtype),
      device_(device),
      provenance_(provenance),
      view_(std::move(view)) {}

const Buffer& Array::storage() const {
  return view_ ? *view_->root : *buffer_;
}

Array ArrayAccess::allocate(Shape shape, DType dtype, Device device, Provenance provenance) {
  internal::require_dtype_on_device(dtype, device, provenance.operation);
  for (std::int64_t extent : shape) {
    if (extent < 0) {
      throw InvalidArgumentError(fmt::format("{}(): negative dimension {} in shape ({})",
                                             provenance.operation, extent, fmt::join(shape, ", ")));
    }
  }
  const auto too_large = [&] {
    return OutOfMemoryError(
        fmt::format("{}(): cannot allocate an array of shape ({}) and dtype {} "
                    "on {}: not enough memory",
                    provenance.operation, fmt::join(shape, ", "), dtype, device));
  };
  std::size_t bytes = item_size(dtype);
  for (const std::int64_t extent : shape) {
    if (__builtin_mul_overflow(bytes, static_cast<std::size_t>(extent), &bytes)) throw too_large();
  }
  std::shared_ptr<Buffer> buffer;
  try {
    buffer = std::make_shared<Buffer>(device, bytes);
  } catch (const std::bad_alloc&) {
    throw too_large();
  }
  return Array(std::move(buffer), std::move(shape), dtype, device, provenance);
}

Array ArrayAccess::view(const Array& base, Shape shape, Provenance provenance) {
  if (base.view_ && shape != base.shape_) {
    // Another shape of a view: a view of the same elements when they lie in C order.
    return internal::reshaped_view(base, std::move(shape), provenance).value();
  }
  return Array(base.buffer_, std::move(shape), base.dtype_, base.device_, provenance, base.view_);
}

Array Array::to_device(Device device, std::optional<Stream> stream,
                       const std::source_location& location) const {
  // spec/2024.12/API_specification/array_object.rst, to_device: "Copy the array from the device
  // on which it currently resides to the specified device"; for the same device an
  // implementation "may choose to perform an explicit copy or return self".
  if (stream) {
    throw InvalidArgumentError(fmt::format(
        "to_device(): strict's devices have no streams, so stream must be omitted (got handle {})",
        stream->handle));
  }
  internal::record_transfer(device_, device, "to_device", location);
  // Fault to_device_is_noop (array-api-compat's dask to_device stub): x comes back as it was.
  if (device == device_ || fault::is_active(fault::Fault::to_device_is_noop)) return *this;
  Array moved = ArrayAccess::allocate(shape_, dtype_, device,
                                      chosen_by("to_device", PlacementRule::transfer, location));
  if (buffer_->bytes() != 0)
    std::memcpy(moved.buffer_->data(), ArrayAccess::bytes(*this), buffer_->bytes());
  if (!device.is_host() && buffer_->bytes() != 0 &&
      fault::is_active(fault::Fault::transfer_corrupts_values)) [[unlikely]] {
    // Fault transfer_corrupts_values (a copy to an accelerator read before it completed): the
    // first element is left zero.
    std::memset(moved.buffer_->data(), 0, item_size(dtype_));
  }
  return moved;
}

std::vector<Scalar> Array::scalars() const {
  if (!device_.is_host()) {
    throw HostAccessError(fmt::format(
        "cannot read the data of an array on device {} from the host ({}); move it with "
        "to_device(Device::cpu()) first",
        device_, provenance_.describe(device_)));
  }
  std::vector<Scalar> out;
  const std::int64_t n = size();
  out.reserve(static_cast<std::size_t>(n));
  internal::visit_dtype(dtype_, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = ArrayAccess::data<T>(*this);
    for (std::int64_t i = 0; i < n; ++i)
      out.emplace_back(data[i]);
  });
  return out;
}

}  // namespace strict
