// The Markdown tracker: a section per implementation, failures with their known issue or "new",
// and a family x implementation matrix whose cells match the JSON.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "tracker/load.hpp"
#include "tracker/render_markdown.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with(start)) return line;
  }
  return "(no line starting " + start + ")";
}

// Each implementation says which version of the standard judged it, and why.
TEST(Markdown, EachSectionSaysTheVersionItWasJudgedBy) {
  auto json = testing::small_tracker_json();
  for (auto& implementation : json.at("implementations"))
    for (auto& result : implementation.at("results"))
      result["spec_version"] = "2025.12";
  const auto path =
      testing::write_file(testing::scratch_dir("judged") / "tracker.json", json.dump());
  const auto text = render_markdown(load_tracker(path), {});
  EXPECT_THAT(text, HasSubstr("judged by spec 2025.12 (no __array_api_version__"));
  EXPECT_THAT(render_markdown(load_tracker(testing::small_tracker_path()), {}),
              Not(HasSubstr("judged by spec")));  // trackers from before: nothing claimed
}

TEST(Markdown, ASectionPerImplementation) {
  const auto text = render_markdown(load_tracker(testing::small_tracker_path()), {});
  EXPECT_THAT(text, HasSubstr("\n## strict\n"));
  EXPECT_THAT(text, HasSubstr("\n## python:numpy.array_api\n"));
  EXPECT_THAT(text, HasSubstr("\n## python:torch\n"));
  EXPECT_THAT(text, HasSubstr("Library `torch` 1.13.0a0"));
  EXPECT_THAT(text, HasSubstr("`cpu` (default), `meta`"));
  EXPECT_THAT(text, HasSubstr("What does not work (5 checks)"));
}

TEST(Markdown, FailuresShowExpectedActualAndTheKnownIssueOrNew) {
  const auto text =
      render_markdown(load_tracker(testing::small_tracker_path()), testing::torch_0d_issue());
  EXPECT_EQ(line_starting(text, "| `mixed_0d.add` |"),
            "| `mixed_0d.add` | fail | an exception | a result on devices[1] (meta) | known: "
            "[pytorch/pytorch#38205](https://github.com/pytorch/pytorch/issues/38205) |");
  EXPECT_THAT(line_starting(text, "| `host.array.size` |"), HasSubstr("| **new** |"));
  EXPECT_THAT(text, HasSubstr("0-d CPU tensors mix by design"));
}

TEST(Markdown, MatrixCellsMatchTheJson) {
  const auto json = testing::small_tracker_json();
  const auto text = render_markdown(load_tracker(testing::small_tracker_path()), {});
  EXPECT_THAT(line_starting(text, "| Family |"),
              "| Family | strict | python:numpy.array_api | python:torch |");
  // Counted here straight from the JSON, independently of the renderer.
  std::map<std::string, std::vector<std::map<std::string, int>>> counts;
  const auto& implementations = json["implementations"];
  for (std::size_t i = 0; i < implementations.size(); ++i) {
    for (const auto& result : implementations[i]["results"]) {
      auto& cells = counts[result["family"].get<std::string>()];
      cells.resize(implementations.size());
      ++cells[i][result["status"].get<std::string>()];
      ++cells[i]["total"];
    }
  }
  ASSERT_FALSE(counts.empty());
  for (const auto& [family, cells] : counts) {
    const auto row = line_starting(text, "| `" + family + "` |");
    for (const auto& cell : cells) {
      auto get = [&](const char* key) { return cell.contains(key) ? cell.at(key) : 0; };
      const auto expected = std::to_string(get("pass")) + "/" + std::to_string(get("total"));
      EXPECT_THAT(row, HasSubstr("| " + expected)) << family;
      if (get("unsupported") > 0) {
        EXPECT_THAT(row, HasSubstr(std::to_string(get("unsupported")) + " unsupported"));
      }
    }
  }
  EXPECT_THAT(line_starting(text, "| `mixed_0d` |"), HasSubstr("| 1/3 (2 failing) |"));
}

TEST(Markdown, StringsFromTheJsonCannotBreakTheTable) {
  auto tracker = load_tracker(testing::small_tracker_path());
  auto& failing = tracker.implementations[2].results;
  auto it = std::find_if(failing.begin(), failing.end(),
                         [](const auto& r) { return r.info.id == "host.array.size"; });
  ASSERT_NE(it, failing.end());
  it->failure->actual = "a|b\n<script>alert(1)</script>";
  const auto row = line_starting(render_markdown(tracker, {}), "| `host.array.size` |");
  EXPECT_THAT(row, HasSubstr("a\\|b &lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(row, Not(HasSubstr("<script>")));
}

TEST(Markdown, NoOverallScore) {
  const auto text = render_markdown(load_tracker(testing::small_tracker_path()), {});
  EXPECT_THAT(text, Not(HasSubstr("Score")));
  EXPECT_THAT(text, Not(HasSubstr("Total |")));
}

}  // namespace
}  // namespace tracker

namespace tracker {
namespace {

TEST(Markdown, RouteNotesAreListedUnderTheirRow) {
  auto tracker = load_tracker(testing::small_tracker_path());
  tracker.implementations[2].notes = {"Compared with torch (torch 1.13.0, ...): 1 of 28 differ.",
                                      "mixed.tensordot: unsupported here; fail through torch"};
  const auto text = render_markdown(tracker, {});
  EXPECT_THAT(text, HasSubstr("**Another route to the same library.** Compared with torch"));
  EXPECT_THAT(text, HasSubstr("<details><summary>The 1 differing checks</summary>"));
  EXPECT_THAT(text, HasSubstr("\n- mixed.tensordot: unsupported here; fail through torch\n"));
  // Only the row that has notes gets them.
  EXPECT_EQ(text.find("Another route"), text.rfind("Another route"));
}

}  // namespace
}  // namespace tracker
