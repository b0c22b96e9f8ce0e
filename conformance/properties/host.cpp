// host.*: what an array tells the host. The conversions __bool__, __int__, __float__, __complex__
// and __index__ of a 0-d array on the default device give its value (must); off the default
// device the standard says nothing, so there they are recorded only. __array_namespace__ gives
// one namespace for arrays on every device, and dtype, ndim, shape and size are readable on every
// device.
#include "family.hpp"

#include <cmath>
#include <optional>

namespace conformance::families {
namespace {

constexpr std::string_view kConversionSpec =
    "src/array_api_stubs/_2024_12/array_object.py::__bool__/__int__/__float__/__complex__/"
    "__index__: \"Converts a zero-dimensional array to a Python bool (int, float, complex) "
    "object\"; \"out: a Python ... object representing the single element of the array\".";

constexpr std::string_view kConversionOffDeviceSpec =
    "src/array_api_stubs/_2024_12/array_object.py::__bool__ (and __int__, __float__, __complex__, "
    "__index__): the text names no device; only \"Lazy implementations ... should raise a "
    "ValueError instead\" (2023.12). Off the default device (array-api-strict raises "
    "RuntimeError, a GPU library may synchronise) the outcome is the library's.";

constexpr std::string_view kNamespaceSpec =
    "src/array_api_stubs/_2024_12/array_object.py::__array_namespace__: \"Returns an object that "
    "has all the array API functions on it\"; with api_version=None \"it should return the "
    "namespace corresponding to latest version\": the same for an array on any device.";

constexpr std::string_view kAttributeSpec =
    "src/array_api_stubs/_2024_12/array_object.py: dtype \"Data type of the array elements\", "
    "ndim \"Number of array dimensions\", shape \"Array dimensions\", size \"Number of elements "
    "in an array ... This must equal the product of the array's dimensions\"; spec/2024.12/"
    "API_specification/array_object.rst: \"Apart from array object attributes, such as ndim, "
    "device, and dtype, all operations in this standard return arrays\": attributes are host "
    "values on every device.";

CheckInfo host_info(std::string id, std::string function, Level level, std::string_view spec,
                    std::string description) {
  return {.id = "host." + std::move(id),
          .family = "host",
          .function = std::move(function),
          .level = level,
          .spec = std::string(spec),
          .description = std::move(description)};
}

// The verdict when the input did not build or the library lacks the call; nullopt otherwise.
std::optional<detail::CaseVerdict> not_usable(Adapter& adapter, const Program& program,
                                              const ProgramOutcome& outcome, int inputs) {
  for (int step = 0; step < inputs; ++step)
    if (auto verdict = detail::setup_step_verdict(adapter, program, outcome, step,
                                                  "an input could not be made"))
      return verdict;
  for (std::size_t step = static_cast<std::size_t>(inputs); step < outcome.steps.size(); ++step) {
    const auto& result = outcome.steps[step];
    if (result.status == StepStatus::unsupported)
      return detail::CaseVerdict::unsupported_because(result.message);
    if (result.status == StepStatus::not_run)
      return detail::CaseVerdict::discarded("a step did not run");
  }
  return std::nullopt;
}

// ---- Conversions of a 0-d array ---------------------------------------------------------------

struct Conversion {
  std::string op;           // "array.__bool__"
  std::string category;     // the dtypes it is drawn with: "boolean", "integer", "real floating"
  std::string python_type;  // "bool"
};

// Each conversion is drawn with its own kind of dtype only, the one every spec version since
// 2021.12 allows: 2023.12 widened __bool__/__int__/__float__ to any numeric dtype, but that is a
// dtype rule, not a device rule, and a library following 2021.12 (numpy.array_api) must not fail
// a device check for it.
const std::vector<Conversion>& conversions() {
  static const std::vector<Conversion> all{
      {"array.__bool__", "boolean", "bool"},
      {"array.__int__", "integer", "int"},
      {"array.__float__", "real floating", "float"},
      {"array.__complex__", "real floating", "complex"},
      {"array.__index__", "integer", "int"},
  };
  return all;
}

// The dtypes `device` lists of the conversion's kind; complex ones left out (values stay exact and
// __bool__'s complex special cases are not about devices).
std::vector<std::string> conversion_dtypes(const Handshake& handshake, int device,
                                           const Conversion& conversion) {
  std::vector<std::string> out;
  for (const auto& dtype : handshake.devices.at(static_cast<std::size_t>(device)).dtypes) {
    const bool is_bool = dtype == "bool";
    const bool is_integer = !is_bool && dtype.find("int") != std::string::npos;
    const bool is_real_floating = dtype.starts_with("float");
    const bool fits = (conversion.category == "boolean" && is_bool) ||
                      (conversion.category == "integer" && is_integer) ||
                      (conversion.category == "real floating" && is_real_floating);
    if (fits) out.push_back(dtype);
  }
  return out;
}

// x0 = asarray(<0-d value>, dtype=t, device=d); x0.<conversion>() under test.
rc::Gen<Program> conversion_programs(const Handshake& handshake, const Conversion& conversion,
                                     std::vector<int> devices) {
  return rc::gen::exec([hs = &handshake, conversion, devices] {
    const int device = *rc::gen::elementOf(devices);
    auto dtypes = conversion_dtypes(*hs, device, conversion);
    if (dtypes.empty()) dtypes.push_back("int64");
    const auto dtype = *rc::gen::elementOf(dtypes);
    const auto data = *generate::data({}, dtype);
    return Program{
        {setup("asarray", {data}, {{"dtype", DTypeName{dtype}}, {"device", DeviceIndex{device}}}),
         tested(conversion.op, {StepRef{0, 0}})}};
  });
}

// The number a conversion's value stands for: a bool, a number, or a complex as [real, imag] or
// {"real": r, "imag": i}; nullopt for anything else.
std::optional<std::pair<double, double>> number_of(const nlohmann::json& value) {
  if (value.is_boolean()) return std::pair<double, double>(value.get<bool>() ? 1 : 0, 0);
  if (value.is_number()) return std::pair<double, double>(value.get<double>(), 0);
  if (value.is_array() && value.size() == 2 && value[0].is_number() && value[1].is_number())
    return std::pair<double, double>(value[0].get<double>(), value[1].get<double>());
  if (value.is_object() && value.contains("real") && value.contains("imag"))
    return std::pair<double, double>(value["real"].get<double>(), value["imag"].get<double>());
  return std::nullopt;
}

detail::Judge judge_conversion(Conversion conversion) {
  return [conversion](Adapter& adapter, const Program& program, const ProgramOutcome& outcome) {
    if (auto verdict = not_usable(adapter, program, outcome, 1)) return *verdict;
    const auto& data = std::get<Data>(program.steps[0].args[0]);
    const double element = data.values.at(0);
    const ArrayReport* x = first_array(outcome, 0);
    const auto& result = outcome.steps[1];
    const double expected = conversion.python_type == "bool" ? (element != 0 ? 1 : 0) : element;
    const std::string call =
        fmt::format("{}.{}() of a 0-d {} array on {} holding {}", "x", conversion.op.substr(6),
                    x->dtype, x->device_repr, element);
    const std::string want = conversion.python_type == "bool" ? (expected != 0 ? "True" : "False")
                             : conversion.python_type == "complex"
                                 ? fmt::format("({}+0j)", expected)
                                 : fmt::format("{}", expected);
    const std::string type_check =
        conversion.python_type == "bool" ? "isinstance(x1, bool) and " : "";
    const auto rule = with_python_check(
        value_rule(conversion.op + " of a 0-d array on the default device gives its value",
                   kConversionSpec),
        {fmt::format("assert {}x1 == {}, f\"{{RULE}}: expected {}, got {{x1!r}}\"", type_check,
                     want, want)});
    if (result.status != StepStatus::ok)
      return detail::CaseVerdict::failed(1, rule, call + " is " + want, describe(result));
    const auto number = number_of(result.value);
    const bool type_ok = conversion.python_type != "bool" || result.value.is_boolean();
    if (number && type_ok && number->first == expected && number->second == 0)
      return detail::CaseVerdict::passed();
    return detail::CaseVerdict::failed(1, rule, call + " is " + want, describe(result));
  };
}

Check conversion_on_default(const Conversion& conversion) {
  CheckInfo info = host_info(
      conversion.op, conversion.op, Level::must, kConversionSpec,
      fmt::format("x.{}() of a 0-d array on the default device gives its value as a Python {}",
                  conversion.op.substr(6), conversion.python_type));
  return {info, [info, conversion](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, conversion.op))
              return lacks(info, context, conversion.op);
            if (!handshake.default_device)
              return detail::not_run(info, context, Status::skip,
                                     "the library reports no default device (None)");
            CheckContext run = context;
            run.examples = std::min(run.examples, 30);
            return detail::run_property(
                info, run, conversion_programs(handshake, conversion, {*handshake.default_device}),
                judge_conversion(conversion));
          }};
}

