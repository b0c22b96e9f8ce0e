// What every check family file uses: the family lists, and small helpers to declare checks and
// build programs.
#pragma once

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "conformance/check.hpp"
#include "conformance/generate.hpp"
#include "property.hpp"
#include "spec_text.hpp"

namespace conformance::families {

std::vector<Check> info_checks();
std::vector<Check> inspection_checks();
std::vector<Check> device_object_checks();
std::vector<Check> explicit_checks();
std::vector<Check> like_checks();
std::vector<Check> propagate_checks();
std::vector<Check> mixed_checks();
std::vector<Check> mixed_0d_checks();
std::vector<Check> transfer_checks();
std::vector<Check> default_checks();
std::vector<Check> dlpack_checks();
std::vector<Check> program_checks();
std::vector<Check> dtype_function_checks();
std::vector<Check> host_checks();

// An operation's name as a check-id part: ids are lower-case (docs/DESIGN.md section 4), so the
// attributes T and mT read "array.t" and "array.mt".
inline std::string id_part(std::string_view op) {
  std::string part(op);
  std::transform(part.begin(), part.end(), part.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return part;
}

inline bool has_operation(const Handshake& handshake, std::string_view op) {
  return std::find(handshake.operations.begin(), handshake.operations.end(), op) !=
         handshake.operations.end();
}

// The unsupported result for an operation the library lacks.
inline CheckResult lacks(const CheckInfo& info, const CheckContext& context, std::string_view op) {
  const auto& handshake = context.adapter.handshake();
  return detail::not_run(info, context, Status::unsupported,
                         fmt::format("{} has no {}", handshake.library, op));
}

inline CheckResult needs_two_devices(const CheckInfo& info, const CheckContext& context) {
  const auto& handshake = context.adapter.handshake();
  return detail::not_run(
      info, context, Status::skip,
      fmt::format("needs two devices; {} lists {}", handshake.library, handshake.devices.size()));
}

inline Step setup(std::string op, std::vector<Value> args, std::vector<Keyword> kwargs = {}) {
  return Step{.op = std::move(op),
              .args = std::move(args),
              .kwargs = std::move(kwargs),
              .under_test = false};
}

inline Step tested(std::string op, std::vector<Value> args, std::vector<Keyword> kwargs = {}) {
  return Step{.op = std::move(op),
              .args = std::move(args),
              .kwargs = std::move(kwargs),
              .under_test = true};
}

// `program` with `step` in front: every StepRef moves up by one.
Program prepend(const Step& step, const Program& program);

// The real dtypes every one of `devices` holds (values stay exact), in the first one's order;
// float32 where they share none (the library's refusal is then the answer).
std::vector<std::string> shared_real_dtypes(const Handshake& handshake,
                                            std::initializer_list<int> devices);

// A generator of one array input on `device`: asarray(Data, dtype=, device=) as a setup step.
// dtype: drawn among the device's dtypes (real ones: values stay exact).
rc::Gen<Step> array_on(const Handshake& handshake, int device, int min_ndim = 0);

// A device index drawn from the handshake's devices.
rc::Gen<int> any_device(const Handshake& handshake);

// Two different device indices (the handshake must list two devices).
rc::Gen<std::pair<int, int>> two_devices(const Handshake& handshake);

// Always the whole list, shrinking by removing elements: every case covers all of them, and a
// failure shrinks to the one element that breaks.
rc::Gen<std::vector<std::string>> whole_list(std::vector<std::string> elements);

// An expectation about a non-array answer (no placement rule), for custom judges' failures.
Expectation value_rule(std::string rule, std::string_view citation, Level level = Level::must);

// `rule` with the Python statements that check it in a reproduction (see Expectation).
inline Expectation with_python_check(Expectation rule, std::vector<std::string> lines) {
  rule.python_check = std::move(lines);
  return rule;
}

// A step's non-array answer as a sentence: "answered <json>", "raised T: message", "is unsupported:
// why" or "did not run: why".
std::string describe(const StepOutcome& result);

// Outcome helpers for custom judges.
const ArrayReport* first_array(const ProgramOutcome& outcome, int step);

}  // namespace conformance::families
