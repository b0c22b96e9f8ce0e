// What an adapter reports for each step of a program: where each result landed, or what was
// raised. Adapters report facts only; the oracle and the checks judge them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace conformance {

// A result's device that equals none of the handshake's devices.
inline constexpr int kUnlistedDevice = -1;

struct ArrayReport {
  int device = kUnlistedDevice;  // index into the handshake's devices, or kUnlistedDevice
  std::string device_repr{};     // the library's own text for the device, always filled
  std::string dtype{};
  std::vector<std::int64_t> shape{};
  // The values, row-major, when the adapter can read them (never for data-less devices like
  // torch's meta). Complex values report their real part.
  std::optional<std::vector<double>> values{};
  friend bool operator==(const ArrayReport&, const ArrayReport&) = default;
};

enum class StepStatus {
  ok,           // ran; `arrays` and/or `value` hold the results
  raised,       // the library raised; `exception_type` and `message` say what
  unsupported,  // the library lacks the operation, or a keyword the step uses
  not_run,      // it reads the result of a step that did not produce one
};

struct StepOutcome {
  StepStatus status = StepStatus::not_run;
  std::vector<ArrayReport> arrays{};  // array results, in order (one for most operations)
  nlohmann::json value{};             // a non-array result (info queries, bool, tuples), or null
  std::string exception_type{};       // Python's exception name ("ValueError", "BufferError")
  std::string message{};              // the exception's message, or why it is unsupported
  friend bool operator==(const StepOutcome&, const StepOutcome&) = default;
};

// How the run of a whole program ended, beside the per-step outcomes.
enum class RunStatus {
  completed,
  crash,           // the library killed its process (out-of-process adapters only)
  timeout,         // past --timeout-ms
  protocol_error,  // the adapter's reply could not be understood
};

struct ProgramOutcome {
  RunStatus status = RunStatus::completed;
  std::string detail{};  // for anything but completed: what happened
  std::vector<StepOutcome> steps{};
  friend bool operator==(const ProgramOutcome&, const ProgramOutcome&) = default;
};

std::string_view name(StepStatus status);
std::string_view name(RunStatus status);
// The status a name stands for ("ok", "raised", ...), or nullopt.
std::optional<StepStatus> step_status_named(std::string_view text);

void to_json(nlohmann::json& j, const ArrayReport& report);
void from_json(const nlohmann::json& j, ArrayReport& report);
void to_json(nlohmann::json& j, const StepOutcome& outcome);
void from_json(const nlohmann::json& j, StepOutcome& outcome);
void to_json(nlohmann::json& j, const ProgramOutcome& outcome);
void from_json(const nlohmann::json& j, ProgramOutcome& outcome);

}  // namespace conformance
