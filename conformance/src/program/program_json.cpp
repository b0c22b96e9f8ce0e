// Writes the JSON of program.cpp's to_json without the document: objects' keys in nlohmann's
// (sorted) order, strings escaped and numbers formatted as its serializer does.
#include "conformance/program_json.hpp"

#include <cmath>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <variant>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace conformance {
namespace {

// nlohmann's escaping: '"', '\\' and control characters; UTF-8 passes through. Names here are
// identifiers and dtype names, so the loop almost never escapes.
void append_string(std::string& out, const std::string& text) {
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || byte < 0x20) {
      out += nlohmann::json(std::string(1, c)).dump().substr(1, std::string::npos);
      out.pop_back();
    } else {
      out += c;
    }
  }
  out += '"';
}

// Integral doubles of fewer than 16 digits (program data are small integers) are written as
// nlohmann writes them, "3.0" and "-0.0"; any other double goes through nlohmann itself.
void append_double(std::string& out, double value) {
  if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < 1e15) {
    if (value == 0 && std::signbit(value)) out += '-';
    fmt::format_to(std::back_inserter(out), "{}.0", static_cast<std::int64_t>(value));
    return;
  }
  out += nlohmann::json(value).dump();
}

template <class T, class AppendOne>
void append_list(std::string& out, const std::vector<T>& items, AppendOne append_one) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    append_one(items[i]);
  }
  out += ']';
}

void append_integer(std::string& out, std::int64_t value) {
  fmt::format_to(std::back_inserter(out), "{}", value);
}

void append_ref(std::string& out, const StepRef& ref) {
  fmt::format_to(std::back_inserter(out), "[{},{}]", ref.step, ref.output);
}

void append_value(std::string& out, const Value& value) {
  const auto integers = [&](const std::vector<std::int64_t>& values) {
    append_list(out, values, [&](std::int64_t v) { append_integer(out, v); });
  };
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          out += R"({"none":null})";
        } else if constexpr (std::is_same_v<T, bool>) {
          out += v ? R"({"bool":true})" : R"({"bool":false})";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          out += R"({"int":)";
          append_integer(out, v);
          out += '}';
        } else if constexpr (std::is_same_v<T, double>) {
          out += R"({"float":)";
          append_double(out, v);
          out += '}';
        } else if constexpr (std::is_same_v<T, StepRef>) {
          out += R"({"ref":)";
          append_ref(out, v);
          out += '}';
        } else if constexpr (std::is_same_v<T, RefList>) {
          out += R"({"refs":)";
          append_list(out, v.refs, [&](const StepRef& ref) { append_ref(out, ref); });
          out += '}';
        } else if constexpr (std::is_same_v<T, DeviceIndex>) {
          out += R"({"device":)";
          append_integer(out, v.index);
          out += '}';
        } else if constexpr (std::is_same_v<T, InvalidDevice>) {
          out += R"({"invalid_device":null})";
        } else if constexpr (std::is_same_v<T, DTypeName>) {
          out += R"({"dtype":)";
          append_string(out, v.name);
          out += '}';
        } else if constexpr (std::is_same_v<T, Data>) {
          out += R"({"data":{"shape":)";
          integers(v.shape);
          out += R"(,"values":)";
          append_list(out, v.values, [&](double d) { append_double(out, d); });
          out += "}}";
        } else {
          static_assert(std::is_same_v<T, IntTuple>, "a Value kind append_value does not write");
          out += R"({"tuple":)";
          integers(v.values);
          out += '}';
        }
      },
      value);
}

void append_step(std::string& out, const Step& step) {
  out += R"({"args":)";
  append_list(out, step.args, [&](const Value& value) { append_value(out, value); });
  out += R"(,"kwargs":)";
  append_list(out, step.kwargs, [&](const Keyword& keyword) {
    out += '[';
    append_string(out, keyword.name);
    out += ',';
    append_value(out, keyword.value);
    out += ']';
  });
  if (step.peer) out += R"(,"namespace":"peer")";
  out += R"(,"op":)";
  append_string(out, step.op);
  out += step.under_test ? R"(,"under_test":true})" : R"(,"under_test":false})";
}

}  // namespace

void append_json(std::string& out, const Program& program) {
  out += program.read_values ? R"({"read_values":true,"steps":)" : R"({"steps":)";
  append_list(out, program.steps, [&](const Step& step) { append_step(out, step); });
  out += '}';
}

}  // namespace conformance
