// explicit.<fn>: every function with a device= keyword (creation functions, *_like, asarray,
// astype) given device=d puts its result on d, for every d of devices() (P2, P5, P9);
// explicit.<fn>.invalid_device: a device that is not one raises; explicit.asarray.of_an_array:
// asarray(x, device=d) of an array places it on d as firmly as any explicit device (P5, P14).
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

// x made without device=, y = asarray(x, device=d), z = asarray(x, device=e) for another e, then
// equal(y, z), which must raise: y and z were placed on two devices by device= (P5), and arrays
// on two devices do not mix (P14). JAX's asarray returns an x already on d as it is,
// "uncommitted", so equal moves it silently (reports/pypi D2); every mixed.* check with an input
// made that way showed the same bug until the harness made its inputs committed.
Check of_an_array_check() {
  const std::string op = "asarray";
  CheckInfo info{.id = "explicit.asarray.of_an_array",
                 .family = "explicit",
                 .function = op,
                 .level = Level::should,
                 .spec = std::string(spec_text::explicit_device) + " " +
                         std::string(spec_text::mixed_devices_raise),
                 .description =
                     "asarray(x, device=d) of an array x made without device= is placed on d "
                     "like any explicit device: used with an array placed on another device, it "
                     "raises"};
  return {
      info, [info, op](const CheckContext& context) {
        const auto& handshake = context.adapter.handshake();
        if (!has_operation(handshake, op)) return lacks(info, context, op);
        if (!has_operation(handshake, "equal")) return lacks(info, context, "equal");
        if (handshake.devices.size() < 2) return needs_two_devices(info, context);
        auto programs = rc::gen::exec([hs = &handshake] {
          const Handshake& handshake = *hs;
          const auto [d, e] = *two_devices(handshake);
          const int made_on = handshake.default_device.value_or(d);
          const auto dtype = *rc::gen::elementOf(shared_real_dtypes(handshake, {made_on, d, e}));
          const auto shape = *generate::shape(1);  // 0-d operands are mixed_0d's (P18)
          Program program;
          program.steps.push_back(
              setup("asarray", {*generate::data(shape, dtype)}, {{"dtype", DTypeName{dtype}}}));
          program.steps.push_back(tested("asarray", {StepRef{0, 0}}, {{"device", DeviceIndex{d}}}));
          program.steps.push_back(tested("asarray", {StepRef{0, 0}}, {{"device", DeviceIndex{e}}}));
          program.steps.push_back(tested("equal", {StepRef{1, 0}, StepRef{2, 0}}));
          return program;
        });
        return detail::run_property(info, context, programs, detail::judge_with_oracle);
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
    if (op.name == "asarray") checks.push_back(of_an_array_check());
  }
  return checks;
}

}  // namespace conformance::families
