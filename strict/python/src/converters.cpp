// Python values to strict's values, with errors that name the function and the parameter.
#include "converters.hpp"

#include <fmt/format.h>
#include <limits>

#include "python_types.hpp"

namespace strict_xp {

std::string type_name(py::handle value) {
  const py::handle type = reinterpret_cast<PyObject*>(Py_TYPE(value.ptr()));
  const std::string module = py::str(type.attr("__module__"));
  const std::string name = py::str(type.attr("__qualname__"));
  return module == "builtins" ? name : module + "." + name;
}

bool is_python_scalar(py::handle value) {
  PyObject* o = value.ptr();
  return PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o) || PyComplex_Check(o);
}

const strict::Array& array_arg(std::string_view function, std::string_view parameter,
                               py::handle value) {
  if (is_array(value)) return as_array(value);
  throw py::type_error(fmt::format(
      "{}(): {} must be a strict_xp array, not {}{}", function, parameter, type_name(value),
      py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)
          ? " (make one with asarray())"
          : ""));
}

std::optional<strict::Array> optional_array_arg(std::string_view function,
                                                std::string_view parameter, py::handle value) {
  if (value.is_none()) return std::nullopt;
  return array_arg(function, parameter, value);
}

std::vector<strict::Array> arrays_arg(std::string_view function, std::string_view parameter,
                                      py::handle value) {
  if (!py::isinstance<py::tuple>(value) && !py::isinstance<py::list>(value))
    throw py::type_error(fmt::format("{}(): {} must be a tuple or list of arrays, not {}", function,
                                     parameter, type_name(value)));
  std::vector<strict::Array> arrays;
  std::size_t i = 0;
  for (const py::handle item : value) {
    arrays.push_back(array_arg(function, fmt::format("{}[{}]", parameter, i), item));
    ++i;
  }
  return arrays;
}

strict::Scalar scalar_arg(std::string_view function, std::string_view parameter, py::handle value) {
  PyObject* object = value.ptr();
  if (PyBool_Check(object)) return strict::Scalar(object == Py_True);
  if (PyLong_Check(object)) {
    int overflow = 0;
    const long long integer = PyLong_AsLongLongAndOverflow(object, &overflow);
    if (overflow > 0) {
      // Above int64's range: uint64's upper half, held exactly (uint64 is a standard dtype).
      const unsigned long long large = PyLong_AsUnsignedLongLong(object);
      if (!PyErr_Occurred()) return strict::Scalar(static_cast<std::uint64_t>(large));
      PyErr_Clear();
    }
    if (overflow != 0) {
      throw py::value_error(fmt::format("{}(): {} = {} fits in no 64-bit integer dtype", function,
                                        parameter, std::string(py::str(value))));
    }
    return strict::Scalar(static_cast<std::int64_t>(integer));
  }
  if (PyFloat_Check(object)) return strict::Scalar(PyFloat_AS_DOUBLE(object));
  if (PyComplex_Check(object))
    return strict::Scalar(
        std::complex<double>(PyComplex_RealAsDouble(object), PyComplex_ImagAsDouble(object)));
  throw py::type_error(
      fmt::format("{}(): {} must be a Python scalar (bool, int, float or complex), not {}",
                  function, parameter, type_name(value)));
}

strict::Scalar scalar_or_element_arg(std::string_view function, std::string_view parameter,
                                     py::handle value) {
  if (is_array(value)) {
    const strict::Array& x = as_array(value);
    if (x.ndim() == 0) return strict::to_scalar(x);
    throw py::type_error(fmt::format(
        "{}(): {} must be a Python scalar or a zero-dimensional array, not an array of shape {}",
        function, parameter, strict::shape_text(x.shape())));
  }
  return scalar_arg(function, parameter, value);
}

strict::ArrayOrScalar operand_arg(std::string_view function, std::string_view parameter,
                                  py::handle value) {
  if (is_array(value)) return as_array(value);
  if (is_python_scalar(value)) return scalar_arg(function, parameter, value);
  throw py::type_error(fmt::format(
      "{}(): {} must be a strict_xp array or a Python scalar (bool, int, float, complex), not {}",
      function, parameter, type_name(value)));
}

