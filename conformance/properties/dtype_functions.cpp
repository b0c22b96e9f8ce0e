// dtype_functions.*: the data type functions with an array argument answer for the array's device
// (P24): can_cast(x, dtype) and result_type(x, ...) follow "the type promotion graph of the array
// device" (2024.12), finfo(x) and iinfo(x) describe x's dtype on every device, and the dtypes a
// device lists are distinct dtypes, as isdtype sees them. result_type of arrays on different
// devices is left to the library: recorded, never failed.
#include <algorithm>

#include "family.hpp"

#include <optional>

namespace conformance::families {
namespace {

constexpr std::string_view kCanCastSpec =
    "src/array_api_stubs/_2024_12/data_type_functions.py::can_cast: \"When from_ is an array, the "
    "function must determine whether the data type of the array can be cast to the desired data "
    "type according to the type promotion graph of the array device. As not all devices can "
    "support all data types, full support for type promotion rules ... may not be possible. "
    "Accordingly, the output of can_cast(array, dtype) may differ from can_cast(array.dtype, "
    "dtype).\"";

constexpr std::string_view kResultTypeSpec =
    "src/array_api_stubs/_2024_12/data_type_functions.py::result_type: \"If at least one argument "
    "is an array, the function must determine the resulting dtype according to the type "
    "promotion graph of the array device which is shared among all array arguments. ... the "
    "returned dtype may differ from that determined from the complete type promotion graph\"; "
    "spec/2024.12/API_specification/type_promotion.rst gives the graph within each kind.";

constexpr std::string_view kResultTypeMixedSpec =
    "src/array_api_stubs/_2024_12/data_type_functions.py::result_type: \"If two or more arguments "
    "are arrays belonging to different devices, behavior is unspecified and thus "
    "implementation-dependent. Conforming implementations may choose to ignore device attributes, "
    "raise an exception, or some other behavior.\"";

constexpr std::string_view kFinfoSpec =
    "src/array_api_stubs/_2024_12/data_type_functions.py::finfo: \"type: Union[dtype, array] -- "
    "the kind of floating-point data-type about which to get information. If complex, the "
    "information is about its component data type.\" An array stands for its dtype, on whatever "
    "device it is.";

constexpr std::string_view kIinfoSpec =
    "src/array_api_stubs/_2024_12/data_type_functions.py::iinfo: \"type: Union[dtype, array] -- "
    "the kind of integer data-type about which to get information.\" An array stands for its "
    "dtype, on whatever device it is.";

constexpr std::string_view kIsdtypeSpec =
    "src/array_api_stubs/_2024_12/info.py::dtypes: \"Specification-conforming array libraries "
    "must only return supported data types having expected properties ... if a library decides "
    "to alias float32 as float64, that library must not include float64\" (per device); "
    "data_type_functions.py::isdtype: \"If kind is a dtype, the function must return a boolean "
    "indicating whether the input dtype is equal to the dtype specified by kind.\"";

CheckInfo dtype_info(std::string detail, std::string function, Level level, std::string_view spec,
                     std::string description) {
  return {.id = "dtype_functions." + function + "." + detail,
          .family = "dtype_functions",
          .function = std::move(function),
          .level = level,
          .spec = std::string(spec),
          .description = std::move(description)};
}

const std::vector<std::string>& device_dtypes(const Handshake& handshake, int device) {
  return handshake.devices.at(static_cast<std::size_t>(device)).dtypes;
}

bool lists(const std::vector<std::string>& dtypes, std::string_view dtype) {
  return std::find(dtypes.begin(), dtypes.end(), dtype) != dtypes.end();
}

// A device that holds every standard dtype has the complete promotion graph: there the array
// forms must agree with the dtype forms.
bool holds_every_dtype(const Handshake& handshake, int device) {
  for (const auto& dtype : generate::dtypes_in_category("any"))
    if (!lists(device_dtypes(handshake, device), dtype)) return false;
  return true;
}

std::vector<std::string> listed_in(const Handshake& handshake, int device,
                                   std::string_view category) {
  std::vector<std::string> out;
  for (const auto& dtype : generate::dtypes_in_category(category))
    if (lists(device_dtypes(handshake, device), dtype)) out.push_back(dtype);
  return out;
}

// asarray(<data>, dtype=dtype, device=device), not judged.
rc::Gen<Step> array_of(int device, std::string dtype) {
  return rc::gen::exec([device, dtype] {
    const auto shape = *generate::shape(0, 2);
    const auto data = *generate::data(shape, dtype);
    return setup("asarray", {data}, {{"dtype", DTypeName{dtype}}, {"device", DeviceIndex{device}}});
  });
}

// The verdict when step `step` did not run as a setup step should, or the library lacks the
// step under test, or (`raises_judged` false) a step under test raised on one device too;
// nullopt when everything ran.
std::optional<detail::CaseVerdict> not_usable(Adapter& adapter, const Program& program,
                                              const ProgramOutcome& outcome,
                                              const std::vector<int>& setups,
                                              const std::vector<int>& tested_steps,
                                              bool raises_judged = false) {
  for (int step : setups)
    if (auto verdict = detail::setup_step_verdict(adapter, program, outcome, step,
                                                  "an input could not be made"))
      return verdict;
  for (int step : tested_steps) {
    const auto& result = outcome.steps.at(static_cast<std::size_t>(step));
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because(result.message);
    if (result.status == StepStatus::not_run)
      return detail::CaseVerdict::discarded("a step did not run");
    // A call form the library lacks wherever the array is (torch's finfo of a tensor) is no
    // device rule's failure.
    if (raises_judged) continue;
    if (auto verdict = detail::raises_on_one_device_too(adapter, program, outcome, step))
      return verdict;
  }
  return std::nullopt;
}

Check value_check(CheckInfo info, std::vector<std::string> operations,
                  std::function<rc::Gen<Program>(const Handshake&)> programs, detail::Judge judge,
                  int examples = 0, bool needs_two = false) {
  return {info, [=](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            for (const auto& op : operations)
              if (!has_operation(handshake, op)) return lacks(info, context, op);
            if (needs_two && handshake.devices.size() < 2) return needs_two_devices(info, context);
            CheckContext run = context;
            if (examples > 0) run.examples = std::min(run.examples, examples);
            return detail::run_property(info, run, programs(handshake), judge);
          }};
}

// ---- can_cast ---------------------------------------------------------------------------------

// x0 = asarray(dtype=t, device=d); can_cast(x0, u) under test; can_cast(t, u), the dtype form.
rc::Gen<Program> can_cast_programs(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const int device = *any_device(*hs);
    const auto& held = device_dtypes(*hs, device);
    const auto from =
        *rc::gen::elementOf(held.empty() ? generate::dtypes_in_category("any") : held);
    // Any standard dtype as the target: one the device lacks must give False.
    const auto to = *rc::gen::elementOf(generate::dtypes_in_category("any"));
    return Program{{*array_of(device, from), tested("can_cast", {StepRef{0, 0}, DTypeName{to}}),
                    tested("can_cast", {DTypeName{from}, DTypeName{to}})}};
  });
}

