#include "tracker/render_markdown.hpp"

#include "tracker/cells.hpp"
#include "tracker/markdown_text.hpp"
#include "tracker/pair_matrix.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace tracker {
namespace {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;

// Column and section names: the implementation spec, with version and devices added where two
// runs (from a merge) would otherwise read the same.
std::vector<std::string> run_labels(const conformance::Tracker& tracker) {
  auto count_of = [](const std::vector<std::string>& labels, const std::string& label) {
    return std::count(labels.begin(), labels.end(), label);
  };
  std::vector<std::string> labels;
  for (const auto& run : tracker.implementations)
    labels.push_back(run.handshake.implementation);
  std::vector<std::string> refined = labels;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (count_of(labels, labels[i]) > 1) {
      const auto& handshake = tracker.implementations[i].handshake;
      std::string devices;
      for (const auto& device : handshake.devices)
        devices += (devices.empty() ? "" : ", ") + device.repr;
      refined[i] = labels[i] + " " + handshake.library_version + " (" + devices + ")";
    }
  }
  for (std::size_t i = 0; i < refined.size(); ++i) {
    if (count_of(refined, refined[i]) > 1) refined[i] += " #" + std::to_string(i + 1);
  }
  return refined;
}

std::string describe_cell(const CellCounts& cell) {
  if (cell.total == 0) return "-";
  std::string text = std::to_string(cell.passed) + "/" + std::to_string(cell.total);
  std::vector<std::string> notes;
  if (cell.failing > 0) notes.push_back(std::to_string(cell.failing) + " failing");
  if (cell.unsupported > 0) notes.push_back(std::to_string(cell.unsupported) + " unsupported");
  if (cell.skipped > 0) notes.push_back(std::to_string(cell.skipped) + " skipped");
  if (!notes.empty()) {
    text += " (";
    for (std::size_t i = 0; i < notes.size(); ++i)
      text += (i > 0 ? ", " : "") + notes[i];
    text += ")";
  }
  return text;
}

// How this row differs from the same library through another route: the summary, then every
// differing check, folded (there can be a hundred).
std::string route_notes(const ImplementationRun& run) {
  if (run.notes.empty()) return "";
  std::string text =
      "**Another route to the same library.** " + cell_text(run.notes.front(), 400) + "\n\n";
  if (run.notes.size() == 1) return text;
  text += "<details><summary>The " + std::to_string(run.notes.size() - 1) +
          " differing checks</summary>\n\n";
  for (std::size_t i = 1; i < run.notes.size(); ++i)
    text += "- " + cell_text(run.notes[i], 400) + "\n";
  return text + "\n</details>\n\n";
}

