// strict's C++ exceptions as Python exceptions of the standard's kinds, each a subclass a user
// can catch precisely: DeviceMismatchError is a ValueError, HostAccessError a RuntimeError, ...
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "strict/errors.hpp"
#include "strict/linalg.hpp"

namespace strict_xp {
namespace {

struct ExceptionTypes {
  PyObject* device_mismatch = nullptr;
  PyObject* unsupported_device = nullptr;
  PyObject* unsupported_dtype = nullptr;
  PyObject* host_access = nullptr;
  PyObject* transfer = nullptr;
  PyObject* linalg = nullptr;
};
ExceptionTypes types;

// A new exception class `module.name(base)`, kept alive by the module.
PyObject* define(py::module_& module, const char* name, PyObject* base, const char* doc) {
  const std::string qualified = std::string(py::str(module.attr("__name__"))) + "." + name;
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base, nullptr);
  if (type == nullptr) throw py::error_already_set();
  module.add_object(name, py::handle(type));  // steals the reference: the module owns it
  return type;
}

}  // namespace

void bind_errors(py::module_& m, py::module_& linalg) {
  types.device_mismatch = define(m, "DeviceMismatchError", PyExc_ValueError,
                                 "Arrays on different devices were combined.");
  types.unsupported_device = define(m, "UnsupportedDeviceError", PyExc_ValueError,
                                    "A device that does not exist or is not enabled.");
  types.unsupported_dtype =
      define(m, "UnsupportedDTypeError", PyExc_ValueError, "A dtype the device cannot hold.");
  types.host_access = define(m, "HostAccessError", PyExc_RuntimeError,
                             "The data of an array on a non-host device was read from the host.");
  types.transfer = define(m, "TransferError", PyExc_RuntimeError,
                          "Data moved between devices while transfer_guard('disallow') is on.");
  types.linalg =
      define(linalg, "LinAlgError", PyExc_ValueError, "A matrix that cannot be factorised.");
  // The most derived first: LinAlgError and DTypeError are InvalidArgumentErrors in C++.
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const strict::linalg::LinAlgError& e) {
      PyErr_SetString(types.linalg, e.what());
    } catch (const strict::Error& e) {
      PyObject* type = PyExc_ValueError;
      switch (e.kind()) {
        case strict::ErrorKind::device_mismatch:
          type = types.device_mismatch;
          break;
        case strict::ErrorKind::unsupported_device:
          type = types.unsupported_device;
          break;
        case strict::ErrorKind::unsupported_dtype:
          type = types.unsupported_dtype;
          break;
        case strict::ErrorKind::host_access:
          type = types.host_access;
          break;
        case strict::ErrorKind::transfer_disallowed:
          type = types.transfer;
          break;
        case strict::ErrorKind::invalid_argument:
          type = PyExc_ValueError;
          break;
        case strict::ErrorKind::dtype_error:
          type = PyExc_TypeError;
          break;
        case strict::ErrorKind::index_error:
          type = PyExc_IndexError;
          break;
        case strict::ErrorKind::buffer_error:
          type = PyExc_BufferError;
          break;
        case strict::ErrorKind::out_of_memory:
          type = PyExc_MemoryError;
          break;
      }
      PyErr_SetString(type, e.what());
    }
  });
}

}  // namespace strict_xp
