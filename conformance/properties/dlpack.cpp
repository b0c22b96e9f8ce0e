// dlpack.*: __dlpack_device__ agrees with .device (P25), __dlpack__() exports where the array is
// (P26), from_dlpack keeps the device without device= (P29), obeys device= (P30), and refuses a
// cross-device copy=False (P31).
#include <map>

#include "family.hpp"

namespace conformance::families {
namespace {

constexpr std::string_view kDlpackDevice = "array.__dlpack_device__";
constexpr std::string_view kFromDlpack = "from_dlpack";
constexpr std::string_view kDlpack = "array.__dlpack__";

constexpr std::string_view kDlpackExportSpec =
    "src/array_api_stubs/_2024_12/array_object.py::__dlpack__: dl_device \"Default is None, "
    "meaning the exported capsule should be on the same device as self is\"; \"Implementations "
    "should raise BufferError when the data cannot be exported as DLPack\".";

CheckInfo dlpack_info(std::string detail, std::string function, Level level, std::string_view spec,
                      std::string description) {
  return {.id = "dlpack." + detail,
          .family = "dlpack",
          .function = std::move(function),
          .level = level,
          .spec = std::string(spec),
          .description = std::move(description)};
}

Expectation dlpack_rule(std::string rule) {
  return {.kind = ExpectKind::no_array,
          .device = -1,
          .exceptions = {},
          .level = Level::must,
          .rule = std::move(rule),
          .citation = std::string(spec_text::dlpack_device)};
}

// x0 on a, x1 on b, then __dlpack_device__ of each.
rc::Gen<Program> two_dlpack_devices(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const int a = *any_device(*hs);
    const int b = *any_device(*hs);
    return Program{{*array_on(*hs, a), *array_on(*hs, b),
                    tested(std::string(kDlpackDevice), {StepRef{0, 0}}),
                    tested(std::string(kDlpackDevice), {StepRef{1, 0}})}};
  });
}

// from_dlpack's stub (2023.12 on), Raises: "The __dlpack__ and __dlpack_device__ methods on the
// input array may raise BufferError when the data cannot be exported as DLPack (e.g.,
// incompatible dtype, strides, or device). It may also raise other errors when export fails for
// other reasons". A library that cannot export (ndonnx) is allowed to raise there: the case says
// nothing about devices, and a library that raises on every case lacks DLPack (unsupported).
std::optional<detail::CaseVerdict> export_refused(const StepOutcome& result, std::string_view op) {
  if (result.status == StepStatus::ok) return std::nullopt;
  return detail::CaseVerdict::discarded(
      fmt::format("{} raised {}: {} (the data cannot be exported as DLPack)", op,
                  result.exception_type, result.message),
      detail::DiscardCause::raises_on_one_device);
}

std::optional<detail::CaseVerdict> unusable(Adapter& adapter, const Program& program,
                                            const ProgramOutcome& outcome) {
  for (int step : {0, 1})
    if (auto verdict =
            detail::setup_step_verdict(adapter, program, outcome, step, "asarray raised"))
      return verdict;
  for (int step : {2, 3}) {
    const auto& result = outcome.steps.at(static_cast<std::size_t>(step));
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because("__dlpack_device__: " + result.message);
    if (auto verdict = export_refused(result, "__dlpack_device__")) return verdict;
  }
  return std::nullopt;
}

bool valid_pair(const nlohmann::json& value) {
  static const std::vector<int> kTypes = {1, 2, 3, 4, 7, 8, 9, 10, 13, 14};
  return value.is_array() && value.size() == 2 && value[0].is_number_integer() &&
         value[1].is_number_integer() && value[1].get<int>() >= 0 &&
         std::find(kTypes.begin(), kTypes.end(), value[0].get<int>()) != kTypes.end();
}

Check dlpack_device_check(CheckInfo info, detail::Judge judge) {
  return {info, [info, judge](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, kDlpackDevice))
              return lacks(info, context, kDlpackDevice);
            return detail::run_property(info, context, two_dlpack_devices(handshake), judge);
          }};
}

detail::CaseVerdict judge_valid(Adapter& adapter, const Program& program,
                                const ProgramOutcome& outcome) {
  if (auto verdict = unusable(adapter, program, outcome)) return *verdict;
  for (int step : {2, 3}) {
    const auto& value = outcome.steps[static_cast<std::size_t>(step)].value;
    if (!valid_pair(value))
      return detail::CaseVerdict::failed(
          step, dlpack_rule("__dlpack_device__ is a valid DLPack device"),
          "(type, id) with type in {1,2,3,4,7,8,9,10,13,14} and id >= 0", value.dump());
  }
  return detail::CaseVerdict::passed();
}

