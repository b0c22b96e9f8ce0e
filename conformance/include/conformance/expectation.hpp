// What the standard expects of one step (the oracle's answer, oracle.hpp): where its result must
// land or that it must raise, how binding that is, and the sentence it rests on. Apart from the
// oracle, so that adapters (whose reproductions print it) need not include the oracle. Not to be
// confused with the known failures of an expectations file (known_failures.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

// As trackers and reproductions print them (expectation_names.cpp).
std::string_view name(Level level);
std::string_view name(ExpectKind kind);

}  // namespace conformance
