// The public tracker page (`tracker publish`): a section per library with a row per run,
// failures grouped by upstream issue, what changed between two versions of a route, the index of
// issues and the new failures. Approval tests hold the whole page and the HTML matrix of a small
// two-machine tracker (tests/data/small-public.md and .html, reviewed once); ADC_UPDATE_GOLDEN=1
// rewrites them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "build_locations.hpp"
#include "conformance/route_differences.hpp"
#include "tracker/machine_kind.hpp"
#include "tracker/render_html.hpp"
#include "tracker/render_public.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The small tracker as run on "debian12", and its torch row again as a newer torch on "gpu" where
// mixed.concat now raises (passes) and host.array.size still fails.
std::vector<SourceTracker> torch_on_two_machines() {
  auto here = conformance::tracker_from_json(testing::small_tracker_json());
  auto there = here;
  std::erase_if(there.implementations, [](const conformance::ImplementationRun& run) {
    return run.handshake.implementation != "python:torch";
  });
  auto& torch = there.implementations.front();
  torch.handshake.library_version = "2.11.0";
  for (auto& result : torch.results)
    if (result.info.id == "mixed.concat") {
      result.status = conformance::Status::pass;
      result.failure.reset();
    }
  there.run.host = "gpu-host";
  return {{.source = "reports/debian12/tracker.json", .tracker = here},
          {.source = "reports/gpu/tracker.json", .tracker = there}};
}

