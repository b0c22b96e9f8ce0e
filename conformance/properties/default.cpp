// default.*: creation without device= lands on the default device, consistently across creation
// functions (P20); where the adapter can set a default device, creation follows it and inputs
// beat it (P19).
#include "family.hpp"

#include <map>

#include "catalogue/catalogue.hpp"

namespace conformance::families {
namespace {

// Creation functions: no array input, a device= keyword.
std::vector<std::string> creation_functions() {
  std::vector<std::string> names;
  for (const auto& op : catalogue::operations())
    if (op.rule == catalogue::DeviceRule::creation) names.push_back(std::string(op.name));
  names.push_back("asarray");
  return names;
}

bool reads_no_array(const Program& program) {
  return references(program.steps.back()).empty();
}

rc::Gen<Program> creation_without_device(const std::string& op, const Handshake& handshake) {
  generate::CallOptions options;
  options.device_keyword = generate::DeviceKeyword::omitted;
  return rc::gen::suchThat(generate::call(op, options, handshake), reads_no_array);
}

Check lands_on_default(const std::string& op) {
  CheckInfo info{.id = "default." + op,
                 .family = "default",
                 .function = op,
                 .level = Level::should,
                 .spec = std::string(spec_text::consistent_default) + " " +
                         std::string(spec_text::info_default_device),
                 .description = fmt::format("{} without device= lands on default_device()", op)};
  return {info, [info, op](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, op)) return lacks(info, context, op);
            return detail::run_property(info, context, creation_without_device(op, handshake),
                                        detail::judge_with_oracle);
          }};
}

// Every creation function the library has, without device=, in one program: all results on one
// device, whatever default_device() says.
Check consistent() {
  CheckInfo info{.id = "default.consistent",
                 .family = "default",
                 .function = "default_device",
                 .level = Level::should,
                 .spec = std::string(spec_text::consistent_default),
                 .description = "creation functions without device= all use the same device"};
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            std::vector<std::string> ops;
            std::map<std::string, rc::Gen<Program>> calls;
            for (const auto& op : creation_functions())
              if (has_operation(handshake, op)) {
                ops.push_back(op);
                calls.emplace(op, creation_without_device(op, handshake));
              }
            if (ops.size() < 2)
              return detail::not_run(info, context, Status::skip,
                                     "needs two creation functions without device=");
            auto programs = rc::gen::exec([ops, calls] {
              Program program;
              for (const auto& op : *whole_list(ops)) {
                // Creation programs are one step and read nothing: they concatenate as they are.
                for (auto step : (*calls.at(op)).steps) {
                  step.under_test = false;
                  program.steps.push_back(std::move(step));
                }
              }
              return program;
            });
            auto judge = [](Adapter& adapter, const Program& program,
                            const ProgramOutcome& outcome) {
              const auto& reprs = adapter.handshake().devices;
              const ArrayReport* first = first_array(outcome, 0);
              for (std::size_t i = 0; i < outcome.steps.size(); ++i) {
                const ArrayReport* here = first_array(outcome, static_cast<int>(i));
                if (first == nullptr || here == nullptr)
                  return detail::CaseVerdict::discarded("a creation function raised");
                if (here->device != first->device) {
                  Expectation expectation{.kind = ExpectKind::on_device,
                                          .device = first->device,
                                          .exceptions = {},
                                          .level = Level::should,
                                          .rule = "one default device for every function",
                                          .citation = std::string(spec_text::consistent_default)};
                  auto where = [&](const ArrayReport& a) {
                    return a.device >= 0 && static_cast<std::size_t>(a.device) < reprs.size()
                               ? reprs[static_cast<std::size_t>(a.device)].repr
                               : a.device_repr;
                  };
                  return detail::CaseVerdict::failed(
                      static_cast<int>(i), expectation,
                      fmt::format("{} on {}, like {}", program.steps[i].op, where(*first),
                                  program.steps[0].op),
                      fmt::format("{} on {}", program.steps[i].op, where(*here)));
                }
              }
              return detail::CaseVerdict::passed();
            };
            return detail::run_property(info, context, programs, judge);
          }};
}

CheckResult cannot_set_default(const CheckInfo& info, const CheckContext& context) {
  return detail::not_run(info, context, Status::unsupported,
                         fmt::format("the adapter has no way to set {}'s default device",
                                     context.adapter.handshake().library));
}

Step set_default(int device) {
  return setup(std::string(harness_op::set_default_device), {DeviceIndex{device}});
}

// With the default device set to d, creation without device= lands on d.
Check creation_follows_default() {
  CheckInfo info{.id = "default.set.creation_follows",
                 .family = "default",
                 .function = "default_device",
                 .level = Level::should,
                 .spec =
                     "spec/2024.12/design_topics/device_support.rst: \"If device=None, then "
                     "use the setting from a context manager, if set\" / \"the global default "
                     "device\".",
                 .description =
                     "after setting the default device to d, creation without "
                     "device= lands on d"};
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!handshake.features.set_default_device) return cannot_set_default(info, context);
            std::vector<rc::Gen<Program>> parts;
            for (const auto& op : creation_functions())
              if (has_operation(handshake, op))
                parts.push_back(creation_without_device(op, handshake));
            if (parts.empty()) return lacks(info, context, "a creation function");
            auto programs = rc::gen::exec([parts, hs = &handshake] {
              const int device = *any_device(*hs);
              const auto part = *rc::gen::elementOf(parts);
              return prepend(set_default(device), *part);
            });
            return detail::run_property(info, context, programs, detail::judge_with_oracle);
          }};
}

// With the default device set to d, a function of arrays on e returns its result on e
// (asarray of an array and *_like included: pytorch#150199).
Check inputs_beat_default() {
  CheckInfo info{.id = "default.set.inputs_win",
                 .family = "default",
                 .function = "default_device",
                 .level = Level::should,
                 .spec = std::string(spec_text::inputs_beat_default),
                 .description =
                     "after setting the default device to d, functions of arrays on e "
                     "still return results on e"};
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!handshake.features.set_default_device) return cannot_set_default(info, context);
            std::vector<std::string> ops;
            for (const auto& op : catalogue::operations()) {
              const bool reads_arrays =
                  op.rule == catalogue::DeviceRule::propagate ||
                  op.rule == catalogue::DeviceRule::multi_input ||
                  (op.rule == catalogue::DeviceRule::like && op.name != "from_dlpack");
              if (reads_arrays && has_operation(handshake, op.name))
                ops.push_back(std::string(op.name));
            }
            if (ops.empty()) return lacks(info, context, "a function of arrays");
            auto programs = rc::gen::exec([ops, hs = &handshake, version = context.spec_version] {
              const auto op = *rc::gen::elementOf(ops);
              const int inputs = *any_device(*hs);
              const int default_device = *any_device(*hs);
              generate::CallOptions options;
              options.spec_version = version;
              options.placement = generate::Placement::one_device;
              options.device = inputs;
              const auto call = *rc::gen::suchThat(
                  generate::call(op, options, *hs),
                  [](const Program& p) { return !references(p.steps.back()).empty(); });
              return prepend(set_default(default_device), call);
            });
            return detail::run_property(info, context, programs, detail::judge_with_oracle);
          }};
}

}  // namespace

std::vector<Check> default_checks() {
  std::vector<Check> checks;
  for (const auto& op : creation_functions())
    checks.push_back(lands_on_default(op));
  checks.push_back(consistent());
  checks.push_back(creation_follows_default());
  checks.push_back(inputs_beat_default());
  return checks;
}

}  // namespace conformance::families
