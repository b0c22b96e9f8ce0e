// info.*: __array_namespace_info__ (P2, P4, P21, P22): devices() is not empty, default_device()
// is one of them, every dtype dtypes(device=d) lists can be created on d, and default_dtypes(
// device=d) are the dtypes creation produces on d.
#include "family.hpp"

namespace conformance::families {
namespace {

CheckInfo info_info(std::string detail, std::string function, std::string_view spec,
                    std::string description) {
  return {.id = "info." + detail,
          .family = "info",
          .function = "info." + function,
          .level = Level::must,
          .spec = std::string(spec),
          .description = std::move(description)};
}

Expectation must_rule(std::string rule, std::string_view citation) {
  return {.kind = ExpectKind::on_device,
          .device = -1,
          .exceptions = {},
          .level = Level::must,
          .rule = std::move(rule),
          .citation = std::string(citation)};
}

// The verdict when a step the check reads did not give a value.
std::optional<detail::CaseVerdict> missing(const ProgramOutcome& outcome, int step,
                                           std::string_view op) {
  const auto& result = outcome.steps.at(static_cast<std::size_t>(step));
  if (result.status == StepStatus::ok) return std::nullopt;
  if (result.status == StepStatus::unsupported)
    return detail::CaseVerdict::unsupported_because(fmt::format("{}: {}", op, result.message));
  return detail::CaseVerdict::failed(
      step, must_rule(std::string(op) + " answers", ""), fmt::format("{} answers", op),
      fmt::format("{} raised {}: {}", op, result.exception_type, result.message));
}

Check with_program(CheckInfo info, std::string_view op,
                   std::function<rc::Gen<Program>(const Handshake&)> programs, detail::Judge judge,
                   int examples = 0) {
  return {info,
          [info, op = std::string(op), programs, judge, examples](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!handshake.features.namespace_info || !has_operation(handshake, op))
              return lacks(info, context, op);
            CheckContext run = context;
            if (examples > 0) run.examples = std::min(run.examples, examples);
            return detail::run_property(info, run, programs(handshake), judge);
          }};
}

Check devices_nonempty() {
  return with_program(
      info_info("devices.nonempty", "devices", spec_text::info_devices,
                "devices() lists at least one device"),
      "info.devices",
      [](const Handshake&) { return rc::gen::just(Program{{tested("info.devices", {})}}); },
      [](Adapter&, const Program&, const ProgramOutcome& outcome) {
        if (auto verdict = missing(outcome, 0, "devices()")) return *verdict;
        const auto& value = outcome.steps[0].value;
        if (value.is_array() && !value.empty()) return detail::CaseVerdict::passed();
        return detail::CaseVerdict::failed(
            0, must_rule("devices() is not empty", spec_text::info_devices),
            "a non-empty list of devices", "devices() returned " + value.dump());
      },
      1);
}

// devices() is a list before 2025.12 and a tuple from 2025.12 (P3), by the version judged.
Check devices_container() {
  const CheckInfo info =
      info_info("devices.container", "devices", spec_text::info_devices_container,
                "devices() answers a tuple from 2025.12, a list before (the version judged by)");
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!handshake.features.namespace_info || !has_operation(handshake, "info.devices"))
              return lacks(info, context, "info.devices");
            if (handshake.devices_container.empty())
              return detail::not_run(info, context, Status::skip,
                                     "no Python object to ask: the adapter reports no container "
                                     "type (a C++ API)");
            const std::string want =
                context.spec_version.empty() || context.spec_version >= "2025.12" ? "tuple"
                                                                                  : "list";
            auto judge = [want](Adapter& adapter, const Program&, const ProgramOutcome& outcome) {
              if (auto verdict = missing(outcome, 0, "devices()")) return *verdict;
              const auto& got = adapter.handshake().devices_container;
              if (got == want) return detail::CaseVerdict::passed();
              return detail::CaseVerdict::failed(
                  0,
                  with_python_check(
                      must_rule("devices() answers a " + want, spec_text::info_devices_container),
                      {fmt::format("assert type(x0) is {}, f\"{{RULE}}: expected "
                                   "{{EXPECTED}}, got {{type(x0).__name__}}\"",
                                   want)}),
                  "a " + want + " of devices", "a " + got);
            };
            CheckContext once = context;
            once.examples = 1;
            return detail::run_property(
                info, once, rc::gen::just(Program{{tested("info.devices", {})}}), judge);
          }};
}

Check default_device_in_devices() {
  return with_program(
      info_info("default_device.in_devices", "default_device", spec_text::info_default_device,
                "default_device() is one of devices() (None only from 2025.12)"),
      "info.default_device",
      [](const Handshake&) { return rc::gen::just(Program{{tested("info.default_device", {})}}); },
      [](Adapter& adapter, const Program&, const ProgramOutcome& outcome) {
        if (auto verdict = missing(outcome, 0, "default_device()")) return *verdict;
        const auto& value = outcome.steps[0].value;
        const auto& handshake = adapter.handshake();
        const auto rule =
            must_rule("default_device() is in devices()", spec_text::info_default_device);
        if (value.is_null()) {
          if (handshake.spec_version >= "2025.12") return detail::CaseVerdict::passed();
          return detail::CaseVerdict::failed(
              0, rule, "a device of devices()",
              fmt::format("None, which only 2025.12 allows ({} claims {})", handshake.library,
                          handshake.spec_version));
        }
        if (value.is_number_integer() && value.get<int>() >= 0 &&
            static_cast<std::size_t>(value.get<int>()) < handshake.devices.size())
          return detail::CaseVerdict::passed();
        return detail::CaseVerdict::failed(0, rule, "a device of devices()",
                                           "a device equal to none of devices(): " + value.dump());
      },
      1);
}

