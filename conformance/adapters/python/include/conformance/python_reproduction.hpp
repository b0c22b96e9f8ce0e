// Reproductions in Python: a standalone script that imports the namespace, replays the shrunk
// program and ends in the assertion that fails exactly when the expectation is broken.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/adapter.hpp"
#include "conformance/oracle.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance {

// How to reach the namespace from a fresh interpreter: what the adapter script reports in its
// handshake's "python" block.
struct PythonSetup {
  std::string module{};   // "torch"
  std::string setup{};    // statements; after them `xp` is the namespace: "import torch as xp"
  std::string devices{};  // an expression for the device list: "[xp.device('cpu'), ...]"
  // A statement template with "{device}" for an expression of the device; nullopt: none exists.
  std::optional<std::string> set_default_device{};
  // The --peer namespace's, the same way (its setup names it `xp` too, so the script runs it in a
  // function of its own); empty without a peer.
  std::string peer_module{};
  std::string peer_setup{};
  std::string peer_devices{};
};

// `replayed` holds the outcomes of an earlier run of `program` (possibly fewer steps, or none):
// steps that raised there are wrapped so the script goes on; steps that did not run are left out.
// The script exits 0 when the expectation holds at `step`, 1 (an AssertionError) when broken.
std::string python_reproduction(const PythonSetup& setup, const Handshake& handshake,
                                const Program& program, const std::vector<StepOutcome>& replayed,
                                int step, const Expectation& expectation);

}  // namespace conformance
