// The oracle: the standard's device rules as a pure function (docs/DESIGN.md section 2). Given a
// step, what earlier steps produced and the default device, it says where the step's result must
// land, or that the step must raise. It knows the catalogue and nothing of any implementation.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/expectation.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance {

// The expectation for step `index`, judging it against what earlier steps actually produced
// (`earlier` holds the outcomes of steps 0..index-1) so that each step is judged on its own.
// `default_device` is the handshake's (nullopt: the library says None).
Expectation expect(const Program& program, int index, const std::vector<StepOutcome>& earlier,
                   std::optional<int> default_device);

enum class Verdict {
  pass,
  fail,
  raised,       // raised where a result was expected: a failure unless the call is invalid anyway
  unsupported,  // the implementation lacks what the step needs
  not_judged,   // no rule applies, or the step did not run
};

struct Judgement {
  Verdict verdict = Verdict::not_judged;
  std::string expected{};  // "a result on devices[1] (device1)"
  std::string actual{};    // "a result on devices[0] (cpu)", "raised ValueError: ..."
};

// Compares one step's outcome with its expectation. `devices` are the handshake's reprs, used
// only to write the sentences.
Judgement judge(const Expectation& expectation, const StepOutcome& outcome,
                const std::vector<std::string>& devices);

std::string_view name(Verdict verdict);

}  // namespace conformance
