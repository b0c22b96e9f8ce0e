// DLPack export: a DLManagedTensor whose manager context owns a handle on the array's storage.
// DLPack import: a strict array whose storage releases the producer's DLManagedTensor.
#include "dlpack_capsule.hpp"

#include <algorithm>

#include <dlpack/dlpack.h>
#include <fmt/format.h>

#include "converters.hpp"
#include "strict/creation.hpp"

#include "strict/dtype.hpp"

namespace strict_xp {
namespace {

struct Managed {
  DLManagedTensor tensor{};
  strict::Array array;  // keeps the storage alive
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides;  // a view's, in elements; empty: compact, row-major
};

// kDLBool of DLPack 0.8 and later (Debian 12's dlpack.h is 0.6, which has no bool code).
constexpr auto dl_bool = static_cast<std::uint8_t>(6);

DLDataType dl_dtype(strict::DType dtype) {
  const auto bits = static_cast<std::uint8_t>(strict::item_size(dtype) * 8);
  if (strict::is_bool(dtype)) return {dl_bool, 8, 1};
  if (strict::is_signed_integer(dtype)) return {kDLInt, bits, 1};
  if (strict::is_unsigned_integer(dtype)) return {kDLUInt, bits, 1};
  if (strict::is_complex_floating(dtype)) return {kDLComplex, bits, 1};
  return {kDLFloat, bits, 1};
}

std::optional<strict::DType> strict_dtype(DLDataType dl) {
  if (dl.lanes != 1) return std::nullopt;
  for (const strict::DType dtype : strict::all_dtypes) {
    const DLDataType candidate = dl_dtype(dtype);
    if (candidate.code == dl.code && candidate.bits == dl.bits) return dtype;
  }
  return std::nullopt;
}

// Byte strides of `t` (DLPack strides count elements; null means C order).
std::vector<std::int64_t> byte_strides(const DLTensor& t, std::int64_t item) {
  std::vector<std::int64_t> strides(static_cast<std::size_t>(t.ndim));
  std::int64_t step = item;
  for (int axis = t.ndim - 1; axis >= 0; --axis) {
    const auto a = static_cast<std::size_t>(axis);
    strides[a] = t.strides != nullptr ? t.strides[axis] * item : step;
    step *= t.shape[axis];
  }
  return strides;
}

bool is_c_ordered(const DLTensor& t, std::int64_t item) {
  if (t.strides == nullptr) return true;
  const std::vector<std::int64_t> strides = byte_strides(t, item);
  std::int64_t step = item;
  for (int axis = t.ndim - 1; axis >= 0; --axis) {
    // The stride of an axis of extent 1 is never used, so any value is C order.
    if (t.shape[axis] != 1 && strides[static_cast<std::size_t>(axis)] != step) return false;
    step *= t.shape[axis];
  }
  return true;
}

void delete_managed(DLManagedTensor* tensor) {
  delete static_cast<Managed*>(tensor->manager_ctx);
}

// A capsule nobody consumed (still named "dltensor") frees its tensor; a consumed one was renamed
// "used_dltensor" and the consumer calls the deleter.
void delete_unconsumed(PyObject* capsule) {
  if (PyCapsule_IsValid(capsule, "dltensor")) {
    auto* tensor = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
    if (tensor != nullptr && tensor->deleter != nullptr) tensor->deleter(tensor);
  }
}

}  // namespace

py::capsule dlpack_capsule(const strict::DLPackExport& exported) {
  auto* managed = new Managed{{}, exported.array, exported.array.shape(), {}};
  DLTensor& t = managed->tensor.dl_tensor;
  // A view hands out its elements where they lie, so the consumer's writes reach the array it
  // shows; with a negative stride (flip), which torch refuses, a compact copy instead.
  const strict::Array& array = managed->array;
  t.data = nullptr;
  if (array.is_view()) {
    strict::ExchangedMemory memory = strict::exchange_memory(array);
    if (std::ranges::none_of(memory.strides, [](auto s) { return s < 0; })) {
      t.data = memory.data;
      managed->strides = std::move(memory.strides);
    }
  }
  if (managed->strides.empty()) t.data = strict::exchange_pointer(array);
  t.device.device_type = static_cast<DLDeviceType>(exported.device.device_type);
  t.device.device_id = exported.device.device_id;
  t.ndim = static_cast<int>(managed->shape.size());
  t.dtype = dl_dtype(managed->array.dtype());
  t.shape = managed->shape.data();
  t.strides = managed->strides.empty() ? nullptr : managed->strides.data();
  t.byte_offset = 0;
  managed->tensor.manager_ctx = managed;
  managed->tensor.deleter = delete_managed;
  PyObject* capsule = PyCapsule_New(&managed->tensor, "dltensor", delete_unconsumed);
  if (capsule == nullptr) {
    delete managed;
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::capsule>(capsule);
}

strict::Array import_host_dlpack(py::handle x, bool copy_allowed) {
  const auto where = x.attr("__dlpack_device__")().cast<std::pair<int, int>>();
  if (where.first != kDLCPU) {
    throw py::buffer_error(fmt::format(
        "from_dlpack(): x ({}) is on DLPack device ({}, {}); strict_xp imports host memory "
        "(kDLCPU) only: move x to its library's CPU device first",
        type_name(x), where.first, where.second));
  }
  py::object capsule = x.attr("__dlpack__")();
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
  if (managed == nullptr) throw py::error_already_set();
  // Consumed: the capsule's own destructor now leaves the tensor to us ("used_dltensor").
  if (PyCapsule_SetName(capsule.ptr(), "used_dltensor") != 0) throw py::error_already_set();
  // The producer's deleter may touch Python objects (NumPy's drops its array reference).
  auto release = [managed] {
    if (managed->deleter == nullptr) return;
    py::gil_scoped_acquire gil;
    managed->deleter(managed);
  };
  const DLTensor& t = managed->dl_tensor;
  const std::optional<strict::DType> dtype = strict_dtype(t.dtype);
  if (!dtype) {
    release();
    throw py::type_error(fmt::format(
        "from_dlpack(): x ({}) has DLPack dtype (code {}, {} bits, {} lanes), which no strict_xp "
        "dtype matches",
        type_name(x), t.dtype.code, t.dtype.bits, t.dtype.lanes));
  }
  const auto item = static_cast<std::int64_t>(strict::item_size(*dtype));
  const strict::Shape shape(t.shape, t.shape + t.ndim);
  const auto* data = static_cast<std::byte*>(t.data) + t.byte_offset;
  if (is_c_ordered(t, item)) {
    return strict::adopt_host_memory(const_cast<std::byte*>(data), shape, *dtype, release);
  }
  if (!copy_allowed) {
    release();
    throw py::buffer_error(fmt::format(
        "from_dlpack(): copy=False, but x ({}) is strided, not in C order, and strict_xp arrays "
        "are: importing it needs a copy",
        type_name(x)));
  }
  strict::Array copied = strict::asarray_from_host_elements(
      data, shape, byte_strides(t, item), *dtype, {.device = strict::Device::cpu()});
  release();
  return copied;
}

}  // namespace strict_xp
