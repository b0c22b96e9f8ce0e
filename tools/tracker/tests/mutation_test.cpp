// A RapidCheck property: random mutations of a valid tracker (a key deleted, a value of another
// type, the text truncated, an entry duplicated) never crash any `tracker` subcommand: each
// gives a result or a TrackerError, and the command line exits 0, 1 or 2 with one-line errors.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <sstream>

#include "tracker/cli.hpp"
#include "tracker/diff.hpp"
#include "tracker/load.hpp"
#include "tracker/merge.hpp"
#include "tracker/render_html.hpp"
#include "tracker/render_markdown.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using nlohmann::json;

// Every JSON pointer in `value`, the root included.
void collect_pointers(const json& value, const json::json_pointer& here,
                      std::vector<json::json_pointer>& out) {
  out.push_back(here);
  if (value.is_object()) {
    for (const auto& [key, child] : value.items())
      collect_pointers(child, here / key, out);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i)
      collect_pointers(value[i], here / i, out);
  }
}

// Values of every JSON type, some of them hostile.
json replacement(int which) {
  switch (which % 10) {
    case 0:
      return nullptr;
    case 1:
      return 0;
    case 2:
      return -1;
    case 3:
      return 1e300;
    case 4:
      return "not what was here\n<script>|";
    case 5:
      return json::array();
    case 6:
      return json::object();
    case 7:
      return true;
    case 8:
      return json::array({1, "two", nullptr});
    default:
      return 18446744073709551615ULL;
  }
}

enum Mutation { delete_key, change_type, duplicate_entry, truncate_text, kMutations };

std::string mutated_text(const json& original, const std::vector<json::json_pointer>& pointers) {
  const auto mutation = *rc::gen::inRange(0, static_cast<int>(kMutations));
  const auto& pointer =
      pointers.at(*rc::gen::inRange<std::size_t>(std::size_t{0}, pointers.size()));
  json copy = original;
  switch (mutation) {
    case delete_key:
      if (!pointer.empty()) {
        auto& parent = copy.at(pointer.parent_pointer());
        if (parent.is_object()) parent.erase(pointer.back());
        if (parent.is_array()) parent.erase(std::stoul(pointer.back()));
      }
      break;
    case change_type:
      copy.at(pointer) = replacement(*rc::gen::inRange(0, 10));
      break;
    case duplicate_entry:
      if (!pointer.empty() && copy.at(pointer.parent_pointer()).is_array()) {
        auto& parent = copy.at(pointer.parent_pointer());
        parent.push_back(json(copy.at(pointer)));
      }
      break;
    default: {
      const auto text = copy.dump();
      return text.substr(0, *rc::gen::inRange<std::size_t>(std::size_t{0}, text.size()));
    }
  }
  return copy.dump();
}

// Runs `call`; a TrackerError is an answer, anything else escapes and fails the property.
template <typename Call>
void answers(Call&& call) {
  try {
    call();
  } catch (const TrackerError& error) {
    RC_ASSERT(std::string(error.what()).find('\n') == std::string::npos);
  }
}

void run_command(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int status = run_cli(args, out, err);
  RC_ASSERT(status >= 0);
  RC_ASSERT(status <= 2);
  if (status == 2) {
    const auto message = err.str();
    RC_ASSERT(!message.empty());
    // validate lists one problem a line; the others print exactly one line.
    if (args.front() != "validate") RC_ASSERT(message.find('\n') == message.size() - 1);
  }
}

RC_GTEST_PROP(Mutation, NoSubcommandCrashes, ()) {
  static const json original = testing::small_tracker_json();
  static const auto pointers = [] {
    std::vector<json::json_pointer> all;
    collect_pointers(original, json::json_pointer(), all);
    return all;
  }();
  static const auto valid = parse_tracker(original.dump(), "valid");
  const auto text = mutated_text(original, pointers);

  answers([&] { validate_tracker(text, "mutated"); });
  bool parsed = false;
  answers([&] {
    const auto tracker = parse_tracker(text, "mutated");
    parsed = true;
    render_markdown(tracker, KnownIssues{});
    render_html(tracker, KnownIssues{});
    answers([&] { merge_trackers({{"valid", valid}, {"mutated", tracker}}); });
    answers([&] { render_diff(diff_trackers(valid, tracker)); });
    answers([&] { render_diff(diff_trackers(tracker, valid)); });
  });

  RC_CLASSIFY(parsed, "still a tracker");
  RC_CLASSIFY(!parsed, "rejected");

  static const auto dir = testing::scratch_dir("mutation");
  const auto valid_path = testing::write_file(dir / "valid.json", original.dump());
  const auto mutated_path = testing::write_file(dir / "mutated.json", text);
  const auto out_path = (dir / "out").string();
  run_command({"validate", mutated_path});
  run_command({"render", mutated_path, "-o", out_path});
  run_command({"render", "--format", "html", mutated_path, "-o", out_path});
  run_command({"merge", valid_path, mutated_path, "-o", out_path});
  run_command({"diff", valid_path, mutated_path});
  run_command({"diff", mutated_path, valid_path});
}

}  // namespace
}  // namespace tracker
