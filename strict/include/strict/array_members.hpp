// Members of the array object (spec/2024.12/API_specification/array_object.rst) as free
// functions: the attributes T and mT, the host conversions __bool__, __int__, __float__,
// __complex__ and __index__, __dlpack__ and __array_namespace__. (C++ names may not contain a
// double underscore: `x.__bool__()` is strict::to_bool(x), `x.__dlpack__()` strict::dlpack_export.)
#pragma once

#include <complex>
#include <cstdint>
#include <optional>
#include <source_location>
#include <string_view>

#include "strict/array.hpp"
#include "strict/dlpack.hpp"
#include "strict/scalar.hpp"

namespace strict {

// ---- Transposes ----------------------------------------------------------------------------
// Both return a new array (strict never makes strided views) with x's dtype, on x's device
// ("Preserve device assignment").

// x.T: "The array instance must be two-dimensional. If the array instance is not
// two-dimensional, an error should be raised": InvalidArgumentError.
Array T(const Array& x);

// x.mT: the last two dimensions swapped, for a matrix or a stack of matrices; fewer than two
// dimensions raise InvalidArgumentError ("an error should be raised").
Array mT(const Array& x);

// ---- Host conversions --------------------------------------------------------------------------
// Each takes a zero-dimensional array ("zero-dimensional array instance"; another shape raises
// InvalidArgumentError) and gives its element as a C++ value. On a device other than the host it
// is a device-to-host read of that element: the standard says nothing of devices here, and CuPy,
// torch and JAX make such reads (synchronising), as array-api-strict lets its device1 do. strict
// makes it too, and counts it as a transfer to cpu (transfer_counts()) made by "__bool__" (...):
// under a TransferGuard it is logged, or refused with TransferError, so a hidden device-to-host
// sync can be found. (Reads of a whole array's data off the host still raise HostAccessError.)
// Dtype checks come first, so a wrong dtype raises the same error on every device.

// The element of a 0-d array exactly, in every dtype (a uint64 above int64's range included): what
// a binding turns into its language's scalar.
Scalar to_scalar(const Array& x,
                 const std::source_location& location = std::source_location::current());

// __bool__: any dtype. NaN and infinities are true; a complex value is true when either part is.
bool to_bool(const Array& x,
             const std::source_location& location = std::source_location::current());

// __int__: a boolean, integer or real floating dtype; complex raises DTypeError ("If self has a
// complex floating-point data type, the function must raise a TypeError"). A floating value is
// truncated toward zero; NaN and infinities raise InvalidArgumentError (Python: ValueError and
// OverflowError). Python ints are unbounded, C++'s are not: a value outside int64 (a large
// uint64 or float) raises InvalidArgumentError.
std::int64_t to_int(const Array& x,
                    const std::source_location& location = std::source_location::current());

// __int__ exactly, for a binding whose ints are unbounded (Python): the same checks and errors as
// to_int, the value as a Scalar: int64, or uint64 above int64's range, or, for a floating value
// outside int64, its integer part as an integral double (exact: every such double is an integer).
Scalar to_int_value(const Array& x,
                    const std::source_location& location = std::source_location::current());

// __float__: a boolean, integer or real floating dtype; complex raises DTypeError.
double to_float(const Array& x,
                const std::source_location& location = std::source_location::current());

// __complex__: any dtype.
std::complex<double> to_complex(
    const Array& x, const std::source_location& location = std::source_location::current());

// __index__: an integer dtype ("Should have an integer data type. If self has a floating-point
// data type, the function must raise a TypeError"); strict raises DTypeError for bool as well.
// A uint64 value above the int64 maximum raises InvalidArgumentError.
std::int64_t to_index(const Array& x,
                      const std::source_location& location = std::source_location::current());

// __index__ exactly, for a binding whose ints are unbounded: to_index's checks and errors, the
// value as a Scalar (int64, or uint64 above int64's range).
Scalar to_index_value(const Array& x,
                      const std::source_location& location = std::source_location::current());

// ---- __dlpack__ ------------------------------------------------------------------------------

// A DLPack (major, minor) version.
struct DLPackVersion {
  int major = 1;
  int minor = 0;
  friend bool operator==(const DLPackVersion&, const DLPackVersion&) = default;
};

// The keywords of `x.__dlpack__(*, stream=None, max_version=None, dl_device=None, copy=None)`.
struct DLPackExportOptions {
  // strict's devices have no streams: any stream raises InvalidArgumentError ("On CPU and other
  // device types without streams, only None is accepted").
  std::optional<Stream> stream = std::nullopt;
  // The newest version the consumer reads. None or a major version below 1: the legacy DLPack
  // 0.x capsule ("if max_version is None: Keep and use the DLPack 0.X implementation", and for a
  // 0.y consumer "did we keep an implementation of the older major version around? ... If so, use
  // that"); 1 or more: the versioned capsule of DLPack 1.0.
  std::optional<DLPackVersion> max_version = std::nullopt;
  // Where the exported memory must be: None is x's device ("the exported capsule should be on
  // the same device as self is"). A pair no strict device has raises BufferError ("If the device
  // type cannot be handled by the producer, this function must raise BufferError"). Memory of a
  // fake (non-host) device is exported only where dl_device names that very device: no library
  // but strict can read it, so a consumer that does not ask for it gets BufferError ("when the
  // data cannot be exported as DLPack") naming the way to the host, (kDLCPU, 0).
  std::optional<DLPackDevice> dl_device = std::nullopt;
  // True: always copy. False: never copy; a dl_device on another device then raises BufferError
  // ("raise a BufferError in case a copy is deemed necessary (e.g. if a cross-device data
  // movement is requested ...)"). None: copy only when dl_device asks for another device.
  std::optional<bool> copy = std::nullopt;
};

// What a DLPack capsule exported by x.__dlpack__() would hold. strict makes no PyCapsule (there
// is no Python here): this describes the export instead, and `array` keeps the memory alive.
struct DLPackExport {
  Array array;          // the memory the capsule references: x itself, or a copy
  DLPackDevice device;  // its DLPack device (dlpack_device(array))
  // 1.0: a DLManagedTensorVersioned (capsule "dltensor_versioned"), for a consumer that reads
  // DLPack 1.x; none: the legacy DLManagedTensor (capsule "dltensor"), which has no version and
  // no flags, for one that gave no max_version or a 0.x one.
  std::optional<DLPackVersion> version;
  bool is_copied;  // DLPACK_FLAG_BITMASK_IS_COPIED (versioned only): "When a copy happens, the
                   // DLPACK_FLAG_BITMASK_IS_COPIED flag must be set"
};

// x.__dlpack__(...). A copy to another device counts as a transfer (transfer_counts()), like
// to_device, and raises UnsupportedDTypeError when that device cannot hold x's dtype.
DLPackExport dlpack_export(const Array& x, const DLPackExportOptions& options = {},
                           const std::source_location& location = std::source_location::current());

// ---- __array_namespace__ ---------------------------------------------------------------------

// The namespace `x.__array_namespace__()` returns. strict's namespace is the C++ namespace
// `strict`; this names the version of the standard it implements.
struct ArrayNamespace {
  std::string_view api_version = "2025.12";
};

// x.__array_namespace__(api_version=...): None or "2025.12" (what strict implements), or
// "2024.12", whose namespace 2025.12 only adds to; any other version raises InvalidArgumentError
// ("If the given version is invalid or not implemented for the given module, an error should be
// raised").
ArrayNamespace array_namespace(const Array& x,
                               std::optional<std::string_view> api_version = std::nullopt);

}  // namespace strict
