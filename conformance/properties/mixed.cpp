// mixed.<fn>: every function and operator with two or more array inputs raises when they are on
// different devices (P14, P15); in-place operators and __setitem__ raise and leave their target
// unchanged. mixed_0d.<fn>: the same for elementwise calls where exactly one operand is 0-d
// (P18): the spec exempts no operand by its rank, and a library that does (torch's CPU scalars)
// fails exactly these checks rather than the general ones.
#include "family.hpp"

#include "catalogue/catalogue.hpp"

namespace conformance::families {
namespace {

bool writes_into_target(std::string_view op) {
  return op == "array.__setitem__" || !catalogue::in_place_base(op).empty();
}

// After an in-place call, report its target again so the judge can see whether it changed.
Program observe_target(Program program) {
  const auto& call = program.steps.back();
  if (call.args.empty() || !std::holds_alternative<StepRef>(call.args.front())) return program;
  program.read_values = true;  // the judge compares the target's values before and after
  program.steps.push_back(Step{.op = std::string(harness_op::observe),
                               .args = {call.args.front()},
                               .kwargs = {},
                               .under_test = false});
  return program;
}

detail::CaseVerdict judge_target_unchanged(Adapter& adapter, const Program& program,
                                           const ProgramOutcome& outcome) {
  // The call under test is the step before the observation.
  const int call = static_cast<int>(program.steps.size()) - 2;
  Program without_observation = program;
  without_observation.steps.pop_back();
  ProgramOutcome call_outcome = outcome;
  call_outcome.steps.pop_back();
  auto verdict = detail::judge_with_oracle(adapter, without_observation, call_outcome);
  if (verdict.kind != detail::CaseVerdict::Kind::pass) return verdict;
  if (outcome.steps.at(static_cast<std::size_t>(call)).status != StepStatus::raised) return verdict;
  const auto target = std::get<StepRef>(program.steps.at(static_cast<std::size_t>(call)).args[0]);
  const ArrayReport* before = first_array(outcome, target.step);
  const ArrayReport* after = first_array(outcome, call + 1);
  if (before == nullptr || after == nullptr)
    return detail::CaseVerdict::discarded("the target could not be observed");
  const bool same_values = !before->values || !after->values || *before->values == *after->values;
  if (before->device == after->device && before->dtype == after->dtype &&
      before->shape == after->shape && same_values)
    return verdict;
  Expectation expectation{.kind = ExpectKind::raises,
                          .device = -1,
                          .exceptions = {},
                          .level = Level::should,
                          .rule = "a raising in-place call leaves its target unchanged",
                          .citation = std::string(spec_text::in_place_unchanged)};
  auto text = [](const ArrayReport& a) {
    return fmt::format("{} {} on {} values {}", a.dtype, fmt::join(a.shape, "x"), a.device_repr,
                       a.values ? fmt::format("{}", fmt::join(*a.values, ", ")) : "unreadable");
  };
  return detail::CaseVerdict::failed(call, expectation, "the target unchanged: " + text(*before),
                                     "the target became " + text(*after));
}

// Elementwise calls: every required array operand broadcasts, so one of them may be 0-d.
bool may_have_0d_operand(const catalogue::Operation& op) {
  int arrays = 0;
  for (const auto& parameter : op.arrays) {
    if (parameter.variadic || parameter.min_ndim > 0) return false;
    arrays += parameter.optional ? 0 : 1;
  }
  return arrays >= 2 || op.name == "clip";  // clip's array bounds are optional parameters
}

std::string description(std::string_view op, bool in_place, generate::ZeroD zero_d) {
  const std::string_view operands = zero_d == generate::ZeroD::one_operand
                                        ? "one of them 0-d"
                                        : "each with at least one dimension";
  if (in_place)
    return fmt::format("{} raises on mixed devices ({}) and leaves its target unchanged", op,
                       operands);
  return fmt::format("{} raises when its array inputs are on different devices ({})", op, operands);
}

Check mixed_check(const std::string& op, generate::ZeroD zero_d) {
  const bool in_place = writes_into_target(op);
  const bool zero_d_variant = zero_d == generate::ZeroD::one_operand;
  std::string spec =
      std::string(in_place ? spec_text::in_place_unchanged : spec_text::mixed_devices_raise);
  if (zero_d_variant) spec += " No rank is exempt: a 0-d array is an array on its device (P18).";
  CheckInfo info{.id = std::string(zero_d_variant ? "mixed_0d." : "mixed.") + op,
                 .family = zero_d_variant ? "mixed_0d" : "mixed",
                 .function = op,
                 .level = Level::should,
                 .spec = std::move(spec),
                 .description = description(op, in_place, zero_d)};
  return {info, [info, op, in_place, zero_d](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, op)) return lacks(info, context, op);
            if (handshake.devices.size() < 2) return needs_two_devices(info, context);
            generate::CallOptions options;
            options.spec_version = context.spec_version;
            options.placement = generate::Placement::mixed_devices;
            options.python_scalars = false;
            options.zero_d = zero_d;
            auto programs = generate::call(op, options, handshake);
            if (!in_place)
              return detail::run_property(info, context, programs, detail::judge_with_oracle);
            return detail::run_property(info, context, rc::gen::map(programs, observe_target),
                                        judge_target_unchanged);
          }};
}

}  // namespace

std::vector<Check> mixed_checks() {
  std::vector<Check> checks;
  for (const auto& op : catalogue::operations())
    if (op.rule == catalogue::DeviceRule::multi_input)
      checks.push_back(mixed_check(std::string(op.name), generate::ZeroD::never));
  for (const auto& [op, base] : catalogue::in_place_operators())
    checks.push_back(mixed_check(op, generate::ZeroD::never));
  return checks;
}

std::vector<Check> mixed_0d_checks() {
  std::vector<Check> checks;
  for (const auto& op : catalogue::operations())
    if (op.rule == catalogue::DeviceRule::multi_input && may_have_0d_operand(op))
      checks.push_back(mixed_check(std::string(op.name), generate::ZeroD::one_operand));
  for (const auto& [op, base] : catalogue::in_place_operators())
    if (op != "array.__imatmul__") checks.push_back(mixed_check(op, generate::ZeroD::one_operand));
  return checks;
}

}  // namespace conformance::families
