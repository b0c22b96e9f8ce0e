// The public tracker page (see render_public.hpp).
#include "tracker/render_public.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "tracker/cells.hpp"
#include "tracker/markdown_text.hpp"

namespace tracker {
namespace {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;

// How many names a sentence lists before "and N more".
constexpr std::size_t kNamed = 4;

struct Run {
  const ImplementationRun* run = nullptr;
  std::string machine{};  // the directory of the file it came from: "debian12", "gpu"
};

std::string machine_of(const std::string& source) {
  const auto directory = std::filesystem::path(source).parent_path().filename().string();
  return directory.empty() ? source : directory;
}

std::string run_name(const Run& run) {
  const auto& handshake = run.run->handshake;
  return code(handshake.implementation) + " " + cell_text(handshake.library_version) + " on " +
         cell_text(run.machine);
}

std::string devices_of(const conformance::Handshake& handshake) {
  std::string devices;
  for (std::size_t i = 0; i < handshake.devices.size(); ++i) {
    devices += (i > 0 ? ", " : "") + code(handshake.devices[i].repr);
    if (handshake.default_device && *handshake.default_device == static_cast<int>(i))
      devices += " (default)";
  }
  return devices.empty() ? "none listed" : devices;
}

// "`a`, `b`, `c`, `d` and 12 more"
std::string some_of(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < kNamed; ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + code(names[i]);
  if (names.size() > kNamed) text += fmt::format(" and {} more", names.size() - kNamed);
  return text;
}

std::string every_one_folded(const std::string& summary, const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::string text = "<details><summary>" + summary + "</summary>\n\n";
  for (const auto& line : lines)
    text += "- " + line + "\n";
  return text + "\n</details>\n\n";
}

int count(const ImplementationRun& run, bool (*which)(Status)) {
  return static_cast<int>(std::count_if(run.results.begin(), run.results.end(),
                                        [which](const CheckResult& r) { return which(r.status); }));
}

bool is_unsupported(Status status) {
  return status == Status::unsupported;
}
bool is_skip(Status status) {
  return status == Status::skip;
}

std::string runs_table(const std::vector<Run>& runs) {
  std::string text =
      "| Run | Machine | Devices | Judged by | Pass | Fail | Unsupported | Skip |\n"
      "|---|---|---|---|---|---|---|---|\n";
  for (const auto& run : runs) {
    const auto& handshake = run.run->handshake;
    const auto judged = conformance::judged_by(*run.run);
    text += fmt::format(
        "| {} {} | {} | {} | {} | {} | {} | {} | {} |\n", code(handshake.implementation),
        cell_text(handshake.library_version), cell_text(run.machine), devices_of(handshake),
        judged.version.empty() ? std::string("-")
                               : cell_text(judged.version) + " (" + cell_text(judged.basis) + ")",
        count(*run.run, is_passing), count(*run.run, is_failing), count(*run.run, is_unsupported),
        count(*run.run, is_skip));
  }
  return text + "\n";
}

// Families that hold, that fail (with counts) and that were not checked, as sentences.
std::string family_sentences(const ImplementationRun& run, const std::vector<std::string>& families,
                             const KnownIssueLookup& lookup) {
  std::vector<std::string> holds, fails, unchecked;
  for (const auto& family : families) {
    const auto cell = count_cell(run, family, lookup);
    if (cell.total == 0) continue;
    if (cell.failing > 0) {
      fails.push_back(fmt::format("{} ({} of {} checks)", code(family), cell.failing, cell.total));
    } else if (cell.passed > 0) {
      holds.push_back(code(family));
    } else {
      unchecked.push_back(code(family));
    }
  }
  auto join = [](const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
      text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return text;
  };
  std::string text;
  if (!holds.empty()) text += "Holds in " + join(holds) + ". ";
  text += fails.empty() ? "No check fails. " : "Fails in " + join(fails) + ". ";
  if (!unchecked.empty()) text += "Not checked (unsupported or skipped): " + join(unchecked) + ".";
  return text + "\n\n";
}

// One cause: an upstream issue, or the new failures of one family.
struct Cause {
  std::string title{};  // "[pytorch/pytorch#38205](...)" or "**new** in `mixed`"
  std::string note{};
  std::vector<std::string> checks{};
};

std::vector<Cause> causes_of(const ImplementationRun& run, const KnownIssueLookup& lookup) {
  std::vector<Cause> causes;
  auto cause_named = [&causes](const std::string& title) -> Cause& {
    for (auto& cause : causes)
      if (cause.title == title) return cause;
    return causes.emplace_back(Cause{.title = title, .note = "", .checks = {}});
  };
  for (const auto& result : run.results) {
    if (!is_failing(result.status)) continue;
    if (const auto known = known_issue_of(result, run.handshake.implementation, lookup)) {
      Cause& cause = cause_named(link(known->url));
      cause.note = known->note;
      cause.checks.push_back(result.info.id);
    } else {
      cause_named("**new** in " + code(result.info.family)).checks.push_back(result.info.id);
    }
  }
  std::stable_sort(causes.begin(), causes.end(), [](const Cause& a, const Cause& b) {
    return a.checks.size() > b.checks.size();
  });
  return causes;
}

std::string failures_text(const ImplementationRun& run, const KnownIssueLookup& lookup) {
  const auto causes = causes_of(run, lookup);
  if (causes.empty()) return "";
  std::string text = "What fails, by cause:\n\n";
  for (const auto& cause : causes) {
    text += fmt::format("- {}: {} check{} ({})", cause.title, cause.checks.size(),
                        cause.checks.size() == 1 ? "" : "s", some_of(cause.checks));
    if (!cause.note.empty()) text += ". " + cell_text(cause.note, 300);
    text += "\n";
  }
  std::vector<std::string> lines;
  for (const auto& result : run.results) {
    if (!is_failing(result.status)) continue;
    std::string line = code(result.info.id) + " (" + std::string(name(result.status)) + ")";
    if (result.failure)
      line += ": expected " + cell_text(result.failure->expected) + "; got " +
              cell_text(result.failure->actual);
    else if (!result.reason.empty())
      line += ": " + cell_text(result.reason);
    lines.push_back(line);
  }
  return text + "\n" + every_one_folded("Every failing check", lines);
}

std::string unsupported_text(const ImplementationRun& run) {
  std::vector<std::pair<std::string, std::vector<std::string>>> reasons;  // reason -> checks
  for (const auto& result : run.results) {
    if (result.status != Status::unsupported) continue;
    const std::string reason = cell_text(result.reason.empty() ? "no reason given" : result.reason);
    auto found = std::find_if(reasons.begin(), reasons.end(),
                              [&](const auto& entry) { return entry.first == reason; });
    if (found == reasons.end()) found = reasons.insert(reasons.end(), {reason, {}});
    found->second.push_back(result.info.id);
  }
  if (reasons.empty()) return "";
  std::stable_sort(reasons.begin(), reasons.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  std::vector<std::string> lines;
  for (const auto& [reason, checks] : reasons)
    lines.push_back(fmt::format("{} check{}: \"{}\" ({})", checks.size(),
                                checks.size() == 1 ? "" : "s", reason, some_of(checks)));
  return every_one_folded(
      fmt::format("Unsupported: {} checks, for {} reason{}", count(run, is_unsupported),
                  reasons.size(), reasons.size() == 1 ? "" : "s"),
      lines);
}

// The checks whose status differs between two runs of one route (an older and a newer version).
std::string changes_text(const Run& before, const Run& after) {
  std::map<std::string, const CheckResult*> earlier;
  for (const auto& result : before.run->results)
    earlier.emplace(result.info.id, &result);
  std::map<std::string, std::vector<std::string>> by_change;  // "fail -> pass" -> checks
  int differing = 0;
  for (const auto& result : after.run->results) {
    const auto found = earlier.find(result.info.id);
    if (found == earlier.end() || found->second->status == result.status) continue;
    ++differing;
    by_change[std::string(name(found->second->status)) + " → " + std::string(name(result.status))]
        .push_back(result.info.id);
  }
  std::string text = "### What changed from " + run_name(before) + " to " + run_name(after) +
                     "\n\n" +
                     (differing == 0 ? "No check differs in status.\n\n"
                                     : fmt::format("{} checks differ in status:\n\n", differing));
  for (const auto& [change, checks] : by_change)
    text += fmt::format("- {}: {} ({})\n", change, checks.size(), some_of(checks));
  return differing == 0 ? text : text + "\n";
}

std::string library_section(const std::string& library, const std::vector<Run>& runs,
                            const std::vector<std::string>& families,
                            const KnownIssueLookup& lookup) {
  std::string text = "## " + cell_text(library, 200) + "\n\n";
  text += fmt::format("{} run{}:\n\n", runs.size(), runs.size() == 1 ? "" : "s");
  text += runs_table(runs);
  for (const auto& run : runs) {
    text += "### " + run_name(run) + "\n\n";
    text += "Devices: " + devices_of(run.run->handshake) + ". ";
    text += family_sentences(*run.run, families, lookup);
    text += failures_text(*run.run, lookup);
    text += unsupported_text(*run.run);
    if (!run.run->notes.empty())
      text += every_one_folded("Compared with another route to " + cell_text(library),
                               {cell_text(run.run->notes.front(), 400)});
  }
  // Two versions of one route (torch 1.13 here, 2.11 on the GPU host): what changed.
  for (std::size_t i = 0; i < runs.size(); ++i)
    for (std::size_t j = i + 1; j < runs.size(); ++j) {
      const auto& a = runs[i].run->handshake;
      const auto& b = runs[j].run->handshake;
      if (a.implementation == b.implementation && a.library_version != b.library_version)
        text += changes_text(runs[i], runs[j]);
    }
  return text;
}

struct IssueUse {
  std::string note{};
  std::vector<std::pair<std::string, int>> runs{};  // run name -> failing checks it explains
  int total = 0;
};

std::string issues_index(const std::vector<std::pair<std::string, std::vector<Run>>>& libraries,
                         const KnownIssueLookup& lookup) {
  std::map<std::string, IssueUse> issues;  // url -> use
  std::string new_failures;
  int new_count = 0;
  for (const auto& [library, runs] : libraries)
    for (const auto& run : runs) {
      std::map<std::string, int> here;
      std::string run_new;
      for (const auto& result : run.run->results) {
        if (!is_failing(result.status)) continue;
        if (const auto known = known_issue_of(result, run.run->handshake.implementation, lookup)) {
          ++here[known->url];
          issues[known->url].note = known->note;
          continue;
        }
        ++new_count;
        // One folded block per failure, at the top level (a fenced block inside a list item
        // would need every line of the reproduction indented).
        std::string summary = code(result.info.id) + ": ";
        summary += result.failure ? "expected " + cell_text(result.failure->expected) + "; got " +
                                        cell_text(result.failure->actual)
                                  : cell_text(result.reason);
        if (result.failure && !result.failure->reproduction.empty())
          run_new += "<details><summary>" + summary + "</summary>\n\n```\n" +
                     result.failure->reproduction + "\n```\n\n</details>\n\n";
        else
          run_new += "- " + summary + "\n\n";
      }
      for (const auto& [url, checks] : here) {
        issues[url].runs.emplace_back(run_name(run), checks);
        issues[url].total += checks;
      }
      if (!run_new.empty()) new_failures += "### " + run_name(run) + "\n\n" + run_new + "\n";
    }
  std::string text =
      "## Upstream issues\n\nEvery known issue (`reports/known-issues.json`, or a "
      "run's expectations) behind a failure here, with what it explains.\n\n";
  if (issues.empty()) {
    text += "None.\n\n";
  } else {
    text += "| Issue | Failing checks | Runs |\n|---|---|---|\n";
    for (const auto& [url, use] : issues) {
      std::string where;
      for (const auto& [run, checks] : use.runs)
        where += (where.empty() ? "" : "; ") + run + ": " + std::to_string(checks);
      text += fmt::format("| {} | {} | {} |\n", link(url), use.total, where);
    }
    text += "\n";
    for (const auto& [url, use] : issues)
      if (!use.note.empty()) text += "- " + link(url) + ": " + cell_text(use.note, 400) + "\n";
    text += "\n";
  }
  text += fmt::format(
      "## New failures\n\n{} failing checks have no known upstream issue: candidates to report "
      "(each with its reproduction), or to explain in `reports/known-issues.json`.\n\n",
      new_count);
  return text + new_failures;
}

}  // namespace

std::string render_public_markdown(const std::vector<SourceTracker>& sources,
                                   const KnownIssues& known_issues) {
  std::vector<std::pair<std::string, std::vector<Run>>> libraries;  // in order of first run
  std::vector<std::string> families;
  std::string provenance;
  for (const auto& source : sources) {
    const auto& info = source.tracker.run;
    provenance += fmt::format("- {} ({}): {}, seed {}, {} examples per check, finished {}\n",
                              code(source.source), cell_text(machine_of(source.source)),
                              cell_text(info.host, 200), info.seed, info.examples,
                              cell_text(info.finished.empty() ? "- (killed)" : info.finished));
    for (const auto& family : families_of(source.tracker))
      if (std::find(families.begin(), families.end(), family) == families.end())
        families.push_back(family);
    for (const auto& run : source.tracker.implementations) {
      const std::string library =
          run.handshake.library.empty() ? run.handshake.implementation : run.handshake.library;
      auto found = std::find_if(libraries.begin(), libraries.end(),
                                [&](const auto& entry) { return entry.first == library; });
      if (found == libraries.end()) found = libraries.insert(libraries.end(), {library, {}});
      found->second.push_back({&run, machine_of(source.source)});
    }
  }
  const auto lookup = lookup_in(known_issues);
  std::string text = "# Device support in Array API libraries\n\n";
  text +=
      "Generated by `tracker publish` from every committed run; do not edit by hand. A library's "
      "section has a row per run (route, version, machine); a failure is **known** when an "
      "upstream issue explains it, **new** otherwise. There is no overall score: libraries "
      "differ in what they attempt.\n\n" +
      provenance + "\n";
  text += "| Library | Runs | Failing checks (per run) |\n|---|---|---|\n";
  for (const auto& [library, runs] : libraries) {
    std::string versions, failing;
    for (const auto& run : runs) {
      versions += (versions.empty() ? "" : "; ") + run_name(run);
      failing += (failing.empty() ? "" : "; ") + std::to_string(count(*run.run, is_failing));
    }
    text += fmt::format("| {} | {} | {} |\n", cell_text(library), versions, failing);
  }
  text += "\n";
  for (const auto& [library, runs] : libraries)
    text += library_section(library, runs, families, lookup);
  return text + issues_index(libraries, lookup);
}

}  // namespace tracker
