// Programs: keyword lookup, references, Python-like text and JSON.
#include "conformance/program.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "json_integers.hpp"

namespace conformance {
namespace {

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};

// Data values print as integers where they are ("[1, 2]"); a Python float scalar keeps ".0".
std::string number(double value) {
  return fmt::format("{}", value);
}

std::string python_float(double value) {
  std::string out = fmt::format("{}", value);
  if (out.find_first_of(".en") == std::string::npos) out += ".0";
  return out;
}

std::string text(const std::vector<std::int64_t>& values) {
  if (values.size() == 1) return fmt::format("({},)", values[0]);
  return fmt::format("({})", fmt::join(values, ", "));
}

std::string ref_text(const StepRef& ref) {
  return ref.output == 0 ? fmt::format("x{}", ref.step)
                         : fmt::format("x{}[{}]", ref.step, ref.output);
}

// Nested Python list text of row-major values with the given shape.
std::string nested(const Data& data, std::size_t axis, std::size_t& position) {
  if (axis == data.shape.size()) return number(data.values.at(position++));
  std::string out = "[";
  for (std::int64_t i = 0; i < data.shape[axis]; ++i) {
    if (i > 0) out += ", ";
    out += nested(data, axis + 1, position);
  }
  return out + "]";
}

// A peer step's text names the peer's namespace and devices (python_reproduction defines both).
std::string spelled(const Step& step, const std::string& text) {
  if (!step.peer) return text;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool word_start =
        i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    if (word_start && text.compare(i, 3, "xp.") == 0) {
      out += "peer.";
      i += 2;
    } else if (word_start && text.compare(i, 8, "devices[") == 0) {
      out += "peer_devices[";
      i += 7;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

const Value* find_keyword(const Step& step, std::string_view name) {
  for (const auto& keyword : step.kwargs)
    if (keyword.name == name) return &keyword.value;
  return nullptr;
}

std::vector<StepRef> references(const Step& step) {
  std::vector<StepRef> refs;
  auto collect = [&](const Value& value) {
    if (const auto* ref = std::get_if<StepRef>(&value)) refs.push_back(*ref);
    if (const auto* list = std::get_if<RefList>(&value))
      refs.insert(refs.end(), list->refs.begin(), list->refs.end());
  };
  for (const auto& arg : step.args)
    collect(arg);
  for (const auto& keyword : step.kwargs)
    collect(keyword.value);
  return refs;
}

std::string to_string(const Value& value) {
  return std::visit(
      overloaded{
          [](std::monostate) -> std::string { return "None"; },
          [](bool b) -> std::string { return b ? "True" : "False"; },
          [](std::int64_t i) { return fmt::format("{}", i); },
          [](double d) { return python_float(d); },
          [](const StepRef& ref) { return ref_text(ref); },
          [](const RefList& list) {
            std::vector<std::string> parts;
            for (const auto& ref : list.refs)
              parts.push_back(ref_text(ref));
            return fmt::format("[{}]", fmt::join(parts, ", "));
          },
          [](const DeviceIndex& device) { return fmt::format("devices[{}]", device.index); },
          [](const InvalidDevice&) -> std::string { return "INVALID_DEVICE"; },
          [](const DTypeName& dtype) { return "xp." + dtype.name; },
          [](const Data& data) {
            // A zero dimension before others loses the shape in list form: say it.
            const bool empty =
                std::find(data.shape.begin(), data.shape.end(), 0) != data.shape.end();
            if (empty && data.shape.size() > 1)
              return fmt::format("xp.reshape(xp.asarray([]), {})", text(data.shape));
            std::size_t position = 0;
            return nested(data, 0, position);
          },
          [](const IntTuple& tuple) { return text(tuple.values); },
      },
      value);
}

std::string to_string(const Step& step, int index) {
  std::vector<std::string> parts;
  std::size_t first = 0;
  std::string callee;
  const std::string_view op = step.op;
  const auto* entry = catalogue::find_operation(op);
  if (entry != nullptr && entry->ns == catalogue::Namespace::array_attribute && !step.args.empty())
    return spelled(step, fmt::format("x{} = {}.{}", index, to_string(step.args[0]), op.substr(6)));
  if (op.starts_with("array.") && !step.args.empty()) {
    // A method: the first argument is self.
    callee = to_string(step.args[0]) + "." + std::string(op.substr(6));
    first = 1;
  } else if (op.starts_with("info.")) {
    callee = "xp.__array_namespace_info__()." + std::string(op.substr(5));
  } else if (op.starts_with("harness.")) {
    callee = std::string(op);
  } else {
    callee = "xp." + std::string(op);
  }
  for (std::size_t i = first; i < step.args.size(); ++i) {
    // These take *arrays: the list is spread into the call.
    const bool spread = op == "meshgrid" || op == "broadcast_arrays" || op == "result_type";
    if (spread && std::holds_alternative<RefList>(step.args[i])) {
      for (const auto& ref : std::get<RefList>(step.args[i]).refs)
        parts.push_back(ref_text(ref));
      continue;
    }
    parts.push_back(to_string(step.args[i]));
  }
  for (const auto& keyword : step.kwargs)
    parts.push_back(fmt::format("{}={}", keyword.name, to_string(keyword.value)));
  return spelled(step, fmt::format("x{} = {}({})", index, callee, fmt::join(parts, ", ")));
}

std::string to_string(const Program& program) {
  std::string out;
  for (std::size_t i = 0; i < program.steps.size(); ++i) {
    out += to_string(program.steps[i], static_cast<int>(i));
    out += '\n';
  }
  return out;
}

// JSON: every value is an object tagged by kind, so any adapter (C++ or Python) decodes it
// without guessing: {"none": null}, {"bool": true}, {"int": 3}, {"float": 2.0}, {"ref": [s, o]},
// {"refs": [[s, o], ...]}, {"device": 1}, {"invalid_device": null}, {"dtype": "float32"},
// {"data": {"values": [...], "shape": [...]}}, {"tuple": [...]}.
void to_json(nlohmann::json& j, const Value& value) {
  std::visit(overloaded{
                 [&](std::monostate) {
                   j = {{"none", nullptr}};
                 },
                 [&](bool b) {
                   j = {{"bool", b}};
                 },
                 [&](std::int64_t i) {
                   j = {{"int", i}};
                 },
                 [&](double d) {
                   j = {{"float", d}};
                 },
                 [&](const StepRef& ref) {
                   j = {{"ref", {ref.step, ref.output}}};
                 },
                 [&](const RefList& list) {
                   nlohmann::json refs = nlohmann::json::array();
                   for (const auto& ref : list.refs)
                     refs.push_back({ref.step, ref.output});
                   j = {{"refs", refs}};
                 },
                 [&](const DeviceIndex& device) {
                   j = {{"device", device.index}};
                 },
                 [&](const InvalidDevice&) {
                   j = {{"invalid_device", nullptr}};
                 },
                 [&](const DTypeName& dtype) {
                   j = {{"dtype", dtype.name}};
                 },
                 [&](const Data& data) {
                   j = {{"data", {{"values", data.values}, {"shape", data.shape}}}};
                 },
                 [&](const IntTuple& tuple) {
                   j = {{"tuple", tuple.values}};
                 },
             },
             value);
}

void from_json(const nlohmann::json& j, Value& value) {
  if (!j.is_object() || j.size() != 1)
    throw std::runtime_error("a program value must be an object with one key: " + j.dump());
  // Not a structured binding over items(): its proxy would dangle.
  const auto entry = j.begin();
  const std::string kind = entry.key();
  const nlohmann::json& body = entry.value();
  if (kind == "none")
    value = std::monostate{};
  else if (kind == "bool")
    value = body.get<bool>();
  else if (kind == "int")
    value = detail::json_integer<std::int64_t>(body);
  else if (kind == "float")
    value = body.get<double>();
  else if (kind == "ref")
    value = StepRef{detail::json_integer<int>(body.at(0)), detail::json_integer<int>(body.at(1))};
  else if (kind == "refs") {
    RefList list;
    for (const auto& ref : body)
      list.refs.push_back(
          {detail::json_integer<int>(ref.at(0)), detail::json_integer<int>(ref.at(1))});
    value = list;
  } else if (kind == "device")
    value = DeviceIndex{detail::json_integer<int>(body)};
  else if (kind == "invalid_device")
    value = InvalidDevice{};
  else if (kind == "dtype")
    value = DTypeName{body.get<std::string>()};
  else if (kind == "data")
    value = Data{body.at("values").get<std::vector<double>>(),
                 detail::json_integers<std::int64_t>(body.at("shape"))};
  else if (kind == "tuple")
    value = IntTuple{detail::json_integers<std::int64_t>(body)};
  else
    throw std::runtime_error("unknown program value kind: " + kind);
}

void to_json(nlohmann::json& j, const Step& step) {
  // Keywords as [name, value] pairs: a JSON object would not keep their order.
  nlohmann::json kwargs = nlohmann::json::array();
  for (const auto& keyword : step.kwargs)
    kwargs.push_back({keyword.name, keyword.value});
  j = {{"op", step.op}, {"args", step.args}, {"kwargs", kwargs}, {"under_test", step.under_test}};
  if (step.peer) j["namespace"] = "peer";  // absent: the implementation's (programs before --peer)
}

void from_json(const nlohmann::json& j, Step& step) {
  step.op = j.at("op").get<std::string>();
  step.args = j.at("args").get<std::vector<Value>>();
  step.kwargs.clear();
  for (const auto& pair : j.at("kwargs"))
    step.kwargs.push_back({pair.at(0).get<std::string>(), pair.at(1).get<Value>()});
  step.under_test = j.value("under_test", true);
  const std::string where = j.value("namespace", "");
  if (!where.empty() && where != "peer")
    throw std::runtime_error("unknown step namespace: " + where);
  step.peer = where == "peer";
}

void to_json(nlohmann::json& j, const Program& program) {
  j = {{"steps", program.steps}};
  if (program.read_values) j["read_values"] = true;  // absent: false (older programs)
}

void from_json(const nlohmann::json& j, Program& program) {
  program.steps = j.at("steps").get<std::vector<Step>>();
  program.read_values = j.value("read_values", false);
}

}  // namespace conformance
