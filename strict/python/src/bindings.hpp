// One function per binding file, each adding its part of the namespace to the module (or to the
// `linalg` / `fft` submodules). module.cpp calls them in order.
#pragma once

#include <vector>

#include <pybind11/pybind11.h>

namespace strict_xp {

namespace py = pybind11;

void bind_errors(py::module_& m, py::module_& linalg);          // errors.cpp
void bind_call_site(py::module_& m);                            // call_site.cpp
void bind_devices_and_dtypes(py::module_& m);                   // devices_and_dtypes.cpp
void bind_placement_and_transfers(py::module_& m);              // placement_and_transfers.cpp
void bind_info(py::module_& m);                                 // info.cpp
void bind_array_object(py::module_& m);                         // array_object.cpp
void enable_host_buffer(py::handle array_type);                 // host_buffer.cpp
void bind_creation(py::module_& m);                             // creation.cpp
void bind_elementwise(py::module_& m);                          // elementwise.cpp
void bind_data_types(py::module_& m);                           // data_types.cpp
void bind_manipulation(py::module_& m);                         // manipulation.cpp
void bind_searching_sorting_sets(py::module_& m);               // searching_sorting_sets.cpp
void bind_statistics_and_utilities(py::module_& m);             // statistics_and_utilities.cpp
void bind_linear_algebra(py::module_& m, py::module_& linalg);  // linear_algebra.cpp
void bind_fft(py::module_& fft);                                // fft.cpp
void bind_interruption(py::module_& m);                         // interruption.cpp
// Last: every pybind11 function's docstring made an inspectable text signature (its parameters).
void install_text_signatures(const std::vector<py::handle>& namespaces);  // text_signatures.cpp

}  // namespace strict_xp
