// The data type functions: astype, can_cast, finfo, iinfo, isdtype and result_type, with the
// objects finfo and iinfo return.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "bindings.hpp"
#include "converters.hpp"
#include "python_types.hpp"

namespace strict_xp {
namespace {

// What finfo() returns: the standard's attributes, read-only.
struct FInfoObject {
  int bits = 0;
  double eps = 0.0;
  double max = 0.0;
  double min = 0.0;
  double smallest_normal = 0.0;
  py::object dtype;
};

// What iinfo() returns. max is unsigned so that uint64's maximum is exact.
struct IInfoObject {
  int bits = 0;
  std::uint64_t max = 0;
  std::int64_t min = 0;
  py::object dtype;
};

// A dtype object (not None).
strict::DType required_dtype_arg(std::string_view function, std::string_view parameter,
                                 py::handle value) {
  if (py::isinstance<DTypeObject>(value)) return value.cast<const DTypeObject&>().dtype;
  throw py::type_error(
      fmt::format("{}(): {} must be a strict_xp dtype (strict_xp.float64, ...), "
                  "not {}",
                  function, parameter, type_name(value)));
}

// A dtype kind named as in isdtype(): "bool", "signed integer", ...
strict::DTypeKind kind_arg(const std::string& name) {
  static constexpr strict::DTypeKind kinds[] = {strict::DTypeKind::bool_,
                                                strict::DTypeKind::signed_integer,
                                                strict::DTypeKind::unsigned_integer,
                                                strict::DTypeKind::integral,
                                                strict::DTypeKind::real_floating,
                                                strict::DTypeKind::complex_floating,
                                                strict::DTypeKind::numeric};
  for (const strict::DTypeKind kind : kinds)
    if (strict::name(kind) == name) return kind;
  throw py::value_error(fmt::format(
      "isdtype(): kind '{}' is not a dtype kind: the kinds are 'bool', 'signed integer', "
      "'unsigned integer', 'integral', 'real floating', 'complex floating' and 'numeric'",
      name));
}

// One entry of isdtype's kind: a dtype or a kind name.
strict::DTypeOrKind kind_entry_arg(py::handle value, bool in_tuple) {
  if (py::isinstance<DTypeObject>(value)) return value.cast<const DTypeObject&>().dtype;
  if (py::isinstance<py::str>(value)) return kind_arg(value.cast<std::string>());
  throw py::type_error(fmt::format(
      "isdtype(): kind{} must be a strict_xp dtype or a str such as 'real floating'{}, not {}",
      in_tuple ? " entries" : "", in_tuple ? "" : " (or a tuple of those)", type_name(value)));
}

// One argument of result_type: an array, a dtype or a Python scalar.
strict::ResultTypeArgument result_type_arg(std::size_t index, py::handle value) {
  const std::string parameter = fmt::format("arrays_and_dtypes[{}]", index);
  if (is_array(value)) return as_array(value);
  if (py::isinstance<DTypeObject>(value)) return value.cast<const DTypeObject&>().dtype;
  PyObject* object = value.ptr();
  if (PyBool_Check(object) || PyLong_Check(object) || PyFloat_Check(object) ||
      PyComplex_Check(object))
    return scalar_arg("result_type", parameter, value);
  throw py::type_error(
      fmt::format("result_type(): {} must be a strict_xp array, a dtype or a Python scalar "
                  "(bool, int, float, complex), not {}",
                  parameter, type_name(value)));
}

}  // namespace

void bind_data_types(py::module_& m) {
  // Private module attributes (not in the namespace's __all__), named as array-api-strict's.
  py::class_<FInfoObject> finfo_type(m, "_finfo_object",
                                     "Machine limits of a floating-point dtype.");
  finfo_type.def_readonly("bits", &FInfoObject::bits)
      .def_readonly("eps", &FInfoObject::eps)
      .def_readonly("max", &FInfoObject::max)
      .def_readonly("min", &FInfoObject::min)
      .def_readonly("smallest_normal", &FInfoObject::smallest_normal)
      .def_readonly("dtype", &FInfoObject::dtype)
      .def("__repr__", [](const FInfoObject& info) {
        return fmt::format(
            "finfo_object(bits={}, eps={}, max={}, min={}, smallest_normal={}, dtype={})",
            info.bits, std::string(py::repr(py::float_(info.eps))),
            std::string(py::repr(py::float_(info.max))),
            std::string(py::repr(py::float_(info.min))),
            std::string(py::repr(py::float_(info.smallest_normal))),
            std::string(py::repr(info.dtype)));
      });
  py::class_<IInfoObject> iinfo_type(m, "_iinfo_object", "Limits of an integer dtype.");
  iinfo_type.def_readonly("bits", &IInfoObject::bits)
      .def_readonly("max", &IInfoObject::max)
      .def_readonly("min", &IInfoObject::min)
      .def_readonly("dtype", &IInfoObject::dtype)
      .def("__repr__", [](const IInfoObject& info) {
        return fmt::format("iinfo_object(bits={}, max={}, min={}, dtype={})", info.bits, info.max,
                           info.min, std::string(py::repr(info.dtype)));
      });

  finfo_type.attr("__name__") = "finfo_object";
  finfo_type.attr("__qualname__") = "finfo_object";
  iinfo_type.attr("__name__") = "iinfo_object";
  iinfo_type.attr("__qualname__") = "iinfo_object";

  m.def(
      "astype",
      [](py::handle x, py::handle dtype, py::handle copy, py::handle device) {
        constexpr std::string_view f = "astype";
        const strict::Array& a = array_arg(f, "x", x);
        const strict::DType to = required_dtype_arg(f, "dtype", dtype);
        strict::Array result = strict::astype(
            a, to, {.copy = bool_arg(f, "copy", copy), .device = device_arg(f, device)});
        // copy=False without a change gives x back: return the same Python object, as
        // array-api-strict does (`astype(x, x.dtype, copy=False) is x`).
        if (result.shares_storage_with(a) && result.dtype() == a.dtype() &&
            result.device() == a.device() && result.shape() == a.shape())
          return py::reinterpret_borrow<py::object>(x);
        return wrap(std::move(result));
      },
      py::arg("x"), py::arg("dtype"), py::pos_only(), py::kw_only(), py::arg("copy") = true,
      py::arg("device") = py::none(), "x converted to `dtype` (and moved to `device`, if given).");
  m.def(
      "can_cast",
      [](py::handle from_, py::handle to) {
        const strict::DType target = required_dtype_arg("can_cast", "to", to);
        if (is_array(from_)) return strict::can_cast(as_array(from_), target);
        if (py::isinstance<DTypeObject>(from_))
          return strict::can_cast(from_.cast<const DTypeObject&>().dtype, target);
        throw py::type_error(fmt::format(
            "can_cast(): from_ must be a strict_xp dtype or array, not {}", type_name(from_)));
      },
      py::arg("from_"), py::arg("to"), py::pos_only(),
      "Whether from_ (a dtype or an array) can be cast to `to` by type promotion.");
  m.def(
      "finfo",
      [](py::handle type) {
        strict::FInfo info;
        if (is_array(type))
          info = strict::finfo(as_array(type));
        else
          info = strict::finfo(required_dtype_arg("finfo", "type", type));
        return FInfoObject{info.bits,
                           info.eps,
                           info.max,
                           info.min,
                           info.smallest_normal,
                           dtype_object(info.dtype)};
      },
      py::arg("type"), py::pos_only(),
      "Machine limits of a floating-point dtype (or of an array's dtype).");
  m.def(
      "iinfo",
      [](py::handle type) {
        strict::IInfo info;
        if (is_array(type))
          info = strict::iinfo(as_array(type));
        else
          info = strict::iinfo(required_dtype_arg("iinfo", "type", type));
        return IInfoObject{info.bits, info.max, info.min, dtype_object(info.dtype)};
      },
      py::arg("type"), py::pos_only(), "Limits of an integer dtype (or of an array's dtype).");
  m.def(
      "isdtype",
      [](py::handle dtype, py::handle kind) {
        const strict::DType given = required_dtype_arg("isdtype", "dtype", dtype);
        if (py::isinstance<py::tuple>(kind)) {
          std::vector<strict::DTypeOrKind> kinds;
          for (const py::handle entry : kind)
            kinds.push_back(kind_entry_arg(entry, true));
          return strict::isdtype(given, kinds);
        }
        const strict::DTypeOrKind single = kind_entry_arg(kind, false);
        return std::visit([given](auto k) { return strict::isdtype(given, k); }, single);
      },
      py::arg("dtype"), py::arg("kind"),
      "Whether `dtype` is the dtype `kind`, of the kind `kind` ('real floating', ...), or of one "
      "of a tuple of those.");
  m.def(
      "result_type",
      [](py::args arrays_and_dtypes) {
        std::vector<strict::ResultTypeArgument> arguments;
        std::size_t index = 0;
        for (const py::handle value : arrays_and_dtypes)
          arguments.push_back(result_type_arg(index++, value));
        return dtype_object(strict::result_type(arguments));
      },
      "The dtype that type promotion gives for the arrays, dtypes and Python scalars.");
}

}  // namespace strict_xp
