// DLPack export: a DLManagedTensor (or DLPack 1.0 versioned one) whose manager context owns a
// handle on the array's storage.
// DLPack import: a strict array whose storage releases the producer's tensor (either version).
#include "dlpack_capsule.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <optional>

#include <dlpack/dlpack.h>
#include <fmt/format.h>

#include "converters.hpp"
#include "strict/creation.hpp"

#include "strict/dtype.hpp"

namespace strict_xp {
namespace {

// DLPack 1.0's versioned tensor. Debian 12's dlpack.h is 0.6, which predates it; the layout is the
// one DLPack 1.0 fixes (its DLTensor is 0.6's), and the names are DLPack's.
struct DLPackVersionNumbers {
  std::uint32_t major;
  std::uint32_t minor;
};
struct DLManagedTensorVersioned {
  DLPackVersionNumbers version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  std::uint64_t flags;
  DLTensor dl_tensor;
};
constexpr std::uint64_t dlpack_flag_read_only = 1ULL << 0;
constexpr std::uint64_t dlpack_flag_is_copied = 1ULL << 1;
constexpr const char* legacy_name = "dltensor";
constexpr const char* versioned_name = "dltensor_versioned";

// One export: the tensor a capsule hands out and the array that keeps its memory alive. Two owners
// release it, each once: the consumer, through the tensor's deleter (or the capsule's destructor
// for a capsule nobody consumed), and the capsule itself. A consumer that calls the deleter after
// a failed import without renaming the capsule (torch did, for kDLOpenCL) then frees nothing
// twice: the capsule sees that the deleter ran.
struct Managed {
  DLManagedTensor legacy{};
  DLManagedTensorVersioned versioned{};
  std::optional<strict::Array> array;  // the memory; reset by the deleter
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides;  // a view's, in elements; empty: compact, row-major
  std::atomic<bool> released{false};
  std::atomic<int> owners{2};
};

void drop_owner(Managed* managed) {
  if (managed->owners.fetch_sub(1) == 1) delete managed;
}

// The deleter: the consumer is done with the memory. Touches no Python object (the consumer may
// call it without the GIL).
void release(Managed* managed) {
  if (managed->released.exchange(true)) return;
  managed->array.reset();
  drop_owner(managed);
}
void delete_legacy(DLManagedTensor* tensor) {
  release(static_cast<Managed*>(tensor->manager_ctx));
}
void delete_versioned(DLManagedTensorVersioned* tensor) {
  release(static_cast<Managed*>(tensor->manager_ctx));
}

// The capsule's destructor. Still named "dltensor"/"dltensor_versioned": nobody consumed it, so
// its memory is released here; a consumer renamed it "used_..." and calls the deleter itself.
void capsule_destroyed(PyObject* capsule) {
  auto* managed = static_cast<Managed*>(PyCapsule_GetContext(capsule));
  if (managed == nullptr) return;
  const char* name = PyCapsule_GetName(capsule);
  if (name != nullptr &&
      (std::strcmp(name, legacy_name) == 0 || std::strcmp(name, versioned_name) == 0))
    release(managed);
  drop_owner(managed);
}

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

}  // namespace

py::capsule dlpack_capsule(const strict::DLPackExport& exported) {
  auto* managed = new Managed;
  managed->array = exported.array;
  managed->shape = exported.array.shape();
  DLTensor t{};
  // A view hands out its elements where they lie, so the consumer's writes reach the array it
  // shows; with a negative stride (flip), which torch refuses, a compact copy instead.
  const strict::Array& array = exported.array;
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
  t.dtype = dl_dtype(array.dtype());
  t.shape = managed->shape.data();
  t.strides = managed->strides.empty() ? nullptr : managed->strides.data();
  t.byte_offset = 0;
  void* tensor = nullptr;
  const char* name = legacy_name;
  if (exported.version) {
    auto& v = managed->versioned;
    v.version = {static_cast<std::uint32_t>(exported.version->major),
                 static_cast<std::uint32_t>(exported.version->minor)};
    v.manager_ctx = managed;
    v.deleter = delete_versioned;
    v.flags = exported.is_copied ? dlpack_flag_is_copied : 0;
    v.dl_tensor = t;
    tensor = &v;
    name = versioned_name;
  } else {
    managed->legacy.dl_tensor = t;
    managed->legacy.manager_ctx = managed;
    managed->legacy.deleter = delete_legacy;
    tensor = &managed->legacy;
  }
  PyObject* capsule = PyCapsule_New(tensor, name, capsule_destroyed);
  if (capsule == nullptr) {
    delete managed;
    throw py::error_already_set();
  }
  if (PyCapsule_SetContext(capsule, managed) != 0) {
    Py_DECREF(capsule);  // no context: the destructor leaves `managed` alone
    delete managed;
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::capsule>(capsule);
}

namespace {

// What a producer's capsule holds, whichever DLPack version it is: the tensor, its flags and how
// to hand it back.
struct Imported {
  const DLTensor* tensor = nullptr;
  std::uint64_t flags = 0;
  std::function<void()> release;
};

// x.__dlpack__() as the standard's consumer asks it (array_object.py::__dlpack__, 2023.12): with
// max_version=(1, 0), and without it where the producer does not take the keyword (TypeError:
// NumPy before 2). The capsule is renamed "used_..." at once: from then on the deleter is ours
// to call, exactly once.
Imported take_capsule(py::handle x) {
  py::object capsule;
  try {
    capsule = x.attr("__dlpack__")(py::arg("max_version") = py::make_tuple(1, 0));
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_TypeError)) throw;
    capsule = x.attr("__dlpack__")();
  }
  Imported imported;
  if (PyCapsule_IsValid(capsule.ptr(), versioned_name)) {
    auto* managed =
        static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule.ptr(), versioned_name));
    if (PyCapsule_SetName(capsule.ptr(), "used_dltensor_versioned") != 0)
      throw py::error_already_set();
    // The producer's deleter may touch Python objects (NumPy's drops its array reference).
    imported.release = [managed] {
      if (managed->deleter == nullptr) return;
      py::gil_scoped_acquire gil;
      managed->deleter(managed);
    };
    // "If an obtained DLPack tensor has a major version that disagrees with the version number
    // specified in this header file ... the consumer must call the deleter": no other field may
    // be read.
    if (managed->version.major != 1) {
      const std::uint32_t major = managed->version.major;
      imported.release();
      throw py::buffer_error(
          fmt::format("from_dlpack(): x ({}) exported DLPack {}.x, and strict_xp reads DLPack 1.x "
                      "and the legacy 0.x capsule",
                      type_name(x), major));
    }
    imported.tensor = &managed->dl_tensor;
    imported.flags = managed->flags;
    return imported;
  }
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), legacy_name));
  if (managed == nullptr) throw py::error_already_set();
  if (PyCapsule_SetName(capsule.ptr(), "used_dltensor") != 0) throw py::error_already_set();
  imported.release = [managed] {
    if (managed->deleter == nullptr) return;
    py::gil_scoped_acquire gil;
    managed->deleter(managed);
  };
  imported.tensor = &managed->dl_tensor;
  return imported;
}

}  // namespace