std::string section(const ImplementationRun& run, const std::string& label,
                    const std::vector<std::string>& families, const KnownIssues& known_issues) {
  const auto& handshake = run.handshake;
  std::string text = "## " + cell_text(label, 200) + "\n\n";
  std::string devices;
  for (std::size_t i = 0; i < handshake.devices.size(); ++i) {
    devices += (i > 0 ? ", " : "") + code(handshake.devices[i].repr);
    if (handshake.default_device && *handshake.default_device == static_cast<int>(i)) {
      devices += " (default)";
    }
  }
  const conformance::JudgedVersion judged = conformance::judged_by(run);
  text += "Library " + code(handshake.library) + " " + cell_text(handshake.library_version) +
          ", spec version " +
          cell_text(handshake.spec_version.empty() ? "unknown" : handshake.spec_version) +
          (judged.version.empty() ? std::string()
                                  : ", judged by spec " + cell_text(judged.version) + " (" +
                                        cell_text(judged.basis) + ")") +
          "; devices: " + (devices.empty() ? "none listed" : devices) + ".\n\n";

  std::vector<std::string> works, partly, unchecked;
  for (const auto& family : families) {
    const auto cell = count_cell(run, family, lookup_in(known_issues));
    if (cell.total == 0) continue;
    const auto entry = code(family) + " " + describe_cell(cell);
    if (cell.failing == 0 && cell.passed > 0) {
      works.push_back(entry);
    } else if (cell.failing > 0 && cell.passed > 0) {
      partly.push_back(entry);
    } else if (cell.failing == 0) {
      unchecked.push_back(entry);
    }
  }
  auto list = [](const std::vector<std::string>& entries) {
    std::string joined;
    for (const auto& entry : entries)
      joined += (joined.empty() ? "" : "; ") + entry;
    return entries.empty() ? std::string("none") : joined;
  };
  text += "- **Works** (no failing check in the family): " + list(works) + "\n";
  text += "- **Partly works**: " + list(partly) + "\n";
  text += "- **Not checked** (every check skipped or unsupported): " + list(unchecked) + "\n\n";

  std::vector<const CheckResult*> failing;
  for (const auto& result : run.results) {
    if (is_failing(result.status)) failing.push_back(&result);
  }
  text += route_notes(run);
  if (failing.empty()) {
    text += "No failing checks.\n\n";
    return text;
  }
  text += "What does not work (" + std::to_string(failing.size()) + " checks):\n\n";
  text += "| Check | Status | Expected | Actual | Issue |\n|---|---|---|---|---|\n";
  std::map<std::string, std::string> notes;  // url -> note, for the list under the table
  for (const auto* result : failing) {
    std::string expected = "-";
    std::string actual = result->reason.empty() ? "-" : result->reason;
    if (result->failure) {
      expected = result->failure->expected;
      actual = result->failure->actual;
    }
    std::string issue = "**new**";
    if (const auto known = known_issue_of(*result, handshake.implementation,
                                          handshake.library_version, lookup_in(known_issues))) {
      issue = "known: " + link(known->url);
      notes.emplace(known->url, known->note);
    }
    text += "| " + code(result->info.id) + " | " + std::string(name(result->status)) + " | " +
            cell_text(expected) + " | " + cell_text(actual) + " | " + issue + " |\n";
  }
  text += "\n";
  if (!notes.empty()) {
    text += "Known issues behind these failures:\n\n";
    for (const auto& [url, note] : notes)
      text += "- " + link(url) + ": " + cell_text(note, 400) + "\n";
    text += "\n";
  }
  return text;
}

// The implementations' sections and family matrix; `say_empty`: a tracker without them says so.
std::string render_rows(const conformance::Tracker& tracker, const KnownIssues& known_issues,
                        bool say_empty) {
  const auto& run = tracker.run;
  std::string text = "# Device-semantics conformance tracker\n\n";
  text +=
      "Generated by `tracker render` from the tracker JSON; do not edit by hand. Run with "
      "tool version " +
      cell_text(run.tool_version) + ", seed " + std::to_string(run.seed) + ", " +
      std::to_string(run.examples) + " examples per check, started " +
      cell_text(run.started.empty() ? "-" : run.started) + ", finished " +
      cell_text(run.finished.empty() ? "- (killed or running)" : run.finished) + ", on " +
      cell_text(run.host, 400) + ".\n\n";
  text +=
      "A failure is **known** when reports/known-issues.json (or the run's expectations) "
      "names the upstream issue behind it, **new** otherwise. There is no overall score: "
      "implementations differ in what they attempt.\n\n";

  const auto labels = run_labels(tracker);
  const auto families = families_of(tracker);
  if (tracker.implementations.empty() && say_empty) text += "No implementations in this tracker.\n";
  for (std::size_t i = 0; i < tracker.implementations.size(); ++i) {
    text += section(tracker.implementations[i], labels[i], families, known_issues);
  }
  if (tracker.implementations.empty()) return text;

  text +=
      "## Matrix\n\nPassed/total per check family; failing, unsupported and skipped checks "
      "are counted separately.\n\n| Family |";
  for (const auto& label : labels)
    text += fmt::format(" {} |", cell_text(label, 200));
  text += "\n|---|";
  for (std::size_t i = 0; i < labels.size(); ++i)
    text += "---|";
  text += "\n";
  for (const auto& family : families) {
    text += fmt::format("| {} |", code(family));
    for (const auto& implementation : tracker.implementations)
      text +=
          " " + describe_cell(count_cell(implementation, family, lookup_in(known_issues))) + " |";
    text += "\n";
  }
  return text;
}

}  // namespace

std::string render_markdown(const conformance::Tracker& tracker, const KnownIssues& known_issues) {
  // Pair runs (--peer) are a producer x consumer table of their own, after the rows.
  const std::string pairs = pair_matrix_markdown(tracker, lookup_in(known_issues));
  const std::string rows = render_rows(without_pair_runs(tracker), known_issues, pairs.empty());
  return pairs.empty() ? rows : rows + "\n" + pairs;
}

}  // namespace tracker
