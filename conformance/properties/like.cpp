// like.<fn>: *_like, asarray of an array and astype keep the input's device when device=None
// (P6, P7, P8): a "must" of the stubs. Their device= keyword is checked by explicit.<fn>.
#include "family.hpp"

#include "catalogue/catalogue.hpp"

namespace conformance::families {
namespace {

bool reads_an_array(const Program& program) {
  return !references(program.steps.back()).empty();
}

Check like_check(const std::string& op) {
  CheckInfo info{.id = "like." + op,
                 .family = "like",
                 .function = op,
                 .level = Level::must,
                 .spec = std::string(spec_text::like_infers_device),
                 .description = fmt::format("{} keeps its input's device when device=None", op)};
  return {info, [info, op](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, op)) return lacks(info, context, op);
            generate::CallOptions keep;
            keep.spec_version = context.spec_version;
            keep.device_keyword = generate::DeviceKeyword::omitted;
            // asarray also takes literals; here it must read an array.
            auto programs = rc::gen::suchThat(generate::call(op, keep, handshake), reads_an_array);
            return detail::run_property(info, context, programs, detail::judge_with_oracle);
          }};
}

}  // namespace

std::vector<Check> like_checks() {
  std::vector<Check> checks;
  for (const auto& op : catalogue::operations())
    if (op.rule == catalogue::DeviceRule::like && op.name != "from_dlpack")
      checks.push_back(like_check(std::string(op.name)));
  return checks;
}

}  // namespace conformance::families
