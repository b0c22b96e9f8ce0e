// One pass over an outcome reply, straight into a ProgramOutcome (nlohmann's SAX events, no
// document): the reply to every program the child runs, and the document's allocations were a
// fifth of the harness's time on a library with several devices. It reads only what
// the full decoder (decode_outcome) would read the same way, and gives up on anything else
// (another type, a missing or repeated key, a value of the wrong kind, malformed JSON), so that
// the full decoder decides those, with its own messages.
#pragma once

#include <optional>
#include <string_view>

#include "conformance/outcome.hpp"

namespace conformance::python_internal {

// {"type": "outcome", "outcome": {...}} read as nlohmann::json::parse(line).at("outcome")
// .get<ProgramOutcome>() reads it, or nullopt.
std::optional<ProgramOutcome> read_outcome_in_one_pass(std::string_view line);

}  // namespace conformance::python_internal