// Off the default device: either outcome passes.
detail::CaseVerdict judge_conversion_recorded(Adapter& adapter, const Program& program,
                                              const ProgramOutcome& outcome) {
  if (auto verdict = not_usable(adapter, program, outcome, 1)) return *verdict;
  return detail::CaseVerdict::passed();
}

Check conversion_off_default(const Conversion& conversion) {
  CheckInfo info = host_info(
      conversion.op + ".other_device", conversion.op, Level::informational,
      kConversionOffDeviceSpec,
      fmt::format("x.{}() of a 0-d array on a device other than the default: a value or an "
                  "exception (the standard says nothing; recorded only)",
                  conversion.op.substr(6)));
  return {info, [info, conversion](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, conversion.op))
              return lacks(info, context, conversion.op);
            std::vector<int> others;
            for (int d = 0; d < static_cast<int>(handshake.devices.size()); ++d)
              if (!handshake.default_device || d != *handshake.default_device) others.push_back(d);
            if (others.empty() || handshake.devices.size() < 2)
              return needs_two_devices(info, context);
            CheckContext run = context;
            run.examples = std::min(run.examples, 20);
            return detail::run_property(info, run,
                                        conversion_programs(handshake, conversion, others),
                                        judge_conversion_recorded);
          }};
}

// ---- __array_namespace__ ----------------------------------------------------------------------

