// T, mT, the host conversions, __dlpack__ and __array_namespace__.
#include "strict/array_members.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/device_registry.hpp"
#include "internal/dispatch.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

// The element of a 0-d array. Off the host it is a read of one element from the device, as CuPy,
// torch and JAX make it (synchronising) and array-api-strict allows it: strict counts it as a
// transfer to the host (transfer_counts()), and logs or refuses it under a TransferGuard.
// `function` must be a string literal (the transfer log keeps it).
Scalar read_scalar(std::string_view function, const Array& x,
                   const std::source_location& location) {
  if (!x.device().is_host())
    internal::record_transfer(x.device(), Device::cpu(), function, location);
  return internal::visit_dtype(x.dtype(), [&](auto tag) {
    return Scalar(ArrayAccess::data<typename decltype(tag)::type>(x)[0]);
  });
}

void require_zero_dimensional(std::string_view function, const Array& x) {
  if (x.ndim() != 0) {
    throw InvalidArgumentError(
        fmt::format("{}(): only a zero-dimensional array converts to a Python scalar, not one of "
                    "shape ({})",
                    function, fmt::join(x.shape(), ", ")));
  }
}

void reject_complex(std::string_view function, const Array& x) {
  // "If self has a complex floating-point data type, the function must raise a TypeError."
  if (is_complex_floating(x.dtype())) {
    throw DTypeError(fmt::format(
        "{}(): an array of dtype {} has no real-valued conversion; take real() or imag() first",
        function, x.dtype()));
  }
}

[[noreturn]] void throw_out_of_int64(std::string_view function, const Scalar& value) {
  throw InvalidArgumentError(
      fmt::format("{}(): the value {} does not fit in int64, the integer type strict returns",
                  function, value));
}

// An integer element as the int64 strict returns: a uint64 above int64's range (which a Scalar
// holds as uint64) raises instead of wrapping.
std::int64_t int64_of(std::string_view function, const Scalar& element) {
  if (std::holds_alternative<std::uint64_t>(element.value())) throw_out_of_int64(function, element);
  return element.as<std::int64_t>();
}

}  // namespace

Array T(const Array& x) {
  if (x.ndim() != 2) {
    throw InvalidArgumentError(
        fmt::format("T: the array must be two-dimensional, not of shape ({}); use mT for a stack "
                    "of matrices, or permute_dims",
                    fmt::join(x.shape(), ", ")));
  }
  // A view, as NumPy's (and so array-api-strict's) T is (strict/array.hpp); views keep x's device.
  return internal::last_two_swapped("T", x);
}

Array mT(const Array& x) {
  if (x.ndim() < 2) {
    throw InvalidArgumentError(
        fmt::format("mT: the array must have at least two dimensions, not shape ({})",
                    fmt::join(x.shape(), ", ")));
  }
  return internal::last_two_swapped("mT", x);
}

Scalar to_scalar(const Array& x, const std::source_location& location) {
  require_zero_dimensional("item", x);
  return read_scalar("item", x, location);
}

bool to_bool(const Array& x, const std::source_location& location) {
  require_zero_dimensional("__bool__", x);
  // Complex: "the logical OR of bool(real(self)) and bool(imag(self))"; NaN != 0 is true.
  return read_scalar("__bool__", x, location).as<std::complex<double>>() !=
         std::complex<double>(0, 0);
}

Scalar to_int_value(const Array& x, const std::source_location& location) {
  require_zero_dimensional("__int__", x);
  reject_complex("__int__", x);
  const Scalar element = read_scalar("__int__", x, location);
  if (!element.is_float()) {
    if (element.is_bool()) return Scalar(static_cast<std::int64_t>(element.as<bool>()));
    return element;
  }
  const double value = std::get<double>(element.value());
  // "If self is either +infinity or -infinity, raise OverflowError. If self is NaN, raise
  // ValueError."
  if (std::isnan(value) || std::isinf(value)) {
    throw InvalidArgumentError(fmt::format("__int__(): {} has no integer value", element));
  }
  // "If self is a finite number, the result is the integer part of self."
  const double whole = std::trunc(value);
  const double limit = std::ldexp(1.0, 63);
  if (whole < -limit || whole >= limit) return Scalar(whole);
  return Scalar(static_cast<std::int64_t>(whole));
}

std::int64_t to_int(const Array& x, const std::source_location& location) {
  const Scalar value = to_int_value(x, location);
  if (value.is_float()) throw_out_of_int64("__int__", value);
  return int64_of("__int__", value);
}

double to_float(const Array& x, const std::source_location& location) {
  require_zero_dimensional("__float__", x);
  reject_complex("__float__", x);
  return read_scalar("__float__", x, location).as<double>();
}

std::complex<double> to_complex(const Array& x, const std::source_location& location) {
  require_zero_dimensional("__complex__", x);
  return read_scalar("__complex__", x, location).as<std::complex<double>>();
}

