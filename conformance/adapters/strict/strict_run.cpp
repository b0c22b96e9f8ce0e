// The run loop: one Session per program, one StepOutcome per step.
#include "strict_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>

#include "strict_arguments.hpp"
#include "strict_dispatch.hpp"
#include "strict_session.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {
namespace {

StepOutcome raised(std::string_view type, std::string_view message) {
  return {.status = StepStatus::raised,
          .exception_type = std::string(type),
          .message = std::string(message)};
}

StepOutcome run_step(const Step& step, Session& session) {
  if (!is_harness_operation(step.op) &&
      std::find(strict_operations().begin(), strict_operations().end(), step.op) ==
          strict_operations().end()) {
    return {.status = StepStatus::unsupported, .message = fmt::format("strict has no {}", step.op)};
  }
  if (std::string missing = adapter_support::missing_reference(step, session.results);
      !missing.empty())
    return {.status = StepStatus::not_run, .message = std::move(missing)};
  try {
    CallResult result = call_strict(step, session);
    StepOutcome outcome{.status = StepStatus::ok, .value = std::move(result.value)};
    for (const strict::Array& array : result.arrays)
      outcome.arrays.push_back(report(array, session.devices));
    session.results.back() = std::move(result.arrays);
    return outcome;
  } catch (const Unsupported& error) {
    return {.status = StepStatus::unsupported, .message = error.what()};
  } catch (const NotRun& error) {
    return {.status = StepStatus::not_run, .message = error.what()};
  } catch (const strict::Error& error) {
    return raised(strict::python_exception_name(error.kind()), error.what());
  } catch (const std::exception& error) {
    return raised("RuntimeError", error.what());
  } catch (...) {
    return raised("RuntimeError", "strict threw something that is not a std::exception");
  }
}

}  // namespace

ProgramOutcome run_program(const Program& program, const std::vector<strict::Device>& devices) {
  ProgramOutcome outcome;
  Session session(devices);
  for (const Step& step : program.steps) {
    session.results.emplace_back();  // this step's slot; filled when it makes arrays
    outcome.steps.push_back(run_step(step, session));
  }
  return outcome;
}

}  // namespace conformance::strict_internal
