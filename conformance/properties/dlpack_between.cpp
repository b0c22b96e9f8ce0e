// dlpack_between.*: arrays of a second library (the --peer, the producer) handed to the
// implementation's from_dlpack (the consumer), in one process. Where the result lands
// is judged through __dlpack_device__ of the result against the producer's (device objects of two
// libraries do not compare); whether data was shared through a write into the producer that the
// result shows or not; a refusal by its exception type.
#include <map>
#include <optional>
#include <set>

#include "family.hpp"

namespace conformance::families::between {
namespace {

constexpr std::string_view kFromDlpack = "from_dlpack";
constexpr std::string_view kDlpackDevice = "array.__dlpack_device__";
constexpr std::string_view kSetItem = "array.__setitem__";
constexpr std::string_view kDlpack = "array.__dlpack__";
constexpr std::string_view kGetItem = "array.__getitem__";
constexpr std::string_view kFloat = "array.__float__";
// The rules and keywords judged here came in 2023.12 (from_dlpack's device= and copy=, "must be on
// the same device as x"): _2023_12/creation_functions.py.
constexpr std::string_view kSince = "2023.12";
// Written into the producer's first element: no drawn data holds it (data are 1, 2, ...).
constexpr std::int64_t kWritten = 100;
// Dtypes whose small integers every library holds exactly and exports through DLPack.
const std::vector<std::string> kExchanged = {"float32", "float64", "int8",  "int16",
                                             "int32",   "int64",   "uint8", "float16"};

// The 2023.12 stub's words (src/array_api_stubs/_2023_12/creation_functions.py::from_dlpack;
// unchanged through 2025.12, docs/device-semantics 1.3).
constexpr std::string_view kStub =
    "src/array_api_stubs/_2023_12/creation_functions.py::from_dlpack";

std::string citation(std::string_view words) {
  return fmt::format("{}: {}", kStub, words);
}

const std::string kSameDeviceText = citation(
    "device: \"If device is None and x supports DLPack, the output array must be on the same "
    "device as x.\" Returns: \"an array containing the data in x.\"");
const std::string kDeviceText = citation(
    "device: \"device on which to place the created array.\" ... \"If the array library does not "
    "support such cases at all, the function must raise BufferError.\"");
const std::string kCopyFalseText = citation(
    "copy: \"If False, the function must never copy, and raise BufferError in case a copy is "
    "deemed necessary (e.g. if a cross-device data movement is requested, and it is not possible "
    "without a copy).\"");
const std::string kCopyTrueText = citation(
    "copy: \"boolean indicating whether or not to copy the input. If True, the function "
    "must always copy.\"");
const std::string kCrossDeviceText = citation(
    "copy: \"If False, the function must never copy, and raise BufferError in case a copy is "
    "deemed necessary (e.g. if a cross-device data movement is requested, ...)\"; device: \"If a "
    "copy must be made to enable this support but copy is set to False, the function must raise "
    "ValueError\"; Raises: \"ValueError: If data exchange is possible via an explicit copy but "
    "copy is set to False.\" The stub names both: either is accepted.");
// Should, not must: the stub's "must raise BufferError" is about device= cases the library does not
// support; for data it cannot import at all, its Raises section names BufferError (for the
// producer's export, "e.g., incompatible dtype, strides, or device"), which NumPy took as the
// consumer's exception too (numpy#30937, PR #31000).
const std::string kRefusalText = citation(
    "device: \"If the array library does not support such cases at all, the function must raise "
    "BufferError. If a copy must be made to enable this support but copy is set to False, the "
    "function must raise ValueError.\" Raises: \"BufferError: The __dlpack__ and "
    "__dlpack_device__ methods on the input array may raise BufferError when the data cannot be "
    "exported as DLPack (e.g., incompatible dtype, strides, or device). It may also raise other "
    "errors when export fails for other reasons ... from_dlpack must propagate such "
    "exceptions.\"; \"ValueError: If data exchange is possible via an explicit copy but copy is "
    "set to False.\"");

CheckInfo between_info(std::string detail, Level level, const std::string& spec,
                       std::string description) {
  return {.id = "dlpack_between.from_dlpack." + detail,
          .family = "dlpack_between",
          .function = std::string(kFromDlpack),
          .level = level,
          .spec = spec,
          .description = std::move(description),
          .since_version = std::string(kSince)};
}

Step on_peer(Step step) {
  step.peer = true;
  return step;
}

Step produced(int device, const std::string& dtype, int length) {
  Data data;
  data.shape = {length};
  for (int i = 0; i < length; ++i)
    data.values.push_back(i + 1);
  return on_peer(
      setup("asarray", {data}, {{"dtype", DTypeName{dtype}}, {"device", DeviceIndex{device}}}));
}

Step dlpack_device_of(int step, bool peer) {
  Step asked = setup(std::string(kDlpackDevice), {StepRef{step, 0}});
  asked.peer = peer;
  return asked;
}

// What both libraries answer for __dlpack_device__ on each of their devices, asked once per check:
// the devices that can export (torch's meta cannot) and which consumer devices are another DLPack
// device than a producer's. nullopt: it raised (the message is kept).
struct DlpackPairs {
  std::vector<std::optional<nlohmann::json>> producer{};
  std::vector<std::optional<nlohmann::json>> consumer{};
  std::vector<std::string> producer_refusals{};
};

DlpackPairs ask_pairs(Adapter& adapter) {
  const Handshake& handshake = adapter.handshake();
  const int produced_on = static_cast<int>(handshake.peer->devices.size());
  const int consumed_on = static_cast<int>(handshake.devices.size());
  Program program;
  for (int d = 0; d < produced_on; ++d) {
    program.steps.push_back(on_peer(
        setup("asarray", {Data{.values = {1}, .shape = {1}}}, {{"device", DeviceIndex{d}}})));
    program.steps.push_back(dlpack_device_of(2 * d, true));
  }
  for (int d = 0; d < consumed_on; ++d) {
    program.steps.push_back(
        setup("asarray", {Data{.values = {1}, .shape = {1}}}, {{"device", DeviceIndex{d}}}));
    program.steps.push_back(dlpack_device_of(2 * (produced_on + d), false));
  }
  const ProgramOutcome outcome = adapter.run(program);
  DlpackPairs pairs;
  for (int d = 0; d < produced_on + consumed_on; ++d) {
    const auto index = static_cast<std::size_t>(2 * d + 1);
    std::optional<nlohmann::json> pair;
    if (index < outcome.steps.size() && outcome.steps[index].status == StepStatus::ok)
      pair = outcome.steps[index].value;
    if (d < produced_on) {
      pairs.producer.push_back(pair);
      if (!pair && index < outcome.steps.size()) {
        // Where the array was not made, its asarray says why (CuPy's takes no device=), not
        // the __dlpack_device__ that had no array to ask.
        const StepOutcome& made = outcome.steps[index - 1];
        const std::string why = made.status == StepStatus::ok
                                    ? "__dlpack_device__() " + describe(outcome.steps[index])
                                    : "asarray(device=) " + describe(made);
        pairs.producer_refusals.push_back(
            fmt::format("{}: {}", handshake.peer->devices[static_cast<std::size_t>(d)].repr, why));
      }
    } else {
      pairs.consumer.push_back(pair);
    }
  }
  return pairs;
}

std::vector<int> known(const std::vector<std::optional<nlohmann::json>>& pairs) {
  std::vector<int> devices;
  for (std::size_t d = 0; d < pairs.size(); ++d)
    if (pairs[d]) devices.push_back(static_cast<int>(d));
  return devices;
}

// The dtypes to exchange: exact small integers that the producer's device and the consumer's
// target device hold (every consumer device without device=): a dtype a device does not list
// (array-api-strict's no_float64) is no DLPack question.
std::vector<std::string> exchanged_dtypes(const Handshake& handshake, int producer_device,
                                          int target) {
  const auto holds = [](const DeviceDescription& device, const std::string& dtype) {
    return std::find(device.dtypes.begin(), device.dtypes.end(), dtype) != device.dtypes.end();
  };
  std::vector<std::string> dtypes;
  for (const auto& dtype : kExchanged) {
    bool held = holds(handshake.peer->devices.at(static_cast<std::size_t>(producer_device)), dtype);
    for (std::size_t d = 0; d < handshake.devices.size(); ++d)
      if (target < 0 || static_cast<int>(d) == target)
        held = held && holds(handshake.devices[d], dtype);
    if (held) dtypes.push_back(dtype);
  }
  return dtypes;
}

// An array of the producer on one of `devices`, for the consumer's device `target` (-1: none).
rc::Gen<Step> producer_array(const Handshake& handshake, const std::vector<int>& devices,
                             int target = -1) {
  return rc::gen::exec([hs = &handshake, devices, target] {
    const int device = *rc::gen::elementOf(devices);
    auto dtypes = exchanged_dtypes(*hs, device, target);
    if (dtypes.empty()) dtypes.push_back("float32");
    const auto dtype = *rc::gen::elementOf(dtypes);
    const int length = *rc::gen::inRange(1, 5);
    return produced(device, dtype, length);
  });
}

// A raise of from_dlpack where a result was due: a refusal, which `refusal` judges by its type.
// When no case ever runs, the check is unsupported with this reason (the consumer refuses every
// such array of the producer, which the stub allows with BufferError).
detail::CaseVerdict refused(const StepOutcome& result) {
  if (result.status == StepStatus::unsupported)
    return detail::CaseVerdict::unsupported_because("from_dlpack: " + result.message);
  return detail::CaseVerdict::discarded(
      fmt::format("from_dlpack refused: {}: {}", result.exception_type, result.message),
      detail::DiscardCause::raises_on_one_device);
}

std::optional<detail::CaseVerdict> producer_failed(const ProgramOutcome& outcome) {
  const auto& made = outcome.steps.at(0);
  if (made.status == StepStatus::ok) return std::nullopt;
  return detail::CaseVerdict::discarded("the producer did not make its array: " + describe(made));
}

// A must-rule whose step raises one of `exceptions`: a reproduction asserts the type.
Expectation raises_rule(std::string rule, std::vector<std::string> exceptions,
                        const std::string& citation, Level level = Level::must) {
  return {.kind = ExpectKind::raises,
          .device = -1,
          .exceptions = std::move(exceptions),
          .level = level,
          .rule = std::move(rule),
          .citation = citation};
}

std::string pair_text(const nlohmann::json& pair) {
  return pair.dump();
}

using PairsCheck =
    std::function<CheckResult(const CheckInfo&, const CheckContext&, const DlpackPairs&)>;

// What every check needs before it draws: a loaded peer that exports, a consumer with
// from_dlpack, and the DLPack pairs of both.
Check between_check(CheckInfo info, PairsCheck body) {
  return {info, [info, body](const CheckContext& context) {
            const Handshake& handshake = context.adapter.handshake();
            if (!handshake.peer)
              return detail::not_run(info, context, Status::skip,
                                     "needs a second library: --peer python:<module>");
            if (!handshake.peer_error.empty())
              return detail::not_run(info, context, Status::error, handshake.peer_error);
            if (!has_operation(handshake, kFromDlpack)) return lacks(info, context, kFromDlpack);
            if (!has_operation(*handshake.peer, kDlpackDevice))
              return detail::not_run(
                  info, context, Status::unsupported,
                  fmt::format("the producer {} has no __dlpack_device__", handshake.peer->library));
            const DlpackPairs pairs = ask_pairs(context.adapter);
            if (known(pairs.producer).empty())
              return detail::not_run(
                  info, context, Status::unsupported,
                  fmt::format("the producer {} exports from no device: {}", handshake.peer->library,
                              fmt::join(pairs.producer_refusals, "; ")));
            return body(info, context, pairs);
          }};
}

// dlpack_between.from_dlpack.same_device: consumer.from_dlpack(x) on x's DLPack device, with x's
// data.
Check same_device_check() {
  const CheckInfo info = between_info(
      "same_device", Level::must, kSameDeviceText,
      "consumer.from_dlpack(x) of a producer's array is on x's DLPack device, with x's data");
  return between_check(info, [](const CheckInfo& info, const CheckContext& context,
                                const DlpackPairs& pairs) {
    const auto producers = known(pairs.producer);
    auto programs = rc::gen::exec([hs = &context.adapter.handshake(), producers] {
      // Last, the producer's own capsule: where it says the data is, when the result follows it
      // rather than x.__dlpack_device__() (JAX's cpu:1 exports (kDLCPU, 1) and answers (1, 0)).
      Program program{{*producer_array(*hs, producers), dlpack_device_of(0, true),
                       tested(std::string(kFromDlpack), {StepRef{0, 0}}),
                       dlpack_device_of(2, false),
                       on_peer(setup(std::string(kDlpack), {StepRef{0, 0}}))}};
      program.read_values = true;
      return program;
    });
    auto judge = [](Adapter&, const Program& program, const ProgramOutcome& outcome) {
      if (auto verdict = producer_failed(outcome)) return *verdict;
      const auto& source = outcome.steps.at(1);
      const auto& result = outcome.steps.at(2);
      const auto& landed = outcome.steps.at(3);
      if (source.status != StepStatus::ok)
        return detail::CaseVerdict::discarded("the producer's __dlpack_device__ " +
                                              describe(source));
      if (result.status != StepStatus::ok) return refused(result);
      if (landed.status != StepStatus::ok)
        return detail::CaseVerdict::discarded("the result's __dlpack_device__ " + describe(landed));
      const auto rule = [](std::string what) {
        return with_python_check(
            value_rule(what, kSameDeviceText),
            {"assert tuple(x2.__dlpack_device__()) == tuple(x1), f\"{RULE}: the result is on "
             "{x2.__dlpack_device__()}, the producer's array on {x1}\"",
             "assert [float(v) for v in x2] == [float(v) for v in x0], f\"{RULE}: {x2!r} holds "
             "other data than {x0!r}\""});
      };
      if (landed.value != source.value) {
        const auto& capsule = outcome.steps.at(4);
        const bool told = capsule.status == StepStatus::ok && capsule.value.is_object() &&
                          capsule.value.contains("device");
        auto failed = detail::CaseVerdict::failed(
            2, rule("from_dlpack(x) lands on x's DLPack device"),
            fmt::format("a result on {} (x.__dlpack_device__(), x on the producer's {})",
                        pair_text(source.value), outcome.steps[0].arrays.front().device_repr),
            fmt::format("a result on {} ({}){}", pair_text(landed.value),
                        result.arrays.front().device_repr,
                        told ? fmt::format("; the producer's own x.__dlpack__() capsule says {}",
                                           pair_text(capsule.value["device"]))
                             : std::string()));
        failed.keep_steps = 3;
        return failed;
      }
      const auto& data = std::get<Data>(program.steps[0].args[0]).values;
      const auto& values = result.arrays.front().values;
      if (values && *values != data) {
        auto failed = detail::CaseVerdict::failed(2, rule("from_dlpack(x) holds x's data"),
                                                  fmt::format("[{}]", fmt::join(data, ", ")),
                                                  fmt::format("[{}]", fmt::join(*values, ", ")));
        failed.keep_steps = 3;
        return failed;
      }
      return detail::CaseVerdict::passed();
    };
    return detail::run_property(info, context, programs, judge);
  });
}

// dlpack_between.from_dlpack.device: consumer.from_dlpack(x, device=d) is on d (the consumer's own
// device comparison) and on d's DLPack device.
Check device_check() {
  const CheckInfo info =
      between_info("device", Level::should, kDeviceText,
                   "consumer.from_dlpack(x, device=d) of a producer's array is on d, or refuses");
  return between_check(info, [](const CheckInfo& info, const CheckContext& context,
                                const DlpackPairs& pairs) {
    const auto producers = known(pairs.producer);
    const auto targets = known(pairs.consumer);
    if (targets.empty())
      return detail::not_run(info, context, Status::unsupported,
                             "no device of the consumer answers __dlpack_device__");
    auto programs = rc::gen::exec([hs = &context.adapter.handshake(), producers, targets] {
      const int to = *rc::gen::elementOf(targets);
      return Program{
          {*producer_array(*hs, producers, to),
           setup("asarray", {Data{.values = {0}, .shape = {1}}}, {{"device", DeviceIndex{to}}}),
           tested(std::string(kFromDlpack), {StepRef{0, 0}}, {{"device", DeviceIndex{to}}}),
           dlpack_device_of(2, false), dlpack_device_of(1, false)}};
    });
    auto judge = [](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
      if (auto verdict = producer_failed(outcome)) return *verdict;
      const auto& target = outcome.steps.at(1);
      const auto& result = outcome.steps.at(2);
      if (target.status != StepStatus::ok)
        return detail::CaseVerdict::discarded("the target array " + describe(target));
      if (result.status != StepStatus::ok) return refused(result);
      const int to = std::get<DeviceIndex>(*find_keyword(program.steps[2], "device")).index;
      const auto& landed = outcome.steps.at(3);
      const auto& wanted = outcome.steps.at(4);
      const ArrayReport& array = result.arrays.front();
      const auto rule = with_python_check(
          value_rule("from_dlpack(x, device=d) lands on d", kDeviceText, Level::should),
          {fmt::format("assert x2.device == devices[{}], f\"{{RULE}}: the result is on "
                       "{{x2.device}}\"",
                       to),
           "assert tuple(x2.__dlpack_device__()) == tuple(x1.__dlpack_device__()), f\"{RULE}: the "
           "result is on {x2.__dlpack_device__()}, d on {x1.__dlpack_device__()}\""});
      const auto& repr = adapter.handshake().devices.at(static_cast<std::size_t>(to)).repr;
      if (array.device != to) {
        auto failed = detail::CaseVerdict::failed(2, rule, "a result on " + repr,
                                                  "a result on " + array.device_repr);
        failed.keep_steps = 3;
        return failed;
      }
      if (landed.status == StepStatus::ok && wanted.status == StepStatus::ok &&
          landed.value != wanted.value)
        return detail::CaseVerdict::failed(
            2, rule,
            fmt::format("a result on {}'s DLPack device {}", repr, pair_text(wanted.value)),
            fmt::format("a result whose __dlpack_device__ is {}", pair_text(landed.value)));
      return detail::CaseVerdict::passed();
    };
    return detail::run_property(info, context, programs, judge);
  });
}

// dlpack_between.from_dlpack.copy_false.shares / copy_true.copies: a write into the producer's
// array after from_dlpack(x, copy=...) shows in the result exactly when memory was shared.
Check copy_check(bool copy) {
  const CheckInfo info =
      copy ? between_info("copy_true.copies", Level::must, kCopyTrueText,
                          "consumer.from_dlpack(x, copy=True) copies: a write into x after it "
                          "does not show in the result")
           : between_info("copy_false.shares", Level::must, kCopyFalseText,
                          "consumer.from_dlpack(x, copy=False) shares x's memory: a write into x "
                          "after it shows in the result (or it refuses)");
  return between_check(
      info, [copy](const CheckInfo& info, const CheckContext& context, const DlpackPairs& pairs) {
        const Handshake& handshake = context.adapter.handshake();
        if (!has_operation(*handshake.peer, kSetItem))
          return detail::not_run(info, context, Status::unsupported,
                                 fmt::format("the producer {} has no __setitem__ to write with",
                                             handshake.peer->library));
        for (const Handshake* side : {handshake.peer.get(), &handshake})
          for (std::string_view op : {kGetItem, kFloat})
            if (!has_operation(*side, op))
              return detail::not_run(
                  info, context, Status::unsupported,
                  fmt::format("{} has no {} to read a value with", side->library, op));
        const auto producers = known(pairs.producer);
        // The result is first read after the write, as float(x1[0]): a library that keeps a
        // host copy of an array once read (JAX on a GPU) would otherwise show the value before
        // the write, shared memory or not. float(x0[0]) first makes the write complete on the
        // producer's stream before the consumer reads.
        auto programs = rc::gen::exec([hs = &handshake, producers, copy] {
          return Program{{*producer_array(*hs, producers),
                          tested(std::string(kFromDlpack), {StepRef{0, 0}}, {{"copy", copy}}),
                          on_peer(setup(std::string(kSetItem),
                                        {StepRef{0, 0}, std::int64_t{0}, std::int64_t{kWritten}})),
                          on_peer(setup(std::string(kGetItem), {StepRef{0, 0}, std::int64_t{0}})),
                          on_peer(setup(std::string(kFloat), {StepRef{3, 0}})),
                          setup(std::string(kGetItem), {StepRef{1, 0}, std::int64_t{0}}),
                          setup(std::string(kFloat), {StepRef{5, 0}})}};
        });
        auto judge = [copy](Adapter&, const Program&, const ProgramOutcome& outcome) {
          if (auto verdict = producer_failed(outcome)) return *verdict;
          const auto& result = outcome.steps.at(1);
          if (result.status != StepStatus::ok) return refused(result);
          const auto& write = outcome.steps.at(2);
          if (write.status != StepStatus::ok)
            return detail::CaseVerdict::unsupported_because(fmt::format(
                "the producer's arrays cannot be written, so sharing cannot be seen: x[0] = {} {}",
                kWritten, describe(write)));
          const nlohmann::json& written = outcome.steps.at(4).value;
          const nlohmann::json& seen = outcome.steps.at(6).value;
          if (!written.is_number() || !seen.is_number())
            return detail::CaseVerdict::values_unreadable("float(x0[0]) or float(x1[0])");
          if (written.get<double>() != kWritten)
            return detail::CaseVerdict::discarded("the producer's write did not take");
          const bool shared = seen.get<double>() == kWritten;
          if (shared != copy) return detail::CaseVerdict::passed();
          const auto rule = with_python_check(
              value_rule(copy ? "from_dlpack(x, copy=True) copies"
                              : "from_dlpack(x, copy=False) "
                                "shares memory",
                         copy ? kCopyTrueText : kCopyFalseText),
              {fmt::format("x0[0] = {}  # write into the producer's array", kWritten),
               fmt::format("assert (float(x1[0]) == {}) == {}, f\"{{RULE}}: after x0[0] = {}, "
                           "x1[0] is {{float(x1[0])}}\"",
                           kWritten, copy ? "False" : "True", kWritten)});
          return detail::CaseVerdict::failed(
              1, rule,
              copy ? "a copy: x0[0] = 100 afterwards leaves the result's first value as it was"
                   : "shared memory: x0[0] = 100 afterwards shows in the result",
              fmt::format("the result's first value is {} after the write ({})", seen.get<double>(),
                          shared ? "memory is shared" : "it was copied"));
        };
        return detail::run_property(info, context, programs, judge);
      });
}

// dlpack_between.from_dlpack.copy_false.cross_device: device=d on another DLPack device than x's,
// with copy=False, raises BufferError or ValueError.
Check cross_device_check() {
  const CheckInfo info = between_info(
      "copy_false.cross_device", Level::must, kCrossDeviceText,
      "consumer.from_dlpack(x, device=d, copy=False) with d another DLPack device than x's raises "
      "BufferError or ValueError");
  return between_check(info, [](const CheckInfo& info, const CheckContext& context,
                                const DlpackPairs& pairs) {
    // Devices without a DLPack pair (torch's meta) hold no producer's memory: another device too.
    std::vector<std::pair<int, int>> crossings;
    for (int from : known(pairs.producer))
      for (std::size_t to = 0; to < pairs.consumer.size(); ++to)
        if (pairs.consumer[to] != pairs.producer[static_cast<std::size_t>(from)])
          crossings.emplace_back(from, static_cast<int>(to));
    if (crossings.empty())
      return detail::not_run(info, context, Status::skip,
                             "every device of the consumer is the producer's DLPack device: no "
                             "data movement to refuse");
    auto programs = rc::gen::exec([hs = &context.adapter.handshake(), crossings] {
      const auto [from, to] = *rc::gen::elementOf(crossings);
      return Program{
          {*producer_array(*hs, {from}, to), dlpack_device_of(0, true),
           setup("asarray", {Data{.values = {0}, .shape = {1}}}, {{"device", DeviceIndex{to}}}),
           dlpack_device_of(2, false),
           tested(std::string(kFromDlpack), {StepRef{0, 0}},
                  {{"device", DeviceIndex{to}}, {"copy", false}})}};
    });
    auto judge = [](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
      if (auto verdict = producer_failed(outcome)) return *verdict;
      const auto& result = outcome.steps.at(4);
      if (result.status == StepStatus::unsupported)
        return detail::CaseVerdict::unsupported_because("from_dlpack: " + result.message);
      const Expectation rule =
          raises_rule("from_dlpack(x, device=d, copy=False) across DLPack devices raises",
                      {"BufferError", "ValueError"}, kCrossDeviceText);
      const int to = std::get<DeviceIndex>(*find_keyword(program.steps[4], "device")).index;
      const auto& repr = adapter.handshake().devices.at(static_cast<std::size_t>(to)).repr;
      const auto& target = outcome.steps.at(3);
      const std::string where =
          target.status == StepStatus::ok ? pair_text(target.value) : "no DLPack device";
      if (result.status == StepStatus::ok)
        return detail::CaseVerdict::failed(
            4, rule,
            fmt::format("BufferError or ValueError: {} ({}) is another DLPack device than x's {}",
                        repr, where, pair_text(outcome.steps.at(1).value)),
            "a result on " + result.arrays.front().device_repr);
      if (result.exception_type == "BufferError" || result.exception_type == "ValueError")
        return detail::CaseVerdict::passed();
      return detail::CaseVerdict::failed(
          4, rule, "BufferError or ValueError",
          fmt::format("{}: {}", result.exception_type, result.message));
    };
    return detail::run_property(info, context, programs, judge);
  });
}

// dlpack_between.from_dlpack.refusal: whatever from_dlpack refuses, it refuses with the stub's
// exceptions: BufferError, ValueError with copy=False, or what the producer's own
// __dlpack_device__ or __dlpack__ (asked as the consumer asks it) raised, propagated.
Check refusal_check() {
  const CheckInfo info = between_info(
      "refusal", Level::should, kRefusalText,
      "a refusal of consumer.from_dlpack(x, device=, copy=) raises BufferError (ValueError with "
      "copy=False; or what the producer's own x.__dlpack_device__() or x.__dlpack__() raises)");
  return between_check(info, [](const CheckInfo& info, const CheckContext& context,
                                const DlpackPairs& pairs) {
    const Handshake& handshake = context.adapter.handshake();
    auto programs = rc::gen::exec([hs = &handshake, consumer = pairs.consumer] {
      std::vector<int> everywhere;
      for (std::size_t d = 0; d < hs->peer->devices.size(); ++d)
        everywhere.push_back(static_cast<int>(d));
      // The consumer's call, and the producer's own export it asks for (the same dl_device and
      // copy), whose exception the consumer must propagate.
      std::vector<Keyword> keywords, export_keywords;
      int target = -1;
      if (*rc::gen::arbitrary<bool>()) {
        target = *rc::gen::inRange(0, static_cast<int>(hs->devices.size()));
        keywords.push_back({"device", DeviceIndex{target}});
        const auto& pair = consumer[static_cast<std::size_t>(target)];
        if (pair && pair->is_array())
          export_keywords.push_back(
              {"dl_device", IntTuple{pair->get<std::vector<std::int64_t>>()}});
      }
      const int copy = *rc::gen::inRange(0, 3);  // 0: omitted, 1: False, 2: True
      if (copy > 0) {
        keywords.push_back({"copy", copy == 2});
        export_keywords.push_back({"copy", copy == 2});
      }
      return Program{{*producer_array(*hs, everywhere, target), dlpack_device_of(0, true),
                      tested(std::string(kFromDlpack), {StepRef{0, 0}}, keywords),
                      on_peer(setup(std::string(kDlpack), {StepRef{0, 0}}, export_keywords))}};
    });
    auto judge = [](Adapter&, const Program& program, const ProgramOutcome& outcome) {
      if (auto verdict = producer_failed(outcome)) return *verdict;
      const auto& result = outcome.steps.at(2);
      if (result.status == StepStatus::ok) return detail::CaseVerdict::passed();
      if (result.status != StepStatus::raised)
        return detail::CaseVerdict::discarded("from_dlpack " + describe(result),
                                              detail::DiscardCause::unsupported_on_device);
      std::vector<std::string> accepted{"BufferError"};
      const Value* copy = find_keyword(program.steps[2], "copy");
      if (copy != nullptr && *copy == Value{false}) accepted.emplace_back("ValueError");
      // "from_dlpack must propagate such exceptions": what the producer's own
      // __dlpack_device__ or __dlpack__ (as the consumer calls it) raised.
      for (const auto& source : {outcome.steps.at(1), outcome.steps.at(3)})
        if (source.status == StepStatus::raised &&
            std::find(accepted.begin(), accepted.end(), source.exception_type) == accepted.end())
          accepted.push_back(source.exception_type);
      if (std::find(accepted.begin(), accepted.end(), result.exception_type) != accepted.end())
        return detail::CaseVerdict::passed();
      const Expectation rule =
          raises_rule("from_dlpack refuses with BufferError (ValueError for copy=False)", accepted,
                      kRefusalText, Level::should);
      auto failed =
          detail::CaseVerdict::failed(2, rule, fmt::format("{}", fmt::join(accepted, " or ")),
                                      fmt::format("{}: {}", result.exception_type, result.message));
      failed.keep_steps = 3;
      return failed;
    };
    return detail::run_property(info, context, programs, judge);
  });
}

}  // namespace
}  // namespace conformance::families::between

namespace conformance {

const std::vector<Check>& peer_checks() {
  using namespace families::between;
  static const std::vector<Check> checks = {
      same_device_check(), device_check(),       copy_check(false),
      copy_check(true),    cross_device_check(), refusal_check(),
  };
  return checks;
}

}  // namespace conformance
