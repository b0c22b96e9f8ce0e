// What strict's backend description says: how an unmapped step, an array and an error are
// reported. The run loop is the kit's (in_process_backend.hpp).
#include "strict_session.hpp"

#include <fmt/format.h>

#include "strict_values.hpp"

namespace conformance::strict_internal {

std::string StrictBackend::unmapped(std::string_view op) {
  return fmt::format("strict has no {}", op);
}

ArrayReport StrictBackend::report(const strict::Array& array,
                                  const std::vector<strict::Device>& devices) {
  return strict_internal::report(array, devices);
}

StepOutcome StrictBackend::outcome_of(const std::exception& error) {
  const auto* strict_error = dynamic_cast<const strict::Error*>(&error);
  return {.status = StepStatus::raised,
          .exception_type = strict_error
                                ? std::string(strict::python_exception_name(strict_error->kind()))
                                : std::string("RuntimeError"),
          .message = error.what()};
}

}  // namespace conformance::strict_internal
