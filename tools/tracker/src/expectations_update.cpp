// Expectations from a run (see expectations_update.hpp).
#include "tracker/expectations_update.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "conformance/known_failures.hpp"
#include "tracker/error.hpp"

namespace tracker {
namespace {

constexpr std::string_view kSchema = "adc-expectations/1";
constexpr std::string_view kNeedsLink =
    "new: no upstream issue known; link one in \"bug\" (this file does not load until then)";

struct Failure {
  std::string implementation{};
  std::string check{};
  std::string status{};  // fail, error, crash or timeout
  std::string bug{};     // from the run's expectations, when it had one
};

bool waivable(std::string_view status) {
  return status == "fail" || status == "error" || status == "crash" || status == "timeout";
}

// The status a result had before expectations turned it into xfail: apply_expectations words its
// reason "expected <status>, see <bug>".
std::string failing_status(const conformance::CheckResult& result) {
  const std::string status(conformance::name(result.status));
  if (result.status != conformance::Status::xfail) return status;
  constexpr std::string_view prefix = "expected ";
  if (result.reason.rfind(prefix, 0) == 0) {
    const auto end = result.reason.find(',', prefix.size());
    const std::string expected = result.reason.substr(prefix.size(), end - prefix.size());
    if (waivable(expected)) return expected;
  }
  return "fail";
}

std::vector<Failure> failures_of(const conformance::Tracker& run) {
  std::vector<Failure> failures;
  for (const auto& implementation : run.implementations)
    for (const auto& result : implementation.results) {
      const std::string status = failing_status(result);
      if (waivable(status))
        failures.push_back({result.implementation, result.info.id, status, result.bug});
    }
  return failures;
}

std::string entry_implementation(const nlohmann::ordered_json& entry) {
  return entry.value("implementation", std::string("*"));
}

bool matches(const nlohmann::ordered_json& entry, const std::string& implementation,
             const std::string& check) {
  return conformance::glob_match(entry_implementation(entry), implementation) &&
         conformance::glob_match(entry.value("check", std::string()), check);
}

bool is_glob(const std::string& pattern) {
  return pattern.find_first_of("*?[") != std::string::npos;
}

// Whether an entry speaks for an implementation the run holds (else it is left alone).
bool about_the_run(const nlohmann::ordered_json& entry, const conformance::Tracker& run) {
  return std::any_of(run.implementations.begin(), run.implementations.end(),
                     [&](const conformance::ImplementationRun& implementation) {
                       return conformance::glob_match(entry_implementation(entry),
                                                      implementation.handshake.implementation);
                     });
}

// What the run says now about the checks a stale entry names: "now pass", "now unsupported", ...
std::string now(const nlohmann::ordered_json& entry, const conformance::Tracker& run) {
  std::vector<std::string> statuses;
  for (const auto& implementation : run.implementations)
    for (const auto& result : implementation.results)
      if (matches(entry, result.implementation, result.info.id)) {
        std::string status(conformance::name(result.status));
        if (std::find(statuses.begin(), statuses.end(), status) == statuses.end())
          statuses.push_back(std::move(status));
      }
  if (statuses.empty()) return "not in this run";
  return "now " + fmt::format("{}", fmt::join(statuses, ", "));
}

nlohmann::ordered_json new_entry(const Failure& failure, const KnownIssues& known_issues,
                                 bool& needs_link) {
  nlohmann::ordered_json entry;
  entry["implementation"] = failure.implementation;
  entry["check"] = failure.check;
  entry["status"] = failure.status;
  const auto known = find_known_issue(known_issues, failure.implementation, failure.check);
  if (!failure.bug.empty()) {
    entry["bug"] = failure.bug;
  } else if (known) {
    entry["bug"] = known->url;
    if (!known->note.empty()) entry["note"] = known->note;
  } else {
    entry["bug"] = "";
    entry["note"] = kNeedsLink;
  }
  needs_link = entry["bug"].get<std::string>().empty();
  return entry;
}

std::string label(const std::string& implementation, const std::string& check) {
  return implementation + " " + check;
}

nlohmann::ordered_json fresh_file(const conformance::Tracker& run, const std::string& source) {
  std::vector<std::string> names;
  for (const auto& implementation : run.implementations)
    names.push_back(implementation.handshake.implementation);
  nlohmann::ordered_json file;
  file["schema"] = kSchema;
  file["description"] = fmt::format(
      "Known failures of {}, written by `tracker expectations` from {} (seed {}). One entry per "
      "failing check; an entry with an empty \"bug\" needs the URL of its upstream issue.",
      fmt::join(names, ", "), source, run.run.seed);
  file["expectations"] = nlohmann::ordered_json::array();
  return file;
}

}  // namespace

ExpectationsUpdate update_expectations(const conformance::Tracker& run,
                                       const std::optional<nlohmann::ordered_json>& existing,
                                       const KnownIssues& known_issues, bool prune,
                                       const std::string& run_source) {
  ExpectationsUpdate update;
  update.pruned = prune;
  update.file = existing ? *existing : fresh_file(run, run_source);
  if (!update.file.is_object() || update.file.value("schema", std::string()) != kSchema ||
      !update.file.contains("expectations") || !update.file.at("expectations").is_array())
    throw TrackerError(fmt::format(
        "the expectations file is not {{\"schema\": \"{}\", \"expectations\": [...]}}", kSchema));
  auto& entries = update.file.at("expectations");
  for (const auto& entry : entries)
    if (!entry.is_object() || !entry.contains("check") || !entry.at("check").is_string() ||
        !entry.contains("status") || !entry.at("status").is_string())
      throw TrackerError("an expectation without a \"check\" and a \"status\": " + entry.dump());

  std::vector<bool> used(entries.size(), false);
  std::vector<std::pair<std::size_t, nlohmann::ordered_json>> insertions;  // before index
  for (const Failure& failure : failures_of(run)) {
    std::size_t index = 0;
    while (index < entries.size() &&
           !matches(entries.at(index), failure.implementation, failure.check))
      ++index;
    if (index < entries.size()) {
      auto& entry = entries.at(index);
      const std::string expected = entry.at("status").get<std::string>();
      if (expected == failure.status) {
        if (!used[index]) update.kept.push_back(label(failure.implementation, failure.check));
        used[index] = true;
        continue;
      }
      if (!is_glob(entry.at("check").get<std::string>()) && !is_glob(entry_implementation(entry))) {
        update.retagged.push_back(fmt::format("{}: {} -> {}",
                                              label(failure.implementation, failure.check),
                                              expected, failure.status));
        entry["status"] = failure.status;
        used[index] = true;
        continue;
      }
    }
    // No entry, or a glob expecting another status: a specific entry, placed before the glob so
    // that it is the first match.
    bool needs_link = false;
    insertions.emplace_back(index, new_entry(failure, known_issues, needs_link));
    update.added.push_back(label(failure.implementation, failure.check));
    if (needs_link) update.needs_link.push_back(label(failure.implementation, failure.check));
  }

  nlohmann::ordered_json rebuilt = nlohmann::ordered_json::array();
  auto insert_before = [&](std::size_t index) {
    for (const auto& [at, entry] : insertions)
      if (at == index) rebuilt.push_back(entry);
  };
  for (std::size_t i = 0; i < entries.size(); ++i) {
    insert_before(i);
    const auto& entry = entries.at(i);
    if (!used[i] && about_the_run(entry, run)) {
      update.passing.push_back(fmt::format(
          "{}: {}", label(entry_implementation(entry), entry.at("check").get<std::string>()),
          now(entry, run)));
      if (prune) continue;
    }
    rebuilt.push_back(entry);
  }
  insert_before(entries.size());
  entries = std::move(rebuilt);
  return update;
}

std::string describe(const ExpectationsUpdate& update) {
  std::string text;
  auto group = [&text](std::string_view title, const std::vector<std::string>& items) {
    text += fmt::format("{} {}\n", items.size(), title);
    for (const auto& item : items)
      text += "  " + item + "\n";
  };
  text += fmt::format("{} still failing, kept\n", update.kept.size());
  group("added", update.added);
  if (!update.needs_link.empty())
    group("added without a bug URL: link an upstream issue in \"bug\" before CI uses the file",
          update.needs_link);
  if (!update.retagged.empty()) group("failing with another status, rewritten", update.retagged);
  group(update.pruned ? "no longer failing, dropped (--prune)"
                      : "no longer failing, kept (drop them with --prune)",
        update.passing);
  return text;
}

}  // namespace tracker
