// The `conformance` command (docs/DESIGN.md section 4). Everything that can be wrong with the input
// is found before the first check runs; then the suite runs and the exit status says whether any
// result was unexpected.
#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <iostream>
#include <utility>
#include <variant>

#include "adapter_factory.hpp"
#include "check_selection.hpp"
#include "command_line.hpp"
#include "conformance/coverage.hpp"
#include "conformance/known_failures.hpp"
#include "conformance/strict_adapter.hpp"
#include "console_report.hpp"
#include "output_paths.hpp"
#include "run_environment.hpp"
#include "suite_run.hpp"
#include "usage_error.hpp"

namespace conformance::app {
namespace {

// Every --expectations file's entries, in order (the first match wins).
std::vector<KnownFailure> read_expectations(const std::vector<std::string>& paths) {
  std::vector<KnownFailure> known;
  for (const auto& path : paths) {
    try {
      const auto entries = load_expectations(path);
      known.insert(known.end(), entries.begin(), entries.end());
    } catch (const ExpectationsError& error) {
      throw UsageError(std::string("--expectations: ") + error.what());
    }
  }
  return known;
}

// --list-faults: one line per fault of strict:fault=NAME (name, family, bug).
void print_fault_list(std::ostream& out) {
  const auto faults = strict_faults();
  std::size_t name_width = 0, family_width = 0;
  for (const auto& fault : faults) {
    name_width = std::max(name_width, fault.name.size());
    family_width = std::max(family_width, fault.family.size());
  }
  for (const auto& fault : faults)
    out << fmt::format("{:<{}}  {:<{}}  {}\n", fault.name, name_width, fault.family, family_width,
                       fault.bug);
}

// A run in which no implementation can take its route (python:numpy@jit) would give nothing but
// unsupported checks: a usage error. Beside one that can, the others' checks are unsupported,
// each with the reason.
void require_a_route_taken(const std::vector<std::unique_ptr<Adapter>>& adapters) {
  for (const auto& adapter : adapters)
    if (adapter->handshake().route_unavailable.empty()) return;
  if (adapters.empty()) return;
  const Handshake& first = adapters.front()->handshake();
  throw UsageError("--impl " + first.implementation + ": " + route_refusal(first));
}

// Checks every input and makes every adapter; throws UsageError at the first problem.
SuiteRun prepare(const CommandLine& command_line, std::vector<const Check*> checks) {
  SuiteRun suite;
  suite.checks = std::move(checks);
  suite.options = RunOptions{
      .examples = command_line.examples,
      .seed = command_line.seed ? *command_line.seed : draw_seed(),
      .filters = command_line.filters,
      .reproduce = command_line.reproduce,
      .expectations = read_expectations(command_line.expectations_paths),
      .spec_version = command_line.spec_version,
  };
  const AdapterSettings settings{
      .python = command_line.python,
      .timeout_ms = command_line.timeout_ms,
      .peer =
          command_line.peer.empty() ? "" : command_line.peer.substr(std::string("python:").size())};
  const auto& specs = command_line.implementations;
  for (auto spec = specs.begin(); spec != specs.end(); ++spec) {
    if (std::find(specs.begin(), spec, *spec) != spec)
      throw UsageError("--impl " + *spec + " is given twice");
    suite.adapters.push_back(make_adapter(*spec, settings));
  }
  require_a_route_taken(suite.adapters);
  suite.json_path = command_line.json_path;
  suite.junit_path = command_line.junit_path;
  suite.journal_path = journal_path(command_line);
  ensure_writable({{.option = "--json", .path = suite.json_path},
                   {.option = "--junit", .path = suite.junit_path},
                   {.option = "--journal", .path = suite.journal_path}});
  suite.quiet = command_line.quiet;
  suite.run = RunInfo{
      .tool_version = tool_version(),
      .command = command_line.argv,
      .seed = suite.options.seed,
      .examples = suite.options.examples,
      .started = utc_now_iso8601(),
      .finished = "",
      .host = host_description(),
  };
  return suite;
}

int run_command(const CommandLine& given) {
  const CommandLine command_line = with_route(given);
  validate_ranges(command_line);
  std::vector<const Check*> checks = select_for(command_line);
  if (command_line.list_faults) {
    print_fault_list(std::cout);
    return kExitOk;
  }
  if (command_line.list) {
    print_check_list(std::cout, checks);
    return kExitOk;
  }
  if (command_line.coverage) {
    const AdapterSettings settings{.python = command_line.python,
                                   .timeout_ms = command_line.timeout_ms};
    for (const auto& spec : command_line.implementations) {
      const auto adapter = make_adapter(spec, settings);
      std::cout << coverage_markdown(coverage(adapter->handshake().operations), spec);
    }
    return kExitOk;
  }
  SuiteRun suite = prepare(command_line, std::move(checks));
  std::cout << "conformance: seed " << suite.options.seed << " (--seed " << suite.options.seed
            << " repeats this run), " << suite.options.examples << " examples per check, "
            << suite.checks.size() << " checks\n";
  return run_suite(suite, std::cout);
}

}  // namespace
}  // namespace conformance::app

int main(int argc, char** argv) {
  using namespace conformance::app;
  auto parsed = parse_command_line(argc, argv);
  if (const int* status = std::get_if<int>(&parsed)) return *status;
  try {
    return run_command(std::get<CommandLine>(parsed));
  } catch (const std::exception& error) {
    // Usage errors, and setup errors such as an output file that cannot be written.
    std::cout.flush();
    std::cerr << "conformance: error: " << error.what() << '\n';
    return kExitUsage;
  }
}
