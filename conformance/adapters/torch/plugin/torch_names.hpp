// libtorch's words for what the harness names: dtypes, devices and exception kinds.
#pragma once

#include <ATen/ATen.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conformance::torch_internal {

// The standard's name of a scalar type ("float32"), or torch's own for the rest ("half").
std::string dtype_name(at::ScalarType type);
// The scalar type of a standard dtype name, or nullopt (torch 1.13 has no uint16/32/64).
std::optional<at::ScalarType> scalar_type_named(std::string_view name);
// The standard dtypes libtorch holds, in the standard's order.
std::vector<std::string> standard_dtype_names();

// The Python exception that torch's Python binding raises for this C++ exception
// ("IndexError" for c10::IndexError, ...; "RuntimeError" for other c10::Errors).
std::string python_exception_name(const std::exception& error);
// The exception's message without libtorch's C++ backtrace, cut to a readable length.
std::string exception_message(const std::exception& error);

// Whether an error says the device cannot run the operation at all (meta tensors hold no data
// and lack kernels for data-dependent operations): such a step is unsupported, not raised. The
// same fragments as the Python adapter's torch hints, so both routes classify alike.
bool is_device_limit(std::string_view message);

// The index of `device` in the handshake's devices, or kUnlistedDevice. A tensor made on
// "cpu:0" reports "cpu" (no index), so an absent index matches index 0.
int device_index(const at::Device& device, const std::vector<at::Device>& devices);

}  // namespace conformance::torch_internal
