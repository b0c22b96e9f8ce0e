// strict as a backend of the in-process adapter kit (in_process_backend.hpp): its array and
// device types, what a program run holds besides results (the scoped default device), and how a
// step's outcome is reported. A fresh Session per program, so nothing leaks between programs.
#pragma once

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <strict/strict.hpp>

#include "in_process_backend.hpp"

namespace conformance::strict_internal {

class Call;     // strict_values.hpp
class CppCall;  // strict_cpp_text.hpp

// A step that reads a result no earlier step produced: it is reported not_run.
using adapter_support::NotRun;

struct StrictBackend {
  static constexpr std::string_view library = "strict";
  using Array = strict::Array;
  using Device = strict::Device;
  using Call = strict_internal::Call;
  using CppCall = strict_internal::CppCall;
  struct State {
    // In force from a harness.set_default_device step to the end of the program.
    std::optional<strict::DefaultDeviceGuard> default_device_guard;
  };

  static std::string unmapped(std::string_view op);
  static ArrayReport report(const strict::Array& array, const std::vector<strict::Device>& devices);
  // A strict::Error raises the Python exception its kind names; anything else a RuntimeError.
  static StepOutcome outcome_of(const std::exception& error);
};

using Session = adapter_support::Session<StrictBackend>;
using CallResult = adapter_support::CallResult<strict::Array>;

}  // namespace conformance::strict_internal
