// A program's JSON text written directly, without building nlohmann's document first: the Python
// adapter sends every program it runs, and the document's allocations were a fifth of the
// harness's time on a library with several devices. The text is byte for byte what
// nlohmann::json(program).dump() gives (program_json_test holds it to that).
#pragma once

#include <string>

#include "conformance/program.hpp"

namespace conformance {

// Appends the program's compact JSON to `out`.
void append_json(std::string& out, const Program& program);

}  // namespace conformance
