// DLPack export: a DLManagedTensor whose manager context owns a handle on the array's storage.
#include "dlpack_capsule.hpp"

#include <dlpack/dlpack.h>

#include "strict/dtype.hpp"

namespace strict_xp {
namespace {

struct Managed {
  DLManagedTensor tensor{};
  strict::Array array;  // keeps the storage alive
  std::vector<std::int64_t> shape;
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
  auto* managed = new Managed{{}, exported.array, exported.array.shape()};
  DLTensor& t = managed->tensor.dl_tensor;
  t.data = strict::exchange_pointer(managed->array);
  t.device.device_type = static_cast<DLDeviceType>(exported.device.device_type);
  t.device.device_id = exported.device.device_id;
  t.ndim = static_cast<int>(managed->shape.size());
  t.dtype = dl_dtype(managed->array.dtype());
  t.shape = managed->shape.data();
  t.strides = nullptr;  // compact, row-major
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

}  // namespace strict_xp
