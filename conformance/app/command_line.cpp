// Parses the command line with CLI11. CLI11's own errors exit 2 like every usage error here, with
// the same "conformance: error: " prefix, instead of CLI11's per-error codes.
#include "command_line.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>
#include <cstdlib>

#include "adapter_factory.hpp"
#include "catalogue/catalogue.hpp"
#include "conformance/spec_version.hpp"
#include "usage_error.hpp"

#ifndef ADC_TOOL_VERSION
#define ADC_TOOL_VERSION "0.1.0"
#endif

namespace conformance::app {

std::string tool_version() {
  return ADC_TOOL_VERSION;
}

namespace {

void add_options(CLI::App& app, CommandLine& cl) {
  // Each occurrence takes one value: `--impl strict --impl torch`.
  app.add_option("--impl", cl.implementations,
                 "implementation under test, repeatable: strict | strict:fault=NAME | torch | "
                 "torch:no-fork | "
                 "python:<module>")
      ->type_name("SPEC")
      ->allow_extra_args(false);
  app.add_option("--peer", cl.peer,
                 "a second library, python:<module>, loaded in each python: --impl's process: "
                 "its arrays go to the --impl's from_dlpack (runs only the dlpack_between.* "
                 "checks)")
      ->type_name("SPEC");
  app.add_option("--python", cl.python,
                 "interpreter for python: adapters (default: $CONFORMANCE_PYTHON, which the "
                 "installed console script sets to its own interpreter; else /usr/bin/python3)")
      ->type_name("PATH")
      ->capture_default_str();
  app.add_option("--examples", cl.examples, "cases (programs) per check")
      ->type_name("N")
      ->capture_default_str();
  app.add_option("--seed", cl.given_seed,
                 "random seed; the same seed repeats the same run (default: drawn, and printed)")
      ->type_name("S");
  app.add_option("--filter", cl.filters, "check ids to run, a glob, repeatable: 'mixed.*'")
      ->type_name("GLOB")
      ->allow_extra_args(false);
  app.add_option("--shard", cl.shard,
                 "run the K-th of N disjoint, deterministic slices of the selected checks (1 <= K "
                 "<= N); the N runs, merged with `tracker merge`, equal the whole run")
      ->type_name("K/N");
  app.add_option("--json", cl.json_path, "write the tracker JSON here")->type_name("FILE");
  app.add_option("--junit", cl.junit_path, "write JUnit XML here, for CI")->type_name("FILE");
  app.add_option("--journal", cl.journal_path,
                 "append each finished check here as it finishes (default: <json>.journal.jsonl "
                 "with --json)")
      ->type_name("FILE");
  app.add_option("--expectations", cl.expectations_paths,
                 "known failures: check id (glob) -> status + bug URL; repeatable, the files' "
                 "entries in order")
      ->type_name("FILE")
      ->allow_extra_args(false);
  app.add_option("--spec-version", cl.spec_version,
                 "judge every implementation by this version of the standard (default: the one "
                 "it declares in __array_api_version__; the newest when it declares none)")
      ->type_name("V");
  app.add_option("--route", cl.route,
                 "how each program runs in every python: implementation: eager (the default, "
                 "one step at a time), jit (the whole program as one function under jax.jit), "
                 "compile (the same under torch.compile) or lazy (dask: every step's graph "
                 "built, then computed once); the same as --impl python:<module>@<route>")
      ->type_name("ROUTE");
  app.add_option("--timeout-ms", cl.timeout_ms, "per program, for out-of-process adapters")
      ->type_name("N")
      ->capture_default_str();
  app.add_flag("--list", cl.list,
               "print the check ids (id, family, level, first spec version) and exit");
  app.add_flag("--list-faults", cl.list_faults,
               "print strict's injectable faults for --impl strict:fault=NAME (name, family, bug) "
               "and exit");
  app.add_flag("--coverage", cl.coverage,
               "print, as Markdown, how much of the catalogue each --impl has and the "
               "checks cover, and exit");
  app.add_option("--reproduce", cl.reproduce,
                 "replay one failure from its reproduce string (with a --filter naming its check)")
      ->type_name("STRING");
  app.add_flag("--quiet", cl.quiet, "print only unexpected results and the summary");
  app.set_version_flag("--version", tool_version());
}

}  // namespace

std::variant<CommandLine, int> parse_command_line(int argc, char** argv) {
  CommandLine cl;
  cl.argv.assign(argv, argv + argc);
  // The wheel's console script names the interpreter it was installed into (the user's
  // environment, where the library under test is), before --python's default is shown in --help.
  if (const char* python = std::getenv("CONFORMANCE_PYTHON"); python != nullptr && *python != '\0')
    cl.python = python;
  CLI::App app{"Checks an Array API implementation against the standard's device semantics.",
               "conformance"};
  app.failure_message([](const CLI::App*, const CLI::Error& error) {
    return fmt::format("conformance: error: {} (see --help)\n", error.what());
  });
  add_options(app, cl);
  try {
    app.parse(argc, argv);
    if (app.count("--seed") > 0) cl.seed = cl.given_seed;
  } catch (const CLI::ParseError& error) {
    const int status = app.exit(error);
    return status == 0 ? kExitOk : kExitUsage;
  }
  return cl;
}

namespace {

// --peer is one more Python module in each --impl's interpreter: both must be python: specs.
void validate_peer(const CommandLine& cl) {
  if (cl.peer.empty()) return;
  constexpr std::string_view kPython = "python:";
  if (!cl.peer.starts_with(kPython) || cl.peer.size() == kPython.size())
    throw UsageError(fmt::format(
        "--peer '{}' is not python:<module> (the peer is loaded in the --impl's Python process)",
        cl.peer));
  for (const auto& spec : cl.implementations)
    if (!spec.starts_with(kPython))
      throw UsageError(fmt::format(
          "--peer {} needs python: implementations: --impl {} runs in no Python process to load "
          "it into",
          cl.peer, spec));
}

}  // namespace

void validate_ranges(const CommandLine& cl) {
  if (cl.implementations.empty() && !cl.list && !cl.list_faults)
    throw UsageError("no --impl given (e.g. --impl strict; --list prints the checks)");
  if (cl.examples < 1)
    throw UsageError(fmt::format("--examples must be at least 1, not {}", cl.examples));
  if (cl.timeout_ms < 1)
    throw UsageError(fmt::format("--timeout-ms must be at least 1, not {}", cl.timeout_ms));
  if (cl.python.empty()) throw UsageError("--python needs an interpreter path");
  validate_peer(cl);
  if (!cl.spec_version.empty() && !is_spec_version(cl.spec_version)) {
    throw UsageError(fmt::format("--spec-version {} is not a version of the standard; one of {}",
                                 cl.spec_version, fmt::join(catalogue::spec_versions(), ", ")));
  }
}

CommandLine with_route(CommandLine cl) {
  if (cl.route.empty() || cl.route == "eager") return cl;
  if (!is_python_route(cl.route))
    throw UsageError(
        fmt::format("--route {} is no route; the routes are {}", cl.route, route_names()));
  for (auto& spec : cl.implementations) {
    if (!spec.starts_with("python:"))
      throw UsageError(fmt::format(
          "--route {} needs python: implementations: --impl {} runs its programs in no Python "
          "process",
          cl.route, spec));
    if (spec.find('@') != std::string::npos)
      throw UsageError(fmt::format("--route {} beside --impl {}, which names its route already",
                                   cl.route, spec));
    spec += "@" + cl.route;
  }
  return cl;
}

std::string journal_path(const CommandLine& cl) {
  if (!cl.journal_path.empty()) return cl.journal_path;
  if (!cl.json_path.empty()) return cl.json_path + ".journal.jsonl";
  return "";
}

}  // namespace conformance::app
