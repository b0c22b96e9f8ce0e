// explicit.<fn>: every function with a device= keyword (creation functions, *_like, asarray,
// astype) given device=d puts its result on d, for every d of devices() (P2, P5, P9);
// explicit.<fn>.invalid_device: a device that is not one raises.
#include "family.hpp"

#include "catalogue/catalogue.hpp"

namespace conformance::families {
namespace {

Check lands_check(const std::string& op) {
  CheckInfo info{
      .id = "explicit." + op,
      .family = "explicit",
      .function = op,
      .level = Level::should,
      .spec = std::string(spec_text::explicit_device) + " " + std::string(spec_text::info_devices),
      .description = fmt::format("{}(..., device=d) returns an array on d, for every "
                                 "d in devices()",
                                 op)};
  return {info, [info, op](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, op)) return lacks(info, context, op);
            generate::CallOptions options;
            options.spec_version = context.spec_version;
            options.device_keyword = generate::DeviceKeyword::drawn;
            return detail::run_property(info, context, generate::call(op, options, handshake),
                                        detail::judge_with_oracle);
          }};
}

Check invalid_device_check(const std::string& op) {
  CheckInfo info{.id = "explicit." + op + ".invalid_device",
                 .family = "explicit",
                 .function = op,
                 .level = Level::should,
                 .spec = std::string(spec_text::explicit_device),
                 .description = fmt::format("{}(..., device=<not a device>) raises", op)};
  return {info, [info, op](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, op)) return lacks(info, context, op);
            generate::CallOptions options;
            options.spec_version = context.spec_version;
            options.device_keyword = generate::DeviceKeyword::invalid;
            return detail::run_property(info, context, generate::call(op, options, handshake),
                                        detail::judge_with_oracle);
          }};
}

}  // namespace

std::vector<Check> explicit_checks() {
  std::vector<Check> checks;
  for (const auto& op : catalogue::operations()) {
    if (!op.has_device_keyword) continue;
    // from_dlpack's device= belongs to the dlpack family.
    if (op.name == "from_dlpack") continue;
    checks.push_back(lands_check(std::string(op.name)));
    checks.push_back(invalid_device_check(std::string(op.name)));
  }
  return checks;
}

}  // namespace conformance::families
