// What the `conformance` command prints on stdout: the check list, one line per finished check
// (with the details and a replay command for a failure), and a summary per implementation.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "conformance/adapter.hpp"
#include "conformance/check.hpp"
#include "conformance/spec_version.hpp"

namespace conformance::app {

// --list: one check per line, "id  family  level" in aligned columns.
void print_check_list(std::ostream& out, const std::vector<const Check*>& checks);

// "== python:numpy: numpy 1.24.2, 1 device(s); judged by spec 2025.12 (why)".
void print_implementation_header(std::ostream& out, const Handshake& handshake,
                                 const JudgedVersion& judged);

// The width of the id column: the longest id among `checks`.
std::size_t id_column_width(const std::vector<const Check*>& checks);

// What a failure's replay command repeats of the run besides the check: the program as invoked
// (argv[0]) and --examples.
struct ReplayBase {
  std::string program = "conformance";
  int examples = 100;
};

// One finished check, its id padded to `id_width`; a failure with its details and replay command.
void print_result(std::ostream& out, const CheckResult& result, std::size_t id_width,
                  const ReplayBase& replay);

// "strict: 42 checks: 40 pass, 2 skip; no unexpected result".
void print_summary(std::ostream& out, const std::string& implementation,
                   const std::vector<CheckResult>& results);

// The command that replays a failed check's shrunk case.
std::string replay_command(const CheckResult& result, const ReplayBase& replay);

}  // namespace conformance::app
