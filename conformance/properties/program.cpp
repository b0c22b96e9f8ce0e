// program.random: random programs of up to 8 steps, every step judged by the oracle. Devices
// meet here the way they do in user code: device= keywords, transfers and results fed onwards.
#include "family.hpp"

namespace conformance::families {

std::vector<Check> program_checks() {
  CheckInfo info{.id = "program.random",
                 .family = "program",
                 .function = "random",
                 .level = Level::should,
                 .spec = std::string(spec_text::preserve_device) + " " +
                         std::string(spec_text::mixed_devices_raise),
                 .description =
                     "random multi-step programs follow every device rule at every "
                     "step"};
  return {{info, [info](const CheckContext& context) {
             const auto& handshake = context.adapter.handshake();
             return detail::run_property(
                 info, context, generate::random_program(handshake, 8, context.spec_version),
                 detail::judge_with_oracle);
           }}};
}

}  // namespace conformance::families
