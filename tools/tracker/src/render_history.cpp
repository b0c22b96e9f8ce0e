#include "tracker/render_history.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "tracker/history.hpp"
#include "tracker/markdown_text.hpp"

namespace tracker {
namespace {

// The families of a library's releases, in the order the newest release's checks list them.
std::vector<std::string> families_of(const LibraryHistory& library) {
  std::vector<std::string> families;
  std::set<std::string> seen;
  for (const auto& check : library.checks)
    if (seen.insert(check.family).second) families.push_back(check.family);
  return families;
}

// "12/14": passing of the judged checks of the family; "-" when none was judged.
std::string family_cell(const ReleaseRun& release, const std::string& family) {
  const auto found = release.families.find(family);
  if (found == release.families.end()) return "";
  const FamilyCounts& counts = found->second;
  const int judged = counts.pass + counts.fail;
  if (judged == 0) return "-";
  return std::to_string(counts.pass) + "/" + std::to_string(judged);
}

int count(const ReleaseRun& release, const char* status) {
  const auto found = release.summary.find(status);
  return found == release.summary.end() ? 0 : found->second;
}

void write_library(std::string& out, const LibraryHistory& library) {
  if (library.releases_of.empty()) {
    out += "\n## " + cell_text(library.library) + " (" + code(library.implementation) + ")\n\n";
  } else {
    // A wrapper over the releases of the library under it: which wrapper releases ran them.
    std::vector<std::string> wrappers;
    for (const auto& release : library.releases)
      if (std::find(wrappers.begin(), wrappers.end(), release.wrapper_version) == wrappers.end())
        wrappers.push_back(release.wrapper_version);
    std::string under;
    for (const auto& version : wrappers)
      under += (under.empty() ? "" : ", ") + cell_text(version);
    out += "\n## " + cell_text(library.library) + " through " + code(library.implementation) +
           "\n\nReleases of " + cell_text(library.releases_of) + " under the wrapper namespace " +
           code(library.implementation) + (under.empty() ? "" : " " + under) +
           ": what a user of the wrapper gets on each.\n\n";
  }
  if (library.releases.empty()) {
    out += "No release ran.\n";
  } else {
    const std::vector<std::string> families = families_of(library);
    out +=
        "Newest first. A family's cell is its passing checks of those judged (pass or fail); "
        "`-`: none judged (unsupported or skipped).\n\n| Release | Declares | Judged by | "
        "Pass | Fail | Unsupported | Skip |";
    for (const auto& family : families)
      out += " " + family + " |";
    out += "\n|---|---|---|---|---|---|---|";
    for (std::size_t i = 0; i < families.size(); ++i)
      out += "---|";
    out += "\n";
    for (auto it = library.releases.rbegin(); it != library.releases.rend(); ++it) {
      const ReleaseRun& release = *it;
      int failing = 0;
      for (const auto& [status, checks] : release.summary)
        if (is_failing_status(status)) failing += checks;
      out += "| " + cell_text(release.version) + " | " +
             (release.declares.empty() ? "-" : cell_text(release.declares)) + " | " +
             cell_text(release.judged_by) + " | " + std::to_string(count(release, "pass")) + " | " +
             std::to_string(failing) + " | " + std::to_string(count(release, "unsupported")) +
             " | " + std::to_string(count(release, "skip")) + " |";
      for (const auto& family : families)
        out += " " + family_cell(release, family) + " |";
      out += "\n";
    }
  }
  if (!library.left_out.empty()) {
    out += "\nLeft out:\n\n";
    for (const auto& left : library.left_out)
      out += "- " + cell_text(left.release) + ": " + cell_text(left.why, 400) + "\n";
  }
  std::vector<const CheckHistory*> changed;
  for (const auto& check : library.checks)
    if (check.stretches.size() > 1) changed.push_back(&check);
  // Regressions first, then the latest change first.
  std::stable_sort(changed.begin(), changed.end(),
                   [](const CheckHistory* a, const CheckHistory* b) {
                     if (a->regressed_in.empty() != b->regressed_in.empty())
                       return !a->regressed_in.empty();
                     return compare_versions(a->last_change, b->last_change) > 0;
                   });
  const std::size_t unchanged = library.checks.size() - changed.size();
  if (library.releases.size() > 1) {
    out += "\n### What changed\n\n";
    if (changed.empty()) out += "No check changed its status across these releases.\n";
    for (const CheckHistory* check : changed) {
      out += "- " + code(check->id) + ": ";
      if (!check->regressed_in.empty())
        out += "**regression in " + cell_text(check->regressed_in) + "**" +
               (check->fixed_in.empty() ? "" : ", fixed in " + cell_text(check->fixed_in)) + ": ";
      else if (!check->fixed_in.empty())
        out += "fixed in " + cell_text(check->fixed_in) + ": ";
      out += describe(*check) + "\n";
    }
    out += "\n" + std::to_string(unchanged) + " checks have one status in every release.\n";
  }
}

}  // namespace

std::string render_history_markdown(const History& history) {
  std::string out =
      "# Device behaviour across releases\n\nGenerated by `tracker history` from one run of the "
      "suite per release (`tools/history`); do not edit by hand. Each release is judged by the "
      "spec version it declares; an expectations file changes nothing here (an expected failure "
      "is a failure).\n\n| Library | Releases run | Left out | Checks that changed | "
      "Regressions |\n|---|---|---|---|---|\n";
  for (const auto& library : history.libraries) {
    int changed = 0, regressions = 0;
    for (const auto& check : library.checks) {
      changed += check.stretches.size() > 1 ? 1 : 0;
      regressions += check.regressed_in.empty() ? 0 : 1;
    }
    std::string releases;
    if (library.releases.size() == 1)
      releases = "1 (" + cell_text(library.releases.front().version) + ")";
    else if (!library.releases.empty())
      releases = std::to_string(library.releases.size()) + " (" +
                 cell_text(library.releases.front().version) + "-" +
                 cell_text(library.releases.back().version) + ")";
    else
      releases = "0";
    out += "| " + code(series_label(library)) + " | " + releases + " | " +
           std::to_string(library.left_out.size()) + " | " + std::to_string(changed) + " | " +
           std::to_string(regressions) + " |\n";
  }
  // Where the releases ran (provenance: tools/history's comparison leaves hosts out).
  std::map<std::string, int> hosts;
  for (const auto& library : history.libraries)
    for (const auto& release : library.releases)
      ++hosts[release.host.empty() ? "(not recorded)" : release.host];
  if (!hosts.empty()) {
    out += "\nRan on: ";
    bool first = true;
    for (const auto& [host, releases] : hosts) {
      out += (first ? "" : "; ") + cell_text(host, 200) + " (" + std::to_string(releases) +
             " release run" + (releases == 1 ? "" : "s") + ")";
      first = false;
    }
    out += ".\n";
  }
  for (const auto& library : history.libraries)
    write_library(out, library);
  return out;
}

}  // namespace tracker