strict::Array import_host_dlpack(py::handle x, bool copy_allowed) {
  const auto where = x.attr("__dlpack_device__")().cast<std::pair<int, int>>();
  if (where.first != kDLCPU) {
    throw py::buffer_error(fmt::format(
        "from_dlpack(): x ({}) is on DLPack device ({}, {}); strict_xp imports host memory "
        "(kDLCPU) only: move x to its library's CPU device first",
        type_name(x), where.first, where.second));
  }
  Imported imported = take_capsule(x);
  const DLTensor& t = *imported.tensor;
  const std::optional<strict::DType> dtype = strict_dtype(t.dtype);
  if (!dtype) {
    const DLDataType dl = t.dtype;
    imported.release();
    throw py::type_error(fmt::format(
        "from_dlpack(): x ({}) has DLPack dtype (code {}, {} bits, {} lanes), which no strict_xp "
        "dtype matches",
        type_name(x), dl.code, dl.bits, dl.lanes));
  }
  const auto item = static_cast<std::int64_t>(strict::item_size(*dtype));
  const strict::Shape shape(t.shape, t.shape + t.ndim);
  const auto* data = static_cast<std::byte*>(t.data) + t.byte_offset;
  // strict_xp arrays are writable: memory the producer marks read-only (a read-only NumPy array,
  // a read-only memory map) is copied, never shared, so that no write through strict reaches it.
  const bool read_only = (imported.flags & dlpack_flag_read_only) != 0;
  if (is_c_ordered(t, item) && !read_only) {
    return strict::adopt_host_memory(const_cast<std::byte*>(data), shape, *dtype,
                                     std::move(imported.release));
  }
  if (!copy_allowed) {
    imported.release();
    throw py::buffer_error(fmt::format(
        "from_dlpack(): copy=False, but x ({}) is {}, and strict_xp arrays are {}: importing it "
        "needs a copy",
        type_name(x), read_only ? "read-only" : "strided, not in C order",
        read_only ? "writable" : "in C order"));
  }
  strict::Array copied = strict::asarray_from_host_elements(
      data, shape, byte_strides(t, item), *dtype, {.device = strict::Device::cpu()});
  imported.release();
  return copied;
}

}  // namespace strict_xp
