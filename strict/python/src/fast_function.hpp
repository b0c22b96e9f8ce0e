// Built-in functions without pybind11's dispatcher, for the calls downstream code makes in inner
// loops (the element-wise functions). pybind11's general dispatcher (argument vectors, overload
// and keyword matching) cost as much as an 8-element add itself; these are METH_FASTCALL
// built-ins that take their positional arguments as a C array, have a text signature
// (inspect.signature works), and raise through the module's exception translators, so their
// errors are the same Python exceptions as every other function's.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace strict_xp {

namespace py = pybind11;

using FastCall = PyObject* (*)(PyObject* self, PyObject* const* args, Py_ssize_t nargs);

// Sets the Python error for the C++ exception being handled, as pybind11's dispatcher does:
// the registered translators (strict's errors), then pybind11's own. Call inside catch (...).
void raise_current_exception() noexcept;

// Adds the built-in `name(parameters, /)` to module m; `call` receives the module as self.
void add_fast_function(py::module_& m, const char* name, const std::string& parameters,
                       FastCall call);

// Runs body() (a py::object) for a FastCall: C++ exceptions become Python ones.
template <class Body>
PyObject* fast_call_body(Body&& body) noexcept {
  try {
    return body().release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (...) {
    raise_current_exception();
  }
  return nullptr;
}

// TypeError "name() takes exactly N positional arguments (M given)" unless nargs == expected.
void expect_positional(const char* name, Py_ssize_t nargs, Py_ssize_t expected);

}  // namespace strict_xp
