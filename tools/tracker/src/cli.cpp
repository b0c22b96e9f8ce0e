#include "tracker/cli.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <CLI/CLI.hpp>

#include "conformance/installed_files.hpp"
#include "tracker/diff.hpp"
#include "tracker/load.hpp"
#include "tracker/merge.hpp"
#include "tracker/render_html.hpp"
#include "tracker/render_markdown.hpp"

namespace tracker {
namespace {

constexpr int kBadInput = 2;

void write_text(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) throw TrackerError(path + ": cannot write");
}

// The files, merged when there are several (each named as given).
conformance::Tracker load_all(const std::vector<std::string>& paths) {
  if (paths.size() == 1) return load_tracker(paths.front());
  std::vector<SourceTracker> sources;
  for (const auto& path : paths)
    sources.push_back({.source = path, .tracker = load_tracker(path)});
  return merge_trackers(sources);
}

// --known-issues when given; else the installed copy or the repository's file, when there is one;
// else none.
KnownIssues known_issues_for(const std::string& option) {
  if (!option.empty()) return load_known_issues(option);
  const std::string found =
      conformance::find_program_file("ADC_KNOWN_ISSUES", "known-issues.json", ADC_KNOWN_ISSUES);
  if (std::error_code error; std::filesystem::exists(found, error)) return load_known_issues(found);
  return {};
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "tracker: render, merge, diff and validate conformance tracker JSON (DESIGN.md section 4).\n"
      "Exit status: 0 done (diff: no regression), 1 diff found a regression, 2 bad input or "
      "usage.",
      "tracker"};
  app.require_subcommand(1);

  std::string format = "md";
  std::vector<std::string> render_files;
  std::string render_output;
  std::string known_issues_file;
  auto* render = app.add_subcommand("render",
                                    "render trackers as Markdown or HTML (several "
                                    "files are merged first)");
  render->add_option("--format", format, "md (GitHub-flavoured Markdown) or html")
      ->check(CLI::IsMember({"md", "html"}));
  render->add_option("files", render_files, "tracker JSON files")->required();
  render->add_option("-o,--output", render_output, "write here instead of standard output");
  render->add_option("--known-issues", known_issues_file,
                     "known issues JSON (default: the repository's reports/known-issues.json)");

  std::vector<std::string> merge_files;
  std::string merge_output;
  auto* merge = app.add_subcommand(
      "merge",
      "combine runs from several machines into one tracker; the same implementation, version "
      "and devices in two files is an error. run.command and run.host list the sources.");
  merge->add_option("files", merge_files, "tracker JSON files")->required();
  merge->add_option("-o,--output", merge_output, "the merged tracker")->required();

  std::string old_file, new_file;
  auto* diff = app.add_subcommand(
      "diff",
      "new failures, fixes, new and removed checks between two trackers; exit 1 on a "
      "new failure");
  diff->add_option("old", old_file, "the earlier tracker")->required();
  diff->add_option("new", new_file, "the later tracker")->required();

  std::string validate_file;
  auto* validate = app.add_subcommand(
      "validate",
      "check a tracker against reports/schema/tracker.schema.json, structurally and with its id "
      "and status patterns. The schema file is the reference; `python3 -m jsonschema -i FILE "
      "reports/schema/tracker.schema.json` checks it exactly.");
  validate->add_option("file", validate_file, "tracker JSON file")->required();

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 parses from the back
    app.parse(reversed);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) {
      out << app.help();
      return 0;
    }
    err << "tracker: " << error.what() << " (see tracker --help)\n";
    return kBadInput;
  }

  try {
    if (render->parsed()) {
      const auto tracker = load_all(render_files);
      const auto known = known_issues_for(known_issues_file);
      const auto text =
          format == "html" ? render_html(tracker, known) : render_markdown(tracker, known);
      if (render_output.empty()) {
        out << text;
      } else {
        write_text(render_output, text);
      }
      return 0;
    }
    if (merge->parsed()) {
      std::vector<SourceTracker> sources;
      for (const auto& path : merge_files)
        sources.push_back({.source = path, .tracker = load_tracker(path)});
      const auto merged = merge_trackers(sources);
      try {
        conformance::write_tracker(merged, merge_output);
      } catch (const std::exception& error) {
        throw TrackerError(error.what());
      }
      out << "merged " << merged.implementations.size() << " implementation runs from "
          << sources.size() << " files into " << merge_output << "\n";
      return 0;
    }
    if (diff->parsed()) {
      const auto changes = diff_trackers(load_tracker(old_file), load_tracker(new_file));
      out << render_diff(changes);
      return changes.has_regression() ? 1 : 0;
    }
    if (validate->parsed()) {
      const auto problems = validate_tracker(read_text_file(validate_file), validate_file);
      for (const auto& problem : problems)
        err << validate_file << ": " << problem << "\n";
      if (!problems.empty()) return kBadInput;
      out << validate_file << ": valid\n";
      return 0;
    }
  } catch (const std::exception& error) {
    // TrackerError is one line already; anything else (bad_alloc, a filesystem error) is made so.
    err << "tracker: " << TrackerError(error.what()).what() << "\n";
    return kBadInput;
  }
  return kBadInput;
}

}  // namespace tracker
