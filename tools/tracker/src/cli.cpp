#include "tracker/cli.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <CLI/CLI.hpp>

#include "build_locations.hpp"
#include "conformance/installed_files.hpp"
#include "tracker/compliance_export.hpp"
#include "tracker/diff.hpp"
#include "tracker/expectations_update.hpp"
#include "tracker/load.hpp"
#include "tracker/merge.hpp"
#include "tracker/render_html.hpp"
#include "tracker/render_markdown.hpp"
#include "tracker/render_public.hpp"
#include "tracker/verdict.hpp"

namespace tracker {
namespace {

constexpr int kBadInput = 2;

void write_text(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) throw TrackerError(path + ": cannot write");
}

void write_tracker_file(const conformance::Tracker& tracker, const std::string& path) {
  try {
    conformance::write_tracker(tracker, path);
  } catch (const std::exception& error) {
    throw TrackerError(error.what());
  }
}

// Each file, as its run (a tracker or a journal), named as given.
std::vector<SourceTracker> load_sources(const std::vector<std::string>& paths) {
  std::vector<SourceTracker> sources;
  for (const auto& path : paths)
    sources.push_back({.source = path, .tracker = load_tracker(path)});
  return sources;
}

// The files, merged when there are several (each named as given).
conformance::Tracker load_all(const std::vector<std::string>& paths) {
  if (paths.size() == 1) return load_tracker(paths.front());
  return merge_trackers(load_sources(paths));
}

// --known-issues when given; else the installed copy or the repository's file, when there is one;
// else none.
KnownIssues known_issues_for(const std::string& option) {
  if (!option.empty()) return load_known_issues(option);
  const std::string found = conformance::find_program_file("ADC_KNOWN_ISSUES", "known-issues.json",
                                                           adc::build_locations::known_issues_file);
  if (std::error_code error; std::filesystem::exists(found, error)) return load_known_issues(found);
  return {};
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "tracker: render, merge, diff, validate, recover, publish and judge (verdict) conformance "
      "tracker JSON "
      "(docs/DESIGN.md "
      "section 4), and write expectations from a run; each reads a run's journal "
      "(FILE.journal.jsonl) as the tracker of its finished checks.\n"
      "Exit status: 0 done (diff: no regression; verdict: nothing unexpected), 1 diff found a "
      "regression or verdict an unexpected result, 2 bad input or usage.",
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
  std::size_t merge_parts = 0;
  merge
      ->add_option("--parts", merge_parts,
                   "the number of files expected (the N slices of a sharded run): fewer or more "
                   "is an error (exit 2), so that a slice that never arrived is not read as a "
                   "pass")
      ->type_name("N");

  std::string old_file, new_file;
  auto* diff = app.add_subcommand(
      "diff",
      "new failures, fixes, new and removed checks between two trackers; exit 1 on a "
      "new failure");
  diff->add_option("old", old_file, "the earlier tracker")->required();
  diff->add_option("new", new_file, "the later tracker")->required();
  std::vector<std::string> diff_implementations;
  diff->add_option("--impl", diff_implementations,
                   "compare only this implementation's run (repeatable; as the reports name it: "
                   "python:numpy, torch): a library's own run against its row of a published "
                   "tracker. Each must be in both files (exit 2 otherwise)")
      ->type_name("IMPL");

  std::string journal_file, recover_output;
  auto* recover = app.add_subcommand(
      "recover",
      "rebuild the tracker of a run's finished checks from its journal (FILE.journal.jsonl, "
      "appended as the run goes), e.g. after the run was killed; every other subcommand reads a "
      "journal too");
  recover->add_option("journal", journal_file, "the journal")->required();
  recover->add_option("-o,--output", recover_output, "the tracker to write")->required();

  std::string expectations_run, expectations_update_file, expectations_output;
  std::string expectations_known_issues;
  bool prune = false;
  std::vector<std::string> expectations_impls;
  auto* expectations = app.add_subcommand(
      "expectations",
      "write an expectations file (conformance --expectations) from a run's failures, or with "
      "--update bring one up to date: entries still failing keep their bug and note, new "
      "failures are added (with their known issue's URL, or an empty bug to fill in), entries "
      "that no longer fail are listed, or dropped with --prune");
  expectations->add_option("run", expectations_run, "the run (tracker JSON or journal)")
      ->required();
  expectations->add_option("--update", expectations_update_file,
                           "the expectations file to update (written back unless -o is given)");
  expectations->add_option("-o,--output", expectations_output,
                           "where to write the file (default: --update's file, else standard "
                           "output)");
  expectations->add_flag("--prune", prune, "drop the entries that no longer fail");
  expectations->add_option(
      "--impl", expectations_impls,
      "only these implementations of the run (repeatable; default: all), "
      "e.g. --impl python:torch for reports/expectations/pypi/python-torch.json");
  expectations->add_option("--known-issues", expectations_known_issues,
                           "known issues JSON for the bug URLs of new entries (default: the "
                           "repository's reports/known-issues.json)");

  std::vector<std::string> publish_files;
  std::string publish_markdown, publish_html, publish_known_issues;
  auto* publish = app.add_subcommand(
      "publish",
      "the public tracker: one Markdown page about every library in every run given (a section "
      "per library, a row per run; failures grouped by upstream issue; an index of the issues; "
      "the new failures with their reproductions), and the HTML matrix of them all. The machine "
      "of a run is its file's directory (reports/debian12/tracker.json: debian12).");
  publish->add_option("files", publish_files, "tracker JSON files (or journals)")->required();
  publish->add_option("--markdown", publish_markdown, "write the page here")->required();
  publish->add_option("--html", publish_html, "write the HTML matrix here");
  publish->add_option("--known-issues", publish_known_issues,
                      "known issues JSON (default: the repository's reports/known-issues.json)");

  std::string export_file, export_directory;
  std::vector<std::string> export_impls;
  ComplianceExportOptions export_options;
  auto* export_command = app.add_subcommand(
      "export",
      "write each implementation run as a report of the data-apis compliance-data dashboard "
      "(schema v1, reports/schema/compliance-data-v1.schema.json): DIR/<implementation>.json");
  export_command->add_option("run", export_file, "the run (tracker JSON or journal)")->required();
  export_command->add_option("-o,--output-dir", export_directory, "where to write the reports")
      ->required();
  export_command
      ->add_option("--suite-commit", export_options.suite_commit,
                   "this suite's revision, 40 hexadecimal digits (git rev-parse HEAD)")
      ->required();
  export_command->add_option("--python", export_options.python,
                             "the Python version the run used (platform.python_version())");
  export_command->add_option("--impl", export_impls,
                             "only these implementations (repeatable; default: all)");

  std::string verdict_file;
  auto* verdict = app.add_subcommand(
      "verdict",
      "the results a CI job fails on, from the run itself: each result with a status that makes "
      "conformance exit 1 (fail, error, crash, timeout, xpass), listed; exit 1 if there is one "
      "(for a merged run of shards: docs/maintainer-ci.md)");
  verdict->add_option("run", verdict_file, "the run (tracker JSON or journal)")->required();

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
      if (merge_parts != 0 && merge_files.size() != merge_parts) {
        std::string given;
        for (const auto& file : merge_files)
          given += (given.empty() ? "" : ", ") + file;
        throw TrackerError("merge: " + std::to_string(merge_parts) + " parts expected, " +
                           std::to_string(merge_files.size()) + " given (" + given + ")");
      }
      const auto sources = load_sources(merge_files);
      const auto merged = merge_trackers(sources);
      write_tracker_file(merged, merge_output);
      out << "merged " << merged.implementations.size() << " implementation runs from "
          << sources.size() << " files into " << merge_output << "\n";
      return 0;
    }
    if (diff->parsed()) {
      auto old_tracker = load_tracker(old_file);
      auto new_tracker = load_tracker(new_file);
      if (!diff_implementations.empty()) {
        old_tracker = only_runs(old_tracker, diff_implementations, old_file);
        new_tracker = only_runs(new_tracker, diff_implementations, new_file);
      }
      const auto changes = diff_trackers(old_tracker, new_tracker);
      out << render_diff(changes);
      return changes.has_regression() ? 1 : 0;
    }
    if (recover->parsed()) {
      if (!is_journal(read_text_file(journal_file)))
        throw TrackerError(journal_file +
                           ": not a journal (JSON lines starting with the run); a tracker needs "
                           "no recovery");
      const auto recovered = load_tracker(journal_file);
      write_tracker_file(recovered, recover_output);
      std::size_t results = 0;
      for (const auto& implementation : recovered.implementations)
        results += implementation.results.size();
      out << "recovered " << results << " results of " << recovered.implementations.size()
          << " implementation runs ("
          << (recovered.run.finished.empty() ? "the run did not finish" : "the run finished")
          << ") into " << recover_output << "\n";
      return 0;
    }
    if (publish->parsed()) {
      const auto sources = load_sources(publish_files);
      const auto known = known_issues_for(publish_known_issues);
      write_text(publish_markdown, render_public_markdown(sources, known));
      out << "wrote " << publish_markdown;
      if (!publish_html.empty()) {
        const auto rows = publish_rows(sources);
        write_text(publish_html, render_html(rows.tracker, known, rows.machines));
        out << " and " << publish_html;
      }
      out << " from " << sources.size() << " runs\n";
      return 0;
    }
    if (expectations->parsed()) {
      std::optional<nlohmann::ordered_json> existing;
      if (!expectations_update_file.empty()) {
        try {
          existing = nlohmann::ordered_json::parse(read_text_file(expectations_update_file));
        } catch (const nlohmann::json::parse_error& error) {
          throw TrackerError(expectations_update_file + ": not JSON: " + error.what());
        }
      }
      auto run = load_tracker(expectations_run);
      if (!expectations_impls.empty()) {
        std::erase_if(run.implementations, [&](const conformance::ImplementationRun& entry) {
          return std::find(expectations_impls.begin(), expectations_impls.end(),
                           entry.handshake.implementation) == expectations_impls.end();
        });
        if (run.implementations.empty())
          throw TrackerError(expectations_run + ": holds none of the --impl implementations");
      }
      ExpectationsUpdate update;
      try {
        update = update_expectations(run, existing, known_issues_for(expectations_known_issues),
                                     prune, expectations_run);
      } catch (const TrackerError& error) {
        throw TrackerError(
            (expectations_update_file.empty() ? expectations_run : expectations_update_file) +
            ": " + error.what());
      }
      const std::string text = update.file.dump(2) + "\n";
      const std::string destination =
          !expectations_output.empty() ? expectations_output : expectations_update_file;
      if (destination.empty()) {
        out << text;
        err << describe(update);
      } else {
        write_text(destination, text);
        out << describe(update) << "wrote " << destination << "\n";
      }
      return 0;
    }
    if (export_command->parsed()) {
      const auto run = load_tracker(export_file);
      std::filesystem::create_directories(export_directory);
      int written = 0;
      for (const auto& implementation : run.implementations) {
        const auto& spec = implementation.handshake.implementation;
        if (!export_impls.empty() &&
            std::find(export_impls.begin(), export_impls.end(), spec) == export_impls.end())
          continue;
        // A pair run (--peer) is named by its pair: one consumer's pairs would overwrite each
        // other.
        const auto path =
            (std::filesystem::path(export_directory) /
             (report_file_name(conformance::run_label(implementation.handshake)) + ".json"))
                .string();
        write_text(path, compliance_report(run, implementation, export_options).dump(2) + "\n");
        out << "wrote " << path << "\n";
        ++written;
      }
      if (written == 0) throw TrackerError(export_file + ": no implementation to export");
      return 0;
    }
    if (verdict->parsed()) {
      const auto judged = judge(load_tracker(verdict_file));
      out << render_verdict(judged);
      return judged.unexpected.empty() ? 0 : 1;
    }
    if (validate->parsed()) {
      const auto problems = validate_tracker(tracker_text(validate_file), validate_file);
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