// Whether some device of the library lists `dtype`.
bool listed_anywhere(const Handshake& handshake, const std::string& dtype) {
  return std::any_of(handshake.devices.begin(), handshake.devices.end(),
                     [&](const DeviceDescription& device) { return lists(device.dtypes, dtype); });
}

detail::CaseVerdict judge_can_cast(Adapter& adapter, const Program& program,
                                   const ProgramOutcome& outcome) {
  const auto& handshake = adapter.handshake();
  const auto& to = std::get<DTypeName>(program.steps[1].args[1]).name;
  // A dtype the library has on no device may have no name there at all (torch 1.13's uint64):
  // refusing to name it says nothing about can_cast. (JAX names float64 that no device lists,
  // and its answer is judged.)
  const auto refused = [&](int step) {
    return outcome.steps.at(static_cast<std::size_t>(step)).status == StepStatus::unsupported;
  };
  if ((refused(1) || refused(2)) && !listed_anywhere(handshake, to))
    return detail::CaseVerdict::discarded("the library has no dtype " + to + " on any device");
  if (auto verdict = not_usable(adapter, program, outcome, {0}, {1, 2})) return *verdict;
  const ArrayReport* x = first_array(outcome, 0);
  const int device = x->device;
  const auto& answer = outcome.steps[1];
  const auto rule =
      value_rule("can_cast(array, dtype) follows the array device's graph", kCanCastSpec);
  const std::string call =
      fmt::format("can_cast(<{} array on {}>, {})", x->dtype, x->device_repr, to);
  const auto checked = [&](std::string condition) {
    return with_python_check(
        rule,
        {fmt::format("assert {}, f\"{{RULE}}: expected {{EXPECTED}}, got {{x1!r}}\"", condition)});
  };
  if (answer.status != StepStatus::ok || !answer.value.is_boolean())
    return detail::CaseVerdict::failed(1, checked("isinstance(x1, bool)"),
                                       call + " answers True or False",
                                       call + " " + describe(answer));
  if (device < 0) return detail::CaseVerdict::discarded("the array is on an unlisted device");
  const bool can = answer.value.get<bool>();
  if (!lists(device_dtypes(handshake, device), to) && can)
    return detail::CaseVerdict::failed(
        1, checked("x1 is False"),
        fmt::format("{} is False: {} does not list {}", call, x->device_repr, to),
        call + " is True");
  const auto& dtype_form = outcome.steps[2];
  if (!holds_every_dtype(handshake, device) || dtype_form.status != StepStatus::ok ||
      !dtype_form.value.is_boolean())
    return detail::CaseVerdict::passed();
  if (dtype_form.value.get<bool>() == can) return detail::CaseVerdict::passed();
  return detail::CaseVerdict::failed(
      1, checked(fmt::format("x1 == xp.can_cast(xp.{}, xp.{})", x->dtype, to)),
      fmt::format("{} == can_cast({}, {}) ({}): {} holds every dtype", call, x->dtype, to,
                  dtype_form.value.get<bool>(), x->device_repr),
      fmt::format("{} is {}", call, can));
}