// dtypes(device=d), then zeros((2,), dtype=t, device=d) for every t the handshake lists for d.
Check dtypes_creatable() {
  return with_program(
      info_info("dtypes.creatable", "dtypes", spec_text::info_dtypes,
                "every dtype dtypes(device=d) lists can be created on d"),
      "info.dtypes",
      [](const Handshake& handshake) {
        return rc::gen::exec([hs = &handshake] {
          const int device = *any_device(*hs);
          Program program{{tested("info.dtypes", {}, {{"device", DeviceIndex{device}}})}};
          const auto dtypes = *whole_list(hs->devices[static_cast<std::size_t>(device)].dtypes);
          for (const auto& dtype : dtypes)
            program.steps.push_back(
                tested("zeros", {IntTuple{{2}}},
                       {{"dtype", DTypeName{dtype}}, {"device", DeviceIndex{device}}}));
          return program;
        });
      },
      [](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
        if (auto verdict = missing(outcome, 0, "dtypes(device=d)")) return *verdict;
        const auto& listed = outcome.steps[0].value;
        const int device = std::get<DeviceIndex>(program.steps[0].kwargs[0].value).index;
        const auto& repr = adapter.handshake().devices[static_cast<std::size_t>(device)].repr;
        for (std::size_t i = 1; i < program.steps.size(); ++i) {
          const auto& dtype = std::get<DTypeName>(program.steps[i].kwargs[0].value).name;
          const auto rule =
              must_rule("dtypes(device=d) are creatable on d", spec_text::info_dtypes);
          const bool listed_now =
              listed.is_array() &&
              std::find(listed.begin(), listed.end(), nlohmann::json(dtype)) != listed.end();
          if (!listed_now) continue;  // the handshake and this call disagree: judge this call
          const auto& result = outcome.steps[i];
          if (result.status == StepStatus::unsupported)  // zeros takes no device= (CuPy)
            return *detail::setup_step_verdict(adapter, program, outcome, static_cast<int>(i), "");
          const ArrayReport* array = first_array(outcome, static_cast<int>(i));
          if (array != nullptr && array->dtype == dtype && array->device == device) continue;
          return detail::CaseVerdict::failed(
              static_cast<int>(i), rule, fmt::format("a {} array on {}", dtype, repr),
              result.status == StepStatus::ok
                  ? fmt::format("a {} array on {}", array ? array->dtype : "?",
                                array ? array->device_repr : "?")
                  : fmt::format("raised {}: {}", result.exception_type, result.message));
        }
        return detail::CaseVerdict::passed();
      });
}

std::string dtype_of(const ProgramOutcome& outcome, int step) {
  const ArrayReport* array = first_array(outcome, step);
  return array ? array->dtype : "";
}

// default_dtypes(device=d) against asarray(1.0), asarray(1) and zeros(2), all with device=d.
Check default_dtypes_match() {
  return with_program(
      info_info("default_dtypes.match", "default_dtypes", spec_text::info_default_dtypes,
                "default_dtypes(device=d) are the dtypes creation produces on d"),
      "info.default_dtypes",
      [](const Handshake& handshake) {
        return rc::gen::map(any_device(handshake), [](int device) {
          const Keyword on{"device", DeviceIndex{device}};
          return Program{{tested("info.default_dtypes", {}, {on}), tested("asarray", {1.0}, {on}),
                          tested("asarray", {std::int64_t{1}}, {on}),
                          tested("zeros", {IntTuple{{2}}}, {on})}};
        });
      },
      [](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
        if (auto verdict = missing(outcome, 0, "default_dtypes(device=d)")) return *verdict;
        for (int step = 1; step < static_cast<int>(outcome.steps.size()); ++step)
          if (outcome.steps[static_cast<std::size_t>(step)].status == StepStatus::unsupported)
            return *detail::setup_step_verdict(adapter, program, outcome, step, "");
        const auto& defaults = outcome.steps[0].value;
        const auto rule = must_rule("default_dtypes(device=d) match creation on d",
                                    spec_text::info_default_dtypes);
        struct Probe {
          int step;
          const char* key;
          const char* call;
        };
        for (const Probe probe : {Probe{1, "real floating", "asarray(1.0, device=d)"},
                                  Probe{2, "integral", "asarray(1, device=d)"},
                                  Probe{3, "real floating", "zeros(2, device=d)"}}) {
          if (!defaults.contains(probe.key)) continue;
          const auto expected = defaults.at(probe.key).get<std::string>();
          const auto actual = dtype_of(outcome, probe.step);
          if (actual.empty())
            return detail::CaseVerdict::discarded(std::string(probe.call) + " raised");
          if (actual != expected)
            return detail::CaseVerdict::failed(probe.step, rule,
                                               fmt::format("{} of dtype {}", probe.call, expected),
                                               fmt::format("{} of dtype {}", probe.call, actual));
        }
        return detail::CaseVerdict::passed();
      },
      20);
}

}  // namespace

std::vector<Check> info_checks() {
  return {devices_nonempty(), devices_container(), default_device_in_devices(), dtypes_creatable(),
          default_dtypes_match()};
}

}  // namespace conformance::families
