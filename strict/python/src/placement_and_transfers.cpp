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

// A C++ guard (DefaultDeviceGuard, TransferGuard) as a Python context manager: the guard lives
// from __enter__ to __exit__. `Name` is the Python function that made the scope, for errors.
template <class Guard, class Value, const char* Name>
class GuardScope {
 public:
  explicit GuardScope(Value value) : value_(value) {}
  Value enter() {
    if (guard_) throw py::value_error(fmt::format("{}(): this scope is already entered", Name));
    guard_ = std::make_unique<Guard>(value_);
    return value_;
  }
  void exit() { guard_.reset(); }

 private:
  Value value_;
  std::unique_ptr<Guard> guard_;
};

constexpr char kDefaultDevice[] = "default_device";
constexpr char kTransferGuard[] = "transfer_guard";
// `with strict_xp.default_device(d):` and `with strict_xp.transfer_guard(policy):`.
using DefaultDeviceScope = GuardScope<strict::DefaultDeviceGuard, strict::Device, kDefaultDevice>;
using TransferGuardScope =
    GuardScope<strict::TransferGuard, strict::TransferPolicy, kTransferGuard>;

strict::TransferPolicy policy_arg(py::handle value) {
  const std::string text = str_arg("transfer_guard", "policy", value);
  if (text == "allow") return strict::TransferPolicy::allow;
  if (text == "log") return strict::TransferPolicy::log;
  if (text == "disallow") return strict::TransferPolicy::disallow;
  throw py::value_error(
      fmt::format("transfer_guard(): policy must be 'allow', 'log' or 'disallow', not '{}'", text));
}

}  // namespace

void bind_placement_and_transfers(py::module_& m) {
  m.def(
      "set_default_device",
      [](py::handle device) {
        strict::set_global_default_device(required_device_arg("set_default_device", device));
      },
      py::arg("device"),
      "Sets the global default device: where creation functions put arrays with device=None, no "
      "input arrays and no `with default_device(...)` block in force.");
  m.def(
      "get_default_device", [] { return device_object(strict::default_device()); },
      "The device creation functions use now (the innermost default_device() block, else the "
      "global default).");
  py::class_<DefaultDeviceScope>(m, "_DefaultDeviceScope")
      .def("__enter__", [](DefaultDeviceScope& s) { return device_object(s.enter()); })
      .def("__exit__", [](DefaultDeviceScope& s, py::args) { s.exit(); });
  m.def(
      "default_device",
      [](py::handle device) {
        return DefaultDeviceScope(required_device_arg("default_device", device));
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
      .def("__enter__", [](TransferGuardScope& s) { s.enter(); })
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
