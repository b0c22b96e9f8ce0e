// A run as compliance-data reports (see compliance_export.hpp).
#include "tracker/compliance_export.hpp"

#include <algorithm>
#include <map>
#include <regex>

#include "conformance/known_failures.hpp"
#include "conformance/oracle.hpp"
#include "tracker/error.hpp"

namespace tracker {
namespace {

using conformance::Status;

// pytest-json-report's outcome words, which the dashboard's summaries count.
std::string outcome_of(Status status) {
  switch (status) {
    case Status::pass:
      return "passed";
    case Status::fail:
      return "failed";
    case Status::skip:
    case Status::unsupported:  // the library lacks it: pytest would skip
      return "skipped";
    case Status::xfail:
      return "xfailed";
    case Status::xpass:
      return "xpassed";
    case Status::error:
    case Status::crash:
    case Status::timeout:
      return "error";
  }
  return "error";
}

// run.host is "<hostname> (<system> <release> <machine>)" (conformance's host_description).
nlohmann::ordered_json platform_of(const std::string& host) {
  static const std::regex pattern(R"(^(.*) \((\S+) (\S+) (\S+)\)$)");
  std::smatch match;
  nlohmann::ordered_json platform;
  const bool parsed = std::regex_match(host, match, pattern);
  platform["description"] = host.empty() ? std::string("unknown") : host;
  platform["system"] = parsed ? match[2].str() : "unknown";
  platform["release"] = parsed ? match[3].str() : "unknown";
  platform["machine"] = parsed ? match[4].str() : "unknown";
  return platform;
}

// The accelerator the run's devices name, if any: the dashboard's series dimension.
nlohmann::ordered_json execution_target_of(const conformance::Handshake& handshake) {
  nlohmann::ordered_json target;
  target["kind"] = "cpu";
  for (const auto& device : handshake.devices) {
    std::string repr = device.repr;
    std::transform(repr.begin(), repr.end(), repr.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& [word, kind, backend] :
         {std::tuple{"cuda", "gpu", "cuda"}, std::tuple{"rocm", "gpu", "rocm"},
          std::tuple{"mps", "gpu", "mps"}, std::tuple{"tpu", "tpu", "xla"}})
      if (repr.find(word) != std::string::npos) {
        target["kind"] = kind;
        target["backend"] = backend;
        return target;
      }
  }
  return target;
}

}  // namespace

nlohmann::ordered_json compliance_report(const conformance::Tracker& tracker,
                                         const conformance::ImplementationRun& run,
                                         const ComplianceExportOptions& options) {
  static const std::regex commit(R"(^[0-9a-fA-F]{40}$)");
  if (!std::regex_match(options.suite_commit, commit))
    throw TrackerError(
        "--suite-commit must be this suite's revision, 40 hexadecimal digits (git "
        "rev-parse HEAD), not \"" +
        options.suite_commit + "\"");
  const auto& handshake = run.handshake;
  const auto judged = conformance::judged_by(run);
  nlohmann::ordered_json report;
  report["schema"] = "v1";
  report["name"] = handshake.library.empty() ? handshake.implementation : handshake.library;
  report["version"] = handshake.library_version.empty() ? "unknown" : handshake.library_version;
  report["api_version"] = !judged.version.empty()           ? judged.version
                          : !handshake.spec_version.empty() ? handshake.spec_version
                                                            : std::string("unknown");
  report["timestamp"] = !tracker.run.finished.empty() ? tracker.run.finished : tracker.run.started;
  report["platform"] = platform_of(tracker.run.host);
  report["execution_target"] = execution_target_of(handshake);
  report["python"] = options.python.empty() ? "unknown" : options.python;
  report["test_suite"] = options.suite_commit;

  double duration = 0;
  bool unexpected = false;
  std::map<std::string, int> counts;
  nlohmann::ordered_json tests = nlohmann::ordered_json::array();
  for (const auto& result : run.results) {
    duration += result.seconds;
    unexpected = unexpected || conformance::is_unexpected(result.status);
    const std::string outcome = outcome_of(result.status);
    ++counts[outcome];
    nlohmann::ordered_json test;
    test["nodeid"] = "device/" + result.info.id;
    test["outcome"] = outcome;
    test["status"] = std::string(name(result.status));  // ours, finer than pytest's
    test["level"] = std::string(name(result.info.level));
    test["spec"] = result.info.spec;
    test["implementation"] = result.implementation;
    if (!result.reason.empty()) test["reason"] = result.reason;
    if (!result.bug.empty()) test["bug"] = result.bug;
    if (result.failure) {
      test["expected"] = result.failure->expected;
      test["actual"] = result.failure->actual;
    }
    test["duration"] = result.seconds;
    tests.push_back(std::move(test));
  }
  nlohmann::ordered_json summary;
  for (const auto& [outcome, n] : counts)
    summary[outcome] = n;
  summary["total"] = run.results.size();
  summary["collected"] = run.results.size();
  report["data"] = {{"duration", std::max(duration, 0.0)},
                    {"exitcode", unexpected ? 1 : 0},
                    {"summary", summary},
                    {"tests", tests}};
  return report;
}

std::string report_file_name(const std::string& implementation) {
  std::string name = implementation;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') c = '-';
  return name;
}

}  // namespace tracker
