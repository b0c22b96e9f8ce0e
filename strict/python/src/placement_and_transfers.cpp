// Where arrays land and how data moves: the global and scoped default device (2025.12's
// precedence: device= > input arrays > `with default_device(d):` > set_default_device(d)), the
// transfer counters, and the transfer guard.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "bindings.hpp"
#include "converters.hpp"
#include "python_types.hpp"

namespace strict_xp {
namespace {

// `with strict_xp.default_device(d):` — a DefaultDeviceGuard for the block.
class DefaultDeviceScope {
 public:
  explicit DefaultDeviceScope(strict::Device device) : device_(device) {}
  py::object enter() {
    if (guard_) throw py::value_error("default_device(): this scope is already entered");
    guard_ = std::make_unique<strict::DefaultDeviceGuard>(device_);
    return device_object(device_);
  }
  void exit() { guard_.reset(); }

 private:
  strict::Device device_;
  std::unique_ptr<strict::DefaultDeviceGuard> guard_;
};

// `with strict_xp.transfer_guard("disallow"):` — a TransferGuard for the block.
class TransferGuardScope {
 public:
  explicit TransferGuardScope(strict::TransferPolicy policy) : policy_(policy) {}
  void enter() {
    if (guard_) throw py::value_error("transfer_guard(): this scope is already entered");
    guard_ = std::make_unique<strict::TransferGuard>(policy_);
  }
  void exit() { guard_.reset(); }

 private:
  strict::TransferPolicy policy_;
  std::unique_ptr<strict::TransferGuard> guard_;
};

strict::TransferPolicy policy_arg(py::handle value) {
  const std::string text = str_arg("transfer_guard", "policy", value);
  if (text == "allow") return strict::TransferPolicy::allow;
  if (text == "log") return strict::TransferPolicy::log;
  if (text == "disallow") return strict::TransferPolicy::disallow;
  throw py::value_error(
      fmt::format("transfer_guard(): policy must be 'allow', 'log' or 'disallow', not '{}'", text));
}

strict::Device required_device(std::string_view function, py::handle value) {
  const auto device = device_arg(function, value);
  if (!device)
    throw py::type_error(fmt::format("{}(): device must be a Device, not None", function));
  return *device;
}

}  // namespace

void bind_placement_and_transfers(py::module_& m) {
  m.def(
      "set_default_device",
      [](py::handle device) {
        strict::set_global_default_device(required_device("set_default_device", device));
      },
      py::arg("device"),
      "Sets the global default device: where creation functions put arrays with device=None, no "
      "input arrays and no `with default_device(...)` block in force.");
  m.def(
      "get_default_device", [] { return device_object(strict::default_device()); },
      "The device creation functions use now (the innermost default_device() block, else the "
      "global default).");
  py::class_<DefaultDeviceScope>(m, "_DefaultDeviceScope")
      .def("__enter__", &DefaultDeviceScope::enter)
      .def("__exit__", [](DefaultDeviceScope& s, py::args) { s.exit(); });
  m.def(
      "default_device",
      [](py::handle device) {
        return DefaultDeviceScope(required_device("default_device", device));
      },
      py::arg("device"),
      "A context manager: inside `with default_device(d):`, creation functions with device=None "
      "and no input arrays put arrays on d (this thread only; blocks nest).");

  m.def(
      "transfer_counts",
      [] {
        py::dict counts;
        for (const auto& count : strict::transfer_counts())
          counts[py::make_tuple(device_object(count.source), device_object(count.destination))] =
              count.count;
        return counts;
      },
      "Transfers since the last reset, as {(source, destination): count}: to_device(), and "
      "asarray/astype/from_dlpack/__dlpack__ copies across devices.");
  m.def("reset_transfer_counts", [] { strict::reset_transfer_counts(); });
  py::class_<TransferGuardScope>(m, "_TransferGuardScope")
      .def("__enter__", &TransferGuardScope::enter)
      .def("__exit__", [](TransferGuardScope& s, py::args) { s.exit(); });
  m.def(
      "transfer_guard", [](py::handle policy) { return TransferGuardScope(policy_arg(policy)); },
      py::arg("policy"),
      "A context manager: 'disallow' makes every transfer between devices raise TransferError "
      "naming the call site; 'log' records each in transfer_log(); 'allow' is the default.");
  m.def(
      "transfer_log",
      [] {
        py::list log;
        for (const auto& record : strict::transfer_log()) {
          const std::string where =
              record.location.known()
                  ? fmt::format("{}:{}", record.location.file, record.location.line)
                  : std::string();
          log.append(py::make_tuple(std::string(record.operation), device_object(record.source),
                                    device_object(record.destination), where));
        }
        return log;
      },
      "The transfers made under transfer_guard('log'), oldest first, as (operation, source, "
      "destination, 'file:line') tuples.");
  m.def("clear_transfer_log", [] { strict::clear_transfer_log(); });
}

}  // namespace strict_xp
