// METH_FASTCALL built-ins with pybind11's error translation (see fast_function.hpp).
#include "fast_function.hpp"

#include <deque>

#include <fmt/format.h>

namespace strict_xp {

void raise_current_exception() noexcept {
  // What pybind11::cpp_function's dispatcher does in its catch (...): module-local translators,
  // then the global ones (strict's errors, then std:: exceptions and pybind11's own).
  if (py::detail::apply_exception_translators(
          py::detail::get_local_internals().registered_exception_translators))
    return;
  if (py::detail::apply_exception_translators(
          py::detail::get_internals().registered_exception_translators))
    return;
  PyErr_SetString(PyExc_SystemError, "strict_xp: an unknown C++ exception escaped");
}

void add_fast_function(py::module_& m, const char* name, const std::string& parameters,
                       FastCall call) {
  // Python keeps pointers into the definition and its doc for the interpreter's life.
  static auto* definitions = new std::deque<PyMethodDef>();
  static auto* docs = new std::deque<std::string>();
  // "$module, " marks the bound self; the "--" line makes __text_signature__.
  const std::string& doc = docs->emplace_back(
      fmt::format("{}($module, {}, /)\n--\n\nThe standard's {}().", name, parameters, name));
  // void (*)() is the one function-pointer type gcc lets any other be cast through silently.
  PyMethodDef& definition = definitions->emplace_back(
      PyMethodDef{name, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(call)),
                  METH_FASTCALL, doc.c_str()});
  PyObject* function = PyCFunction_NewEx(&definition, m.ptr(), m.attr("__name__").ptr());
  if (function == nullptr) throw py::error_already_set();
  m.add_object(name, py::reinterpret_steal<py::object>(function));
}

void expect_positional(const char* name, Py_ssize_t nargs, Py_ssize_t expected) {
  if (nargs != expected)
    throw py::type_error(fmt::format("{}() takes exactly {} positional argument{} ({} given)", name,
                                     expected, expected == 1 ? "" : "s", nargs));
}

}  // namespace strict_xp
