// The oracle: the standard's device rules as a pure function (DESIGN.md section 2). Given a step,
// what earlier steps produced and the default device, it says where the step's result must land,
// or that the step must raise. It knows the catalogue and nothing of any implementation.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance {

// How binding a rule is, from the spec's wording.
enum class Level {
  must,           // the stubs say "must"
  should,         // design_topics/device_support.rst: recommendations
  informational,  // implementation-defined: recorded, never failed
};

enum class ExpectKind {
  on_device,  // every array result on `device`
  raises,     // an exception (of `exceptions`, when that is not empty)
  either,     // implementation-defined: a result anywhere or an exception both pass
  no_array,   // no device rule applies (info queries, harness steps)
};

struct Expectation {
  ExpectKind kind = ExpectKind::no_array;
  int device = -1;                        // for on_device
  std::vector<std::string> exceptions{};  // for raises: the accepted Python exception names
  Level level = Level::informational;
  std::string rule{};      // one line: why, e.g. "explicit device= is respected"
  std::string citation{};  // spec path and the sentence it rests on
  // For rules about values rather than placement (a custom judge's): Python statements that
  // raise AssertionError exactly when the rule is broken, reading the step's result as x<step>
  // and the namespace as xp. Python reproductions end in them; empty: placement only.
  std::vector<std::string> python_check{};
};

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

std::string_view name(Level level);
std::string_view name(ExpectKind kind);
std::string_view name(Verdict verdict);

}  // namespace conformance