// ---- result_type ------------------------------------------------------------------------------

// A standard dtype's kind and size: 'b' bool, 'i' signed, 'u' unsigned, 'f' real floating,
// 'c' complex floating (bits per component).
struct Kind {
  char kind = 'b';
  int bits = 8;
};

Kind kind_of(std::string_view dtype) {
  const auto bits = [&](std::string_view prefix) {
    return std::stoi(std::string(dtype.substr(prefix.size())));
  };
  if (dtype.starts_with("uint")) return {'u', bits("uint")};
  if (dtype.starts_with("int")) return {'i', bits("int")};
  if (dtype.starts_with("float")) return {'f', bits("float")};
  if (dtype.starts_with("complex")) return {'c', bits("complex") / 2};
  return {'b', 8};
}

std::string dtype_named(Kind k) {
  switch (k.kind) {
    case 'i':
      return fmt::format("int{}", k.bits);
    case 'u':
      return fmt::format("uint{}", k.bits);
    case 'f':
      return fmt::format("float{}", k.bits);
    case 'c':
      return fmt::format("complex{}", 2 * k.bits);
    default:
      return "bool";
  }
}

// The standard's promotion of two dtypes of one kind (type_promotion.rst); nullopt across kinds
// (unspecified) and for uint64 with a signed integer (no such promotion).
std::optional<std::string> promoted(std::string_view a, std::string_view b) {
  const Kind x = kind_of(a);
  const Kind y = kind_of(b);
  if (x.kind == y.kind) return dtype_named({x.kind, std::max(x.bits, y.bits)});
  const auto mixed = [](Kind s, Kind u) -> std::optional<std::string> {
    const int bits = std::max(s.bits, 2 * u.bits);
    if (bits > 64) return std::nullopt;
    return dtype_named({'i', bits});
  };
  if (x.kind == 'i' && y.kind == 'u') return mixed(x, y);
  if (x.kind == 'u' && y.kind == 'i') return mixed(y, x);
  if ((x.kind == 'f' && y.kind == 'c') || (x.kind == 'c' && y.kind == 'f'))
    return dtype_named({'c', std::max(x.bits, y.bits)});
  return std::nullopt;
}

