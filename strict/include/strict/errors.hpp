// The exceptions strict raises. One hierarchy, rooted at strict::Error, so a caller can catch
// everything strict throws at once, or exactly the rule that was broken.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace strict {

// Which rule an error reports; also names the Python exception a Python library would raise for
// the same situation (array-api-strict's choices), so reports can compare like with like.
enum class ErrorKind {
  device_mismatch,      // ValueError: arrays from different devices combined
  unsupported_device,   // ValueError: a device that does not exist or is not enabled
  unsupported_dtype,    // ValueError: a dtype the device cannot hold
  host_access,          // RuntimeError: reading a non-host array's data from the host
  invalid_argument,     // ValueError: shapes, sizes, axes, values
  dtype_error,          // TypeError: a dtype outside a function's category, or no promotion
  index_error,          // IndexError: a key that does not fit the array (indexing.rst)
  buffer_error,         // BufferError: DLPack exchange impossible as asked
  transfer_disallowed,  // RuntimeError: data moved between devices under TransferGuard(disallow)
  out_of_memory,        // MemoryError: an array too large for the memory there is
};

std::string_view python_exception_name(ErrorKind kind);

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

class DeviceMismatchError : public Error {
 public:
  explicit DeviceMismatchError(const std::string& message)
      : Error(ErrorKind::device_mismatch, message) {}
};

class UnsupportedDeviceError : public Error {
 public:
  explicit UnsupportedDeviceError(const std::string& message)
      : Error(ErrorKind::unsupported_device, message) {}
};

class UnsupportedDTypeError : public Error {
 public:
  explicit UnsupportedDTypeError(const std::string& message)
      : Error(ErrorKind::unsupported_dtype, message) {}
};

class HostAccessError : public Error {
 public:
  explicit HostAccessError(const std::string& message) : Error(ErrorKind::host_access, message) {}
};

class InvalidArgumentError : public Error {
 public:
  explicit InvalidArgumentError(const std::string& message)
      : Error(ErrorKind::invalid_argument, message) {}

 protected:
  InvalidArgumentError(ErrorKind kind, const std::string& message) : Error(kind, message) {}
};

// A dtype a function does not accept, or two dtypes with no promotion (Python's TypeError).
class DTypeError : public InvalidArgumentError {
 public:
  explicit DTypeError(const std::string& message)
      : InvalidArgumentError(ErrorKind::dtype_error, message) {}
};

// A key that does not fit the array (Python's IndexError): indexing.rst asks for an IndexError
// for too many single-axis expressions, more than one ellipsis, a boolean index of higher rank,
// and "should" for too few; strict uses it for out-of-bounds indices too, as Python does.
class IndexError : public InvalidArgumentError {
 public:
  explicit IndexError(const std::string& message)
      : InvalidArgumentError(ErrorKind::index_error, message) {}
};

// A DLPack exchange that cannot happen as asked (Python's BufferError).
class BufferError : public Error {
 public:
  explicit BufferError(const std::string& message) : Error(ErrorKind::buffer_error, message) {}
};

// An array larger than the memory there is (or than a size_t can count).
class OutOfMemoryError : public Error {
 public:
  explicit OutOfMemoryError(const std::string& message)
      : Error(ErrorKind::out_of_memory, message) {}
};

// A transfer between devices while a TransferGuard disallows them (strict/transfer.hpp).
class TransferError : public Error {
 public:
  explicit TransferError(const std::string& message)
      : Error(ErrorKind::transfer_disallowed, message) {}
};

}  // namespace strict
