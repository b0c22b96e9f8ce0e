// transfer.*: array.to_device lands on its target (P10), keeps values, dtype and shape, round
// trips (P34) and accepts the array's own device (P11).
#include "family.hpp"

namespace conformance::families {
namespace {

constexpr std::string_view kToDevice = "array.to_device";

CheckInfo transfer_info(std::string detail, Level level, std::string_view spec,
                        std::string description) {
  return {.id = "transfer." + detail,
          .family = "transfer",
          .function = std::string(kToDevice),
          .level = level,
          .spec = std::string(spec),
          .description = std::move(description)};
}

// asarray on `from`, then to_device(to) under test, then (for round trips) back to `from`.
rc::Gen<Program> transfer_program(const Handshake& handshake, bool same_device, bool round_trip,
                                  bool compares_values) {
  return rc::gen::exec([hs = &handshake, same_device, round_trip, compares_values] {
    const Handshake& handshake = *hs;
    int from = *any_device(handshake);
    int to = from;
    if (!same_device && handshake.devices.size() > 1) std::tie(from, to) = *two_devices(handshake);
    Program program;
    program.read_values = compares_values;
    program.steps.push_back(*array_on(handshake, from));
    program.steps.push_back(tested(std::string(kToDevice), {StepRef{0, 0}, DeviceIndex{to}}));
    if (round_trip)
      program.steps.push_back(tested(std::string(kToDevice), {StepRef{1, 0}, DeviceIndex{from}}));
    return program;
  });
}

std::string text(const ArrayReport& a) {
  return fmt::format("{} of shape ({}) with values [{}]", a.dtype, fmt::join(a.shape, ", "),
                     a.values ? fmt::format("{}", fmt::join(*a.values, ", ")) : "unreadable");
}

// The oracle's device rule, then: the last step's array has the input's dtype, shape and values.
// A case whose values cannot be read (a data-less device: torch's meta) is not judged on values
// and is drawn again; a check where no case can read them is skip.
detail::CaseVerdict judge_keeps_data(Adapter& adapter, const Program& program,
                                     const ProgramOutcome& outcome) {
  auto verdict = detail::judge_with_oracle(adapter, program, outcome);
  if (verdict.kind != detail::CaseVerdict::Kind::pass) return verdict;
  const int last = static_cast<int>(program.steps.size()) - 1;
  const ArrayReport* input = first_array(outcome, 0);
  const ArrayReport* output = first_array(outcome, last);
  if (input == nullptr || output == nullptr) return verdict;
  const bool values_kept = !input->values || !output->values || *input->values == *output->values;
  const bool same_kind = input->dtype == output->dtype && input->shape == output->shape;
  if (same_kind && (!input->values || !output->values)) {
    const ArrayReport& unreadable = input->values ? *output : *input;
    return detail::CaseVerdict::values_unreadable(
        fmt::format("{} holds no values to compare", unreadable.device_repr));
  }
  if (same_kind && values_kept) return verdict;
  Expectation expectation{.kind = ExpectKind::on_device,
                          .device = output->device,
                          .exceptions = {},
                          .level = Level::must,
                          .rule = "to_device keeps the data and dtype",
                          .citation = std::string(spec_text::to_device_lands)};
  return detail::CaseVerdict::failed(last, expectation, "the same data: " + text(*input),
                                     text(*output));
}

Check transfer_check(CheckInfo info, bool same_device, bool round_trip, bool keeps_data) {
  return {info, [info, same_device, round_trip, keeps_data](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, kToDevice)) return lacks(info, context, kToDevice);
            if (!same_device && handshake.devices.size() < 2)
              return needs_two_devices(info, context);
            auto programs = transfer_program(handshake, same_device, round_trip, keeps_data);
            if (keeps_data) return detail::run_property(info, context, programs, judge_keeps_data);
            return detail::run_property(info, context, programs, detail::judge_with_oracle);
          }};
}

}  // namespace

std::vector<Check> transfer_checks() {
  return {
      transfer_check(transfer_info("lands", Level::must, spec_text::to_device_lands,
                                   "x.to_device(d) is on d, for every pair of devices"),
                     false, false, false),
      transfer_check(transfer_info("keeps_data", Level::must, spec_text::to_device_lands,
                                   "x.to_device(d) has x's dtype, shape and values"),
                     false, false, true),
      transfer_check(transfer_info("roundtrip", Level::must, spec_text::to_device_lands,
                                   "x.to_device(d).to_device(x.device) is back on x's device "
                                   "with x's data"),
                     false, true, true),
      transfer_check(transfer_info("same_device", Level::must, spec_text::to_device_same,
                                   "x.to_device(x.device) is accepted and stays on x's device"),
                     true, false, true),
  };
}

}  // namespace conformance::families
