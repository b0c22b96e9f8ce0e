// The run loop is the kit's (in_process_backend.hpp); libtorch supplies its table and says how
// its outcomes are reported.
#include "torch_run.hpp"

#include <fmt/format.h>

#include "torch_dispatch.hpp"
#include "torch_names.hpp"
#include "torch_session.hpp"
#include "torch_values.hpp"

namespace conformance::torch_internal {

std::string TorchBackend::unmapped(std::string_view op) {
  return fmt::format("the torch adapter maps no {} to libtorch", op);
}

ArrayReport TorchBackend::report(const at::Tensor& tensor, const std::vector<at::Device>& devices) {
  return torch_internal::report(tensor, devices);
}

StepOutcome TorchBackend::outcome_of(const std::exception& error) {
  std::string message = exception_message(error);
  if (is_device_limit(message))
    return {.status = StepStatus::unsupported,
            .message = "the device cannot run this at all: " + message};
  return {.status = StepStatus::raised,
          .exception_type = python_exception_name(error),
          .message = std::move(message)};
}

ProgramOutcome run_program(const Program& program, const std::vector<at::Device>& devices) {
  return adapter_support::run_program<TorchBackend>(torch_handlers(), program, devices);
}

}  // namespace conformance::torch_internal