// One to three arrays on one device, of dtypes of one kind that device lists, then result_type
// of all of them under test.
rc::Gen<Program> result_type_programs(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const int device = *any_device(*hs);
    std::vector<std::vector<std::string>> kinds;
    for (const char* category : {"boolean", "integer", "floating"}) {
      auto dtypes = listed_in(*hs, device, category);
      if (!dtypes.empty()) kinds.push_back(std::move(dtypes));
    }
    if (kinds.empty()) kinds.push_back(generate::dtypes_in_category("any"));
    const auto dtypes = *rc::gen::elementOf(kinds);
    const int count = *rc::gen::inRange(1, 4);
    Program program;
    RefList inputs;
    for (int i = 0; i < count; ++i) {
      program.steps.push_back(*array_of(device, *rc::gen::elementOf(dtypes)));
      inputs.refs.push_back(StepRef{i, 0});
    }
    program.steps.push_back(tested("result_type", {inputs}));
    return program;
  });
}

detail::CaseVerdict judge_result_type(Adapter& adapter, const Program& program,
                                      const ProgramOutcome& outcome) {
  const int call = static_cast<int>(program.steps.size()) - 1;
  std::vector<int> inputs;
  for (int i = 0; i < call; ++i)
    inputs.push_back(i);
  if (auto verdict = not_usable(adapter, program, outcome, inputs, {call})) return *verdict;
  const auto& handshake = adapter.handshake();
  const ArrayReport* first = first_array(outcome, 0);
  const int device = first->device;
  if (device < 0) return detail::CaseVerdict::discarded("the arrays are on an unlisted device");
  std::optional<std::string> expected = first->dtype;
  std::vector<std::string> names;
  for (int i : inputs) {
    const ArrayReport* x = first_array(outcome, i);
    names.push_back(x->dtype);
    if (expected) expected = promoted(*expected, x->dtype);
  }
  if (!expected) return detail::CaseVerdict::discarded("the standard has no such promotion");
  const auto& held = device_dtypes(handshake, device);
  std::vector<std::string> held_names;
  for (const auto& dtype : held)
    held_names.push_back("xp." + dtype);
  const std::string result = fmt::format("x{}", call);
  const std::string condition =
      holds_every_dtype(handshake, device)
          ? fmt::format("{} == xp.{}", result, *expected)
          : fmt::format("{} in ({},)", result, fmt::join(held_names, ", "));
  const auto rule = with_python_check(
      value_rule("result_type of arrays follows their device's promotion graph", kResultTypeSpec),
      {fmt::format("assert {}, f\"{{RULE}}: expected {{EXPECTED}}, got {{{}!r}}\"", condition,
                   result)});
  const std::string text =
      fmt::format("result_type of {} arrays on {}", fmt::join(names, ", "), first->device_repr);
  const auto& answer = outcome.steps[static_cast<std::size_t>(call)];
  if (answer.status != StepStatus::ok) {
    // With the promoted dtype on the device, the device's graph has the answer.
    if (!lists(held, *expected)) return detail::CaseVerdict::discarded("the device lacks it");
    return detail::CaseVerdict::failed(
        call, rule, fmt::format("{}: {}, which {} lists", text, *expected, first->device_repr),
        describe(answer));
  }
  if (!answer.value.is_string())
    return detail::CaseVerdict::failed(call, rule, text + ": a dtype",
                                       "answered " + answer.value.dump());
  const auto got = answer.value.get<std::string>();
  if (!lists(held, got))
    return detail::CaseVerdict::failed(
        call, rule, fmt::format("{}: a dtype {} lists", text, first->device_repr),
        fmt::format("{}, which {} does not list", got, first->device_repr));
  if (holds_every_dtype(handshake, device) && got != *expected)
    return detail::CaseVerdict::failed(
        call, rule,
        fmt::format("{}: {} ({} holds every dtype: the complete graph)", text, *expected,
                    first->device_repr),
        got);
  return detail::CaseVerdict::passed();
}

