// The in-process adapter kit: what every C++ backend (strict, libtorch, the kit's test backend)
// shares: the state of one program run, the table from operation names to calls, and the run
// loop that turns each step into a StepOutcome. A backend supplies a description:
//
//   struct MyBackend {
//     static constexpr std::string_view library = "mylib";  // for messages
//     using Array = ...;               // the library's array type
//     using Device = ...;              // its device type
//     struct State {};                 // what else one program run holds (strict: a scoped
//                                      // default device)
//     using Call = ...;                // a step's arguments as the library needs them, made
//                                      // from (const Arguments&, Session<MyBackend>&)
//     using CppCall = ...;             // the same arguments as C++ source text, made from
//                                      // (const Arguments&, const CppNames&)
//     static std::string unmapped(std::string_view op);  // why a step has no call
//     static ArrayReport report(const Array&, const std::vector<Device>&);
//     static StepOutcome outcome_of(const std::exception& error);  // what the library raised
//   };
//
// and an OperationTable<MyBackend> (operation_table.hpp): for each operation, how to run it and
// how to spell it.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "call_arguments.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"
#include "operation_table.hpp"

namespace conformance::adapter_support {

// One program's run. A fresh Session per program, so nothing leaks from one program to the next.
template <class Backend>
struct Session {
  explicit Session(std::vector<typename Backend::Device> handshake_devices)
      : devices(std::move(handshake_devices)) {}

  // The handshake's devices: DeviceIndex i is devices[i].
  std::vector<typename Backend::Device> devices;
  // Per finished step, its array results (empty: it produced none). In-place operators change
  // these arrays, so later steps see the change.
  std::vector<std::vector<typename Backend::Array>> results;
  typename Backend::State state{};
};

// Runs one step through the table: never throws for anything the library does.
template <class Backend>
StepOutcome run_step(const OperationTable<Backend>& table, const Step& step,
                     Session<Backend>& session) {
  const auto* entry = table.find(step.op);
  if (entry == nullptr)
    return {.status = StepStatus::unsupported, .message = Backend::unmapped(step.op)};
  if (std::string missing = missing_reference(step, session.results); !missing.empty())
    return {.status = StepStatus::not_run, .message = std::move(missing)};
  try {
    const Arguments arguments = bind(step);
    CallResult<typename Backend::Array> result =
        entry->run(typename Backend::Call(arguments, session));
    StepOutcome outcome{.status = StepStatus::ok, .value = std::move(result.value)};
    for (const auto& array : result.arrays)
      outcome.arrays.push_back(Backend::report(array, session.devices));
    session.results.back() = std::move(result.arrays);
    return outcome;
  } catch (const Unsupported& error) {
    return {.status = StepStatus::unsupported, .message = error.what()};
  } catch (const NotRun& error) {
    return {.status = StepStatus::not_run, .message = error.what()};
  } catch (const std::exception& error) {
    return Backend::outcome_of(error);
  } catch (...) {
    return {.status = StepStatus::raised,
            .exception_type = "RuntimeError",
            .message =
                fmt::format("{} threw something that is not a std::exception", Backend::library)};
  }
}

// Every step of a program from a fresh Session, each outcome a fact (arrays, a value, an
// exception, unsupported or not run).
template <class Backend>
ProgramOutcome run_program(const OperationTable<Backend>& table, const Program& program,
                           const std::vector<typename Backend::Device>& devices) {
  ProgramOutcome outcome;
  Session<Backend> session(devices);
  for (const Step& step : program.steps) {
    session.results.emplace_back();  // this step's slot; filled when it makes arrays
    outcome.steps.push_back(run_step<Backend>(table, step, session));
  }
  return outcome;
}

}  // namespace conformance::adapter_support