std::optional<strict::Device> device_arg(std::string_view function, py::handle value) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<strict::Device>(value)) return value.cast<strict::Device>();
  if (py::isinstance<py::str>(value))
    throw py::type_error(
        fmt::format("{}(): device= must be a strict_xp.Device, not the string '{}': use "
                    "strict_xp.Device('{}') or one of __array_namespace_info__().devices()",
                    function, std::string(py::str(value)), std::string(py::str(value))));
  throw py::type_error(fmt::format("{}(): device= must be a strict_xp.Device or None, not {}",
                                   function, type_name(value)));
}

void naming_registry_errors(std::string_view function, const std::function<void()>& body) {
  try {
    body();
  } catch (const strict::Error& e) {
    std::string message = fmt::format("{}(): {}", function, e.what());
    const std::string cpp = "strict::enable_device";
    if (const auto at = message.find(cpp); at != std::string::npos)
      message.replace(at, cpp.size(), "strict_xp.enable_device");
    switch (e.kind()) {
      case strict::ErrorKind::unsupported_device:
        throw strict::UnsupportedDeviceError(message);
      case strict::ErrorKind::unsupported_dtype:
        throw strict::UnsupportedDTypeError(message);
      default:
        throw strict::InvalidArgumentError(message);
    }
  }
}

strict::Device required_device_arg(std::string_view function, py::handle value) {
  const auto device = device_arg(function, value);
  if (!device)
    throw py::type_error(fmt::format("{}(): device must be a Device, not None", function));
  return *device;
}

std::optional<strict::DType> dtype_arg(std::string_view function, py::handle value) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<DTypeObject>(value)) return value.cast<const DTypeObject&>().dtype;
  throw py::type_error(
      fmt::format("{}(): dtype= must be a strict_xp dtype (strict_xp.float64, ...) or None, not {}",
                  function, type_name(value)));
}

void require_host(std::string_view reader, const strict::Array& x) {
  if (x.device().is_host()) return;
  throw strict::HostAccessError(fmt::format(
      "{}: cannot read the data of an array on device {} from the host (it is on {} because {}); "
      "move it first with x.to_device(strict_xp.Device('cpu'))",
      reader, x.device(), x.device(), x.provenance().describe(x.device())));
}

bool is_python_int(py::handle value) {
  PyObject* object = value.ptr();
  if (PyBool_Check(object)) return false;
  if (PyLong_Check(object)) return true;
  const std::string_view type = Py_TYPE(object)->tp_name;
  return PyIndex_Check(object) && !is_array(value) && type != "numpy.bool" && type != "numpy.bool_";
}

std::int64_t int_arg(std::string_view function, std::string_view parameter, py::handle value) {
  PyObject* object = value.ptr();
  py::object as_int;
  if (PyLong_Check(object) && !PyBool_Check(object)) {
    as_int = py::reinterpret_borrow<py::object>(object);
  } else if (is_python_int(value)) {
    as_int = py::reinterpret_steal<py::object>(PyNumber_Index(object));
    if (!as_int) {  // a NumPy array of more than one element, say
      PyErr_Clear();
      throw py::type_error(fmt::format("{}(): {} must be an int, and {} has no int value", function,
                                       parameter, type_name(value)));
    }
  } else {
    throw py::type_error(
        fmt::format("{}(): {} must be an int, not {}", function, parameter, type_name(value)));
  }
  int overflow = 0;
  const long long integer = PyLong_AsLongLongAndOverflow(as_int.ptr(), &overflow);
  if (overflow != 0)
    throw py::value_error(fmt::format("{}(): {} = {} does not fit in a 64-bit signed integer",
                                      function, parameter, std::string(py::str(value))));
  return integer;
}