// x0 on a, x1 on b (a != b), result_type(x0, x1): any outcome is allowed; the result records it.
rc::Gen<Program> result_type_mixed_programs(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const auto [a, b] = *two_devices(*hs);
    return Program{{*array_on(*hs, a), *array_on(*hs, b),
                    tested("result_type", {RefList{{StepRef{0, 0}, StepRef{1, 0}}}})}};
  });
}

detail::CaseVerdict judge_result_type_recorded(Adapter& adapter, const Program& program,
                                               const ProgramOutcome& outcome) {
  std::vector<int> setups;
  std::vector<int> tested_steps;
  for (std::size_t i = 0; i < program.steps.size(); ++i)
    (program.steps[i].under_test ? tested_steps : setups).push_back(static_cast<int>(i));
  // A raise is a recorded answer here (the spec leaves mixed devices to the library).
  if (auto verdict = not_usable(adapter, program, outcome, setups, tested_steps, true))
    return *verdict;
  return detail::CaseVerdict::passed();
}

// ---- finfo and iinfo --------------------------------------------------------------------------

// x0 = asarray(dtype=t, device=d) for t of `category` that d lists; info(x0) under test, then
// info(t).
rc::Gen<Program> info_programs(const Handshake& handshake, std::string op, std::string category) {
  return rc::gen::exec([hs = &handshake, op, category] {
    std::vector<int> devices;
    for (int d = 0; d < static_cast<int>(hs->devices.size()); ++d)
      if (!listed_in(*hs, d, category).empty()) devices.push_back(d);
    const int device = devices.empty() ? 0 : *rc::gen::elementOf(devices);
    auto dtypes = listed_in(*hs, device, category);
    if (dtypes.empty()) dtypes = generate::dtypes_in_category(category);
    const auto dtype = *rc::gen::elementOf(dtypes);
    return Program{
        {*array_of(device, dtype), tested(op, {StepRef{0, 0}}), tested(op, {DTypeName{dtype}})}};
  });
}

detail::Judge judge_info(std::string op, std::string_view citation) {
  return [op, citation](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
    if (auto verdict = not_usable(adapter, program, outcome, {0}, {1, 2})) return *verdict;
    const ArrayReport* x = first_array(outcome, 0);
    const auto& dtype = std::get<DTypeName>(program.steps[2].args[0]).name;
    const Kind kind = kind_of(dtype);
    const std::string fields = op == "finfo" ? "bits, eps, max, min" : "bits, max, min";
    const auto rule = with_python_check(
        value_rule(op + "(x) describes x's dtype on every device", citation),
        {fmt::format("expected = xp.{}(xp.{})", op, dtype),
         fmt::format("assert x1.bits == {}, f\"{{RULE}}: expected bits {}, got {{x1.bits}}\"",
                     kind.bits, kind.bits),
         fmt::format("for field in \"{}\".split(\", \"):", fields),
         "    assert getattr(x1, field) == getattr(expected, field), "
         "f\"{RULE}: {field} differs: {getattr(x1, field)!r}\""});
    const auto& of_array = outcome.steps[1];
    const auto& of_dtype = outcome.steps[2];
    const std::string call = fmt::format("{}(<{} array on {}>)", op, x->dtype, x->device_repr);
    if (of_array.status != StepStatus::ok)
      return detail::CaseVerdict::failed(1, rule, call + " answers",
                                         call + " " + describe(of_array));
    if (of_dtype.status != StepStatus::ok)
      return detail::CaseVerdict::failed(2, rule, fmt::format("{}({}) answers", op, dtype),
                                         describe(of_dtype));
    // "If complex, the information is about its component data type": bits of one component.
    const auto bits = of_array.value.find("bits");
    if (bits != of_array.value.end() && bits->is_number_integer() && bits->get<int>() != kind.bits)
      return detail::CaseVerdict::failed(1, rule, fmt::format("{} with bits {}", call, kind.bits),
                                         call + " " + describe(of_array));
    if (of_array.value == of_dtype.value) return detail::CaseVerdict::passed();
    return detail::CaseVerdict::failed(
        1, rule, fmt::format("{} == {}({}) = {}", call, op, dtype, of_dtype.value.dump()),
        call + " " + describe(of_array));
  };
}

