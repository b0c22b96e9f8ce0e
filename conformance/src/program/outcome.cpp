// Outcomes: names and JSON. The JSON is also the wire format of out-of-process adapters.
#include "conformance/outcome.hpp"

#include <optional>
#include <stdexcept>

#include "json_integers.hpp"

namespace conformance {
namespace {

constexpr std::string_view kStepStatusNames[] = {"ok", "raised", "unsupported", "not_run"};
constexpr std::string_view kRunStatusNames[] = {"completed", "crash", "timeout", "protocol_error"};

template <class Enum, std::size_t N>
std::optional<Enum> named(std::string_view text, const std::string_view (&names)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == text) return static_cast<Enum>(i);
  return std::nullopt;
}

template <class Enum, std::size_t N>
Enum parse(const nlohmann::json& j, const std::string_view (&names)[N], std::string_view what) {
  const auto text = j.get<std::string>();
  if (const auto value = named<Enum>(text, names)) return *value;
  throw std::runtime_error("unknown " + std::string(what) + ": " + text);
}

}  // namespace

std::optional<StepStatus> step_status_named(std::string_view text) {
  return named<StepStatus>(text, kStepStatusNames);
}

std::string_view name(StepStatus status) {
  return kStepStatusNames[static_cast<std::size_t>(status)];
}

std::string_view name(RunStatus status) {
  return kRunStatusNames[static_cast<std::size_t>(status)];
}

void to_json(nlohmann::json& j, const ArrayReport& report) {
  j = {{"device", report.device},
       {"device_repr", report.device_repr},
       {"dtype", report.dtype},
       {"shape", report.shape}};
  if (report.values) j["values"] = *report.values;
}

void from_json(const nlohmann::json& j, ArrayReport& report) {
  report.device = detail::json_integer<int>(j.at("device"));
  report.device_repr = j.value("device_repr", "");
  report.dtype = j.at("dtype").get<std::string>();
  report.shape = detail::json_integers<std::int64_t>(j.at("shape"));
  report.values.reset();
  if (j.contains("values") && !j.at("values").is_null())
    report.values = j.at("values").get<std::vector<double>>();
}

void to_json(nlohmann::json& j, const StepOutcome& outcome) {
  j = {{"status", name(outcome.status)}};
  if (!outcome.arrays.empty()) j["arrays"] = outcome.arrays;
  if (!outcome.value.is_null()) j["value"] = outcome.value;
  if (!outcome.exception_type.empty()) j["exception_type"] = outcome.exception_type;
  if (!outcome.message.empty()) j["message"] = outcome.message;
}

void from_json(const nlohmann::json& j, StepOutcome& outcome) {
  outcome.status = parse<StepStatus>(j.at("status"), kStepStatusNames, "step status");
  outcome.arrays = j.value("arrays", std::vector<ArrayReport>{});
  outcome.value = j.value("value", nlohmann::json());
  outcome.exception_type = j.value("exception_type", "");
  outcome.message = j.value("message", "");
}

void to_json(nlohmann::json& j, const ProgramOutcome& outcome) {
  j = {{"status", name(outcome.status)}, {"steps", outcome.steps}};
  if (!outcome.detail.empty()) j["detail"] = outcome.detail;
}

void from_json(const nlohmann::json& j, ProgramOutcome& outcome) {
  outcome.status = parse<RunStatus>(j.at("status"), kRunStatusNames, "run status");
  outcome.detail = j.value("detail", "");
  outcome.steps = j.at("steps").get<std::vector<StepOutcome>>();
}

}  // namespace conformance