constexpr std::string_view kNamespace = "array.__array_namespace__";

// x0 on a, x1 on b, then x0.__array_namespace__() and x1.__array_namespace__().
rc::Gen<Program> namespace_programs(const Handshake& handshake) {
  return rc::gen::exec([hs = &handshake] {
    const int a = *any_device(*hs);
    const int b = *any_device(*hs);
    return Program{{*array_on(*hs, a), *array_on(*hs, b),
                    tested(std::string(kNamespace), {StepRef{0, 0}}),
                    tested(std::string(kNamespace), {StepRef{1, 0}})}};
  });
}

detail::CaseVerdict judge_namespace(Adapter& adapter, const Program& program,
                                    const ProgramOutcome& outcome) {
  if (auto verdict = not_usable(adapter, program, outcome, 2)) return *verdict;
  const ArrayReport* x = first_array(outcome, 0);
  const ArrayReport* y = first_array(outcome, 1);
  const auto rule =
      value_rule("__array_namespace__ is one namespace on every device", kNamespaceSpec);
  for (int step : {2, 3}) {
    const auto& result = outcome.steps[static_cast<std::size_t>(step)];
    const ArrayReport* array = step == 2 ? x : y;
    if (result.status != StepStatus::ok)
      return detail::CaseVerdict::failed(
          step, rule,
          fmt::format("__array_namespace__() of an array on {} answers", array->device_repr),
          describe(result));
  }
  if (outcome.steps[2].value == outcome.steps[3].value) return detail::CaseVerdict::passed();
  return detail::CaseVerdict::failed(
      3, rule,
      fmt::format("the same namespace for arrays on {} and {}", x->device_repr, y->device_repr),
      fmt::format("{} and {}", outcome.steps[2].value.dump(), outcome.steps[3].value.dump()));
}

