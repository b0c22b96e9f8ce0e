// Creation functions (spec/2024.12/API_specification/creation_functions.rst). Every array made
// here records, in its provenance, the Python line that called the function (call_site.cpp).
#include <complex>
#include <cstring>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "bindings.hpp"
#include "converters.hpp"
#include "dlpack_capsule.hpp"

namespace strict_xp {
namespace {

// A NumPy scalar (numpy.float32(1.5), numpy.int8(2), numpy.bool_(True)) or 0-d NumPy array:
// duck-typed, so NumPy need not be imported. Not a strict_xp array.
bool is_numpy_scalar(py::handle value) {
  if (is_array(value) || !py::hasattr(value, "dtype") || !py::hasattr(value, "item") ||
      !py::hasattr(value, "ndim"))
    return false;
  const py::object ndim = value.attr("ndim");
  return PyLong_Check(ndim.ptr()) && PyLong_AsLong(ndim.ptr()) == 0;
}

// The elements of `scalars` (C order) from `next` on, as nested sequences of `shape`.
strict::NestedSequence nested_elements(const std::vector<strict::Scalar>& scalars,
                                       std::span<const std::int64_t> shape, std::size_t& next) {
  if (shape.empty()) return strict::NestedSequence(scalars[next++]);
  std::vector<strict::NestedSequence> items;
  for (std::int64_t i = 0; i < shape.front(); ++i)
    items.push_back(nested_elements(scalars, shape.subspan(1), next));
  return strict::NestedSequence(std::move(items));
}

// A nested list/tuple of Python scalars, as strict's literal data. A NumPy scalar in it counts as
// the Python scalar its item() gives: "nested sequence of Python scalars" is the standard's type,
// and array-api-strict (NumPy) takes a list such as [2, 2, 2 + numpy.spacing(numpy.float32(2))]
// (SciPy's stats tests build one).
strict::NestedSequence nested_arg(py::handle value, int depth) {
  // The common element first: a float, as most data comes.
  if (PyFloat_CheckExact(value.ptr()))
    return strict::NestedSequence(PyFloat_AS_DOUBLE(value.ptr()));
  if (is_python_scalar(value)) return strict::NestedSequence(scalar_arg("asarray", "obj", value));
  if (depth > 0 && is_numpy_scalar(value)) {
    const py::object item = value.attr("item")();
    if (is_python_scalar(item)) return strict::NestedSequence(scalar_arg("asarray", "obj", item));
  }
  // An array below the sequence's own items is read as the values it holds, as array-api-strict
  // reads it (through NumPy), which refuses arrays among the sequence's own items only ("Nested
  // Arrays are not allowed. Use `stack` instead."). SciPy's test_center_of_mass09 writes
  // xp.asarray([(a, b), (c, d)]) of 0-d arrays. Reading them is a host read: an array on another
  // device raises HostAccessError naming the line, where array-api-strict raises RuntimeError.
  if (depth > 1 && is_array(value)) {
    const strict::Array& array = as_array(value);
    try {
      std::size_t next = 0;
      return nested_elements(array.scalars(), array.shape(), next);
    } catch (const strict::HostAccessError& e) {
      throw strict::HostAccessError(fmt::format(
          "asarray(): an array at depth {} of obj is read on the host: {}", depth, e.what()));
    }
  }
  if (!py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value))
    throw py::type_error(fmt::format(
        "asarray(): obj must be an array, a Python scalar, a buffer (such as a NumPy array) or a "
        "nested sequence of Python scalars; found {} at depth {}{}",
        type_name(value), depth, is_array(value) ? " (join arrays with stack())" : ""));
  // A list or tuple: its items by index, into room made once. Each item is held, and the size
  // read again, since an item's item() (a NumPy-like scalar's) is Python code that may change
  // the list.
  std::vector<strict::NestedSequence> items;
  items.reserve(static_cast<std::size_t>(PySequence_Fast_GET_SIZE(value.ptr())));
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(value.ptr()); ++i) {
    const auto item = py::reinterpret_borrow<py::object>(PySequence_Fast_GET_ITEM(value.ptr(), i));
    items.push_back(nested_arg(item, depth + 1));
  }
  return strict::NestedSequence(std::move(items));
}

