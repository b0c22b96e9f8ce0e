// The array object (spec/2024.12/API_specification/array_object.rst): attributes, every operator
// with arrays or Python scalars on either side, in-place operators, indexing, iteration of 1-D
// arrays, the scalar conversions (counted as transfers off the host: strict::to_bool), to_device,
// __array_namespace__, DLPack, and host views of cpu arrays (the buffer protocol and __array__,
// so numpy.asarray(x) shares its memory; both raise HostAccessError off the host).
#include <functional>
#include <source_location>

#include <fmt/format.h>
#include <pybind11/complex.h>
#include <pybind11/numpy.h>

#include "bindings.hpp"
#include "converters.hpp"
#include "dlpack_capsule.hpp"
#include "floating_point_warnings.hpp"
#include "python_types.hpp"

namespace strict_xp {
namespace {

using strict::Array;

py::object not_implemented() {
  return py::reinterpret_borrow<py::object>(Py_NotImplemented);
}

bool is_operand(py::handle value) {
  return py::isinstance<Array>(value) || is_python_scalar(value);
}

// A slice's start, stop or step. Python slices through __index__, which the standard defines for
// a 0-d integer array (array_object.py::__index__, 2023.12: "Converts a zero-dimensional integer
// array to a Python int object"), so such an array is a bound, as in NumPy and array-api-strict
// (scikit-learn's x[first:last] with last = searchsorted(...) + 1). Its value is read as
// __index__ reads it: a host read, counted as a transfer off a non-host device and refused where
// reads are refused.
std::optional<std::int64_t> slice_bound(std::string_view which, py::handle value) {
  if (is_array(value)) return strict::to_index(as_array(value));
  return optional_int_arg("__getitem__", which, value);
}

strict::IndexItem index_item(py::handle item) {
  PyObject* o = item.ptr();
  if (PyBool_Check(o))
    throw py::type_error(
        "__getitem__(): a Python bool is not an index in the standard; use an integer, or a "
        "boolean array as a mask");
  if (py::isinstance<Array>(item)) return strict::IndexItem(item.cast<const Array&>());
  // An int, or an object Python indexes with as one (__index__: a NumPy integer).
  if (is_python_int(item)) return strict::IndexItem(int_arg("__getitem__", "index", item));
  if (PySlice_Check(o)) {
    const auto* slice = reinterpret_cast<PySliceObject*>(o);
    return strict::IndexItem(strict::Slice{.start = slice_bound("slice start", slice->start),
                                           .stop = slice_bound("slice stop", slice->stop),
                                           .step = slice_bound("slice step", slice->step)});
  }
  if (o == Py_Ellipsis) return strict::IndexItem(strict::ellipsis);
  if (o == Py_None) return strict::IndexItem(strict::newaxis);
  throw py::type_error(
      fmt::format("__getitem__(): an index must be an int, a slice, ..., None or an array, not {}",
                  type_name(item)));
}

strict::IndexKey index_key(py::handle key) {
  if (!py::isinstance<py::tuple>(key)) return strict::IndexKey(index_item(key));
  std::vector<strict::IndexItem> items;
  for (const py::handle item : key)
    items.push_back(index_item(item));
  return strict::IndexKey(std::move(items));
}

py::tuple shape_tuple(const strict::Shape& shape) {
  py::tuple out(shape.size());
  for (std::size_t i = 0; i < shape.size(); ++i)
    out[i] = py::int_(shape[i]);
  return out;
}

// The values of a host array as nested Python-style text, for repr.
std::string values_text(const Array& x) {
  const auto scalars = x.scalars();
  std::size_t next = 0;
  const auto& shape = x.shape();
  std::function<std::string(std::size_t)> level = [&](std::size_t axis) -> std::string {
    if (axis == shape.size()) return fmt::format("{}", scalars[next++]);
    std::string text = "[";
    for (std::int64_t i = 0; i < shape[axis]; ++i)
      text += (i ? ", " : "") + level(axis + 1);
    return text + "]";
  };
  return level(0);
}

std::string repr(const Array& x) {
  const std::string where =
      fmt::format("dtype={}, device={}", strict::name(x.dtype()), x.device().name());
  if (x.device().is_host() && x.size() <= 64)
    return fmt::format("Array({}, {})", values_text(x), where);
  return fmt::format("Array(<shape {}>, {})", strict::shape_text(x.shape()), where);
}

// A Python int of an integral Scalar (int64, uint64 or an integral double): Python's ints are
// unbounded, so the element of a 0-d uint64 array and a float far outside int64 come back exactly.
py::object python_int_of(const strict::Scalar& value) {
  if (value.is_float())
    return py::reinterpret_steal<py::object>(PyLong_FromDouble(value.as<double>()));
  if (std::holds_alternative<std::uint64_t>(value.value()))
    return py::reinterpret_steal<py::object>(
        PyLong_FromUnsignedLongLong(value.as<std::uint64_t>()));
  return py::int_(value.as<std::int64_t>());
}

using BinaryOperator = Array (*)(const strict::ArrayOrScalar&, const strict::ArrayOrScalar&);
using InPlaceOperator = Array& (*)(Array&, const strict::ArrayOrScalar&);

// x.name(other): function(x, other), or NotImplemented for an operand strict_xp does not take.
template <class Class>
void def_operator(Class& cls, const char* name, BinaryOperator function) {
  cls.def(
      name,
      [name, function, numpy_ufunc = numpy_ufunc_watched(name)](const Array& self,
                                                                py::handle other) -> py::object {
        if (!is_operand(other)) return not_implemented();
        const strict::ArrayOrScalar operand = operand_arg(name, "other", other);
        return wrap(
            with_floating_point_warnings(numpy_ufunc, [&] { return function(self, operand); }));
      },
      py::arg("other"), py::pos_only());
}

// x.name(other) and its reflection, x.reflected(other): function(other, x).
template <class Class>
void def_binary(Class& cls, const char* name, const char* reflected, BinaryOperator function) {
  def_operator(cls, name, function);
  cls.def(
      reflected,
      [reflected, function, numpy_ufunc = numpy_ufunc_watched(reflected)](
          const Array& self, py::handle other) -> py::object {
        if (!is_operand(other)) return not_implemented();
        const strict::ArrayOrScalar operand = operand_arg(reflected, "other", other);
        return wrap(
            with_floating_point_warnings(numpy_ufunc, [&] { return function(operand, self); }));
      },
      py::arg("other"), py::pos_only());
}

template <class Class>
void def_in_place(Class& cls, const char* name, InPlaceOperator function) {
  cls.def(
      name,
      [name, function, numpy_ufunc = numpy_ufunc_watched(name)](py::object self,
                                                                py::handle other) -> py::object {
        if (!is_operand(other)) return not_implemented();
        const strict::ArrayOrScalar operand = operand_arg(name, "other", other);
        with_floating_point_warnings(
            numpy_ufunc, [&]() -> Array& { return function(self.cast<Array&>(), operand); });
        return self;
      },
      py::arg("other"), py::pos_only());
}

// C++ operators as functions of two ArrayOrScalars (one of them is always an array here).
template <Array (*A)(const Array&, const Array&), Array (*S)(const Array&, const strict::Scalar&),
          Array (*R)(const strict::Scalar&, const Array&)>
Array dispatch(const strict::ArrayOrScalar& a, const strict::ArrayOrScalar& b) {
  if (a.is_array() && b.is_array()) return A(a.array(), b.array());
  if (a.is_array()) return S(a.array(), b.scalar());
  return R(a.scalar(), b.array());
}

#define STRICT_XP_OPERATOR(symbol)                                                                \
  dispatch<static_cast<Array (*)(const Array&, const Array&)>(&strict::operator symbol),          \
           static_cast<Array (*)(const Array&, const strict::Scalar&)>(&strict::operator symbol), \
           static_cast<Array (*)(const strict::Scalar&, const Array&)>(&strict::operator symbol)>

template <Array& (*F)(Array&, const strict::ArrayOrScalar&)>
Array& in_place(Array& x, const strict::ArrayOrScalar& y) {
  return F(x, y);
}

Array& matmul_in_place(Array& x, const strict::ArrayOrScalar& y) {
  if (!y.is_array())
    throw py::type_error("__imatmul__(): the right operand of @= must be an array");
  return strict::matmul_in_place(x, y.array());
}

strict::Array matmul_operands(const strict::ArrayOrScalar& a, const strict::ArrayOrScalar& b) {
  if (!a.is_array() || !b.is_array())
    throw py::type_error("__matmul__(): both operands of @ must be arrays, not Python scalars");
  return strict::matmul(a.array(), b.array());
}

// What iter() of a one-dimensional array gives: x[i] made when it is asked for, so that iter(x)
// costs nothing for a long x (NumPy's np.iterable(x) calls iter(x) and drops it: SciPy's stats
// spent seconds there when the elements were all made at once).
struct ArrayIterator {
  Array array;
  std::int64_t next = 0;
};

}  // namespace

void bind_array_object(py::module_& m) {
  py::class_<ArrayIterator>(m, "_ArrayIterator", "iter() of a one-dimensional strict_xp array")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", [](ArrayIterator& it) {
        if (it.next >= it.array.shape()[0]) throw py::stop_iteration();
        return wrap(strict::getitem(it.array, strict::IndexKey(strict::IndexItem(it.next++))));
      });
  py::class_<Array> cls(m, "Array", "A strict array. Make one with asarray(), zeros(), ...");
  cls.def_property_readonly("dtype", [](const Array& x) { return dtype_object(x.dtype()); })
      .def_property_readonly("device", [](const Array& x) { return device_object(x.device()); })
      .def_property_readonly("shape", [](const Array& x) { return shape_tuple(x.shape()); })
      .def_property_readonly("ndim", &Array::ndim)
      .def_property_readonly("size", &Array::size)
      .def_property_readonly("T", [](const Array& x) { return wrap(strict::T(x)); })
      .def_property_readonly("mT", [](const Array& x) { return wrap(strict::mT(x)); })
      .def(
          "to_device",
          [](const Array& x, py::handle device, py::handle stream) {
            const strict::Device target = required_device_arg("to_device", device);
            std::optional<strict::Stream> s;
            if (!stream.is_none()) s = strict::Stream{int_arg("to_device", "stream", stream)};
            return wrap(x.to_device(target, s));
          },
          py::arg("device"), py::pos_only(), py::kw_only(), py::arg("stream") = py::none())
      .def(
          "__array_namespace__",
          [](const Array& x, py::handle api_version) {
            std::optional<std::string> version;
            if (!api_version.is_none())
              version = str_arg("__array_namespace__", "api_version", api_version);
            (void)strict::array_namespace(
                x, version ? std::optional<std::string_view>(*version) : std::nullopt);
            return py::module_::import("strict_xp");
          },
          py::pos_only(), py::kw_only(), py::arg("api_version") = py::none())
      .def("__dlpack_device__",
           [](const Array& x) {
             const auto device = strict::dlpack_device(x);
             return py::make_tuple(device.device_type, device.device_id);
           })
      .def(
          "__dlpack__",
          [](const Array& x, py::handle stream, py::handle max_version, py::handle dl_device,
             py::handle copy) {
            strict::DLPackExportOptions options;
            if (!stream.is_none())
              options.stream = strict::Stream{int_arg("__dlpack__", "stream", stream)};
            if (!max_version.is_none()) {
              const auto pair = max_version.cast<std::pair<int, int>>();
              options.max_version = strict::DLPackVersion{pair.first, pair.second};
            }
            if (!dl_device.is_none()) {
              const auto pair = dl_device.cast<std::pair<int, int>>();
              options.dl_device = strict::DLPackDevice{pair.first, pair.second};
            }
            options.copy = optional_bool_arg("__dlpack__", "copy", copy);
            return dlpack_capsule(strict::dlpack_export(x, options));
          },
          py::pos_only(), py::kw_only(), py::arg("stream") = py::none(),
          py::arg("max_version") = py::none(), py::arg("dl_device") = py::none(),
          py::arg("copy") = py::none())
      .def(
          "__array__",
          [](py::object self, py::handle dtype, py::handle copy) {
            const Array& x = self.cast<const Array&>();
            require_host("__array__()", x);
            auto numpy = py::module_::import("numpy");
            // Through DLPack, so that NumPy's array shares this array's memory; bool, which
            // NumPy < 1.25 does not import through DLPack, as a view that keeps `self` alive.
            py::object out = x.dtype() == strict::DType::bool_
                                 ? py::object(py::array(py::dtype("bool"), x.shape(), {},
                                                        strict::exchange_pointer(x), self))
                                 : numpy.attr("from_dlpack")(self);
            if (!dtype.is_none()) out = out.attr("astype")(dtype);
            if (!copy.is_none() && copy.ptr() == Py_True) out = out.attr("copy")();
            return out;
          },
          py::arg("dtype") = py::none(), py::arg("copy") = py::none())
      .def("__bool__", [](const Array& x) { return strict::to_bool(x); })
      .def("__int__", [](const Array& x) { return python_int_of(strict::to_int_value(x)); })
      .def("__float__", [](const Array& x) { return strict::to_float(x); })
      .def("__complex__", [](const Array& x) { return strict::to_complex(x); })
      .def("__index__", [](const Array& x) { return python_int_of(strict::to_index_value(x)); })
      .def("__iter__",
           [](const Array& x) {
             // spec/2024.12/API_specification/array_object.rst, __getitem__ notes: iteration of a
             // one-dimensional array "should yield zero-dimensional arrays" x[0] ... x[N-1];
             // other ranks are implementation-defined, and strict refuses them, as array-api-strict
             // does (a 2-D array would iterate over rows without the standard saying so).
             if (x.ndim() != 1)
               throw py::type_error(fmt::format(
                   "iter(): only a one-dimensional array can be iterated, not one of shape ({}); "
                   "index it, or use unstack()",
                   fmt::join(x.shape(), ", ")));
             return ArrayIterator{x, 0};
           })
      .def("__repr__", &repr)
      .def(
          "__getitem__",
          [](const Array& x, py::handle key) { return wrap(strict::getitem(x, index_key(key))); },
          py::arg("key"), py::pos_only())
      .def(
          "__setitem__",
          [](Array& x, py::handle key, py::handle value) {
            strict::setitem(x, index_key(key), operand_arg("__setitem__", "value", value));
          },
          py::arg("key"), py::arg("value"), py::pos_only())
      .def("__neg__", [](const Array& x) { return wrap(-x); })
      .def("__pos__", [](const Array& x) { return wrap(+x); })
      .def("__invert__", [](const Array& x) { return wrap(~x); })
      .def("__abs__", [](const Array& x) { return wrap(strict::abs(x)); });
  cls.attr("__hash__") = py::none();
  enable_host_buffer(cls);

  def_binary(cls, "__add__", "__radd__", STRICT_XP_OPERATOR(+));
  def_binary(cls, "__sub__", "__rsub__", STRICT_XP_OPERATOR(-));
  def_binary(cls, "__mul__", "__rmul__", STRICT_XP_OPERATOR(*));
  def_binary(cls, "__truediv__", "__rtruediv__", STRICT_XP_OPERATOR(/));
  def_binary(cls, "__mod__", "__rmod__", STRICT_XP_OPERATOR(%));
  def_binary(cls, "__and__", "__rand__", STRICT_XP_OPERATOR(&));
  def_binary(cls, "__or__", "__ror__", STRICT_XP_OPERATOR(|));
  def_binary(cls, "__xor__", "__rxor__", STRICT_XP_OPERATOR(^));
  def_binary(cls, "__lshift__", "__rlshift__", STRICT_XP_OPERATOR(<<));
  def_binary(cls, "__rshift__", "__rrshift__", STRICT_XP_OPERATOR(>>));
  def_binary(cls, "__pow__", "__rpow__", &strict::pow);
  def_binary(cls, "__floordiv__", "__rfloordiv__", &strict::floor_divide);
  def_binary(cls, "__matmul__", "__rmatmul__", &matmul_operands);
  // Comparisons: Python reflects them itself (2 < x calls x.__gt__(2)).
  def_operator(cls, "__eq__", STRICT_XP_OPERATOR(==));
  def_operator(cls, "__ne__", STRICT_XP_OPERATOR(!=));
  def_operator(cls, "__lt__", STRICT_XP_OPERATOR(<));
  def_operator(cls, "__le__", STRICT_XP_OPERATOR(<=));
  def_operator(cls, "__gt__", STRICT_XP_OPERATOR(>));
  def_operator(cls, "__ge__", STRICT_XP_OPERATOR(>=));

  def_in_place(cls, "__iadd__", &in_place < strict::operator+=>);
  def_in_place(cls, "__isub__", &in_place < strict::operator-=>);
  def_in_place(cls, "__imul__", &in_place < strict::operator*=>);
  def_in_place(cls, "__itruediv__", &in_place < strict::operator/=>);
  def_in_place(cls, "__imod__", &in_place < strict::operator%=>);
  def_in_place(cls, "__iand__", &in_place < strict::operator&=>);
  def_in_place(cls, "__ior__", &in_place < strict::operator|=>);
  def_in_place(cls, "__ixor__", &in_place < strict::operator^=>);
  def_in_place(cls, "__ilshift__", &in_place < strict::operator<<=>);
  def_in_place(cls, "__irshift__", &in_place < strict::operator>>=>);
  def_in_place(cls, "__ipow__", &in_place<strict::pow_in_place>);
  def_in_place(cls, "__ifloordiv__", &in_place<strict::floor_divide_in_place>);
  def_in_place(cls, "__imatmul__", &matmul_in_place);
  use_array_record_once();
}

}  // namespace strict_xp
