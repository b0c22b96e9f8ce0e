// The public tracker page (see render_public.hpp).
#include "tracker/render_public.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "conformance/program.hpp"
#include "tracker/cells.hpp"
#include "tracker/history.hpp"
#include "tracker/machine_kind.hpp"
#include "tracker/markdown_text.hpp"
#include "tracker/pair_matrix.hpp"

namespace tracker {
namespace {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;

// How many names a sentence lists before "and N more".
constexpr std::size_t kNamed = 4;
// How many reasons for unsupported checks a run's section lists, the most common first.
constexpr std::size_t kReasonsShown = 6;

struct Run {
  const ImplementationRun* run = nullptr;
  std::string machine{};  // the directory of the file it came from: "debian12", "gpu"
};

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

// "`a`, `b` and `c`": every name, for a cause's checks.
std::string all_of(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + code(names[i]);
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
        "| {} {}{} | {} | {} | {} | {} | {} | {} | {} |\n", code(handshake.implementation),
        cell_text(handshake.library_version),
        // A wrapper's run: the library under it, whose release decides as much.
        handshake.backend_library.empty() ? std::string()
                                          : " over " + cell_text(handshake.backend_library) + " " +
                                                cell_text(handshake.backend_version),
        cell_text(run.machine), devices_of(handshake),
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

// An upstream issue's link, or a report draft's title and where to file it.
std::string cause_title(const KnownIssue& known) {
  if (known.draft.empty()) return link(known.url);
  return "**report draft** \"" + cell_text(known.draft, 200) +
         "\" (see Report drafts; to file at " + link(known.url) + ")";
}

std::vector<Cause> causes_of(const ImplementationRun& run, const KnownIssueLookup& lookup) {
  std::vector<Cause> causes;
  auto cause_named = [&causes](const std::string& title) -> Cause& {
    for (auto& cause : causes)
      if (cause.title == title) return cause;
    return causes.emplace_back(Cause{.title = title, .note = "", .checks = {}});
  };
  for (const auto& result : run.results) {
    if (!is_failing(result.status)) continue;
    if (const auto known = known_issue_of(result, run.handshake.implementation,
                                          run.handshake.library_version, lookup)) {
      Cause& cause = cause_named(cause_title(*known));
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
  // One line per cause with every check it explains; each check's expected and actual are in the
  // run's tracker.html and tracker.json (the page stays readable with hundreds of failures).
  std::string text = "What fails, by cause:\n\n";
  for (const auto& cause : causes) {
    text += fmt::format("- {}: {} check{} ({})", cause.title, cause.checks.size(),
                        cause.checks.size() == 1 ? "" : "s", all_of(cause.checks));
    if (!cause.note.empty()) text += ". " + cell_text(cause.note, 300);
    text += "\n";
  }
  return text + "\n";
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
  for (std::size_t i = 0; i < reasons.size() && i < kReasonsShown; ++i) {
    const auto& [reason, checks] = reasons[i];
    lines.push_back(fmt::format("{} check{}: \"{}\" ({})", checks.size(),
                                checks.size() == 1 ? "" : "s", reason, some_of(checks)));
  }
  if (reasons.size() > kReasonsShown) {
    std::size_t rest = 0;
    for (std::size_t i = kReasonsShown; i < reasons.size(); ++i)
      rest += reasons[i].second.size();
    lines.push_back(fmt::format("{} more checks, for {} more reasons (each in tracker.html)", rest,
                                reasons.size() - kReasonsShown));
  }
  return every_one_folded(
      fmt::format("Unsupported: {} checks, for {} reason{}", count(run, is_unsupported),
                  reasons.size(), reasons.size() == 1 ? "" : "s"),
      lines);
}

// The checks whose status differs between two runs: of one route at two versions ("What changed
// from ..."), or of one version eagerly and compiled ("Eagerly ... and compiled ...").
std::string changes_text(const Run& before, const Run& after, const std::string& heading) {
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
  std::string text = "### " + heading + "\n\n" +
                     (differing == 0 ? "No check differs in status.\n\n"
                                     : fmt::format("{} checks differ in status:\n\n", differing));
  for (const auto& [change, checks] : by_change)
    text += fmt::format("- {}: {} ({})\n", change, checks.size(), some_of(checks));
  return differing == 0 ? text : text + "\n";
}

// One run's sentences: families, failures by cause, unsupported by reason, route notes.
std::string run_section(const Run& run, const std::string& library,
                        const std::vector<std::string>& families, const KnownIssueLookup& lookup) {
  std::string text = "### " + run_name(run) + "\n\n";
  text += "Devices: " + devices_of(run.run->handshake) + ". ";
  text += family_sentences(*run.run, families, lookup);
  text += failures_text(*run.run, lookup);
  text += unsupported_text(*run.run);
  // The summary ("N of M checks ... differ, each listed below"), then each differing check.
  std::vector<std::string> notes;
  for (const auto& note : run.run->notes)
    notes.push_back(cell_text(note, 400));
  return text + every_one_folded("Compared with another route to " + cell_text(library), notes);
}

// What changed between two runs of one library: one route at two versions (the older first), or
// one version eagerly and on a compiled route (python:jax.numpy and python:jax.numpy@jit).
std::string comparison(const Run& x, const Run& y) {
  const auto& a = x.run->handshake;
  const auto& b = y.run->handshake;
  if (a.implementation == b.implementation && a.library_version != b.library_version) {
    const bool x_first = compare_versions(a.library_version, b.library_version) < 0;
    const Run& before = x_first ? x : y;
    const Run& after = x_first ? y : x;
    return changes_text(before, after,
                        "What changed from " + run_name(before) + " to " + run_name(after));
  }
  const auto compiled = [](const conformance::Handshake& eager,
                           const conformance::Handshake& route) {
    return eager.route.empty() && !route.route.empty() &&
           eager.library_version == route.library_version &&
           eager.implementation + "@" + route.route == route.implementation;
  };
  if (compiled(a, b))
    return changes_text(x, y, "Eagerly (" + run_name(x) + ") and compiled (" + run_name(y) + ")");
  if (compiled(b, a))
    return changes_text(y, x, "Eagerly (" + run_name(y) + ") and compiled (" + run_name(x) + ")");
  return "";
}

// A library's runs: today's (within a minor version of its newest release, newest first) and
// older release lines, which its section folds away.
struct LibraryRuns {
  std::vector<Run> current{};
  std::vector<Run> older{};
};

LibraryRuns by_release(const std::vector<Run>& runs) {
  std::vector<std::string> versions;
  for (const auto& run : runs)
    versions.push_back(run.run->handshake.library_version);
  const ReleaseLines lines = by_release_line(versions);
  LibraryRuns split;
  for (std::size_t i : lines.current)
    split.current.push_back(runs[i]);
  for (std::size_t i : lines.older)
    split.older.push_back(runs[i]);
  return split;
}

std::string names_of(const std::vector<Run>& runs) {
  std::string names;
  for (const auto& run : runs)
    names += (names.empty() ? "" : "; ") + run_name(run);
  return names;
}

std::string library_section(const std::string& library, const LibraryRuns& runs,
                            const std::vector<std::string>& families,
                            const KnownIssueLookup& lookup, const std::string& history_link) {
  std::string text = "## " + cell_text(library, 200) + "\n\n";
  text += fmt::format("{} run{} of today's releases, newest first:\n\n", runs.current.size(),
                      runs.current.size() == 1 ? "" : "s");
  text += runs_table(runs.current);
  for (const auto& run : runs.current)
    text += run_section(run, library, families, lookup);
  for (std::size_t i = 0; i < runs.current.size(); ++i)
    for (std::size_t j = i + 1; j < runs.current.size(); ++j)
      text += comparison(runs.current[i], runs.current[j]);
  if (!runs.older.empty()) {
    // Older release lines (Debian's 2022 releases): one click away.
    text += "<details><summary>Older releases: " + names_of(runs.older) + "</summary>\n\n";
    text += runs_table(runs.older);
    for (const auto& run : runs.older)
      text += run_section(run, library, families, lookup);
    for (const auto& old : runs.older)
      for (const auto& run : runs.current)
        text += comparison(old, run);
    for (std::size_t i = 0; i < runs.older.size(); ++i)
      for (std::size_t j = i + 1; j < runs.older.size(); ++j)
        text += comparison(runs.older[i], runs.older[j]);
    text += "</details>\n\n";
  }
  if (!history_link.empty())
    text +=
        "Release by release, check by check: the [history of releases](" + history_link + ").\n\n";
  return text;
}

struct IssueUse {
  std::string note{};
  std::vector<std::pair<std::string, int>> runs{};  // run name -> failing checks it explains
  int total = 0;
};

// A report draft and the failures it covers, with the first one's reproduction and spec text.
struct DraftUse {
  KnownIssue issue{};
  std::vector<std::string> checks{};  // check ids, each once
  std::vector<std::string> runs{};    // run names, each once
  const CheckResult* example = nullptr;
};

void add_once(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

// What a folded reproduction block looks like (a fenced block inside a list item would need
// every line of the reproduction indented, so it stands at the top level).
std::string folded_reproduction(const std::string& summary, const CheckResult& result) {
  if (!result.failure || result.failure->reproduction.empty()) return "- " + summary + "\n\n";
  return "<details><summary>" + summary + "</summary>\n\n```\n" + result.failure->reproduction +
         "\n```\n\n</details>\n\n";
}

std::string expected_and_actual(const CheckResult& result) {
  return result.failure ? "expected " + cell_text(result.failure->expected) + "; got " +
                              cell_text(result.failure->actual)
                        : cell_text(result.reason);
}

// The new failures of one run, one entry per family: its checks on one line each, and the
// reproduction of the first (the others differ in the function called, not in the rule).
std::string new_failures_of(const std::vector<const CheckResult*>& failures) {
  std::vector<std::pair<std::string, std::vector<const CheckResult*>>> families;
  for (const auto* result : failures) {
    auto found = std::find_if(families.begin(), families.end(), [&](const auto& entry) {
      return entry.first == result->info.family;
    });
    if (found == families.end()) found = families.insert(families.end(), {result->info.family, {}});
    found->second.push_back(result);
  }
  std::string text;
  for (const auto& [family, results] : families) {
    text += fmt::format("**{}**: {} check{}\n\n", code(family), results.size(),
                        results.size() == 1 ? "" : "s");
    for (const auto* result : results)
      text += "- " + code(result->info.id) + ": " + expected_and_actual(*result) + "\n";
    text += "\n" + folded_reproduction("Reproduction of " + code(results.front()->info.id),
                                       *results.front());
  }
  return text;
}

std::string drafts_section(const std::vector<DraftUse>& drafts) {
  if (drafts.empty()) return "";
  std::string text = fmt::format(
      "## Report drafts\n\n{} cause{} of failures that no upstream issue explains yet, each "
      "drafted as a report for the library's maintainers (`reports/known-issues.json`, `draft`): "
      "the title, where to file it, the spec sentence, the checks it covers and a minimal "
      "reproduction (the harness's, shrunk).\n\n",
      drafts.size(), drafts.size() == 1 ? "" : "s");
  for (const auto& draft : drafts) {
    text += "### " + cell_text(draft.issue.draft, 300) + "\n\n";
    text +=
        "To file at " + link(draft.issue.url) + ". " + cell_text(draft.issue.note, 600) + "\n\n";
    if (draft.example != nullptr && !draft.example->info.spec.empty())
      text += "> " + cell_text(draft.example->info.spec, 800) + "\n\n";
    std::string runs;
    for (const auto& run : draft.runs)
      runs += (runs.empty() ? "" : "; ") + run;
    text +=
        fmt::format("Checks ({}): {}, in {}\n\n", draft.checks.size(), some_of(draft.checks), runs);
    // The shrunk program: a few lines (the runnable script is in the run's JSON and HTML).
    if (draft.example != nullptr && draft.example->failure) {
      text += "Shrunk program (" + code(draft.example->info.id) + ", " + draft.runs.front() +
              "): " + expected_and_actual(*draft.example) + "\n\n```python\n" +
              conformance::to_string(draft.example->failure->program) + "\n```\n\n";
    }
  }
  return text;
}

std::string issues_index(const std::vector<std::pair<std::string, std::vector<Run>>>& libraries,
                         const KnownIssueLookup& lookup) {
  std::map<std::string, IssueUse> issues;  // url -> use
  std::vector<DraftUse> drafts;            // in order of first use
  std::string new_failures;
  int new_count = 0;
  for (const auto& [library, runs] : libraries)
    for (const auto& run : runs) {
      std::map<std::string, int> here;
      std::vector<const CheckResult*> run_new;
      for (const auto& result : run.run->results) {
        if (!is_failing(result.status)) continue;
        const auto known = known_issue_of(result, run.run->handshake.implementation,
                                          run.run->handshake.library_version, lookup);
        if (!known) {
          ++new_count;
          run_new.push_back(&result);
          continue;
        }
        if (!known->draft.empty()) {
          auto found = std::find_if(drafts.begin(), drafts.end(), [&](const DraftUse& d) {
            return d.issue.draft == known->draft && d.issue.url == known->url;
          });
          if (found == drafts.end())
            found = drafts.insert(
                drafts.end(),
                DraftUse{.issue = *known, .checks = {}, .runs = {}, .example = &result});
          add_once(found->checks, result.info.id);
          add_once(found->runs, run_name(run));
          continue;
        }
        ++here[known->url];
        issues[known->url].note = known->note;
      }
      for (const auto& [url, checks] : here) {
        issues[url].runs.emplace_back(run_name(run), checks);
        issues[url].total += checks;
      }
      if (!run_new.empty())
        new_failures += "### " + run_name(run) + "\n\n" + new_failures_of(run_new) + "\n";
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
  text += drafts_section(drafts);
  text += fmt::format(
      "## New failures\n\n{} failing checks have no known upstream issue and no report draft: "
      "candidates to report, or to explain in `reports/known-issues.json`. Per run and family, "
      "each check with what it expected and got, and the first one's reproduction (every "
      "reproduction is in the run's `tracker.json` and in `tracker.html`).\n\n",
      new_count);
  return text + new_failures;
}

}  // namespace

std::string render_public_markdown(const std::vector<SourceTracker>& sources,
                                   const KnownIssues& known_issues, const PublicHistory& history) {
  const auto& [fixed, history_libraries, history_page] = history;
  std::vector<std::pair<std::string, std::vector<Run>>> libraries;  // in order of first run
  std::vector<std::string> families;
  std::string provenance;
  // --peer runs are the DLPack matrix, not library rows: a table per source (one machine each).
  struct PairTable {
    std::string machine{};
    std::string host{};
    conformance::Tracker runs{};
  };
  std::vector<PairTable> pair_tables;
  for (const auto& source : sources) {
    const auto& info = source.tracker.run;
    const std::string machine = machine_of(source.source);
    // The machine by what it is, where its record says (machine_kind.hpp), then its host line.
    const std::string kind = machine_kind(source.source);
    provenance += fmt::format(
        "- {}: {}{} ({}), seed {}, {} examples per check, finished {}\n", cell_text(machine),
        kind.empty() ? "" : cell_text(kind) + "; ", cell_text(info.host, 200), code(source.source),
        info.seed, info.examples, cell_text(info.finished.empty() ? "- (killed)" : info.finished));
    for (const auto& family : families_of(without_pair_runs(source.tracker)))
      if (std::find(families.begin(), families.end(), family) == families.end())
        families.push_back(family);
    PairTable pairs{.machine = machine, .host = info.host, .runs = {}};
    for (const auto& run : source.tracker.implementations) {
      if (is_pair_run(run)) {
        pairs.runs.implementations.push_back(run);
        continue;
      }
      const std::string library =
          run.handshake.library.empty() ? run.handshake.implementation : run.handshake.library;
      auto found = std::find_if(libraries.begin(), libraries.end(),
                                [&](const auto& entry) { return entry.first == library; });
      if (found == libraries.end()) found = libraries.insert(libraries.end(), {library, {}});
      found->second.push_back({&run, machine});
    }
    if (!pairs.runs.implementations.empty()) pair_tables.push_back(std::move(pairs));
  }
  const auto lookup = lookup_in(known_issues);
  std::string text = "# Device support in Array API libraries\n\n";
  text +=
      "Generated by `tracker publish` from every committed run; do not edit by hand. A library's "
      "section has a row per run (route, version, machine), today's releases first and newest "
      "first, older release lines folded below them; a failure is **known** when an "
      "upstream issue explains it, **new** otherwise. There is no overall score: libraries "
      "differ in what they attempt.\n\n" +
      provenance + "\n";
  text +=
      "| Library | Runs of today's releases, newest first | Failing checks (per run) | Older "
      "releases |\n|---|---|---|---|\n";
  std::set<std::string> in_history;
  for (const auto& library : history_libraries)
    in_history.insert(library);
  for (const auto& [library, all_runs] : libraries) {
    const LibraryRuns runs = by_release(all_runs);
    std::string failing;
    for (const auto& run : runs.current)
      failing += (failing.empty() ? "" : "; ") + std::to_string(count(*run.run, is_failing));
    text += fmt::format("| {} | {} | {} | {} |\n", cell_text(library), names_of(runs.current),
                        failing, runs.older.empty() ? "-" : names_of(runs.older));
  }
  text += "\n";
  for (const auto& [library, runs] : libraries)
    text += library_section(library, by_release(runs), families, lookup,
                            in_history.contains(library) ? history_page : "");
  // One table per machine. The pairs' failures and reproductions are on the machine's own page
  // (reports/dlpack/TRACKER.md): pasted here they doubled the page.
  for (const auto& pairs : pair_tables)
    text += pair_matrix_markdown(
        pairs.runs, lookup, 2, pairs.machine + "/TRACKER.md",
        pairs.host.empty() ? pairs.machine : fmt::format("{} ({})", pairs.machine, pairs.host));
  return text + issues_index(libraries, lookup) + fixed_issues_markdown(fixed, history_page);
}

}  // namespace tracker
