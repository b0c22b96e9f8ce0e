// Python values to strict's C++ values, for every binding file. Each conversion names the
// function and the parameter in its error, so a wrong call reads as the caller's mistake:
//   "add(): x2 must be an array or a Python scalar (bool, int, float, complex), not str".
// Raises py::type_error / py::value_error (TypeError / ValueError in Python).
#pragma once

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>

#include "strict/strict.hpp"

namespace strict_xp {

namespace py = pybind11;

// The Python type name of `value`, for messages: "str", "numpy.ndarray", ...
std::string type_name(py::handle value);

// Whether `value` is a Python bool, int, float or complex.
bool is_python_scalar(py::handle value);

// strict_xp arrays without pybind11's per-call type lookups (array_handles.cpp).
// Called once, after the Array class is bound: new arrays use the record looked up once too.
void use_array_record_once();
// Whether `value` is a strict_xp array.
bool is_array(py::handle value);
// The Array `value` holds; `value` must be one (is_array).
const strict::Array& as_array(py::handle value);

// An Array, or TypeError.
const strict::Array& array_arg(std::string_view function, std::string_view parameter,
                               py::handle value);
// None or an Array.
std::optional<strict::Array> optional_array_arg(std::string_view function,
                                                std::string_view parameter, py::handle value);
// A sequence (tuple or list) of Arrays; a single array is not one.
std::vector<strict::Array> arrays_arg(std::string_view function, std::string_view parameter,
                                      py::handle value);
// A Python bool, int, float or complex (not an array). An int outside int64 raises
// OverflowError.
strict::Scalar scalar_arg(std::string_view function, std::string_view parameter, py::handle value);
// A Python scalar, or a zero-dimensional strict_xp array read as the scalar it holds: arange's and
// linspace's bounds, which the standard types as Python scalars and array-api-strict (through
// NumPy) also takes as 0-d arrays (SciPy passes them). Off the host the read is the one
// `item`-like read of __float__: counted as a transfer to cpu, refused under transfer_guard.
strict::Scalar scalar_or_element_arg(std::string_view function, std::string_view parameter,
                                     py::handle value);
// An Array or a Python scalar: an operand of a binary function.
strict::ArrayOrScalar operand_arg(std::string_view function, std::string_view parameter,
                                  py::handle value);
// None, or a strict_xp.Device (a string is a TypeError that shows how to make a Device).
std::optional<strict::Device> device_arg(std::string_view function, py::handle value);
// A strict_xp.Device; None is a TypeError too.
strict::Device required_device_arg(std::string_view function, py::handle value);
// Runs `body` (a call into strict's device registry), giving an error it raises the function's
// name and Python spelling ("strict_xp.enable_device" for C++'s "strict::enable_device").
void naming_registry_errors(std::string_view function, const std::function<void()>& body);

// None, or a dtype object (strict_xp.float32, ...).
std::optional<strict::DType> dtype_arg(std::string_view function, py::handle value);
// An int n (the shape (n,)) or a tuple/list of ints.
strict::Shape shape_arg(std::string_view function, std::string_view parameter, py::handle value);
// A Python int (not bool), as int64.
// Reads of an array's data off the host raise HostAccessError with its provenance, spelled for
// Python; `reader` names what read ("__array__()", "buffer protocol (...)").
void require_host(std::string_view reader, const strict::Array& x);

// An int, or what Python takes as one (an object with __index__: a NumPy integer, say); not a
// bool (NumPy's included) and not a strict_xp array, whose __index__ would read device data where
// an int was expected.
bool is_python_int(py::handle value);
std::int64_t int_arg(std::string_view function, std::string_view parameter, py::handle value);
std::optional<std::int64_t> optional_int_arg(std::string_view function, std::string_view parameter,
                                             py::handle value);
// A diagonal's offset (eye's, tril's and triu's k, linalg.diagonal's and trace's offset): any
// Python int, one beyond int64 taken as the nearest int64 within (-2^63, 2^63), which lies
// past every matrix as it does.
std::int64_t diagonal_offset_arg(std::string_view function, std::string_view parameter,
                                 py::handle value);
// None, an int or a tuple of ints: an `axis=` argument.
std::optional<std::vector<std::int64_t>> axes_arg(std::string_view function, py::handle value);
// An int or a tuple of ints (the spec's Union[int, Tuple[int, ...]]): moveaxis's source=, ...
std::vector<std::int64_t> int_or_ints_arg(std::string_view function, std::string_view parameter,
                                          py::handle value);
// int_or_ints_arg, a list of ints taken too: moveaxis's source= and destination=, where the
// standard says "Union[int, Tuple[int, ...]]" and array-api-strict (NumPy's normalize_axis_tuple)
// takes a list (SciPy's signal passes one). No device matter, so strict_xp does not refuse it.
std::vector<std::int64_t> int_or_int_sequence_arg(std::string_view function,
                                                  std::string_view parameter, py::handle value);
// A Python int (not bool) or float, as a double: ord=, rtol=, d=, correction=. `expected`
// words the error: "{function}(): {parameter} must be {expected}, not {type}".
double real_number_arg(std::string_view function, std::string_view parameter, py::handle value,
                       std::string_view expected = "an int or a float");
// A Python bool (not an int).
bool bool_arg(std::string_view function, std::string_view parameter, py::handle value);
std::optional<bool> optional_bool_arg(std::string_view function, std::string_view parameter,
                                      py::handle value);
// A Python str.
std::string str_arg(std::string_view function, std::string_view parameter, py::handle value);

// A strict Array as a Python object (a strict_xp array): py::cast, faster (array_handles.cpp).
py::object wrap(strict::Array array);
py::tuple wrap_all(const std::vector<strict::Array>& arrays);

}  // namespace strict_xp
