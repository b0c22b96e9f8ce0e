// The HTML tracker: the numbers of each matrix cell, the drill-down of failing checks, the
// known/new marking, escaping of every string from the JSON, and (with Debian's chromium) that a
// real browser shows the matrix numbers and renders a screenshot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>

#include "tracker/render_html.hpp"
#include "tracker_test_data.hpp"

namespace {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;
using conformance::Tracker;

// A payload that would mark the page if the browser ever ran it.
constexpr std::string_view kInjection = "<script>document.documentElement.dataset.pwned=1</script>";

CheckResult make_result(const std::string& implementation, const std::string& id, Status status) {
  CheckResult result;
  result.info.id = id;
  result.info.family = id.substr(0, id.find('.'));
  result.info.description = "what " + id + " checks";
  result.info.spec = "spec/device_support.rst: \"the rule of " + id + "\"";
  result.implementation = implementation;
  result.status = status;
  result.seed = 7;
  result.cases = 3;
  if (status == Status::fail) {
    result.failure = conformance::Failure{};
    result.failure->expected = "a result on devices[1] (" + id + ")";
    result.failure->actual = "a result on devices[0]";
    result.failure->reproduction = "import torch\nassert x.device == y.device  # " + id;
  }
  if (status == Status::unsupported) result.reason = "no such function";
  return result;
}

ImplementationRun make_run(const std::string& implementation,
                           const std::vector<std::pair<std::string, Status>>& results) {
  ImplementationRun run;
  run.handshake.implementation = implementation;
  run.handshake.library = implementation;
  run.handshake.library_version = "1.0";
  run.handshake.devices = {conformance::DeviceDescription{.repr = "cpu"},
                           conformance::DeviceDescription{.repr = "meta"}};
  run.handshake.default_device = 0;
  for (const auto& [id, status] : results) {
    run.results.push_back(make_result(implementation, id, status));
  }
  return run;
}

// Two implementations over three families, every kind of cell: all pass, known and new
// failures, unsupported and skipped, and one family the second implementation lacks.
Tracker sample_tracker() {
  Tracker tracker;
  tracker.run.tool_version = "0.1.0";
  tracker.run.command = {"conformance", "--impl", "strict"};
  tracker.run.host = "test host";
  tracker.implementations.push_back(make_run("strict", {{"mixed.add", Status::pass},
                                                        {"mixed.matmul", Status::pass},
                                                        {"mixed_0d.add", Status::pass},
                                                        {"dlpack.roundtrip", Status::skip}}));
  tracker.implementations.push_back(make_run("python:torch", {{"mixed.add", Status::pass},
                                                              {"mixed.matmul", Status::fail},
                                                              {"mixed_0d.add", Status::fail},
                                                              {"mixed_0d.sub", Status::fail},
                                                              {"mixed_0d.mul", Status::unsupported},
                                                              {"mixed_0d.div", Status::xpass}}));
  return tracker;
}

tracker::KnownIssues sample_known_issues() {
  return {.issues = {{.implementation = "python:torch*",
                      .check = "mixed_0d.*",
                      .url = "https://github.com/pytorch/pytorch/issues/38205",
                      .note = "0-d CPU tensors mix with other devices by design",
                      .draft = {}}}};
}

std::string render_sample() {
  return tracker::render_html(sample_tracker(), sample_known_issues());
}

std::size_t count_of(const std::string& text, std::string_view needle) {
  std::size_t count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

// The cell numbers computed straight from the results, independently of the renderer:
// (implementation, family) -> (passed, total).
std::map<std::pair<std::string, std::string>, std::pair<int, int>> expected_cells(
    const Tracker& tracker) {
  std::map<std::pair<std::string, std::string>, std::pair<int, int>> cells;
  for (const auto& run : tracker.implementations) {
    for (const auto& other : tracker.implementations) {
      for (const auto& result : other.results) {
        cells[{run.handshake.implementation, result.info.family}];  // empty cells are 0/0
      }
    }
    for (const auto& result : run.results) {
      auto& cell = cells[{run.handshake.implementation, result.info.family}];
      cell.first += result.status == Status::pass || result.status == Status::xpass ? 1 : 0;
      cell.second += 1;
    }
  }
  return cells;
}

// The cells found in HTML (as written, or as Chromium serialises its DOM), with the visible
// "passed/total" text of each.
struct FoundCell {
  int passed = 0;
  int total = 0;
  std::string shown{};
};
std::map<std::pair<std::string, std::string>, FoundCell> cells_in(const std::string& html) {
  static const std::regex cell_pattern(
      R"re(<td class="cell[^"]*" id="cell-\d+-[^"]*" data-implementation="([^"]*)" )re"
      R"re(data-family="([^"]*)" data-passed="(\d+)" data-total="(\d+)")re");
  static const std::regex numbers_pattern(R"re(<span class="numbers">([^<]*)</span>)re");
  std::map<std::pair<std::string, std::string>, FoundCell> cells;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), cell_pattern);
       it != std::sregex_iterator(); ++it) {
    const auto& match = *it;
    FoundCell cell{.passed = std::stoi(match[3]), .total = std::stoi(match[4])};
    std::smatch numbers;
    const auto rest = html.substr(static_cast<std::size_t>(match.position(0) + match.length(0)));
    if (std::regex_search(rest, numbers, numbers_pattern)) cell.shown = numbers[1];
    cells[{match[1], match[2]}] = cell;
  }
  return cells;
}

void expect_matrix_matches(const Tracker& tracker, const std::string& html) {
  const auto expected = expected_cells(tracker);
  const auto found = cells_in(html);
  ASSERT_EQ(found.size(), expected.size()) << "one cell per implementation and family";
  for (const auto& [key, numbers] : expected) {
    SCOPED_TRACE(key.first + " x " + key.second);
    const auto cell = found.find(key);
    ASSERT_NE(cell, found.end());
    EXPECT_EQ(cell->second.passed, numbers.first);
    EXPECT_EQ(cell->second.total, numbers.second);
    const std::string shown =
        numbers.second == 0 ? "-"
                            : std::to_string(numbers.first) + "/" + std::to_string(numbers.second);
    EXPECT_EQ(cell->second.shown, shown);
  }
}

TEST(HtmlCounts, CellCountsFollowTheStatuses) {
  const auto tracker = sample_tracker();
  const auto known = sample_known_issues();
  const tracker::KnownIssueLookup lookup = [&](std::string_view impl, std::string_view id,
                                               std::string_view version) {
    return tracker::find_known_issue(known, impl, id, version);
  };
  const auto torch_0d = tracker::count_cell(tracker.implementations[1], "mixed_0d", lookup);
  EXPECT_EQ(torch_0d.total, 4);
  EXPECT_EQ(torch_0d.passed, 1);  // the xpass
  EXPECT_EQ(torch_0d.failing, 2);
  EXPECT_EQ(torch_0d.known, 2);
  EXPECT_EQ(torch_0d.unsupported, 1);
  const auto torch_mixed = tracker::count_cell(tracker.implementations[1], "mixed", lookup);
  EXPECT_EQ(torch_mixed.failing, 1);
  EXPECT_EQ(torch_mixed.known, 0);
  const auto strict_dlpack = tracker::count_cell(tracker.implementations[0], "dlpack", lookup);
  EXPECT_EQ(strict_dlpack.skipped, 1);
  EXPECT_EQ(strict_dlpack.passed, 0);
  EXPECT_EQ(tracker::families_of(tracker),
            (std::vector<std::string>{"mixed", "mixed_0d", "dlpack"}));
}

TEST(HtmlRender, MatrixCellsCarryTheNumbersOfTheJson) {
  expect_matrix_matches(sample_tracker(), render_sample());
}

TEST(HtmlRender, RealTrackerMatrixCarriesItsNumbers) {
  const auto tracker = conformance::tracker_from_json(tracker::testing::small_tracker_json());
  const auto html = tracker::render_html(tracker, sample_known_issues());
  expect_matrix_matches(tracker, html);
  // Its torch failures: the mixed_0d ones known (pytorch#38205), the others new.
  int failing = 0;
  for (const auto& result : tracker.implementations.at(2).results) {
    if (result.status != Status::fail) continue;
    ++failing;
    const bool known = result.info.family == "mixed_0d";
    EXPECT_NE(html.find("data-check=\"" + result.info.id + "\" data-status=\"fail\" data-known=\"" +
                        (known ? "true" : "false") + "\""),
              std::string::npos)
        << result.info.id;
  }
  EXPECT_GT(failing, 0);
}

TEST(HtmlRender, CellsAreColouredByState) {
  const auto html = render_sample();
  EXPECT_NE(html.find(R"(class="cell state-pass" id="cell-0-mixed")"), std::string::npos);
  EXPECT_NE(html.find(R"(class="cell state-new" id="cell-1-mixed")"), std::string::npos);
  EXPECT_NE(html.find(R"(class="cell state-known" id="cell-1-mixed_0d")"), std::string::npos);
  EXPECT_NE(html.find(R"(class="cell state-none" id="cell-0-dlpack")"), std::string::npos);
  EXPECT_NE(html.find(R"(class="cell state-empty" id="cell-1-dlpack")"), std::string::npos);
}

TEST(HtmlRender, FailingChecksDrillDownWithKnownOrNew) {
  const auto html = render_sample();
  // Three failing checks, each once, inside a <details>.
  EXPECT_EQ(count_of(html, "<div class=\"check\""), 3u);
  EXPECT_EQ(count_of(html, "<details>"), 2u);
  EXPECT_NE(html.find(R"(data-check="mixed.matmul" data-status="fail" data-known="false")"),
            std::string::npos);
  EXPECT_NE(html.find(R"(data-check="mixed_0d.add" data-status="fail" data-known="true")"),
            std::string::npos);
  EXPECT_NE(html.find(R"(<a href="https://github.com/pytorch/pytorch/issues/38205">)"),
            std::string::npos);
  EXPECT_NE(html.find("<dd>a result on devices[1] (mixed_0d.sub)</dd>"), std::string::npos);
  EXPECT_NE(html.find("<dt>rule</dt><dd>spec/device_support.rst: &quot;the rule of mixed.matmul"),
            std::string::npos);
  EXPECT_NE(html.find("<pre class=\"reproduction\">import torch\nassert x.device == y.device  "
                      "# mixed.matmul</pre>"),
            std::string::npos);
  // No single score: no total column, no percentage.
  EXPECT_EQ(html.find('%'), std::string::npos);
}

TEST(HtmlRender, ExpectationBugCountsAsKnown) {
  auto tracker = sample_tracker();
  tracker.implementations[1].results[1].bug = "https://example.org/bug/1";
  const auto html = tracker::render_html(tracker, tracker::KnownIssues{});
  EXPECT_NE(html.find(R"(data-check="mixed.matmul" data-status="fail" data-known="true")"),
            std::string::npos);
  EXPECT_NE(html.find(R"(<a href="https://example.org/bug/1">)"), std::string::npos);
}

TEST(HtmlRender, SelfContained) {
  const auto html = render_sample();
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(count_of(html, "<script"), 1u) << "only the page's own inline script";
}

TEST(HtmlEscaping, EveryStringFromTheJsonIsEscaped) {
  auto tracker = sample_tracker();
  const std::string payload(kInjection);
  auto& torch = tracker.implementations[1];
  torch.handshake.implementation = "python:torch" + payload;
  torch.handshake.library_version = payload;
  torch.handshake.devices[0].repr = "\"><b>device</b>";
  tracker.run.host = payload;
  tracker.run.command.push_back(payload);
  for (auto& result : torch.results) {
    result.reason = payload;
    result.info.description = payload;
    result.info.spec = payload;
    result.reproduce = payload;
    if (result.failure) {
      result.failure->expected = payload;
      result.failure->actual = "'><img src=x onerror=alert(1)>";
      result.failure->reproduction = "</pre>" + payload;
    }
  }
  torch.notes = {payload, "mixed.add: " + payload};
  torch.results[0].info.family = "fam\"<x>";
  torch.results[1].info.id = "mixed.\"><script>";
  torch.results[1].bug = "javascript:alert(1)";  // never a link

  tracker::KnownIssues known{{{.implementation = "*",
                               .check = "mixed_0d.add",
                               .url = "https://x/\"><script>",
                               .note = payload,
                               .draft = {}}}};
  const auto html = tracker::render_html(tracker, known);
  EXPECT_EQ(count_of(html, "<script"), 1u) << "only the page's own inline script";
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("href=\"javascript:"), std::string::npos);
  EXPECT_EQ(count_of(html, "</pre>"), count_of(html, "<pre"));
  EXPECT_NE(html.find("&lt;script&gt;document.documentElement"), std::string::npos);
  EXPECT_NE(html.find("data-family=\"fam&quot;&lt;x&gt;\""), std::string::npos);
}

TEST(HtmlRender, RouteNotesFollowTheMatrix) {
  auto tracker = sample_tracker();
  EXPECT_EQ(tracker::render_html(tracker, tracker::KnownIssues{}).find("route-differences"),
            std::string::npos);
  tracker.implementations[1].notes = {"Compared with torch: 1 of 2 differ.",
                                      "mixed.matmul: fail here; pass through torch"};
  const auto html = tracker::render_html(tracker, tracker::KnownIssues{});
  const auto section = html.find(R"(<h2 id="route-differences">)");
  ASSERT_NE(section, std::string::npos);
  EXPECT_GT(section, html.find("</table>"));
  EXPECT_NE(html.find("</strong>: Compared with torch: 1 of 2 differ.</summary>"),
            std::string::npos);
  EXPECT_NE(html.find("<li>mixed.matmul: fail here; pass through torch</li>"), std::string::npos);
}

TEST(HtmlEscaping, EscapeHtmlCoversTheFiveCharacters) {
  EXPECT_EQ(tracker::escape_html(R"(<a href="x" title='y'>&</a>)"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
}

// --- Chromium ---------------------------------------------------------------------------------

// Debian's chromium, or the binary ADC_CHROMIUM names (a missing one counts as no chromium).
std::string chromium_binary() {
  if (const char* chosen = std::getenv("ADC_CHROMIUM")) {
    return std::filesystem::exists(chosen) ? chosen : "";
  }
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
    if (std::filesystem::exists(candidate)) return candidate;
  }
  return "";
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs headless Chromium with `arguments` then the page; stdout goes to `output`.
int run_chromium(const std::string& chromium, const std::filesystem::path& directory,
                 const std::string& arguments, const std::filesystem::path& page,
                 const std::filesystem::path& output) {
  const std::string command = chromium +
                              " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage"
                              " --no-first-run"
                              " --user-data-dir=" +
                              (directory / "profile").string() + " " + arguments + " file://" +
                              page.string() + " > " + output.string() + " 2> " +
                              (directory / "chromium.log").string();
  return std::system(command.c_str());
}

class HtmlChromium : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = chromium_binary();
    if (chromium_.empty()) {
      if (std::getenv("ADC_REQUIRE_CHROMIUM") != nullptr) {
        FAIL() << "chromium is not installed and ADC_REQUIRE_CHROMIUM is set";
      }
      GTEST_SKIP() << "chromium is not installed (apt-get install chromium); set "
                      "ADC_REQUIRE_CHROMIUM to make this a failure";
    }
    // In the build tree (the test's working directory), so that the page and its screenshot
    // stay there to look at.
    directory_ = std::filesystem::absolute("html_test_output");
    std::filesystem::remove_all(directory_);
    std::filesystem::create_directories(directory_);
  }

  std::string chromium_{};
  std::filesystem::path directory_{};
};

TEST_F(HtmlChromium, BrowserShowsTheMatrixNumbersAndSavesAScreenshot) {
  // The small real tracker, with the injection payload in a failure: if escaping failed, the
  // browser would run it.
  auto tracker = conformance::tracker_from_json(tracker::testing::small_tracker_json());
  auto& torch_results = tracker.implementations.at(2).results;
  const auto failed = std::find_if(torch_results.begin(), torch_results.end(),
                                   [](const CheckResult& r) { return r.failure.has_value(); });
  ASSERT_NE(failed, torch_results.end());
  failed->reason = std::string(kInjection);
  failed->failure->actual = std::string(kInjection);
  const auto page = directory_ / "tracker.html";
  {
    std::ofstream out(page);
    out << tracker::render_html(tracker, sample_known_issues());
  }

  const auto dom_path = directory_ / "dom.html";
  ASSERT_EQ(run_chromium(chromium_, directory_, "--dump-dom", page, dom_path), 0)
      << read_file(directory_ / "chromium.log");
  const auto dom = read_file(dom_path);
  ASSERT_NE(dom.find("id=\"matrix\""), std::string::npos) << dom.substr(0, 2000);
  expect_matrix_matches(tracker, dom);
  EXPECT_EQ(dom.find("data-pwned=\"1\""), std::string::npos) << "the injected script ran";
  EXPECT_NE(dom.find("&lt;script&gt;"), std::string::npos) << "the payload shows as text";
  EXPECT_NE(dom.find("data-check=\"" + failed->info.id + "\""), std::string::npos);

  const auto screenshot = directory_ / "tracker.png";
  ASSERT_EQ(
      run_chromium(chromium_, directory_,
                   "--hide-scrollbars --window-size=1400,900 --screenshot=" + screenshot.string(),
                   page, directory_ / "screenshot.out"),
      0)
      << read_file(directory_ / "chromium.log");
  ASSERT_TRUE(std::filesystem::exists(screenshot));
  const auto png = read_file(screenshot);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
}

}  // namespace
