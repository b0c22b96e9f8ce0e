// strict's interruption check, for Python: a long kernel ends with the exception a Python signal
// handler raised (KeyboardInterrupt on Ctrl-C, a test timeout's failure from pytest-timeout's
// signal method), and lets other Python threads run a moment first (pytest-timeout's thread
// method: its timer thread needs the GIL to report and end the process).
#include <pybind11/pybind11.h>

#include <atomic>

#include "bindings.hpp"
#include "strict/interruption.hpp"

namespace strict_xp {
namespace {

// Whether a kernel is inside its check now: what a signal handler or another thread sees when
// it runs from there (the tests' evidence that a kernel, not the interpreter, let it run).
std::atomic<bool> checking{false};

void check_python_signals() {
  if (PyGILState_Check() == 0) return;  // a thread outside Python: nothing to ask
  struct Checking {
    Checking() { checking = true; }
    ~Checking() { checking = false; }
  } scope;
  { py::gil_scoped_release others_run; }
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

}  // namespace

void bind_interruption(py::module_& m) {
  strict::set_interruption_check(check_python_signals);
  m.def("_in_interruption_check", [] { return checking.load(); });
}

}  // namespace strict_xp