// ---- dtype, ndim, shape, size -----------------------------------------------------------------

// What an attribute must read for an array made from `data` with `dtype`.
nlohmann::json expected_attribute(std::string_view attribute, const Data& data,
                                  const std::string& dtype) {
  if (attribute == "array.dtype") return dtype;
  if (attribute == "array.ndim") return data.shape.size();
  if (attribute == "array.shape") return data.shape;
  std::int64_t size = 1;
  for (std::int64_t extent : data.shape)
    size *= extent;
  return size;
}

Check attribute_check(std::string attribute) {
  CheckInfo info = host_info(attribute, attribute, Level::must, kAttributeSpec,
                             fmt::format("x.{} of an array on any device reads the array's {}",
                                         attribute.substr(6), attribute.substr(6)));
  return {info, [info, attribute](const CheckContext& context) {
            const auto& handshake = context.adapter.handshake();
            if (!has_operation(handshake, attribute)) return lacks(info, context, attribute);
            auto programs = rc::gen::exec([hs = &handshake, attribute] {
              const int device = *any_device(*hs);
              return Program{{*array_on(*hs, device), tested(attribute, {StepRef{0, 0}})}};
            });
            auto judge = [attribute](Adapter& adapter, const Program& program,
                                     const ProgramOutcome& outcome) {
              if (auto verdict = not_usable(adapter, program, outcome, 1)) return *verdict;
              const auto& data = std::get<Data>(program.steps[0].args[0]);
              const auto& dtype = std::get<DTypeName>(program.steps[0].kwargs.at(0).value).name;
              const ArrayReport* x = first_array(outcome, 0);
              const auto expected = expected_attribute(attribute, data, dtype);
              const auto& result = outcome.steps[1];
              if (result.status == StepStatus::ok && result.value == expected)
                return detail::CaseVerdict::passed();
              const std::string python_value =
                  expected.is_string()  ? "xp." + expected.get<std::string>()
                  : expected.is_array() ? fmt::format("tuple({})", expected.dump())
                                        : expected.dump();
              const std::string read = expected.is_array() ? "tuple(x1)" : "x1";
              return detail::CaseVerdict::failed(
                  1,
                  with_python_check(
                      value_rule(attribute + " is readable on every device", kAttributeSpec),
                      {fmt::format("assert {} == {}, f\"{{RULE}}: expected {}, got {{x1!r}}\"",
                                   read, python_value, python_value)}),
                  fmt::format("x.{} of an array on {} is {}", attribute.substr(6), x->device_repr,
                              expected.dump()),
                  describe(result));
            };
            return detail::run_property(info, context, programs, judge);
          }};
}

}  // namespace

std::vector<Check> host_checks() {
  std::vector<Check> checks;
  for (const auto& conversion : conversions())
    checks.push_back(conversion_on_default(conversion));
  for (const auto& conversion : conversions())
    checks.push_back(conversion_off_default(conversion));
  CheckInfo namespace_info =
      host_info(std::string(kNamespace), std::string(kNamespace), Level::must, kNamespaceSpec,
                "x.__array_namespace__() answers for arrays on every device, with one namespace");
  checks.push_back({namespace_info, [namespace_info](const CheckContext& context) {
                      const auto& handshake = context.adapter.handshake();
                      if (!has_operation(handshake, kNamespace))
                        return lacks(namespace_info, context, kNamespace);
                      return detail::run_property(namespace_info, context,
                                                  namespace_programs(handshake), judge_namespace);
                    }});
  for (const char* attribute : {"array.dtype", "array.ndim", "array.shape", "array.size"})
    checks.push_back(attribute_check(attribute));
  return checks;
}

}  // namespace conformance::families
