// strict_xp arrays as pybind11 instances, without pybind11's per-call type lookups. pybind11 finds
// a bound type's record by hashing its C++ type name (std::type_index) on every isinstance, cast
// and new instance: half of an 8-element add's time. Here the array type's record is looked up
// once; the calls below do what pybind11's would with it.
#include <memory>

#include "converters.hpp"

namespace strict_xp {
namespace {

using Holder = std::unique_ptr<strict::Array>;  // py::class_<strict::Array>'s default holder

// The array type's pybind11 record, looked up once (after bind_array_object registered it).
py::detail::type_info& array_type() {
  static py::detail::type_info* const info =
      py::detail::get_type_info(typeid(strict::Array), /*throw_if_missing=*/true);
  return *info;
}

// py::class_<strict::Array>::init_instance (pybind11 2.10) with the record looked up once:
// register the instance, then construct its holder from the one given or the value.
void init_array_instance(py::detail::instance* instance, const void* holder) {
  auto value_and_holder = instance->get_value_and_holder(&array_type());
  if (!value_and_holder.instance_registered()) {
    py::detail::register_instance(instance, value_and_holder.value_ptr(), value_and_holder.type);
    value_and_holder.set_instance_registered();
  }
  if (holder != nullptr) {
    new (std::addressof(value_and_holder.holder<Holder>()))
        Holder(std::move(*static_cast<Holder*>(const_cast<void*>(holder))));
    value_and_holder.set_holder_constructed();
  } else if (instance->owned) {
    new (std::addressof(value_and_holder.holder<Holder>()))
        Holder(value_and_holder.value_ptr<strict::Array>());
    value_and_holder.set_holder_constructed();
  }
}

}  // namespace

void use_array_record_once() {
  array_type().init_instance = init_array_instance;
}

bool is_array(py::handle value) {
  PyTypeObject* type = Py_TYPE(value.ptr());
  return type == array_type().type || PyType_IsSubtype(type, array_type().type) != 0;
}

const strict::Array& as_array(py::handle value) {
  auto* instance = reinterpret_cast<py::detail::instance*>(value.ptr());
  const void* held = instance->get_value_and_holder(&array_type()).value_ptr();
  // A Python subclass whose __init__ never ran holds nothing: pybind11's cast says so.
  if (held == nullptr) return value.cast<const strict::Array&>();
  return *static_cast<const strict::Array*>(held);
}

py::object wrap(strict::Array array) {
  // py::cast(std::move(array)), with the array type's record looked up once.
  void* (*move)(const void*) = [](const void* from) -> void* {
    return new strict::Array(std::move(*static_cast<strict::Array*>(const_cast<void*>(from))));
  };
  return py::reinterpret_steal<py::object>(py::detail::type_caster_generic::cast(
      &array, py::return_value_policy::move, py::handle(), &array_type(), nullptr, move));
}

py::tuple wrap_all(const std::vector<strict::Array>& arrays) {
  py::tuple out(arrays.size());
  for (std::size_t i = 0; i < arrays.size(); ++i)
    out[i] = wrap(arrays[i]);
  return out;
}

}  // namespace strict_xp
