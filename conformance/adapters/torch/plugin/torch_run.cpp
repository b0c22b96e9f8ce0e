// The run loop: every libtorch error becomes the outcome of its step.
#include "torch_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>

#include "torch_dispatch.hpp"
#include "torch_names.hpp"
#include "torch_session.hpp"
#include "torch_values.hpp"

namespace conformance::torch_internal {
namespace {

StepOutcome from_exception(const std::exception& error) {
  std::string message = exception_message(error);
  if (is_device_limit(message))
    return {.status = StepStatus::unsupported,
            .message = "the device cannot run this at all: " + message};
  return {.status = StepStatus::raised,
          .exception_type = python_exception_name(error),
          .message = std::move(message)};
}

StepOutcome run_step(const Step& step, Session& session) {
  if (!is_harness_operation(step.op) &&
      std::find(torch_operations().begin(), torch_operations().end(), step.op) ==
          torch_operations().end()) {
    return {.status = StepStatus::unsupported,
            .message = fmt::format("the torch adapter maps no {} to libtorch", step.op)};
  }
  if (std::string missing = adapter_support::missing_reference(step, session.results);
      !missing.empty())
    return {.status = StepStatus::not_run, .message = std::move(missing)};
  try {
    CallResult result = call_torch(step, session);
    StepOutcome outcome{.status = StepStatus::ok, .value = std::move(result.value)};
    for (const at::Tensor& tensor : result.arrays)
      outcome.arrays.push_back(report(tensor, session.devices));
    session.results.back() = std::move(result.arrays);
    return outcome;
  } catch (const Unsupported& error) {
    return {.status = StepStatus::unsupported, .message = error.what()};
  } catch (const NotRun& error) {
    return {.status = StepStatus::not_run, .message = error.what()};
  } catch (const std::exception& error) {
    return from_exception(error);
  } catch (...) {
    return {.status = StepStatus::raised,
            .exception_type = "RuntimeError",
            .message = "libtorch threw something that is not a std::exception"};
  }
}

}  // namespace

ProgramOutcome run_program(const Program& program, const std::vector<at::Device>& devices) {
  ProgramOutcome outcome;
  Session session(devices);
  for (const Step& step : program.steps) {
    session.results.emplace_back();  // this step's slot; filled when it makes tensors
    outcome.steps.push_back(run_step(step, session));
  }
  return outcome;
}

}  // namespace conformance::torch_internal
