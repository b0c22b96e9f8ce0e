// The inspection namespace, `xp.__array_namespace_info__()`
// (spec/2024.12/API_specification/inspection.rst).
#include <fmt/format.h>

#include <string>

#include "bindings.hpp"
#include "converters.hpp"
#include "python_types.hpp"

namespace strict_xp {
namespace {

struct InfoObject {
  strict::Info info;
  bool devices_as_list;  // the version asked for is before 2025.12
};

// The standard's version strict_xp answers as: 2025.12, or 2024.12 where a suite asks for it
// through array-api-strict's api_version flag (strict_xp.as_array_api_strict). Only what the
// two versions say differently of what strict_xp does is switched: devices()'s container.
std::string& answered_version() {
  static std::string version = "2025.12";
  return version;
}

std::optional<strict::DTypeKind> kind_named(std::string_view name) {
  using K = strict::DTypeKind;
  for (const K kind : {K::bool_, K::signed_integer, K::unsigned_integer, K::integral,
                       K::real_floating, K::complex_floating, K::numeric})
    if (strict::name(kind) == name) return kind;
  return std::nullopt;
}

strict::DTypeKind kind_arg(py::handle value) {
  const std::string text = str_arg("dtypes", "kind", value);
  if (const auto kind = kind_named(text)) return *kind;
  throw py::value_error(
      fmt::format("dtypes(): kind '{}' is not one of 'bool', 'signed integer', 'unsigned integer', "
                  "'integral', 'real floating', 'complex floating', 'numeric'",
                  text));
}

py::dict dtype_dict(const std::vector<strict::DType>& dtypes) {
  py::dict out;
  for (const strict::DType dtype : dtypes)
    out[py::str(std::string(strict::name(dtype)))] = dtype_object(dtype);
  return out;
}

}  // namespace

void bind_info(py::module_& m) {
  py::class_<InfoObject>(m, "_Info", "What __array_namespace_info__() returns")
      .def("capabilities",
           [](const InfoObject& self) {
             const auto caps = self.info.capabilities();
             py::dict out;
             out["boolean indexing"] = caps.boolean_indexing;
             out["data-dependent shapes"] = caps.data_dependent_shapes;
             out["max dimensions"] = caps.max_dimensions
                                         ? py::object(py::int_(*caps.max_dimensions))
                                         : py::object(py::none());
             return out;
           })
      .def("default_device",
           [](const InfoObject& self) { return device_object(self.info.default_device()); })
      // 2025.12: "Tuple[device, ...]"; 2023.12 and 2024.12: "List[device]" (SciPy's devices
      // fixture, asking for 2024.12, adds a list to it).
      .def("devices",
           [](const InfoObject& self) -> py::object {
             py::list out;
             for (const strict::Device device : self.info.devices())
               out.append(device_object(device));
             if (self.devices_as_list) return out;
             return py::tuple(out);
           })
      .def(
          "default_dtypes",
          [](const InfoObject& self, py::handle device) {
            const auto defaults = self.info.default_dtypes(device_arg("default_dtypes", device));
            py::dict out;
            out["real floating"] = dtype_object(defaults.real_floating);
            out["complex floating"] = dtype_object(defaults.complex_floating);
            out["integral"] = dtype_object(defaults.integral);
            out["indexing"] = dtype_object(defaults.indexing);
            return out;
          },
          py::kw_only(), py::arg("device") = py::none())
      .def(
          "dtypes",
          [](const InfoObject& self, py::handle device, py::handle kind) {
            const auto on = device_arg("dtypes", device);
            if (kind.is_none()) return dtype_dict(self.info.dtypes(on));
            if (py::isinstance<py::tuple>(kind)) {
              std::vector<strict::DTypeKind> kinds;
              for (const py::handle item : kind)
                kinds.push_back(kind_arg(item));
              return dtype_dict(self.info.dtypes(on, kinds));
            }
            return dtype_dict(self.info.dtypes(on, kind_arg(kind)));
          },
          py::kw_only(), py::arg("device") = py::none(), py::arg("kind") = py::none());
  m.def("__array_namespace_info__", [] {
    return InfoObject{strict::array_namespace_info(), answered_version() == "2024.12"};
  });
  m.attr("__array_api_version__") = answered_version();
  m.def(
      "_answer_as_version",
      [m](py::handle version) mutable {
        const std::string text = str_arg("_answer_as_version", "version", version);
        if (text != "2024.12" && text != "2025.12")
          throw py::value_error(fmt::format(
              "_answer_as_version(): strict_xp answers as 2024.12 or 2025.12, not '{}'", text));
        answered_version() = text;
        m.attr("__array_api_version__") = text;
      },
      py::arg("version"));
}

}  // namespace strict_xp
