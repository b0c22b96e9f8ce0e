// The device rules, one function per rule, each citing the spec text it rests on.
#include "conformance/oracle.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catalogue/catalogue.hpp"
#include "conformance/generate.hpp"
#include "spec_text.hpp"

namespace conformance {
namespace {

struct Placed {
  int device = kUnlistedDevice;
  std::string repr;
  friend bool operator==(const Placed&, const Placed&) = default;
};

Expectation on(int device, Level level, std::string rule, std::string_view citation) {
  return {.kind = ExpectKind::on_device,
          .device = device,
          .exceptions = {},
          .level = level,
          .rule = std::move(rule),
          .citation = std::string(citation)};
}

Expectation raises(std::vector<std::string> exceptions, Level level, std::string rule,
                   std::string_view citation) {
  return {.kind = ExpectKind::raises,
          .device = -1,
          .exceptions = std::move(exceptions),
          .level = level,
          .rule = std::move(rule),
          .citation = std::string(citation)};
}

Expectation either(std::string rule, std::string_view citation) {
  return {.kind = ExpectKind::either,
          .device = -1,
          .exceptions = {},
          .level = Level::informational,
          .rule = std::move(rule),
          .citation = std::string(citation)};
}

Expectation no_rule(std::string rule) {
  return {.kind = ExpectKind::no_array,
          .device = -1,
          .exceptions = {},
          .level = Level::informational,
          .rule = std::move(rule),
          .citation = {}};
}

// The device keyword of a step: to_device takes it positionally (after self).
const Value* device_argument(const Step& step) {
  if (step.op == "array.to_device") return step.args.size() > 1 ? &step.args[1] : nullptr;
  return find_keyword(step, "device");
}

bool is_false(const Value* value) {
  return value != nullptr && std::holds_alternative<bool>(*value) && !std::get<bool>(*value);
}

bool is_given(const Value* value) {
  return value != nullptr && !std::holds_alternative<std::monostate>(*value);
}

// The default device in effect at step `index`: the last harness.set_default_device that
// succeeded, else the handshake's.
std::optional<int> default_at(const Program& program, int index,
                              const std::vector<StepOutcome>& earlier,
                              std::optional<int> handshake_default) {
  std::optional<int> current = handshake_default;
  for (int i = 0; i < index; ++i) {
    const auto& step = program.steps[static_cast<std::size_t>(i)];
    if (step.op != harness_op::set_default_device) continue;
    if (earlier[static_cast<std::size_t>(i)].status != StepStatus::ok || step.args.empty())
      continue;
    if (const auto* device = std::get_if<DeviceIndex>(&step.args[0])) current = device->index;
  }
  return current;
}

// Where the step's array inputs actually are, in argument order; nullopt if one is missing.
std::optional<std::vector<Placed>> input_devices(const Step& step,
                                                 const std::vector<StepOutcome>& earlier) {
  std::vector<Placed> placed;
  for (const auto& ref : references(step)) {
    if (ref.step < 0 || static_cast<std::size_t>(ref.step) >= earlier.size()) return std::nullopt;
    const auto& outcome = earlier[static_cast<std::size_t>(ref.step)];
    if (outcome.status != StepStatus::ok ||
        static_cast<std::size_t>(ref.output) >= outcome.arrays.size())
      return std::nullopt;
    const auto& array = outcome.arrays[static_cast<std::size_t>(ref.output)];
    placed.push_back({array.device, array.device_repr});
  }
  return placed;
}

// creation: "device on which to place the created array"; None means the default device.
Expectation creation_rule(const Value* device, std::optional<int> default_device) {
  if (const auto* index = device ? std::get_if<DeviceIndex>(device) : nullptr)
    return on(index->index, Level::should, "explicit device= is respected",
              spec_text::explicit_device);
  if (device && std::holds_alternative<InvalidDevice>(*device))
    return raises({}, Level::should, "an invalid device= raises", spec_text::explicit_device);
  if (!default_device)
    return either("the library reports no default device", spec_text::info_default_device);
  return on(*default_device, Level::should, "device=None means the default device",
            spec_text::consistent_default);
}

// like: asarray of an array, *_like, astype, from_dlpack.
Expectation like_rule(const Step& step, const Placed& input) {
  const Value* device = find_keyword(step, "device");
  const Value* copy = find_keyword(step, "copy");
  if (const auto* index = device ? std::get_if<DeviceIndex>(device) : nullptr) {
    const bool moves = index->index != input.device;
    if (moves && is_false(copy)) {
      if (step.op == "from_dlpack")
        return raises({"BufferError", "ValueError"}, Level::must,
                      "from_dlpack(copy=False) across devices raises",
                      spec_text::from_dlpack_copy_false);
      if (step.op == "asarray")
        return raises({"ValueError", "BufferError"}, Level::should,
                      "asarray(copy=False) across devices raises", spec_text::asarray_copy_false);
      if (step.op == "astype")
        return either("astype(copy=False) with another device is not specified",
                      spec_text::astype_copy_false);
    }
    return on(index->index, Level::should, "explicit device= is respected",
              spec_text::explicit_device);
  }
  if (device && std::holds_alternative<InvalidDevice>(*device))
    return raises({}, Level::should, "an invalid device= raises", spec_text::explicit_device);
  return on(
      input.device, Level::must, "device=None means the input's device",
      step.op == "from_dlpack" ? spec_text::from_dlpack_device : spec_text::like_infers_device);
}

Expectation transfer_rule(const Step& step) {
  if (is_given(find_keyword(step, "stream")))
    return either("to_device with a stream is implementation-dependent",
                  spec_text::to_device_stream);
  const Value* device = device_argument(step);
  if (const auto* index = device ? std::get_if<DeviceIndex>(device) : nullptr)
    return on(index->index, Level::must, "to_device lands on the requested device",
              spec_text::to_device_lands);
  if (device && std::holds_alternative<InvalidDevice>(*device))
    return raises({}, Level::should, "an invalid device raises", spec_text::explicit_device);
  return no_rule("to_device without a device");
}

Expectation shared_device_rule(const std::vector<Placed>& inputs) {
  if (inputs.empty()) return no_rule("no array input");
  const bool one_device = std::all_of(inputs.begin(), inputs.end(),
                                      [&](const Placed& p) { return p == inputs.front(); });
  if (!one_device)
    return raises({}, Level::should, "mixed devices raise", spec_text::mixed_devices_raise);
  return on(inputs.front().device, Level::should, "results stay on the inputs' device",
            spec_text::preserve_device);
}

}  // namespace

Expectation expect(const Program& program, int index, const std::vector<StepOutcome>& earlier,
                   std::optional<int> default_device) {
  const auto& step = program.steps.at(static_cast<std::size_t>(index));
  if (std::string_view(step.op).starts_with("harness.")) return no_rule("harness step");

  const std::string_view base = catalogue::in_place_base(step.op);
  const auto* op = catalogue::find_operation(base.empty() ? std::string_view(step.op) : base);
  if (op == nullptr) return no_rule("not in the catalogue");

  const auto inputs = input_devices(step, earlier);
  if (!inputs) return no_rule("an input is missing");

  switch (op->rule) {
    case catalogue::DeviceRule::creation:
      return creation_rule(find_keyword(step, "device"),
                           default_at(program, index, earlier, default_device));
    case catalogue::DeviceRule::like:
      // asarray of a literal is a creation; of an array, it follows the array.
      if (inputs->empty())
        return creation_rule(find_keyword(step, "device"),
                             default_at(program, index, earlier, default_device));
      return like_rule(step, inputs->front());
    case catalogue::DeviceRule::propagate:
    case catalogue::DeviceRule::multi_input:
      return shared_device_rule(*inputs);
    case catalogue::DeviceRule::transfer:
      return transfer_rule(step);
    case catalogue::DeviceRule::info:
    case catalogue::DeviceRule::host:
      return no_rule("no array result");
  }
  return no_rule("unknown rule");
}

namespace {

std::string device_text(int device, const std::vector<std::string>& devices,
                        const std::string& repr = {}) {
  if (device >= 0 && static_cast<std::size_t>(device) < devices.size())
    return fmt::format("devices[{}] ({})", device, devices[static_cast<std::size_t>(device)]);
  return fmt::format("a device not in devices() ({})", repr.empty() ? "?" : repr);
}

std::string describe(const StepOutcome& outcome, const std::vector<std::string>& devices) {
  switch (outcome.status) {
    case StepStatus::ok: {
      if (outcome.arrays.empty()) return "a result that is not an array";
      std::vector<std::string> where;
      for (const auto& array : outcome.arrays)
        where.push_back(device_text(array.device, devices, array.device_repr));
      if (where.size() == 1) return "a result on " + where.front();
      return fmt::format("results on {}", fmt::join(where, ", "));
    }
    case StepStatus::raised:
      return fmt::format("raised {}: {}", outcome.exception_type, outcome.message);
    case StepStatus::unsupported:
      return "unsupported: " + outcome.message;
    case StepStatus::not_run:
      return "not run";
  }
  return "?";
}

}  // namespace

Judgement judge(const Expectation& expectation, const StepOutcome& outcome,
                const std::vector<std::string>& devices) {
  Judgement judgement;
  judgement.actual = describe(outcome, devices);
  switch (expectation.kind) {
    case ExpectKind::on_device:
      judgement.expected = "a result on " + device_text(expectation.device, devices);
      break;
    case ExpectKind::raises:
      judgement.expected =
          expectation.exceptions.empty()
              ? std::string("an exception")
              : fmt::format("an exception ({})", fmt::join(expectation.exceptions, " or "));
      break;
    case ExpectKind::either:
      judgement.expected = "a result or an exception (implementation-defined)";
      break;
    case ExpectKind::no_array:
      judgement.expected = "nothing (no device rule applies)";
      return judgement;
  }
  if (outcome.status == StepStatus::not_run) return judgement;
  if (outcome.status == StepStatus::unsupported) {
    judgement.verdict = Verdict::unsupported;
    return judgement;
  }
  switch (expectation.kind) {
    case ExpectKind::on_device: {
      if (outcome.status == StepStatus::raised) {
        judgement.verdict = Verdict::raised;
        break;
      }
      const bool all_there =
          !outcome.arrays.empty() &&
          std::all_of(outcome.arrays.begin(), outcome.arrays.end(),
                      [&](const ArrayReport& a) { return a.device == expectation.device; });
      judgement.verdict = all_there ? Verdict::pass : Verdict::fail;
      break;
    }
    case ExpectKind::raises: {
      if (outcome.status != StepStatus::raised) {
        judgement.verdict = Verdict::fail;
        break;
      }
      const auto& accepted = expectation.exceptions;
      const bool right_type =
          accepted.empty() ||
          std::find(accepted.begin(), accepted.end(), outcome.exception_type) != accepted.end();
      judgement.verdict = right_type ? Verdict::pass : Verdict::fail;
      break;
    }
    case ExpectKind::either:
      judgement.verdict = Verdict::pass;
      break;
    case ExpectKind::no_array:
      break;
  }
  return judgement;
}

std::string_view name(Verdict verdict) {
  switch (verdict) {
    case Verdict::pass:
      return "pass";
    case Verdict::fail:
      return "fail";
    case Verdict::raised:
      return "raised";
    case Verdict::unsupported:
      return "unsupported";
    case Verdict::not_judged:
      return "not_judged";
  }
  return "?";
}

}  // namespace conformance
