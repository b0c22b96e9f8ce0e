// device_object.*: device objects compare with == and != within the library (P1): equality is
// reflexive and symmetric, != is its negation, equal devices hash alike, and an array's .device
// is one of devices(). An unhashable device (hash() raises TypeError) is reported as such: the
// data model asks equal hashes only of hashable objects, and the spec asks only for == and !=.
#include "family.hpp"

namespace conformance::families {
namespace {

constexpr std::string_view kCompare = harness_op::compare_devices;

CheckInfo object_info(std::string detail, std::string description, Level level = Level::must) {
  return {.id = "device_object." + detail,
          .family = "device_object",
          .function = "array.device",
          .level = level,
          .spec = std::string(spec_text::device_equality),
          .description = std::move(description)};
}

Expectation equality_rule(std::string rule) {
  return {.kind = ExpectKind::no_array,
          .device = -1,
          .exceptions = {},
          .level = Level::must,
          .rule = std::move(rule),
          .citation = std::string(spec_text::device_equality)};
}

Step compare(int a, int b) {
  return tested(std::string(kCompare), {StepRef{a, 0}, StepRef{b, 0}});
}

// Either x0 on a compared with itself, or x0 on a and x1 on b compared: the smallest programs
// that show each law, so a failure shrinks to two or three steps.
rc::Gen<Program> comparisons(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const int a = *any_device(*hs);
    if (*rc::gen::arbitrary<bool>()) return Program{{*array_on(*hs, a), compare(0, 0)}};
    const int b = *any_device(*hs);
    return Program{{*array_on(*hs, a), *array_on(*hs, b), compare(0, 1)}};
  });
}

// One comparison as the adapter reported it, with where the two arrays were reported to be.
struct Comparison {
  bool same_array = false;
  const ArrayReport* x = nullptr;
  const ArrayReport* y = nullptr;
  bool eq = false, eq_swapped = false, ne = false, hash_equal = false;
  bool hashable = true;
  std::string hash_error{};  // what hash() raised, if it did
};

// A law over one comparison: nullopt when it holds, else what was seen.
using Rule = std::function<std::optional<std::string>(const Comparison&)>;

// Whether a comparison is outside a rule's reach: an unsupported case's reason, else nullopt.
using Applies = std::function<std::optional<std::string>(const Comparison&)>;

detail::Judge comparison_judge(std::string rule_name, Rule rule, Applies applies) {
  return [rule_name, rule, applies](Adapter& adapter, const Program& program,
                                    const ProgramOutcome& outcome) {
    const int step = static_cast<int>(program.steps.size()) - 1;
    for (int input = 0; input < step; ++input)
      if (auto verdict = detail::setup_step_verdict(adapter, program, outcome, input,
                                                    "an array to compare could not be made"))
        return *verdict;
    const auto& result = outcome.steps.at(static_cast<std::size_t>(step));
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because("device comparison: " + result.message);
    if (result.status == StepStatus::not_run)
      return detail::CaseVerdict::discarded("an array to compare could not be made");
    if (result.status != StepStatus::ok)
      return detail::CaseVerdict::failed(
          step, equality_rule(rule_name), "a comparison",
          fmt::format("raised {}: {}", result.exception_type, result.message));
    Comparison comparison;
    comparison.same_array = step == 1;
    comparison.x = first_array(outcome, 0);
    comparison.y = first_array(outcome, comparison.same_array ? 0 : 1);
    comparison.eq = result.value.value("eq", false);
    comparison.eq_swapped = result.value.value("eq_swapped", comparison.eq);
    comparison.ne = result.value.value("ne", false);
    comparison.hash_equal = result.value.value("hash_equal", false);
    comparison.hashable = result.value.value("hashable", true);
    comparison.hash_error = result.value.value("hash_error", "");
    if (auto outside = applies(comparison))
      return detail::CaseVerdict::unsupported_because(*outside);
    if (auto broken = rule(comparison))
      return detail::CaseVerdict::failed(step, equality_rule(rule_name), rule_name, *broken);
    return detail::CaseVerdict::passed();
  };
}

bool both_listed(const Comparison& c) {
  return c.x != nullptr && c.y != nullptr && c.x->device >= 0 && c.y->device >= 0;
}

std::optional<std::string> always_applies(const Comparison&) {
  return std::nullopt;
}

// Python's data model: "The only required property is that objects which compare equal have
// the same hash value", for hashable objects; a class with __eq__ and no __hash__ is unhashable,
// which the standard (it asks for == and != only) leaves to the library.
std::optional<std::string> unhashable_is_unsupported(const Comparison& c) {
  if (c.hashable) return std::nullopt;
  return "devices are unhashable (" + c.hash_error +
         "): the data model asks equal hashes only of hashable objects";
}