Scalar to_index_value(const Array& x, const std::source_location& location) {
  require_zero_dimensional("__index__", x);
  if (!is_integer(x.dtype())) {
    throw DTypeError(
        fmt::format("__index__(): an array of dtype {} is no index; __index__ needs an integer "
                    "dtype",
                    x.dtype()));
  }
  return read_scalar("__index__", x, location);
}

std::int64_t to_index(const Array& x, const std::source_location& location) {
  return int64_of("__index__", to_index_value(x, location));
}

DLPackExport dlpack_export(const Array& x, const DLPackExportOptions& options,
                           const std::source_location& location) {
  if (options.stream) {
    throw InvalidArgumentError(fmt::format(
        "__dlpack__(): strict's devices have no streams, so stream must be None (got handle {}); "
        "\"On CPU and other device types without streams, only None is accepted\"",
        options.stream->handle));
  }
  // array_object.py::__dlpack__ (2023.12), the producer's recommended logic: no max_version, or
  // a 0.x one, gets the DLPack 0.x capsule strict kept; 1.x gets strict's own version, 1.0.
  const std::optional<DLPackVersion> version =
      options.max_version && options.max_version->major >= 1
          ? std::optional<DLPackVersion>(DLPackVersion{1, 0})
          : std::nullopt;
  // dl_device: "Default is None, meaning the exported capsule should be on the same device as
  // self is"; "If the device type cannot be handled by the producer, this function must raise
  // BufferError" (torch.from_dlpack(x, device="cuda") asks for kDLCUDA).
  Device target = x.device();
  if (options.dl_device) {
    try {
      target = device_from_dlpack(*options.dl_device);
    } catch (const BufferError& e) {
      throw BufferError(fmt::format(
          "__dlpack__(): x, on {}, cannot be exported to dl_device ({}, {}): {}. Import it on the "
          "host and copy it to that device in the consumer (from a fake device, move it to the "
          "host first: x.to_device(Device(\"cpu\")), a counted transfer)",
          x.device(), options.dl_device->device_type, options.dl_device->device_id, e.what()));
    }
  }
  const std::vector<Device> enabled = enabled_devices();
  if (options.dl_device && std::find(enabled.begin(), enabled.end(), target) == enabled.end()) {
    throw BufferError(
        fmt::format("__dlpack__(): dl_device ({}, {}) is strict's device {}, which is not enabled",
                    options.dl_device->device_type, options.dl_device->device_id, target));
  }
  // A fake device's memory is host memory that only strict may read as that device's: exporting
  // it to a consumer that did not ask for that device by name would let a library read it as its
  // own device's memory (or, for torch and kDLOpenCL, abort the process). BufferError: "when the
  // data cannot be exported as DLPack"; code that falls back through the host catches it.
  if (!target.is_host() && !options.dl_device) {
    throw BufferError(fmt::format(
        "__dlpack__(): x is on {}, a fake device of strict's whose memory no other library can "
        "import (its DLPack device ({}, {}) is kDLVPI, a simulator's), so it is not exported; "
        "move x to the host first: x.to_device(Device(\"cpu\")), or from_dlpack(x, "
        "device=\"cpu\") in a consumer that passes dl_device=(kDLCPU, 0) (NumPy 2, strict_xp), "
        "each a counted transfer",
        x.device(), dlpack_device(x).device_type, dlpack_device(x).device_id));
  }
  const bool moves = target != x.device();
  // copy=False: "the function must never copy, and raise a BufferError in case a copy is deemed
  // necessary (e.g. if a cross-device data movement is requested ...)".
  if (moves && options.copy == false) {
    throw BufferError(fmt::format(
        "__dlpack__(): exporting an array on {} to dl_device ({}, {}) ({}) needs a copy, but "
        "copy=False",
        x.device(), options.dl_device->device_type, options.dl_device->device_id, target));
  }
  if (!moves && !options.copy.value_or(false)) {
    return {.array = x, .device = dlpack_device(x), .version = version, .is_copied = false};
  }
  // A copy: on x's device for copy=True, else where dl_device asks (counted as a transfer).
  const Provenance provenance = moves ? chosen_by("__dlpack__", PlacementRule::transfer, location)
                                      : propagated_from("__dlpack__", x.provenance());
  if (moves) internal::record_transfer(x.device(), target, "__dlpack__", location);
  Array copy = ArrayAccess::allocate(x.shape(), x.dtype(), target, provenance);
  const std::size_t bytes = static_cast<std::size_t>(x.size()) * item_size(x.dtype());
  if (bytes != 0) std::memcpy(ArrayAccess::bytes(copy), ArrayAccess::bytes(x), bytes);
  return {.array = copy, .device = dlpack_device(target), .version = version, .is_copied = true};
}

ArrayNamespace array_namespace(const Array&, std::optional<std::string_view> api_version) {
  if (!api_version || *api_version == "2025.12") return {};
  if (*api_version == "2024.12") return {.api_version = "2024.12"};
  throw InvalidArgumentError(fmt::format(
      "__array_namespace__(): strict implements versions 2025.12 and 2024.12 of the standard, "
      "not '{}'",
      *api_version));
}

}  // namespace strict
