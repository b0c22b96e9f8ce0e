// The in-process adapter for strict: runs programs on strict's fake devices (cpu, device1,
// device2 and any enabled or registered ones).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/adapter.hpp"

namespace conformance {

struct StrictAdapterOptions {
  // Fault injection, for the harness's mutation score: the name of one of strict::fault::all() to
  // switch on for the adapter's lifetime, "" for none; an unknown name throws
  // std::invalid_argument.
  std::string fault{};
  // Programs run in a forked child, in batches run ahead, with this timeout each: the isolation
  // --impl torch has, on a library the tests can hold it to (batch_equivalence_test).
  std::optional<int> isolation_timeout_ms{};
};

std::unique_ptr<Adapter> make_strict_adapter(const StrictAdapterOptions& options = {});

// A fault strict can inject (strict/fault.hpp), for `conformance --list-faults`.
struct StrictFault {
  std::string name{};
  std::string family{};  // the check family meant to catch it
  std::string bug{};     // upstream issue URL or a docs/device-semantics.md reference
  std::string description{};
};
std::vector<StrictFault> strict_faults();

}  // namespace conformance