// One device, one pair. Distinct devices may share a pair: fake devices that live in host memory
// honestly report (kDLCPU, 0) each (array-api-strict#219 shows what claiming otherwise costs), so
// that is recorded by distinct_pairs_check(), never failed here.
detail::CaseVerdict judge_agrees(Adapter& adapter, const Program& program,
                                 const ProgramOutcome& outcome) {
  if (auto verdict = unusable(adapter, program, outcome)) return *verdict;
  const ArrayReport* x = first_array(outcome, 0);
  const ArrayReport* y = first_array(outcome, 1);
  const auto& dx = outcome.steps[2].value;
  const auto& dy = outcome.steps[3].value;
  if (x->device != y->device || dx == dy) return detail::CaseVerdict::passed();
  return detail::CaseVerdict::failed(
      3, dlpack_rule("__dlpack_device__ is one pair per device"),
      fmt::format("the same DLPack device for two arrays on {}", x->device_repr),
      fmt::format("{} and {}", dx.dump(), dy.dump()));
}

// Informational: which devices share a DLPack pair, from one array on each. Always `pass` (or
// skip/unsupported when it cannot be asked); the reason records what was seen.
Check distinct_pairs_check() {
  CheckInfo info =
      dlpack_info("dlpack_device.distinct", std::string(kDlpackDevice), Level::informational,
                  spec_text::dlpack_device,
                  "records which devices share a DLPack device pair (devices in host memory may "
                  "all be kDLCPU: never a failure)");
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, kDlpackDevice))
              return lacks(info, context, kDlpackDevice);
            if (handshake.devices.size() < 2) return needs_two_devices(info, context);
            const int count = static_cast<int>(handshake.devices.size());
            Program program;
            for (int d = 0; d < count; ++d)
              program.steps.push_back(setup("asarray", {Data{.values = {0}, .shape = {1}}},
                                            {{"device", DeviceIndex{d}}}));
            for (int d = 0; d < count; ++d)
              program.steps.push_back(tested(std::string(kDlpackDevice), {StepRef{d, 0}}));
            const ProgramOutcome outcome = context.adapter.run(program);
            std::map<std::string, std::vector<std::string>> by_pair;
            for (int d = 0; d < count; ++d) {
              const auto index = static_cast<std::size_t>(count + d);
              const auto& repr = handshake.devices[static_cast<std::size_t>(d)].repr;
              if (index >= outcome.steps.size() || outcome.steps[index].status != StepStatus::ok)
                continue;  // a device without data or DLPack (torch's meta): nothing to record
              by_pair[outcome.steps[index].value.dump()].push_back(repr);
            }
            std::vector<std::string> shared;
            for (const auto& [pair, devices] : by_pair)
              if (devices.size() > 1)
                shared.push_back(fmt::format("{} share {}", fmt::join(devices, ", "), pair));
            CheckResult result = detail::not_run(
                info, context, Status::pass,
                shared.empty()
                    ? fmt::format("{} device(s) answered, each with its own pair", by_pair.size())
                    : fmt::format("informational: {}", fmt::join(shared, "; ")));
            result.cases = 1;
            return result;
          }};
}

Check from_dlpack_check(CheckInfo info, generate::DeviceKeyword keyword) {
  return {info, [info, keyword](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, kFromDlpack)) return lacks(info, context, kFromDlpack);
            generate::CallOptions options;
            options.spec_version = context.spec_version;
            options.device_keyword = keyword;
            return detail::run_property(info, context,
                                        generate::call(kFromDlpack, options, handshake),
                                        detail::judge_with_oracle);
          }};
}

// from_dlpack's copy: "If False, the function must never copy, and raise BufferError in case a
// copy is deemed necessary (e.g., if a cross-device data movement is requested, ...)". Devices
// that share one DLPack device (array-api-strict's fake devices, all (kDLCPU, 0) in host memory)
// need no data movement: a zero-copy result on the requested device keeps the rule. So a result
// where the oracle wants a raise is judged again after asking both devices' __dlpack_device__.
detail::CaseVerdict judge_copy_false(Adapter& adapter, const Program& program,
                                     const ProgramOutcome& outcome) {
  auto verdict = detail::judge_with_oracle(adapter, program, outcome);
  const auto& result = outcome.steps.at(1);
  if (verdict.kind != detail::CaseVerdict::Kind::fail || result.status != StepStatus::ok ||
      result.arrays.empty())
    return verdict;
  const int to = std::get<DeviceIndex>(*find_keyword(program.steps[1], "device")).index;
  if (result.arrays[0].device != to) return verdict;
  Step on_target = program.steps[0];  // the same input, made on the requested device
  bool moved = false;
  for (auto& keyword : on_target.kwargs) {
    if (keyword.name != "device") continue;
    keyword.value = DeviceIndex{to};
    moved = true;
  }
  if (!moved) return verdict;
  const auto pairs = adapter.run(
      Program{{program.steps[0], on_target, setup(std::string(kDlpackDevice), {StepRef{0, 0}}),
               setup(std::string(kDlpackDevice), {StepRef{1, 0}})}});
  if (pairs.steps.size() == 4 && pairs.steps[2].status == StepStatus::ok &&
      pairs.steps[3].status == StepStatus::ok && pairs.steps[2].value == pairs.steps[3].value)
    return detail::CaseVerdict::passed();  // one DLPack device: nothing to move
  return verdict;
}

