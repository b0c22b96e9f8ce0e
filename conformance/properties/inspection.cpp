// info.capabilities.* and info.__array_namespace_info__.*: the inspection namespace's answers that
// reach across devices. capabilities() takes no device (a per-device form is only proposed,
// array-api#945), so what it claims holds on every device; and with device=None, dtypes() and
// default_dtypes() answer for the current device.
#include "family.hpp"

#include <optional>
#include <set>

namespace conformance::families {
namespace {

constexpr std::string_view kCapabilities = "info.capabilities";
constexpr std::string_view kNamespaceInfo = "info.__array_namespace_info__";

constexpr std::string_view kCapabilitiesSpec =
    "src/array_api_stubs/_2024_12/info.py::capabilities (no device parameter): \"boolean "
    "indexing\" must be True only \"If a conforming implementation fully supports boolean "
    "indexing\"; \"max dimensions\": \"maximum number of supported dimensions\" (None: any); "
    "spec/2024.12/API_specification/array_object.rst: \"must support, at minimum, array objects "
    "of rank ... 0, 1, 2, 3, and 4\". One answer for the library: it holds on every device.";

constexpr std::string_view kCurrentDeviceSpec =
    "src/array_api_stubs/_2024_12/info.py::dtypes and default_dtypes: \"If device is None, the "
    "returned data types must be the supported (default) data types for the current device\"; "
    "\"libraries supporting a device context should return the ... data types for the current "
    "device. For libraries without a context manager or supporting only a single device, those "
    "libraries should return the ... data types for the default device.\"";

CheckInfo inspection_info(std::string id, std::string_view function, Level level,
                          std::string_view spec, std::string description) {
  return {.id = "info." + std::move(id),
          .family = "info",
          .function = std::string(function),
          .level = level,
          .spec = std::string(spec),
          .description = std::move(description)};
}

// ---- capabilities ---------------------------------------------------------------------------

// The rank the claim promises: "max dimensions" when it is a (small) number, else 4, the least
// rank every library must support.
int promised_rank(const nlohmann::json& capabilities) {
  const auto max = capabilities.find("max dimensions");
  if (max != capabilities.end() && max->is_number_integer())
    return std::clamp(max->get<int>(), 0, 32);
  return 4;
}

bool claims_boolean_indexing(const nlohmann::json& capabilities) {
  const auto flag = capabilities.find("boolean indexing");
  return flag != capabilities.end() && flag->is_boolean() && flag->get<bool>();
}

// capabilities(), then on a device d: either zeros((1,) * rank, device=d), or (when boolean
// indexing is claimed) x[mask] with x and a bool mask of x's shape on d.
rc::Gen<Program> capability_programs(const Handshake& handshake, int rank, bool boolean_indexing) {
  return rc::gen::exec([hs = &handshake, rank, boolean_indexing] {
    const int device = *any_device(*hs);
    const Step query = tested(std::string(kCapabilities), {});
    if (!boolean_indexing || *rc::gen::arbitrary<bool>()) {
      return Program{
          {query,
           tested("zeros", {IntTuple{std::vector<std::int64_t>(static_cast<std::size_t>(rank), 1)}},
                  {{"device", DeviceIndex{device}}})}};
    }
    const auto shape = *generate::shape(1, 2);
    const auto values = *generate::data(shape, "int64");
    const auto mask = *generate::data(shape, "bool");
    return Program{
        {query,
         setup("asarray", {values},
               {{"dtype", DTypeName{"int64"}}, {"device", DeviceIndex{device}}}),
         setup("asarray", {mask}, {{"dtype", DTypeName{"bool"}}, {"device", DeviceIndex{device}}}),
         tested("array.__getitem__", {StepRef{1, 0}, StepRef{2, 0}})}};
  });
}

detail::CaseVerdict judge_capabilities(Adapter&, const Program& program,
                                       const ProgramOutcome& outcome) {
  const auto rule =
      value_rule("capabilities() holds on every device", kCapabilitiesSpec, Level::must);
  for (std::size_t i = 0; i < program.steps.size(); ++i) {
    const auto& result = outcome.steps.at(i);
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because(result.message);
    if (!program.steps[i].under_test && result.status != StepStatus::ok)
      return detail::CaseVerdict::discarded("an input could not be made");
  }
  const int last = static_cast<int>(program.steps.size()) - 1;
  const auto& result = outcome.steps[static_cast<std::size_t>(last)];
  const auto& step = program.steps.back();
  const bool indexing = step.op == "array.__getitem__";
  const int device = indexing ? std::get<DeviceIndex>(program.steps[1].kwargs[1].value).index
                              : std::get<DeviceIndex>(step.kwargs[0].value).index;
  const auto claim =
      indexing
          ? std::string("\"boolean indexing\": True")
          : fmt::format("\"max dimensions\": {}",
                        outcome.steps[0].value.value("max dimensions", nlohmann::json()).dump());
  if (result.status == StepStatus::ok) return detail::CaseVerdict::passed();
  return detail::CaseVerdict::failed(
      last, rule,
      fmt::format("{} works on devices[{}], as capabilities() claims {}",
                  indexing ? "x[mask]"
                           : fmt::format("an array of {} dimensions",
                                         std::get<IntTuple>(step.args[0]).values.size()),
                  device, claim),
      describe(result));
}

Check capabilities_every_device() {
  CheckInfo info = inspection_info(
      "capabilities.every_device", kCapabilities, Level::must, kCapabilitiesSpec,
      "what capabilities() claims holds on every device: boolean indexing when claimed, and "
      "arrays of \"max dimensions\" dimensions (4 when None)");
  return {info, [info](const CheckContext& context) {
            auto& adapter = context.adapter;
            const auto& handshake = adapter.handshake();
            if (!handshake.features.namespace_info || !has_operation(handshake, kCapabilities))
              return lacks(info, context, kCapabilities);
            // The claim decides which programs to make: ask once, then check it everywhere.
            const auto asked = adapter.run(Program{{tested(std::string(kCapabilities), {})}});
            if (asked.status != RunStatus::completed || asked.steps.empty() ||
                asked.steps[0].status != StepStatus::ok || !asked.steps[0].value.is_object())
              return detail::not_run(
                  info, context, Status::error,
                  "capabilities() did not answer a dictionary: " +
                      (asked.steps.empty() ? asked.detail : describe(asked.steps[0])));
            const auto& claims = asked.steps[0].value;
            CheckContext run = context;
            run.examples = std::min(run.examples, 30);
            return detail::run_property(info, run,
                                        capability_programs(handshake, promised_rank(claims),
                                                            claims_boolean_indexing(claims)),
                                        judge_capabilities);
          }};
}

// ---- dtypes() and default_dtypes() for the current device ----------------------------------

// [set_default_device(d)], __array_namespace_info__(), then dtypes() or default_dtypes().
rc::Gen<Program> current_device_programs(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    Program program;
    if (hs->features.set_default_device && (!hs->default_device || *rc::gen::arbitrary<bool>()))
      program.steps.push_back(
          setup(std::string(harness_op::set_default_device), {DeviceIndex{*any_device(*hs)}}));
    program.steps.push_back(tested(std::string(kNamespaceInfo), {}));
    program.steps.push_back(tested(
        *rc::gen::elementOf(std::vector<std::string>{"info.dtypes", "info.default_dtypes"}), {}));
    return program;
  });
}