// ---- isdtype ----------------------------------------------------------------------------------

// isdtype(t, u) for pairs of dtypes that one device lists, u often equal to t.
rc::Gen<Program> isdtype_programs(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const int device = *any_device(*hs);
    auto held = device_dtypes(*hs, device);
    if (held.empty()) held = generate::dtypes_in_category("any");
    const int count = *rc::gen::inRange(1, 7);
    Program program;
    for (int i = 0; i < count; ++i) {
      const auto t = *rc::gen::elementOf(held);
      const auto u = *rc::gen::weightedOneOf<std::string>(
          {{1, rc::gen::just(t)}, {3, rc::gen::elementOf(held)}});
      program.steps.push_back(tested("isdtype", {DTypeName{t}, DTypeName{u}}));
    }
    return program;
  });
}

detail::CaseVerdict judge_isdtype(Adapter&, const Program& program, const ProgramOutcome& outcome) {
  for (std::size_t i = 0; i < program.steps.size(); ++i) {
    const auto& result = outcome.steps.at(i);
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because(result.message);
    const auto& t = std::get<DTypeName>(program.steps[i].args[0]).name;
    const auto& u = std::get<DTypeName>(program.steps[i].args[1]).name;
    const bool expected = t == u;
    if (result.status == StepStatus::ok && result.value.is_boolean() &&
        result.value.get<bool>() == expected)
      continue;
    return detail::CaseVerdict::failed(
        static_cast<int>(i), value_rule("listed dtypes are distinct dtypes", kIsdtypeSpec),
        fmt::format("isdtype({}, {}) is {}", t, u, expected ? "True" : "False"), describe(result));
  }
  return detail::CaseVerdict::passed();
}

}  // namespace

std::vector<Check> dtype_function_checks() {
  return {
      value_check(dtype_info("array_device", "can_cast", Level::must, kCanCastSpec,
                             "can_cast(x, dtype) answers for an array on any device: False for a "
                             "dtype x's device does not list, and as can_cast(x.dtype, dtype) on "
                             "a device that holds every dtype"),
                  {"can_cast"}, can_cast_programs, judge_can_cast),
      value_check(dtype_info("array_device", "result_type", Level::must, kResultTypeSpec,
                             "result_type of arrays on one device is a dtype that device lists: "
                             "the standard's promotion where the device holds it"),
                  {"result_type"}, result_type_programs, judge_result_type),
      value_check(
          dtype_info("mixed_devices", "result_type", Level::informational, kResultTypeMixedSpec,
                     "result_type of arrays on different devices: any outcome (the "
                     "standard leaves it to the library)"),
          {"result_type"}, result_type_mixed_programs, judge_result_type_recorded, 20, true),
      value_check(
          dtype_info("array_on_any_device", "finfo", Level::must, kFinfoSpec,
                     "finfo(x) for a floating-point array on any device answers as "
                     "finfo(x.dtype)"),
          {"finfo"}, [](const Handshake& h) { return info_programs(h, "finfo", "floating"); },
          judge_info("finfo", kFinfoSpec), 30),
      value_check(
          dtype_info("array_on_any_device", "iinfo", Level::must, kIinfoSpec,
                     "iinfo(x) for an integer array on any device answers as "
                     "iinfo(x.dtype)"),
          {"iinfo"}, [](const Handshake& h) { return info_programs(h, "iinfo", "integer"); },
          judge_info("iinfo", kIinfoSpec), 30),
      value_check(dtype_info("device_dtypes_distinct", "isdtype", Level::must, kIsdtypeSpec,
                             "the dtypes dtypes(device=d) lists are distinct: isdtype(t, u) is "
                             "True exactly when t is u"),
                  {"isdtype"}, isdtype_programs, judge_isdtype, 30),
  };
}

}  // namespace conformance::families
