// The options of the `conformance` command (docs/DESIGN.md section 4), parsed with CLI11.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace conformance::app {

struct CommandLine {
  std::vector<std::string> implementations{};  // --impl, in the order given
  std::string peer{};  // --peer python:<module>: the producer of dlpack_between.* ("": none)
  std::string python = "/usr/bin/python3";
  int examples = 100;
  std::optional<std::uint64_t> seed{};  // nullopt: draw one
  std::uint64_t given_seed = 0;         // what CLI11 parsed --seed into
  std::vector<std::string> filters{};
  std::string shard{};  // --shard K/N: the K-th of N slices of the selected checks ("": all)
  std::string json_path{};
  std::string junit_path{};
  std::string journal_path{};                     // "" with --json: <json>.journal.jsonl
  std::vector<std::string> expectations_paths{};  // one file per implementation, say
  int timeout_ms = 10000;
  std::string spec_version{};  // --spec-version: overrides every implementation's declared one
  std::string route{};         // --route: every python: implementation's route ("": eager)
  bool list = false;
  bool list_faults = false;  // --list-faults: strict's injectable faults
  bool coverage = false;
  std::string reproduce{};
  bool quiet = false;
  std::vector<std::string> argv{};  // the whole command, recorded in the tracker
};

// The parsed options, or the exit status when parsing ends the command: 0 after --help or
// --version, 2 after a parse error (printed as "conformance: error: ...").
std::variant<CommandLine, int> parse_command_line(int argc, char** argv);

// Checks what needs no check list or adapter: an --impl given, --examples and --timeout-ms in
// range. Throws UsageError.
void validate_ranges(const CommandLine& command_line);

// The command line with --route applied: each python: implementation becomes
// python:<module>@<route>. Throws UsageError for an unknown route, one given beside an
// implementation that runs no Python or already names a route, or beside --peer.
CommandLine with_route(CommandLine command_line);

// The journal path the run writes: --journal, else <json>.journal.jsonl, else "" (none).
std::string journal_path(const CommandLine& command_line);

// The version this build reports (--version, and the tracker's tool_version).
std::string tool_version();

}  // namespace conformance::app
