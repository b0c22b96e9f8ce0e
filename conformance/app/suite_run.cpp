// The run itself. Results reach the journal the moment they are known; the tracker and JUnit
// files are written once at the end from the collected results.
#include "suite_run.hpp"

#include <optional>
#include <ostream>

#include "conformance/journal.hpp"
#include "conformance/junit.hpp"
#include "conformance/route_differences.hpp"
#include "conformance/spec_version.hpp"
#include "console_report.hpp"
#include "interrupt.hpp"
#include "run_environment.hpp"
#include "usage_error.hpp"

namespace conformance::app {

namespace {

bool any_unexpected(const Tracker& tracker) {
  for (const ImplementationRun& implementation : tracker.implementations) {
    for (const CheckResult& result : implementation.results) {
      if (is_unexpected(result.status)) return true;
    }
  }
  return false;
}

// Runs the checks on one adapter; Ctrl-C stops the run between two checks.
// Returns false when interrupted.
bool run_implementation(SuiteRun& suite, Adapter& adapter, ImplementationRun& record,
                        JournalWriter* journal, std::ostream& out) {
  const std::size_t id_width = id_column_width(suite.checks);
  const ReplayBase replay{
      .program = suite.run.command.empty() ? "conformance" : suite.run.command.front(),
      .examples = suite.options.examples};
  const auto on_result = [&](const CheckResult& result) {
    if (journal != nullptr) journal->append(result);
    record.results.push_back(result);
    if (!suite.quiet || is_unexpected(result.status)) {
      print_result(out, result, id_width, replay);
      out.flush();
    }
  };
  run_checks(adapter, suite.checks, suite.options, on_result, interrupt_requested);
  return !interrupt_requested();
}

void write_outputs(const SuiteRun& suite, const Tracker& tracker, std::ostream& out) {
  std::vector<std::string> written;
  if (!suite.json_path.empty()) {
    Tracker noted = tracker;
    note_route_differences(noted);
    write_tracker(noted, suite.json_path);
    written.push_back(suite.json_path);
  }
  if (!suite.junit_path.empty()) {
    write_junit(tracker, suite.junit_path);
    written.push_back(suite.junit_path);
  }
  if (!suite.journal_path.empty()) written.push_back(suite.journal_path + " (journal)");
  for (const std::string& path : written)
    out << "wrote " << path << '\n';
}

}  // namespace

int run_suite(SuiteRun& suite, std::ostream& out) {
  std::optional<JournalWriter> journal;
  if (!suite.journal_path.empty()) {
    journal.emplace(suite.journal_path);
    journal->begin_run(suite.run);
  }
  install_interrupt_handler();

  Tracker tracker{.run = suite.run, .implementations = {}};
  bool interrupted = false;
  for (const auto& adapter : suite.adapters) {
    const Handshake& handshake = adapter->handshake();
    if (journal) journal->begin_implementation(handshake);
    if (!suite.quiet)
      print_implementation_header(
          out, handshake, judged_version(handshake.spec_version, suite.options.spec_version));
    tracker.implementations.push_back(ImplementationRun{.handshake = handshake, .results = {}});
    if (!run_implementation(suite, *adapter, tracker.implementations.back(),
                            journal ? &*journal : nullptr, out)) {
      interrupted = true;
      break;
    }
  }

  if (interrupted) {
    // An interrupted run has no finish time, like a killed one: its tracker is partial.
    out << "conformance: interrupted; writing what finished\n";
  } else {
    tracker.run.finished = utc_now_iso8601();
    if (journal) journal->end_run(tracker.run.finished);
  }
  for (const ImplementationRun& implementation : tracker.implementations)
    print_summary(out, implementation.handshake.implementation, implementation.results);
  write_outputs(suite, tracker, out);

  if (interrupted) return kExitInterrupted;
  return any_unexpected(tracker) ? kExitUnexpected : kExitOk;
}

}  // namespace conformance::app
