// Device objects, dtype objects and the namespace's constants; registering and enabling devices.
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "converters.hpp"
#include "python_types.hpp"

namespace strict_xp {
namespace {

std::array<py::object, strict::all_dtypes.size()>& dtype_objects() {
  static auto* objects = new std::array<py::object, strict::all_dtypes.size()>();
  return *objects;
}
std::array<py::object, strict::max_devices>& device_objects() {
  static auto* objects = new std::array<py::object, strict::max_devices>();
  return *objects;
}

// A dtype kind's name as the standard spells it in default_dtypes() and isdtype().
strict::DefaultDTypes default_dtypes_arg(const py::dict& given) {
  strict::DefaultDTypes defaults;
  for (const auto& [key, value] : given) {
    const std::string kind = str_arg("register_device", "default_dtypes key", key);
    const auto dtype = dtype_arg("register_device", value);
    if (!dtype)
      throw py::type_error(fmt::format("register_device(): default_dtypes['{}'] is None", kind));
    if (kind == "real floating")
      defaults.real_floating = *dtype;
    else if (kind == "complex floating")
      defaults.complex_floating = *dtype;
    else if (kind == "integral")
      defaults.integral = *dtype;
    else if (kind == "indexing")
      defaults.indexing = *dtype;
    else
      throw py::value_error(fmt::format(
          "register_device(): default_dtypes has no key '{}': the keys are 'real floating', "
          "'complex floating', 'integral' and 'indexing'",
          kind));
  }
  return defaults;
}

}  // namespace

py::object dtype_object(strict::DType dtype) {
  return dtype_objects()[static_cast<std::size_t>(dtype)];
}

py::object device_object(strict::Device device) {
  py::object& object = device_objects()[device.index()];
  if (!object) object = py::cast(device);
  return object;
}

void bind_devices_and_dtypes(py::module_& m) {
  py::class_<strict::Device>(m, "Device",
                             "A strict device: Device('cpu'), Device('device1'), ... An unknown or "
                             "disabled name raises UnsupportedDeviceError (a ValueError).")
      .def(py::init([](py::handle name) {
             std::string text = str_arg("Device", "name", name);
             // array-api-strict's name of its host device: code written for array-api-strict's
             // devices (CPU_DEVICE, device1, device2) runs on strict_xp's unchanged.
             if (text == "CPU_DEVICE") text = "cpu";
             std::optional<strict::Device> device;
             naming_registry_errors("Device", [&] { device.emplace(text); });
             return *device;
           }),
           py::arg("name"))
      .def_property_readonly("name", [](strict::Device d) { return std::string(d.name()); })
      .def("__eq__",
           [](strict::Device a, py::handle b) {
             return py::isinstance<strict::Device>(b) && a == b.cast<strict::Device>();
           })
      .def("__hash__", [](strict::Device d) { return std::hash<strict::Device>{}(d); })
      .def("__repr__", [](strict::Device d) { return fmt::format("Device('{}')", d.name()); })
      .def("__str__", [](strict::Device d) { return std::string(d.name()); });

  py::class_<DTypeObject>(m, "DType", "A data type: strict_xp.float64, strict_xp.int32, ...")
      .def("__eq__",
           [](const DTypeObject& a, py::handle b) {
             return py::isinstance<DTypeObject>(b) && a.dtype == b.cast<const DTypeObject&>().dtype;
           })
      .def("__hash__", [](const DTypeObject& d) { return static_cast<int>(d.dtype); })
      .def("__repr__",
           [](const DTypeObject& d) { return fmt::format("strict_xp.{}", strict::name(d.dtype)); })
      .def("__str__", [](const DTypeObject& d) { return std::string(strict::name(d.dtype)); });
  for (const strict::DType dtype : strict::all_dtypes) {
    py::object object = py::cast(DTypeObject{dtype});
    dtype_objects()[static_cast<std::size_t>(dtype)] = object;
    m.attr(std::string(strict::name(dtype)).c_str()) = object;
  }

  m.attr("e") = std::numbers::e;
  m.attr("pi") = std::numbers::pi;
  m.attr("inf") = std::numeric_limits<double>::infinity();
  m.attr("nan") = std::numeric_limits<double>::quiet_NaN();
  m.attr("newaxis") = py::none();

  m.def(
      "register_device",
      [](py::handle name, py::handle dtypes, py::handle default_dtypes) {
        strict::DeviceSpec spec;
        spec.name = str_arg("register_device", "name", name);
        if (!dtypes.is_none()) {
          for (const py::handle dtype : dtypes) {
            const auto d = dtype_arg("register_device", dtype);
            if (!d) throw py::type_error("register_device(): dtypes must not contain None");
            spec.supported_dtypes.push_back(*d);
          }
        }
        if (!default_dtypes.is_none()) {
          if (!py::isinstance<py::dict>(default_dtypes))
            throw py::type_error(fmt::format(
                "register_device(): default_dtypes must be a dict such as {{'real floating': "
                "float32}}, not {}",
                type_name(default_dtypes)));
          spec.default_dtypes =
              default_dtypes_arg(py::reinterpret_borrow<py::dict>(default_dtypes));
        }
        std::optional<strict::Device> device;
        naming_registry_errors("register_device",
                               [&] { device = strict::register_device(std::move(spec)); });
        return device_object(*device);
      },
      py::arg("name"), py::kw_only(), py::arg("dtypes") = py::none(),
      py::arg("default_dtypes") = py::none(),
      "Registers a new fake device and enables it; returns its Device.");
  m.def(
      "enable_device",
      [](py::handle name) {
        const std::string text = str_arg("enable_device", "name", name);
        naming_registry_errors("enable_device", [&] { strict::set_device_enabled(text, true); });
        return device_object(strict::Device(text));
      },
      py::arg("name"),
      "Turns on a registered device, e.g. the built-in 'no_float64' (like Apple MPS) or 'no_x64' "
      "(like JAX without x64); returns its Device.");
  m.def(
      "disable_device",
      [](py::handle name) {
        const std::string text = str_arg("disable_device", "name", name);
        naming_registry_errors("disable_device", [&] { strict::set_device_enabled(text, false); });
      },
      py::arg("name"));
}

}  // namespace strict_xp