// Nested lists and tuples of Python scalars alone, of a rectangular shape: `shape` and `values` (in
// C order) as the general path (nested_arg, then strict::asarray) finds them, read in one pass with
// no NestedSequence per element (which cost most of the time for a long list). False for anything
// else (an array or a NumPy scalar among the items, a ragged nesting, another object), which the
// general path then reads, and reports. `leaf_depth`: the depth of the scalars, once one is seen.
bool flat_literal(py::handle value, std::size_t depth, strict::Shape& shape,
                  std::vector<strict::Scalar>& values, std::optional<std::size_t>& leaf_depth) {
  PyObject* sequence = value.ptr();
  if (!PyList_Check(sequence) && !PyTuple_Check(sequence)) return false;
  if (leaf_depth && depth >= *leaf_depth) return false;  // a sequence beside a scalar
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(sequence);
  if (depth == shape.size()) {
    shape.push_back(size);
  } else if (shape[depth] != size) {
    return false;
  }
  // Each item is held and the size read again: a scalar's conversion runs no Python code today,
  // but the list is someone else's.
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(sequence); ++i) {
    const auto item = py::reinterpret_borrow<py::object>(PySequence_Fast_GET_ITEM(sequence, i));
    if (PyFloat_CheckExact(item.ptr()) || is_python_scalar(item)) {
      if (!leaf_depth) leaf_depth = depth + 1;
      if (*leaf_depth != depth + 1 || shape.size() != depth + 1) return false;
      values.push_back(PyFloat_CheckExact(item.ptr())
                           ? strict::Scalar(PyFloat_AS_DOUBLE(item.ptr()))
                           : scalar_arg("asarray", "obj", item));
    } else if (!flat_literal(item, depth + 1, shape, values, leaf_depth)) {
      return false;
    }
  }
  return true;
}

// The dtype a buffer's struct format stands for (PEP 3118), or nullopt.
std::optional<strict::DType> dtype_of_format(std::string format, py::ssize_t itemsize) {
  if (!format.empty() && (format[0] == '<' || format[0] == '=' || format[0] == '@'))
    format.erase(0, 1);
  using strict::DType;
  if (format == "?") return DType::bool_;
  if (format == "f") return DType::float32;
  if (format == "d") return DType::float64;
  if (format == "Zf") return DType::complex64;
  if (format == "Zd") return DType::complex128;
  if (format.size() == 1 && std::strchr("bhilq", format[0]) != nullptr)
    return strict::integer_dtype_of_size(static_cast<std::size_t>(itemsize), true);
  if (format.size() == 1 && std::strchr("BHILQ", format[0]) != nullptr)
    return strict::integer_dtype_of_size(static_cast<std::size_t>(itemsize), false);
  return std::nullopt;
}

template <class T>
strict::Scalar read_as(const char* p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return strict::Scalar(value);
}

strict::Scalar read_element(strict::DType dtype, const char* p) {
  using strict::DType;
  switch (dtype) {
    case DType::bool_:
      return strict::Scalar(*reinterpret_cast<const bool*>(p));
    case DType::int8:
      return read_as<std::int8_t>(p);
    case DType::int16:
      return read_as<std::int16_t>(p);
    case DType::int32:
      return read_as<std::int32_t>(p);
    case DType::int64:
      return read_as<std::int64_t>(p);
    case DType::uint8:
      return read_as<std::uint8_t>(p);
    case DType::uint16:
      return read_as<std::uint16_t>(p);
    case DType::uint32:
      return read_as<std::uint32_t>(p);
    case DType::uint64:
      return read_as<std::uint64_t>(p);
    case DType::float32:
      return read_as<float>(p);
    case DType::float64:
      return read_as<double>(p);
    case DType::complex64:
      return read_as<std::complex<float>>(p);
    case DType::complex128:
      return read_as<std::complex<double>>(p);
  }
  return strict::Scalar(false);
}

