#include "floating_point_warnings.hpp"

#include <cfenv>
#if defined(__x86_64__) && defined(__SSE2__)
#include <xmmintrin.h>
#endif
#include <string>

#include <fmt/format.h>
#include <pybind11/pybind11.h>

namespace strict_xp {
namespace py = pybind11;
namespace {

constexpr int watched_flags = FE_DIVBYZERO | FE_OVERFLOW | FE_INVALID;

// The watched flags raised, and clearing them. On x86-64 float and double arithmetic is SSE's, so
// its control register alone holds the flags: reading it costs a few cycles where fetestexcept
// also reads the x87 status word (8 % of an 8-element add through xp.add). glibc's FE_* values
// are the register's own bits.
#if defined(__x86_64__) && defined(__SSE2__)
int raised_flags() noexcept {
  return static_cast<int>(_mm_getcsr()) & watched_flags;
}
void clear_flags() noexcept {
  _mm_setcsr(_mm_getcsr() & ~static_cast<unsigned>(watched_flags));
}
#else
int raised_flags() noexcept {
  return std::fetestexcept(watched_flags);
}
void clear_flags() noexcept {
  std::feclearexcept(watched_flags);
}
#endif

// numpy.geterr() when NumPy is loaded; None when it is not (every kind "warn": NumPy's default).
py::object numpy_errstate() {
  PyObject* numpy = PyImport_GetModule(py::str("numpy").ptr());
  if (numpy == nullptr) {
    PyErr_Clear();
    return py::none();
  }
  return py::reinterpret_steal<py::object>(numpy).attr("geterr")();
}

void report_one(const py::object& errstate, const char* kind, const char* what,
                const char* numpy_ufunc) {
  const std::string mode = errstate.is_none() ? "warn" : py::cast<std::string>(errstate[kind]);
  if (mode == "ignore") return;
  const std::string message = fmt::format("{} encountered in {}", what, numpy_ufunc);
  if (mode == "raise") {
    PyErr_SetString(PyExc_FloatingPointError, message.c_str());
    throw py::error_already_set();
  }
  // "warn", and NumPy's "print", "log" and "call", which need NumPy's own machinery: a warning.
  if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0) throw py::error_already_set();
}

}  // namespace

FloatingPointWarnings::FloatingPointWarnings(const char* numpy_ufunc) noexcept
    : numpy_ufunc_(numpy_ufunc) {
  // Flags left raised by earlier code (Python's own float arithmetic sets them too).
  if (numpy_ufunc_ != nullptr && raised_flags() != 0) clear_flags();
}

void FloatingPointWarnings::report(const strict::Array& result) const {
  if (numpy_ufunc_ == nullptr) return;
  const int raised = raised_flags();
  if (raised == 0) return;
  clear_flags();
  if (result.dtype() != strict::DType::float32 && result.dtype() != strict::DType::float64) return;
  const py::object errstate = numpy_errstate();
  // NumPy's order and words (numpy/_core/_ufunc_config.py).
  if ((raised & FE_DIVBYZERO) != 0) report_one(errstate, "divide", "divide by zero", numpy_ufunc_);
  if ((raised & FE_OVERFLOW) != 0) report_one(errstate, "over", "overflow", numpy_ufunc_);
  if ((raised & FE_INVALID) != 0) report_one(errstate, "invalid", "invalid value", numpy_ufunc_);
}

}  // namespace strict_xp
