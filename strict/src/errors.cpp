// Python names of strict's error kinds.
#include "strict/errors.hpp"

namespace strict {

std::string_view python_exception_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::device_mismatch:
    case ErrorKind::unsupported_device:
    case ErrorKind::unsupported_dtype:
    case ErrorKind::invalid_argument:
      return "ValueError";
    case ErrorKind::host_access:
    case ErrorKind::transfer_disallowed:
      return "RuntimeError";
    case ErrorKind::dtype_error:
      return "TypeError";
    case ErrorKind::index_error:
      return "IndexError";
    case ErrorKind::buffer_error:
      return "BufferError";
    case ErrorKind::out_of_memory:
      return "MemoryError";
  }
  return "Exception";
}

}  // namespace strict