// Another library's host array that DLPack cannot share (anything with the buffer protocol),
// copied element by element in C order.
strict::Array asarray_from_buffer(py::handle obj, const strict::AsarrayOptions& options) {
  if (options.copy == false)
    throw py::value_error(
        "asarray(): copy=False, but obj is another library's buffer, which strict must copy");
  const py::buffer_info info = py::reinterpret_borrow<py::buffer>(obj).request();
  const auto dtype = dtype_of_format(info.format, info.itemsize);
  if (!dtype)
    throw py::type_error(
        fmt::format("asarray(): a buffer of format '{}' has no strict dtype", info.format));
  strict::Shape shape(info.shape.begin(), info.shape.end());
  if (!options.dtype || *options.dtype == *dtype) {
    // Copied element for element: a 3.6 GB buffer costs 3.6 GB, not 24 bytes a value.
    const std::vector<std::int64_t> strides(info.strides.begin(), info.strides.end());
    return strict::asarray_from_host_elements(static_cast<const std::byte*>(info.ptr), shape,
                                              strides, *dtype, options);
  }
  // Another dtype asked for: each value converted as literal data is (its range checked).
  std::vector<strict::Scalar> values;
  values.reserve(static_cast<std::size_t>(strict::element_count(shape)));
  std::vector<py::ssize_t> index(shape.size(), 0);
  const auto count = strict::element_count(shape);
  for (std::int64_t n = 0; n < count; ++n) {
    const char* p = static_cast<const char*>(info.ptr);
    for (std::size_t d = 0; d < index.size(); ++d)
      p += index[d] * info.strides[d];
    values.push_back(read_element(*dtype, p));
    for (std::size_t d = index.size(); d-- > 0;) {
      if (++index[d] < info.shape[d]) break;
      index[d] = 0;
    }
  }
  strict::AsarrayOptions with_dtype = options;
  if (!with_dtype.dtype) with_dtype.dtype = *dtype;
  return strict::asarray(std::span<const strict::Scalar>(values), shape, with_dtype);
}

// Another library's host array that speaks DLPack (a NumPy array), shared: asarray's copy=None
// "reuses existing memory buffer if possible" and copy=False must not copy, as array-api-strict
// shares NumPy's memory. Copying instead turned a 3.6 GB NumPy array SciPy never touches (sparse
// pages) into a 22 GB process. nullopt where DLPack cannot hand it over (not on the host; a
// read-only array or a dtype NumPy's unversioned capsule refuses): the caller copies it then.
// Only where the result stays on the host: made for another device (device=, or a default device
// set elsewhere), the array is made there directly, as before, with no transfer to count.
std::optional<strict::Array> shared_host_array(py::handle obj,
                                               const strict::AsarrayOptions& options) {
  if (!py::hasattr(obj, "__dlpack__") || !py::hasattr(obj, "__dlpack_device__"))
    return std::nullopt;
  if (options.device.value_or(strict::default_device()) != strict::Device::cpu())
    return std::nullopt;
  try {
    return import_host_dlpack(obj, options.copy != false);
  } catch (const py::buffer_error&) {
  } catch (const py::type_error&) {
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_BufferError) && !e.matches(PyExc_TypeError)) throw;
  }
  if (options.copy == false)
    throw py::value_error(fmt::format(
        "asarray(): copy=False, but obj ({}) cannot share its memory through DLPack (not on the "
        "host, read-only, or of a dtype it does not export), so strict must copy it",
        type_name(obj)));
  return std::nullopt;
}

strict::CreationOptions creation(std::string_view function, py::handle dtype, py::handle device) {
  return {.dtype = dtype_arg(function, dtype), .device = device_arg(function, device)};
}

}  // namespace