detail::CaseVerdict judge_current_device(Adapter& adapter, const Program& program,
                                         const ProgramOutcome& outcome) {
  const auto& handshake = adapter.handshake();
  for (std::size_t i = 0; i < program.steps.size(); ++i) {
    const auto& result = outcome.steps.at(i);
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because(result.message);
    if (!program.steps[i].under_test && result.status != StepStatus::ok)
      return detail::CaseVerdict::discarded("the default device could not be set");
  }
  std::optional<int> current = handshake.default_device;
  if (program.steps.front().op == harness_op::set_default_device)
    current = std::get<DeviceIndex>(program.steps.front().args[0]).index;
  if (!current) return detail::CaseVerdict::discarded("no current device to compare with");
  const auto& device = handshake.devices.at(static_cast<std::size_t>(*current));
  const auto rule =
      value_rule("device=None answers for the current device", kCurrentDeviceSpec, Level::should);
  const int query = static_cast<int>(program.steps.size()) - 1;
  for (int step : {query - 1, query}) {
    const auto& result = outcome.steps[static_cast<std::size_t>(step)];
    if (result.status != StepStatus::ok)
      return detail::CaseVerdict::failed(
          step, rule, program.steps[static_cast<std::size_t>(step)].op + "() answers",
          describe(result));
  }
  const auto& value = outcome.steps[static_cast<std::size_t>(query)].value;
  const bool dtypes = program.steps.back().op == "info.dtypes";
  if (dtypes) {
    // A dictionary (name -> dtype) or a list of names: compare the names.
    std::set<std::string> listed;
    if (value.is_object())
      for (const auto& [name, dtype] : value.items())
        listed.insert(name);
    if (value.is_array())
      for (const auto& name : value)
        if (name.is_string()) listed.insert(name.get<std::string>());
    const std::set<std::string> expected(device.dtypes.begin(), device.dtypes.end());
    if (listed == expected) return detail::CaseVerdict::passed();
    return detail::CaseVerdict::failed(
        query, rule,
        fmt::format("dtypes() lists {}'s dtypes: {}", device.repr, fmt::join(expected, ", ")),
        describe(outcome.steps[static_cast<std::size_t>(query)]));
  }
  const auto name_of = [&](const char* key) {
    const auto it = value.find(key);
    return it != value.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (name_of("real floating") == device.default_float_dtype &&
      name_of("integral") == device.default_integer_dtype)
    return detail::CaseVerdict::passed();
  return detail::CaseVerdict::failed(
      query, rule,
      fmt::format("default_dtypes() of {}: real floating {}, integral {}", device.repr,
                  device.default_float_dtype, device.default_integer_dtype),
      describe(outcome.steps[static_cast<std::size_t>(query)]));
}

Check current_device() {
  CheckInfo info = inspection_info(
      "__array_namespace_info__.current_device", kNamespaceInfo, Level::should, kCurrentDeviceSpec,
      "the inspection namespace answers dtypes() and default_dtypes() (device=None) for the "
      "current device: the default, or the one harness.set_default_device made current");
  return {info, [info](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            for (std::string_view op : {kNamespaceInfo, std::string_view("info.dtypes"),
                                        std::string_view("info.default_dtypes")})
              if (!handshake.features.namespace_info || !has_operation(handshake, op))
                return lacks(info, context, op);
            if (!handshake.default_device && !handshake.features.set_default_device)
              return detail::not_run(info, context, Status::skip,
                                     "the library reports no default device and sets none");
            CheckContext run = context;
            run.examples = std::min(run.examples, 30);
            return detail::run_property(info, run, current_device_programs(handshake),
                                        judge_current_device);
          }};
}

}  // namespace

std::vector<Check> inspection_checks() {
  return {capabilities_every_device(), current_device()};
}

}  // namespace conformance::families
