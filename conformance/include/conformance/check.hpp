// A check: one stable id (docs/DESIGN.md section 4), the spec text it rests on, and how to run it
// against an adapter. The families in conformance/properties/ make them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/adapter.hpp"
#include "conformance/oracle.hpp"
#include "conformance/program.hpp"

namespace conformance {

namespace detail {
class PlannedAhead;
}

enum class Status { pass, fail, skip, unsupported, error, crash, timeout, xfail, xpass };

std::string_view name(Status status);
std::optional<Status> status_from_name(std::string_view name);

struct CheckInfo {
  std::string id{};        // "mixed.matmul", "info.default_device.in_devices"
  std::string family{};    // "mixed"
  std::string function{};  // the catalogue operation or topic: "matmul", "array.__add__", "devices"
  Level level = Level::should;
  std::string spec{};         // spec path and the sentence the check rests on
  std::string description{};  // one line: what is checked
  // The first spec version with everything the check judges (the function, the keyword, the
  // rule); a library declaring an older version gets `skip`, "not in spec V". Empty until
  // all_checks() fills it in from the catalogue.
  std::string since_version{};
};

// The shrunk counterexample of a failed check.
struct Failure {
  Program program{};
  ProgramOutcome outcome{};
  int step = -1;               // the step that broke the rule
  std::string expected{};      // a sentence
  std::string actual{};        // a sentence
  std::string reproduction{};  // runnable, in the implementation's language
};

struct CheckResult {
  CheckInfo info{};
  std::string implementation{};  // the --impl spec
  Status status = Status::error;
  std::string
      reason{};   // why: for skip, unsupported, error, crash, timeout; for x* the bug URL note
  int cases = 0;  // programs run (passing cases; for a failure, up to the failing one)
  std::uint64_t seed = 0;
  std::string reproduce{};  // RapidCheck's reproduce string for a failure ("" otherwise)
  std::optional<Failure> failure{};
  std::string bug{};  // from expectations: the upstream issue URL, when one is listed
  double seconds = 0;
  std::string spec_version{};  // the version the implementation was judged by
};

struct CheckContext {
  Adapter& adapter;
  int examples = 100;
  std::uint64_t seed = 0;
  // A reproduce string from an earlier result: replays that exact failing case.
  std::string reproduce{};
  // The spec version the implementation is judged by (judged_version()); rules that changed
  // between versions read it.
  std::string spec_version{};
  // Set by the runner for an adapter that runs ahead (Adapter::runs_ahead): the first rounds of
  // cases sent before their check's turn (src/engine/planned_ahead.hpp). Null: nothing planned
  // ahead.
  detail::PlannedAhead* planned_ahead = nullptr;
};

struct Check {
  CheckInfo info{};
  std::function<CheckResult(const CheckContext&)> run;
};

// Every check the suite has, in a stable order. The list does not depend on the implementation:
// a function the implementation lacks still has its checks, which report `unsupported`.
const std::vector<Check>& all_checks();

// The checks that hand a second library's arrays (--peer) to the implementation's from_dlpack,
// `dlpack_between.*`. Apart from all_checks(): they need a peer, and a run with one
// runs only them.
const std::vector<Check>& peer_checks();

}  // namespace conformance