void bind_creation(py::module_& m) {
  const auto none = py::none();
  m.def(
      "asarray",
      [](py::handle obj, py::handle dtype, py::handle device, py::handle copy) {
        const strict::AsarrayOptions options{.dtype = dtype_arg("asarray", dtype),
                                             .device = device_arg("asarray", device),
                                             .copy = optional_bool_arg("asarray", "copy", copy)};
        if (is_array(obj)) return wrap(strict::asarray(as_array(obj), options));
        if (is_python_scalar(obj))
          return wrap(strict::detail::asarray_from_scalar(
              scalar_arg("asarray", "obj", obj), options, std::source_location::current()));
        if (auto shared = shared_host_array(obj, options))
          return wrap(strict::asarray(*shared, options));
        if (PyObject_CheckBuffer(obj.ptr()) && !py::isinstance<py::bytes>(obj))
          return wrap(asarray_from_buffer(obj, options));
        strict::Shape shape;
        std::vector<strict::Scalar> values;
        std::optional<std::size_t> leaf_depth;
        if (flat_literal(obj, 0, shape, values, leaf_depth))
          return wrap(strict::asarray(values, shape, options));
        return wrap(strict::asarray(nested_arg(obj, 0), options));
      },
      py::arg("obj"), py::pos_only(), py::kw_only(), py::arg("dtype") = none,
      py::arg("device") = none, py::arg("copy") = none);

  // zeros, ones, empty: (shape, *, dtype=None, device=None)
  using ShapeFunction =
      strict::Array (*)(const strict::Shape&, strict::CreationOptions, const std::source_location&);
  const auto from_shape = [&](const char* name, ShapeFunction function) {
    m.def(
        name,
        [name, function](py::handle shape, py::handle dtype, py::handle device) {
          return wrap(function(shape_arg(name, "shape", shape), creation(name, dtype, device),
                               std::source_location::current()));
        },
        py::arg("shape"), py::kw_only(), py::arg("dtype") = py::none(),
        py::arg("device") = py::none());
  };
  from_shape("zeros", &strict::zeros);
  from_shape("ones", &strict::ones);
  from_shape("empty", &strict::empty);

  using LikeFunction =
      strict::Array (*)(const strict::Array&, strict::CreationOptions, const std::source_location&);
  const auto like = [&](const char* name, LikeFunction function) {
    m.def(
        name,
        [name, function](py::handle x, py::handle dtype, py::handle device) {
          return wrap(function(array_arg(name, "x", x), creation(name, dtype, device),
                               std::source_location::current()));
        },
        py::arg("x"), py::pos_only(), py::kw_only(), py::arg("dtype") = py::none(),
        py::arg("device") = py::none());
  };
  like("zeros_like", &strict::zeros_like);
  like("ones_like", &strict::ones_like);
  like("empty_like", &strict::empty_like);

  m.def(
      "full",
      [](py::handle shape, py::handle fill_value, py::handle dtype, py::handle device) {
        return wrap(strict::full(shape_arg("full", "shape", shape),
                                 scalar_arg("full", "fill_value", fill_value),
                                 creation("full", dtype, device)));
      },
      py::arg("shape"), py::arg("fill_value"), py::kw_only(), py::arg("dtype") = none,
      py::arg("device") = none);
  m.def(
      "full_like",
      [](py::handle x, py::handle fill_value, py::handle dtype, py::handle device) {
        return wrap(strict::full_like(array_arg("full_like", "x", x),
                                      scalar_arg("full_like", "fill_value", fill_value),
                                      creation("full_like", dtype, device)));
      },
      py::arg("x"), py::pos_only(), py::arg("fill_value"), py::kw_only(), py::arg("dtype") = none,
      py::arg("device") = none);
  m.def(
      "arange",
      [](py::handle start, py::handle stop, py::handle step, py::handle dtype, py::handle device) {
        std::optional<strict::Scalar> stop_value;
        if (!stop.is_none()) stop_value = scalar_or_element_arg("arange", "stop", stop);
        return wrap(strict::arange(scalar_or_element_arg("arange", "start", start), stop_value,
                                   scalar_or_element_arg("arange", "step", step),
                                   creation("arange", dtype, device)));
      },
      py::arg("start"), py::pos_only(), py::arg("stop") = none, py::arg("step") = 1, py::kw_only(),
      py::arg("dtype") = none, py::arg("device") = none);
  m.def(
      "linspace",
      [](py::handle start, py::handle stop, py::handle num, py::handle dtype, py::handle device,
         py::handle endpoint) {
        return wrap(strict::linspace(scalar_or_element_arg("linspace", "start", start),
                                     scalar_or_element_arg("linspace", "stop", stop),
                                     int_arg("linspace", "num", num),
                                     {.dtype = dtype_arg("linspace", dtype),
                                      .device = device_arg("linspace", device),
                                      .endpoint = bool_arg("linspace", "endpoint", endpoint)}));
      },
      py::arg("start"), py::arg("stop"), py::pos_only(), py::arg("num"), py::kw_only(),
      py::arg("dtype") = none, py::arg("device") = none, py::arg("endpoint") = true);
  m.def(
      "eye",
      [](py::handle n_rows, py::handle n_cols, py::handle k, py::handle dtype, py::handle device) {
        return wrap(strict::eye(int_arg("eye", "n_rows", n_rows),
                                optional_int_arg("eye", "n_cols", n_cols),
                                {.k = diagonal_offset_arg("eye", "k", k),
                                 .dtype = dtype_arg("eye", dtype),
                                 .device = device_arg("eye", device)}));
      },
      py::arg("n_rows"), py::arg("n_cols") = none, py::pos_only(), py::kw_only(), py::arg("k") = 0,
      py::arg("dtype") = none, py::arg("device") = none);
  m.def(
      "tril",
      [](py::handle x, py::handle k) {
        return wrap(strict::tril(array_arg("tril", "x", x), diagonal_offset_arg("tril", "k", k)));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("k") = 0);
  m.def(
      "triu",
      [](py::handle x, py::handle k) {
        return wrap(strict::triu(array_arg("triu", "x", x), diagonal_offset_arg("triu", "k", k)));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("k") = 0);
  m.def(
      "meshgrid",
      [](py::args arrays, py::handle indexing) {
        const std::string text = str_arg("meshgrid", "indexing", indexing);
        if (text != "xy" && text != "ij")
          throw py::value_error(
              fmt::format("meshgrid(): indexing must be 'xy' or 'ij', not '{}'", text));
        return wrap_all(
            strict::meshgrid(arrays_arg("meshgrid", "arrays", arrays), {.indexing = text}));
      },
      py::kw_only(), py::arg("indexing") = "xy");
  m.def(
      "from_dlpack",
      [](py::handle x, py::handle device, py::handle copy) {
        const strict::FromDlpackOptions options{
            .device = device_arg("from_dlpack", device),
            .copy = optional_bool_arg("from_dlpack", "copy", copy)};
        if (is_array(x)) return wrap(strict::from_dlpack(as_array(x), options));
        if (!py::hasattr(x, "__dlpack__") || !py::hasattr(x, "__dlpack_device__")) {
          throw py::type_error(fmt::format(
              "from_dlpack(): x must support DLPack (__dlpack__ and __dlpack_device__), and {} "
              "does not; asarray() converts Python data",
              type_name(x)));
        }
        // Another library's host array: shared, then placed as a strict array would be.
        const bool copy_allowed = options.copy.value_or(true);
        return wrap(strict::from_dlpack(import_host_dlpack(x, copy_allowed), options));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("device") = none,
      py::arg("copy") = none);
}

}  // namespace strict_xp
