// propagate.<fn>: every function and operator that takes arrays returns its results on the
// inputs' device, Python-scalar operands included (P13, P16, P17).
#include "family.hpp"

#include "catalogue/catalogue.hpp"

namespace conformance::families {
namespace {

Check propagate_check(const std::string& op) {
  CheckInfo info{
      .id = "propagate." + id_part(op),
      .family = "propagate",
      .function = op,
      .level = Level::should,
      .spec = std::string(spec_text::preserve_device),
      .description = fmt::format("{} returns its results on its inputs' device, with Python "
                                 "scalar operands too",
                                 op)};
  return {info, [info, op](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, op)) return lacks(info, context, op);
            generate::CallOptions options;
            options.spec_version = context.spec_version;
            options.placement = generate::Placement::one_device;
            options.python_scalars = true;
            return detail::run_property(info, context, generate::call(op, options, handshake),
                                        detail::judge_with_oracle);
          }};
}

}  // namespace

std::vector<Check> propagate_checks() {
  std::vector<Check> checks;
  for (const auto& op : catalogue::operations()) {
    if (op.rule == catalogue::DeviceRule::propagate ||
        op.rule == catalogue::DeviceRule::multi_input)
      checks.push_back(propagate_check(std::string(op.name)));
  }
  for (const auto& [op, base] : catalogue::in_place_operators())
    checks.push_back(propagate_check(op));
  return checks;
}

}  // namespace conformance::families