std::optional<std::int64_t> optional_int_arg(std::string_view function, std::string_view parameter,
                                             py::handle value) {
  if (value.is_none()) return std::nullopt;
  return int_arg(function, parameter, value);
}

std::int64_t diagonal_offset_arg(std::string_view function, std::string_view parameter,
                                 py::handle value) {
  if (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr())) {
    int overflow = 0;
    (void)PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow > 0) return std::numeric_limits<std::int64_t>::max();
    if (overflow < 0) return -std::numeric_limits<std::int64_t>::max();
  }
  return int_arg(function, parameter, value);
}

strict::Shape shape_arg(std::string_view function, std::string_view parameter, py::handle value) {
  if (is_python_int(value)) return strict::Shape{int_arg(function, parameter, value)};
  if (!py::isinstance<py::tuple>(value) && !py::isinstance<py::list>(value))
    throw py::type_error(fmt::format("{}(): {} must be an int or a tuple of ints, not {}", function,
                                     parameter, type_name(value)));
  strict::Shape shape;
  for (const py::handle item : value)
    shape.push_back(int_arg(function, parameter, item));
  return shape;
}

namespace {

// An int or a tuple of ints, or with `none_allowed` None too (std::nullopt), or with
// `list_allowed` a list of ints too.
std::optional<std::vector<std::int64_t>> int_or_ints(std::string_view function,
                                                     std::string_view parameter, py::handle value,
                                                     bool none_allowed, bool list_allowed = false) {
  if (none_allowed && value.is_none()) return std::nullopt;
  if (is_python_int(value)) return std::vector<std::int64_t>{int_arg(function, parameter, value)};
  if (!py::isinstance<py::tuple>(value) && !(list_allowed && py::isinstance<py::list>(value)))
    throw py::type_error(fmt::format("{}(): {} must be {}an int or a tuple{} of ints, not {}",
                                     function, parameter, none_allowed ? "None, " : "",
                                     list_allowed ? " or a list" : "", type_name(value)));
  std::vector<std::int64_t> ints;
  for (const py::handle item : value)
    ints.push_back(int_arg(function, parameter, item));
  return ints;
}

}  // namespace

std::optional<std::vector<std::int64_t>> axes_arg(std::string_view function, py::handle value) {
  return int_or_ints(function, "axis", value, true);
}

std::vector<std::int64_t> int_or_ints_arg(std::string_view function, std::string_view parameter,
                                          py::handle value) {
  return *int_or_ints(function, parameter, value, false);
}

std::vector<std::int64_t> int_or_int_sequence_arg(std::string_view function,
                                                  std::string_view parameter, py::handle value) {
  return *int_or_ints(function, parameter, value, false, true);
}

double real_number_arg(std::string_view function, std::string_view parameter, py::handle value,
                       std::string_view expected) {
  PyObject* object = value.ptr();
  if (PyFloat_Check(object)) return PyFloat_AS_DOUBLE(object);
  if (PyLong_Check(object) && !PyBool_Check(object)) {
    const double number = PyLong_AsDouble(object);
    if (number == -1.0 && PyErr_Occurred()) throw py::error_already_set();
    return number;
  }
  throw py::type_error(
      fmt::format("{}(): {} must be {}, not {}", function, parameter, expected, type_name(value)));
}

bool bool_arg(std::string_view function, std::string_view parameter, py::handle value) {
  if (!PyBool_Check(value.ptr()))
    throw py::type_error(
        fmt::format("{}(): {} must be a bool, not {}", function, parameter, type_name(value)));
  return value.ptr() == Py_True;
}

std::optional<bool> optional_bool_arg(std::string_view function, std::string_view parameter,
                                      py::handle value) {
  if (value.is_none()) return std::nullopt;
  return bool_arg(function, parameter, value);
}

std::string str_arg(std::string_view function, std::string_view parameter, py::handle value) {
  if (!py::isinstance<py::str>(value))
    throw py::type_error(
        fmt::format("{}(): {} must be a str, not {}", function, parameter, type_name(value)));
  return value.cast<std::string>();
}

}  // namespace strict_xp