Check comparison_check(CheckInfo info, std::string rule_name, Rule rule,
                       Applies applies = always_applies) {
  return {info, [info, rule_name, rule, applies](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!handshake.features.device_attribute) return lacks(info, context, "array.device");
            return detail::run_property(info, context, comparisons(handshake),
                                        comparison_judge(rule_name, rule, applies));
          }};
}

Check in_devices() {
  CheckInfo info =
      object_info("in_devices", "an array's .device equals the matching entry of devices()");
  return {
      info, [info](const CheckContext& context) {
        const auto& handshake = context.adapter.handshake();
        if (!handshake.features.device_attribute) return lacks(info, context, "array.device");
        auto programs = rc::gen::exec([hs = &handshake] {
          const int device = *any_device(*hs);
          return Program{{*array_on(*hs, device), tested("array.device", {StepRef{0, 0}})}};
        });
        auto judge = [](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
          const auto& result = outcome.steps.at(1);
          if (result.status == StepStatus::unsupported)
            return detail::CaseVerdict::unsupported_because("array.device: " + result.message);
          if (auto verdict =
                  detail::setup_step_verdict(adapter, program, outcome, 0, "asarray raised"))
            return *verdict;
          const int requested = std::get<DeviceIndex>(program.steps[0].kwargs.at(1).value).index;
          const auto& repr = adapter.handshake().devices[static_cast<std::size_t>(requested)].repr;
          if (result.status == StepStatus::ok && result.value.is_number_integer() &&
              result.value.get<int>() >= 0)
            return detail::CaseVerdict::passed();
          return detail::CaseVerdict::failed(
              1, equality_rule(".device is one of devices()"),
              fmt::format(".device equal to an entry of devices() (created on {})", repr),
              result.status == StepStatus::ok
                  ? ".device equal to no entry of devices(): " + result.value.dump()
                  : fmt::format("raised {}: {}", result.exception_type, result.message));
        };
        return detail::run_property(info, context, programs, judge);
      }};
}

}  // namespace

std::vector<Check> device_object_checks() {
  return {
      comparison_check(
          object_info("eq.reflexive",
                      "a device equals itself and the device of another array "
                      "on the same entry of devices()"),
          "x.device == x.device, and == y.device for y on the same device",
          [](const Comparison& c) -> std::optional<std::string> {
            const bool same_device = c.same_array || (both_listed(c) && c.x->device == c.y->device);
            if (!same_device || (c.eq && !c.ne)) return std::nullopt;
            return fmt::format("{} gives == {} and != {}",
                               c.same_array ? "x.device vs x.device" : "two arrays on one device",
                               c.eq, c.ne);
          }),
      comparison_check(object_info("eq.symmetric", "a == b exactly when b == a"),
                       "(a == b) == (b == a)",
                       [](const Comparison& c) -> std::optional<std::string> {
                         if (c.eq == c.eq_swapped) return std::nullopt;
                         return fmt::format("a == b is {} but b == a is {}", c.eq, c.eq_swapped);
                       }),
      comparison_check(object_info("ne.negates_eq", "a != b exactly when not a == b"),
                       "(a != b) == not (a == b)",
                       [](const Comparison& c) -> std::optional<std::string> {
                         if (c.ne != c.eq) return std::nullopt;
                         return fmt::format("== is {} and != is {} for the same pair", c.eq, c.ne);
                       }),
      comparison_check(
          object_info("hash", "equal devices hash alike", Level::should),
          "a == b implies hash(a) == hash(b)",
          [](const Comparison& c) -> std::optional<std::string> {
            if (!c.hash_error.empty()) return "hash(device) raised " + c.hash_error;
            if (!c.eq || c.hash_equal) return std::nullopt;
            return std::string("equal devices with different hashes");
          },
          unhashable_is_unsupported),
      comparison_check(object_info("eq.distinguishes",
                                   "arrays on different entries of devices() have unequal "
                                   ".device"),
                       "a == b exactly when both are the same entry of devices()",
                       [](const Comparison& c) -> std::optional<std::string> {
                         if (!both_listed(c)) return std::nullopt;
                         const bool same = c.x->device == c.y->device;
                         if (c.eq == same) return std::nullopt;
                         return fmt::format("x.device == y.device is {} for x on {} and y on {}",
                                            c.eq, c.x->device_repr, c.y->device_repr);
                       }),
      in_devices(),
  };
}

}  // namespace conformance::families