int occurrences(const std::string& text, const std::string& part) {
  int n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

TEST(PublicPage, OneSectionPerLibraryWithARowPerRun) {
  const auto page = render_public_markdown(torch_on_two_machines(), testing::torch_0d_issue());
  EXPECT_EQ(occurrences(page, "\n## torch\n"), 1);
  EXPECT_THAT(page, HasSubstr("| `python:torch` 1.13.0a0 | debian12 |"));
  EXPECT_THAT(page, HasSubstr("| `python:torch` 2.11.0 | gpu |"));
  EXPECT_THAT(page, HasSubstr("### `python:torch` 2.11.0 on gpu"));
  EXPECT_THAT(page, HasSubstr("- gpu: gpu-host (`reports/gpu/tracker.json`)"));
}

// A wrapper's run names the library under it and its release, in the Markdown table and in the
// HTML row: array_api_compat 1.16 over NumPy 1.26 and over 2.4 behave apart.
TEST(PublicPage, AWrappersRowNamesTheLibraryUnderIt) {
  auto sources = torch_on_two_machines();
  auto& handshake = sources.at(1).tracker.implementations.at(0).handshake;
  handshake.backend_library = "numpy";
  handshake.backend_version = "1.26.4";
  const auto page = render_public_markdown(sources, testing::torch_0d_issue());
  EXPECT_THAT(page, HasSubstr("| `python:torch` 2.11.0 over numpy 1.26.4 | gpu |"));
  const auto rows = publish_rows(sources);
  EXPECT_THAT(render_html(rows.tracker, testing::torch_0d_issue(), rows.machines),
              HasSubstr("torch 2.11.0 over numpy 1.26.4<br>"));
}

TEST(PublicPage, FailuresAreGroupedByCause) {
  const auto page = render_public_markdown(torch_on_two_machines(), testing::torch_0d_issue());
  // Both mixed_0d failures are one group behind the known issue; the rest are new, per family.
  EXPECT_THAT(page, HasSubstr("- [pytorch/pytorch#38205](https://github.com/pytorch/pytorch/"
                              "issues/38205): 2 checks (`mixed_0d.add` and "
                              "`mixed_0d.multiply`). 0-d CPU tensors mix by design"));
  EXPECT_THAT(page, HasSubstr("- **new** in `mixed`: 1 check (`mixed.concat`)"));
  EXPECT_THAT(page, HasSubstr("- **new** in `host`: 1 check (`host.array.size`)"));
}

TEST(PublicPage, SaysWhatChangedBetweenTwoVersionsOfARoute) {
  const auto page = render_public_markdown(torch_on_two_machines(), testing::torch_0d_issue());
  EXPECT_THAT(page, HasSubstr("### What changed from `python:torch` 1.13.0a0 on debian12 to "
                              "`python:torch` 2.11.0 on gpu"));
  EXPECT_THAT(page, HasSubstr("- fail → pass: 1 (`mixed.concat`)"));
}

// The same torch on a compiled route in a run of its own, where mixed.concat passes: the page
// compares it with the eager row of that version, check by check.
TEST(PublicPage, ComparesARouteWithTheEagerRowOfItsVersion) {
  auto runs = torch_on_two_machines();
  runs.pop_back();
  auto compiled = runs.front().tracker;
  std::erase_if(compiled.implementations, [](const conformance::ImplementationRun& run) {
    return run.handshake.implementation != "python:torch";
  });
  auto& torch = compiled.implementations.front();
  torch.handshake.implementation = "python:torch@jit";
  torch.handshake.route = "jit";
  for (auto& result : torch.results)
    if (result.info.id == "mixed.concat") {
      result.status = conformance::Status::pass;
      result.failure.reset();
    }
  runs.push_back({.source = "reports/debian12-jit/tracker.json", .tracker = compiled});
  const auto page = render_public_markdown(runs, testing::torch_0d_issue());
  EXPECT_THAT(page, HasSubstr("### Eagerly (`python:torch` 1.13.0a0 on debian12) and compiled "
                              "(`python:torch@jit` 1.13.0a0 on debian12-jit)"));
  EXPECT_THAT(page, HasSubstr("- fail → pass: 1 (`mixed.concat`)"));
  EXPECT_THAT(page, Not(HasSubstr("What changed from `python:torch` 1.13.0a0")));
}

TEST(PublicPage, IndexesTheIssuesAndListsTheNewFailures) {
  const auto page = render_public_markdown(torch_on_two_machines(), testing::torch_0d_issue());
  EXPECT_THAT(page, HasSubstr("| [pytorch/pytorch#38205](https://github.com/pytorch/pytorch/"
                              "issues/38205) | 4 | `python:torch` 1.13.0a0 on debian12: 2; "
                              "`python:torch` 2.11.0 on gpu: 2 |"));
  // 3 new on debian12 (concat, finfo, size), 2 on gpu (finfo, size).
  EXPECT_THAT(page, HasSubstr("## New failures\n\n5 failing checks have no known upstream issue"));
  // Per run and family: a line per check, the first one's reproduction folded.
  EXPECT_THAT(page, HasSubstr("**`host`**: 1 check\n\n- `host.array.size`: expected"));
  EXPECT_THAT(page, HasSubstr("<details><summary>Reproduction of `host.array.size`</summary>"));
}

// A failure no upstream issue explains yet can carry a report draft: named as its cause in the
// run's section, printed once in "Report drafts" with where to file it, the spec sentence and a
// reproduction, and no longer counted among the new failures.
TEST(PublicPage, PrintsReportDraftsReadyToFile) {
  auto known = testing::torch_0d_issue();
  known.issues.push_back({.implementation = "python:torch*",
                          .check = "host.array.size",
                          .url = "https://github.com/pytorch/pytorch/issues",
                          .note = "Tensor.size is a method",
                          .draft = "Tensor.size is a method, not the standard's attribute"});
  const auto page = render_public_markdown(torch_on_two_machines(), known);
  EXPECT_THAT(page, HasSubstr("- **report draft** \"Tensor.size is a method, not the standard's "
                              "attribute\" (see Report drafts; to file at"));
  EXPECT_EQ(occurrences(page, "\n### Tensor.size is a method, not the standard's attribute\n"), 1);
  EXPECT_THAT(page, HasSubstr("To file at [https://github.com/pytorch/pytorch/issues]("));
  EXPECT_THAT(page, HasSubstr("Checks (1): `host.array.size`, in `python:torch` 1.13.0a0 on "
                              "debian12; `python:torch` 2.11.0 on gpu"));
  EXPECT_THAT(page, HasSubstr("Shrunk program (`host.array.size`, `python:torch` 1.13.0a0 on "
                              "debian12): expected"));
  EXPECT_THAT(page, HasSubstr("```python\nx0 = xp.asarray("));
  EXPECT_THAT(page, HasSubstr("## New failures\n\n3 failing checks have no known upstream issue"));
}

// `page` against the approved file in tests/data/ (written instead with ADC_UPDATE_GOLDEN=1).
void expect_approved(const std::string& page, const std::string& file) {
  const std::string golden = std::string(adc::build_locations::tracker_test_data) + "/" + file;
  if (std::getenv("ADC_UPDATE_GOLDEN") != nullptr) testing::write_file(golden, page);
  std::ifstream in(golden);
  std::ostringstream approved;
  approved << in.rdbuf();
  EXPECT_EQ(page, approved.str()) << "the page differs from " << golden
                                  << "; review the change and rerun with ADC_UPDATE_GOLDEN=1";
}

// Today's release leads; an older release line (torch 1.13 beside 2.11) is folded below it, and
// a library with a history of releases links it.
TEST(PublicPage, TodaysReleaseLeadsAndOlderOnesAreFoldedBelow) {
  const auto page =
      render_public_markdown(torch_on_two_machines(), testing::torch_0d_issue(),
                             {.fixed = {}, .libraries = {"torch"}, .page = "history/HISTORY.md"});
  EXPECT_THAT(page, HasSubstr("| torch | `python:torch` 2.11.0 on gpu | 4 | `python:torch` "
                              "1.13.0a0 on debian12 |"));
  const auto today = page.find("### `python:torch` 2.11.0 on gpu");
  const auto fold = page.find("<details><summary>Older releases: `python:torch` 1.13.0a0");
  const auto older = page.find("### `python:torch` 1.13.0a0 on debian12");
  ASSERT_NE(today, std::string::npos);
  ASSERT_NE(fold, std::string::npos);
  EXPECT_LT(today, fold);
  EXPECT_LT(fold, older);
  EXPECT_THAT(page, HasSubstr("What changed from `python:torch` 1.13.0a0 on debian12 to "
                              "`python:torch` 2.11.0 on gpu"));
  EXPECT_EQ(occurrences(page, "[history of releases](history/HISTORY.md)"), 1);  // torch's only
}

// The header names a machine by what it is: a record's kind line, or the same words from an
// older record's lines.
TEST(PublicPage, MachinesAreNamedByWhatTheyAre) {
  EXPECT_EQ(machine_kind_of_record("date: x\nkind: 2-core VM, Debian 12\nhost: Linux 6.1\n"),
            "2-core VM, Debian 12");
  EXPECT_EQ(machine_kind_of_record("host: Linux 6.18 x86_64; 2 cores; 24 GiB\n"
                                   "os: Debian GNU/Linux 12 (bookworm)\n"),
            "2-core machine, Debian 12");
  EXPECT_EQ(machine_kind_of_record("host: Linux\ngpu: NVIDIA H100 80GB HBM3, 580.1, 81559 MiB\n"),
            "NVIDIA H100 80GB HBM3 GPU host");
  EXPECT_EQ(machine_kind_of_record("date: x\n"), "");
  const auto dir = testing::scratch_dir("machine_kind") / "pypi";
  std::filesystem::create_directories(dir);
  testing::write_file(dir / "machine.txt", "kind: 2-core VM, Debian 12\n");
  auto sources = torch_on_two_machines();
  sources[1].source = (dir / "tracker.json").string();
  EXPECT_THAT(render_public_markdown(sources, testing::torch_0d_issue()),
              HasSubstr("- pypi: 2-core VM, Debian 12; gpu-host ("));
}

TEST(PublicPage, MatchesTheApprovedPage) {
  expect_approved(render_public_markdown(torch_on_two_machines(), testing::torch_0d_issue()),
                  "small-public.md");
}

// The HTML matrix of the same runs, a row per run with its machine, as tools/publish writes
// reports/tracker.html.
TEST(PublicPage, MatchesTheApprovedHtml) {
  const auto rows = publish_rows(torch_on_two_machines());
  expect_approved(render_html(rows.tracker, testing::torch_0d_issue(), rows.machines,
                              {.libraries = {"torch"}, .page = "history/HISTORY.md"}),
                  "small-public.html");
}

// The HTML matrix as the Markdown page: torch 2.11 leads, torch 1.13 (an older major version) is
// a table of its own, folded below; its cells keep their run's index; torch's rows link the
// history.
TEST(PublicPage, TheHtmlLeadsWithTodaysReleaseAndFoldsOlderOnes) {
  const auto rows = publish_rows(torch_on_two_machines());
  std::string old_cell, new_cell;  // "id=\"cell-<index>-": the runs of torch 1.13 and 2.11
  for (std::size_t i = 0; i < rows.tracker.implementations.size(); ++i) {
    const auto& handshake = rows.tracker.implementations[i].handshake;
    if (handshake.library != "torch") continue;
    (handshake.library_version == "2.11.0" ? new_cell : old_cell) =
        "id=\"cell-" + std::to_string(i) + "-";
  }
  ASSERT_FALSE(old_cell.empty() || new_cell.empty());
  const std::string page = render_html(rows.tracker, testing::torch_0d_issue(), rows.machines,
                                       {.libraries = {"torch"}, .page = "history/HISTORY.md"});
  const auto main_table = page.find("<table class=\"matrix\" id=\"matrix\">");
  const auto folded = page.find("<details class=\"older\" id=\"older-releases\">");
  const auto older_table = page.find("<table class=\"matrix\" id=\"older-matrix\">");
  ASSERT_NE(main_table, std::string::npos);
  ASSERT_NE(folded, std::string::npos);
  ASSERT_LT(main_table, folded);
  ASSERT_LT(folded, older_table);
  const auto newest_row = page.find("torch 2.11.0", main_table);
  EXPECT_LT(newest_row, folded);
  EXPECT_GT(page.find(old_cell, main_table), older_table) << "1.13's cells are below";
  EXPECT_LT(page.find(new_cell, main_table), folded) << "2.11's cells lead";
  EXPECT_THAT(page, HasSubstr("Older releases: 1 run of earlier release lines (python:torch "
                              "1.13.0a0)"));
  EXPECT_EQ(occurrences(page, "href=\"history/HISTORY.md\">history of releases</a>"), 3)
      << "each torch row and the paragraph below the matrix";
  // Without a history, no link.
  EXPECT_EQ(occurrences(render_html(rows.tracker, testing::torch_0d_issue(), rows.machines),
                        "history of releases"),
            0);
}

}  // namespace
}  // namespace tracker

namespace tracker {
namespace {

// Two routes to one library in one run (torch through C++ and through Python, as in
// reports/pypi/): the row's fold says how many checks differ and lists each of them.
TEST(PublicPage, RouteDifferencesListEachDifferingCheck) {
  auto run = conformance::tracker_from_json(testing::small_tracker_json());
  auto cpp =
      *std::find_if(run.implementations.begin(), run.implementations.end(),
                    [](const auto& row) { return row.handshake.implementation == "python:torch"; });
  cpp.handshake.implementation = "torch";
  auto& flipped = cpp.results.front();
  flipped.status = flipped.status == conformance::Status::pass ? conformance::Status::unsupported
                                                               : conformance::Status::pass;
  run.implementations.push_back(cpp);
  conformance::note_route_differences(run);
  const auto page = render_public_markdown(
      {{.source = "reports/pypi/tracker.json", .tracker = run}}, testing::torch_0d_issue());
  EXPECT_EQ(occurrences(page, "1 of 28 checks both ran differ in status, each listed below."), 2);
  EXPECT_EQ(occurrences(page, "\n- " + flipped.info.id + ": "), 2);
}

}  // namespace
}  // namespace tracker
