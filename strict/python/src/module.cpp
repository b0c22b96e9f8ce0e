// The compiled part of strict_xp: strict's C++ namespace as the Python module _strict_xp, which
// strict_xp/__init__.py re-exports with the pure-Python pieces (context managers, __all__).
#include <pybind11/pybind11.h>

#include "bindings.hpp"

PYBIND11_MODULE(_strict_xp, m) {
  namespace sx = strict_xp;
  m.doc() = "strict, the device-strict Array API implementation, as a Python namespace";
  m.attr("__version__") = STRICT_XP_VERSION;  // the project's version, as the C++ route reports
  auto linalg = m.def_submodule("linalg", "Linear algebra (the standard's linalg extension)");
  auto fft = m.def_submodule("fft", "Fast Fourier transforms (the standard's fft extension)");
  // Types first: every later binding converts to and from them.
  sx::bind_errors(m, linalg);
  sx::bind_devices_and_dtypes(m);
  sx::bind_array_object(m);
  sx::bind_call_site(m);
  sx::bind_placement_and_transfers(m);
  sx::bind_info(m);
  sx::bind_creation(m);
  sx::bind_elementwise(m);
  sx::bind_data_types(m);
  sx::bind_manipulation(m);
  sx::bind_searching_sorting_sets(m);
  sx::bind_statistics_and_utilities(m);
  sx::bind_linear_algebra(m, linalg);
  sx::bind_fft(fft);
  sx::bind_interruption(m);
  sx::install_text_signatures({m, linalg, fft, m.attr("Array"), m.attr("_Info")});
}
