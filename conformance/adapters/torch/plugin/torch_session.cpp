// What libtorch's backend description says: how an unmapped step, a tensor and an error are
// reported. The run loop is the kit's (in_process_backend.hpp).
#include "torch_session.hpp"

#include <fmt/format.h>

#include "torch_names.hpp"
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

}  // namespace conformance::torch_internal