// from_dlpack(x, device=other, copy=False): where a copy is needed, it raises.
Check copy_false_check() {
  CheckInfo info = dlpack_info("from_dlpack.copy_false", std::string(kFromDlpack), Level::must,
                               spec_text::from_dlpack_copy_false,
                               "from_dlpack(x, device=other, copy=False) raises BufferError or "
                               "ValueError");
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, kFromDlpack)) return lacks(info, context, kFromDlpack);
            if (handshake.devices.size() < 2) return needs_two_devices(info, context);
            auto programs = rc::gen::exec([hs = &handshake] {
              const auto [from, to] = *two_devices(*hs);
              return Program{
                  {*array_on(*hs, from), tested(std::string(kFromDlpack), {StepRef{0, 0}},
                                                {{"device", DeviceIndex{to}}, {"copy", false}})}};
            });
            return detail::run_property(info, context, programs, judge_copy_false);
          }};
}

// x0 on d, x0.__dlpack_device__(), x0.__dlpack__() under test: the capsule is on x0's device.
// An export that raises passes (the stub allows BufferError for data it cannot export); adapters
// that cannot see into a capsule report no "device" and pass once it answers.
Check export_same_device_check() {
  CheckInfo info =
      dlpack_info("__dlpack__.same_device", std::string(kDlpack), Level::should, kDlpackExportSpec,
                  "x.__dlpack__() (dl_device=None) exports a capsule on x's own DLPack device");
  return {
      info, [info](const CheckContext& context) {
        const auto& handshake = context.adapter.handshake();
        for (std::string_view op : {kDlpack, kDlpackDevice})
          if (!has_operation(handshake, op)) return lacks(info, context, op);
        auto programs = rc::gen::exec([hs = &handshake] {
          return Program{{*array_on(*hs, *any_device(*hs)),
                          setup(std::string(kDlpackDevice), {StepRef{0, 0}}),
                          tested(std::string(kDlpack), {StepRef{0, 0}})}};
        });
        auto judge = [](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
          if (auto verdict =
                  detail::setup_step_verdict(adapter, program, outcome, 0, "the array is missing"))
            return *verdict;
          // A device that cannot be asked (torch's meta) is drawn again elsewhere.
          const auto& asked = outcome.steps.at(1);
          if (asked.status == StepStatus::unsupported)
            return *detail::setup_step_verdict(adapter, program, outcome, 1,
                                               "the array's DLPack device is missing");
          const auto& exported = outcome.steps.at(2);
          if (exported.status == StepStatus::unsupported)
            return detail::CaseVerdict::unsupported_because("__dlpack__: " + exported.message);
          if (exported.status != StepStatus::ok) return detail::CaseVerdict::passed();
          // The export answered: where it landed is compared with __dlpack_device__'s answer.
          if (auto verdict = export_refused(asked, "__dlpack_device__")) return *verdict;
          if (!exported.value.is_object() || !exported.value.contains("device"))
            return detail::CaseVerdict::passed();
          const auto& where = outcome.steps[1].value;
          if (exported.value["device"] == where) return detail::CaseVerdict::passed();
          Expectation rule{.kind = ExpectKind::no_array,
                           .device = -1,
                           .exceptions = {},
                           .level = Level::should,
                           .rule = "__dlpack__() exports on the array's device",
                           .citation = std::string(kDlpackExportSpec)};
          return detail::CaseVerdict::failed(
              2, rule,
              fmt::format("a capsule on {} (x.__dlpack_device__() of an array on {})", where.dump(),
                          first_array(outcome, 0)->device_repr),
              "a capsule on " + exported.value["device"].dump());
        };
        return detail::run_property(info, context, programs, judge);
      }};
}

}  // namespace

std::vector<Check> dlpack_checks() {
  return {
      dlpack_device_check(
          dlpack_info("dlpack_device.valid", std::string(kDlpackDevice), Level::must,
                      spec_text::dlpack_device,
                      "__dlpack_device__() is a (DLDeviceType, id) tuple of a listed type"),
          judge_valid),
      dlpack_device_check(dlpack_info("dlpack_device.agrees", std::string(kDlpackDevice),
                                      Level::must, spec_text::dlpack_device,
                                      "arrays on the same device report the same DLPack device"),
                          judge_agrees),
      distinct_pairs_check(),
      from_dlpack_check(
          dlpack_info("from_dlpack.same_device", std::string(kFromDlpack), Level::must,
                      spec_text::from_dlpack_device, "from_dlpack(x) is on x's device"),
          generate::DeviceKeyword::omitted),
      from_dlpack_check(dlpack_info("from_dlpack.device", std::string(kFromDlpack), Level::should,
                                    spec_text::explicit_device, "from_dlpack(x, device=d) is on d"),
                        generate::DeviceKeyword::drawn),
      copy_false_check(),
      export_same_device_check(),
  };
}

}  // namespace conformance::families
