#include "tracker/cli.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>

#include <CLI/CLI.hpp>

#include "build_locations.hpp"
#include "conformance/installed_files.hpp"
#include "tracker/compliance_export.hpp"
#include "tracker/diff.hpp"
#include "tracker/expectations_update.hpp"
#include "tracker/history.hpp"
#include "tracker/load.hpp"
#include "tracker/merge.hpp"
#include "tracker/render_history.hpp"
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

// One subcommand: where CLI11 records that it was given, and what it does then. Its options
// live in the state its action holds, filled while the command line is parsed.
struct Subcommand {
  CLI::App* command;
  std::function<int(std::ostream& out, std::ostream& err)> run;
};

Subcommand add_render(CLI::App& app) {
  struct Options {
    std::string format = "md";
    std::vector<std::string> files;
    std::string output, known_issues;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand("render",
                                     "render trackers as Markdown or HTML (several "
                                     "files are merged first)");
  command->add_option("--format", o->format, "md (GitHub-flavoured Markdown) or html")
      ->check(CLI::IsMember({"md", "html"}));
  command->add_option("files", o->files, "tracker JSON files")->required();
  command->add_option("-o,--output", o->output, "write here instead of standard output");
  command->add_option("--known-issues", o->known_issues,
                      "known issues JSON (default: the repository's reports/known-issues.json)");
  return {command, [o](std::ostream& out, std::ostream&) {
            const auto tracker = load_all(o->files);
            const auto known = known_issues_for(o->known_issues);
            const auto text =
                o->format == "html" ? render_html(tracker, known) : render_markdown(tracker, known);
            if (o->output.empty()) {
              out << text;
            } else {
              write_text(o->output, text);
            }
            return 0;
          }};
}

Subcommand add_merge(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    std::string output;
    std::size_t parts = 0;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "merge",
      "combine runs from several machines into one tracker; the same implementation, version "
      "and devices in two files is an error. run.command and run.host list the sources.");
  command->add_option("files", o->files, "tracker JSON files")->required();
  command->add_option("-o,--output", o->output, "the merged tracker")->required();
  command
      ->add_option("--parts", o->parts,
                   "the number of files expected (the N slices of a sharded run): fewer or more "
                   "is an error (exit 2), so that a slice that never arrived is not read as a "
                   "pass")
      ->type_name("N");
  return {command, [o](std::ostream& out, std::ostream&) {
            if (o->parts != 0 && o->files.size() != o->parts) {
              std::string given;
              for (const auto& file : o->files)
                given += (given.empty() ? "" : ", ") + file;
              throw TrackerError("merge: " + std::to_string(o->parts) + " parts expected, " +
                                 std::to_string(o->files.size()) + " given (" + given + ")");
            }
            const auto sources = load_sources(o->files);
            const auto merged = merge_trackers(sources);
            write_tracker_file(merged, o->output);
            out << "merged " << merged.implementations.size() << " implementation runs from "
                << sources.size() << " files into " << o->output << "\n";
            return 0;
          }};
}

Subcommand add_diff(CLI::App& app) {
  struct Options {
    std::string old_file, new_file;
    std::vector<std::string> implementations;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "diff",
      "new failures, fixes, new and removed checks between two trackers; exit 1 on a "
      "new failure");
  command->add_option("old", o->old_file, "the earlier tracker")->required();
  command->add_option("new", o->new_file, "the later tracker")->required();
  command
      ->add_option("--impl", o->implementations,
                   "compare only this implementation's run (repeatable; as the reports name it: "
                   "python:numpy, torch): a library's own run against its row of a published "
                   "tracker. Each must be in both files (exit 2 otherwise)")
      ->type_name("IMPL");
  return {command, [o](std::ostream& out, std::ostream&) {
            auto old_tracker = load_tracker(o->old_file);
            auto new_tracker = load_tracker(o->new_file);
            if (!o->implementations.empty()) {
              old_tracker = only_runs(old_tracker, o->implementations, o->old_file);
              new_tracker = only_runs(new_tracker, o->implementations, o->new_file);
            }
            const auto changes = diff_trackers(old_tracker, new_tracker);
            out << render_diff(changes);
            return changes.has_regression() ? 1 : 0;
          }};
}

Subcommand add_recover(CLI::App& app) {
  struct Options {
    std::string journal, output;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "recover",
      "rebuild the tracker of a run's finished checks from its journal (FILE.journal.jsonl, "
      "appended as the run goes), e.g. after the run was killed; every other subcommand reads a "
      "journal too");
  command->add_option("journal", o->journal, "the journal")->required();
  command->add_option("-o,--output", o->output, "the tracker to write")->required();
  return {command, [o](std::ostream& out, std::ostream&) {
            if (!is_journal(read_text_file(o->journal)))
              throw TrackerError(o->journal +
                                 ": not a journal (JSON lines starting with the run); a tracker "
                                 "needs no recovery");
            const auto recovered = load_tracker(o->journal);
            write_tracker_file(recovered, o->output);
            std::size_t results = 0;
            for (const auto& implementation : recovered.implementations)
              results += implementation.results.size();
            out << "recovered " << results << " results of " << recovered.implementations.size()
                << " implementation runs ("
                << (recovered.run.finished.empty() ? "the run did not finish" : "the run finished")
                << ") into " << o->output << "\n";
            return 0;
          }};
}

Subcommand add_expectations(CLI::App& app) {
  struct Options {
    std::string run, update_file, output, known_issues;
    bool prune = false;
    std::vector<std::string> implementations;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "expectations",
      "write an expectations file (conformance --expectations) from a run's failures, or with "
      "--update bring one up to date: entries still failing keep their bug and note, new "
      "failures are added (with their known issue's URL, or an empty bug to fill in), entries "
      "that no longer fail are listed, or dropped with --prune");
  command->add_option("run", o->run, "the run (tracker JSON or journal)")->required();
  command->add_option("--update", o->update_file,
                      "the expectations file to update (written back unless -o is given)");
  command->add_option("-o,--output", o->output,
                      "where to write the file (default: --update's file, else standard "
                      "output)");
  command->add_flag("--prune", o->prune, "drop the entries that no longer fail");
  command->add_option("--impl", o->implementations,
                      "only these implementations of the run (repeatable; default: all), "
                      "e.g. --impl python:torch for reports/expectations/pypi/python-torch.json");
  command->add_option("--known-issues", o->known_issues,
                      "known issues JSON for the bug URLs of new entries (default: the "
                      "repository's reports/known-issues.json)");
  return {command, [o](std::ostream& out, std::ostream& err) {
            std::optional<nlohmann::ordered_json> existing;
            if (!o->update_file.empty()) {
              try {
                existing = nlohmann::ordered_json::parse(read_text_file(o->update_file));
              } catch (const nlohmann::json::parse_error& error) {
                throw TrackerError(o->update_file + ": not JSON: " + error.what());
              }
            }
            auto run = load_tracker(o->run);
            if (!o->implementations.empty()) {
              std::erase_if(run.implementations, [&](const conformance::ImplementationRun& entry) {
                return std::find(o->implementations.begin(), o->implementations.end(),
                                 entry.handshake.implementation) == o->implementations.end();
              });
              if (run.implementations.empty())
                throw TrackerError(o->run + ": holds none of the --impl implementations");
            }
            ExpectationsUpdate update;
            try {
              update = update_expectations(run, existing, known_issues_for(o->known_issues),
                                           o->prune, o->run);
            } catch (const TrackerError& error) {
              throw TrackerError((o->update_file.empty() ? o->run : o->update_file) + ": " +
                                 error.what());
            }
            const std::string text = update.file.dump(2) + "\n";
            const std::string destination = !o->output.empty() ? o->output : o->update_file;
            if (destination.empty()) {
              out << text;
              err << describe(update);
            } else {
              write_text(destination, text);
              out << describe(update) << "wrote " << destination << "\n";
            }
            return 0;
          }};
}

Subcommand add_publish(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    std::string markdown, html, known_issues, history, history_link;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "publish",
      "the public tracker: one Markdown page about every library in every run given (a section "
      "per library, a row per run; failures grouped by upstream issue; an index of the issues; "
      "the new failures with their reproductions), and the HTML matrix of them all. The machine "
      "of a run is its file's directory (reports/debian12/tracker.json: debian12).");
  command->add_option("files", o->files, "tracker JSON files (or journals)")->required();
  command->add_option("--markdown", o->markdown, "write the page here")->required();
  command->add_option("--html", o->html, "write the HTML matrix here");
  command->add_option("--known-issues", o->known_issues,
                      "known issues JSON (default: the repository's reports/known-issues.json)");
  command->add_option("--history", o->history,
                      "the history of releases (tracker history's JSON): the known issues it "
                      "shows fixed are listed with the release, linking HISTORY.md beside it");
  command->add_option("--history-link", o->history_link,
                      "the link to the history page (default: HISTORY.md beside --history, "
                      "relative to --markdown and to --html)");
  return {command, [o](std::ostream& out, std::ostream&) {
            const auto sources = load_sources(o->files);
            const auto known = known_issues_for(o->known_issues);
            PublicHistory history;
            HtmlHistory html_history;
            if (!o->history.empty()) {
              const auto json = nlohmann::json::parse(read_text_file(o->history), nullptr, false);
              if (json.is_discarded()) throw TrackerError(o->history + ": not JSON");
              const History read = history_from_json(json, o->history);
              history.fixed = fixed_issues(read, known);
              for (const auto& library : read.libraries)
                if (!library.releases.empty()) history.libraries.push_back(library.library);
              // The page beside the history JSON, relative to each public page.
              namespace fs = std::filesystem;
              const auto link_from = [&](const std::string& page) {
                return !o->history_link.empty()
                           ? o->history_link
                           : fs::relative(fs::absolute(o->history).parent_path() / "HISTORY.md",
                                          fs::absolute(page).parent_path())
                                 .generic_string();
              };
              history.page = link_from(o->markdown);
              html_history = {.libraries = {history.libraries.begin(), history.libraries.end()},
                              .page = o->html.empty() ? "" : link_from(o->html)};
            }
            write_text(o->markdown, render_public_markdown(sources, known, history));
            out << "wrote " << o->markdown;
            if (!o->html.empty()) {
              const auto rows = publish_rows(sources);
              write_text(o->html, render_html(rows.tracker, known, rows.machines, html_history));
              out << " and " << o->html;
            }
            out << " from " << sources.size() << " runs\n";
            return 0;
          }};
}

Subcommand add_history(CLI::App& app) {
  struct Options {
    std::vector<std::string> files, left_out, wrapped;
    std::string json, markdown;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "history",
      "each library's device behaviour across its releases, from one run per release "
      "(tools/history): per check, the releases where its status held and where it last "
      "changed, regressions named; or a history JSON written before, rendered again");
  command->add_option("files", o->files,
                      "tracker JSON files (or journals), one run per (implementation, release); or "
                      "one history JSON");
  command
      ->add_option("--wrapped", o->wrapped,
                   "a run of a wrapper namespace (array_api_compat.numpy) read as a release of "
                   "the library under it (its handshake's backend: NumPy 1.26), in a series "
                   "of its own (repeatable)")
      ->allow_extra_args(false);  // one file each: the runs given after it are not wrapped
  command
      ->add_option("--left-out", o->left_out,
                   "releases the sweep could not run: JSON lines of implementation, release, "
                   "why (repeatable)")
      ->allow_extra_args(false);
  command->add_option("--json", o->json, "write the history JSON here");
  command->add_option("--markdown", o->markdown, "write the history page here");
  return {command, [o](std::ostream& out, std::ostream&) {
            History history;
            if (o->files.empty() && o->wrapped.empty())
              throw TrackerError("history: no runs, --wrapped runs or history JSON given");
            const std::string first =
                o->files.empty() ? std::string() : read_text_file(o->files.front());
            const auto json = nlohmann::json::parse(first, nullptr, false);
            if (!json.is_discarded() && json.is_object() && json.contains("schema") &&
                json["schema"] == kHistorySchema) {
              if (o->files.size() > 1 || !o->left_out.empty() || !o->wrapped.empty())
                throw TrackerError(o->files.front() +
                                   ": a history JSON is rendered alone, without runs or "
                                   "--left-out");
              history = history_from_json(json, o->files.front());
            } else {
              std::vector<LeftOut> left_out;
              for (const auto& file : o->left_out)
                for (auto& one : parse_left_out(read_text_file(file), file))
                  left_out.push_back(std::move(one));
              history = build_history(load_sources(o->files), left_out, load_sources(o->wrapped));
            }
            if (!o->json.empty()) write_text(o->json, to_json(history).dump(1) + "\n");
            if (!o->markdown.empty()) write_text(o->markdown, render_history_markdown(history));
            std::size_t releases = 0;
            for (const auto& library : history.libraries)
              releases += library.releases.size();
            out << "history of " << history.libraries.size() << " libraries, " << releases
                << " releases\n";
            return 0;
          }};
}

Subcommand add_export(CLI::App& app) {
  struct Options {
    std::string run, directory;
    std::vector<std::string> implementations;
    ComplianceExportOptions report;
  };
  auto o = std::make_shared<Options>();
  auto* command = app.add_subcommand(
      "export",
      "write each implementation run as a report of the data-apis compliance-data dashboard "
      "(schema v1, reports/schema/compliance-data-v1.schema.json): DIR/<implementation>.json");
  command->add_option("run", o->run, "the run (tracker JSON or journal)")->required();
  command->add_option("-o,--output-dir", o->directory, "where to write the reports")->required();
  command
      ->add_option("--suite-commit", o->report.suite_commit,
                   "this suite's revision, 40 hexadecimal digits (git rev-parse HEAD)")
      ->required();
  command->add_option("--python", o->report.python,
                      "the Python version the run used (platform.python_version())");
  command->add_option("--impl", o->implementations,
                      "only these implementations (repeatable; default: all)");
  return {command, [o](std::ostream& out, std::ostream&) {
            const auto run = load_tracker(o->run);
            std::filesystem::create_directories(o->directory);
            int written = 0;
            for (const auto& implementation : run.implementations) {
              const auto& spec = implementation.handshake.implementation;
              if (!o->implementations.empty() &&
                  std::find(o->implementations.begin(), o->implementations.end(), spec) ==
                      o->implementations.end())
                continue;
              // A pair run (--peer) is named by its pair: one consumer's pairs would overwrite
              // each other.
              const auto path =
                  (std::filesystem::path(o->directory) /
                   (report_file_name(conformance::run_label(implementation.handshake)) + ".json"))
                      .string();
              write_text(path, compliance_report(run, implementation, o->report).dump(2) + "\n");
              out << "wrote " << path << "\n";
              ++written;
            }
            if (written == 0) throw TrackerError(o->run + ": no implementation to export");
            return 0;
          }};
}

Subcommand add_verdict(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto* command = app.add_subcommand(
      "verdict",
      "the results a CI job fails on, from the run itself: each result with a status that makes "
      "conformance exit 1 (fail, error, crash, timeout, xpass), listed; exit 1 if there is one "
      "(for a merged run of shards: docs/maintainer-ci.md)");
  command->add_option("run", *file, "the run (tracker JSON or journal)")->required();
  return {command, [file](std::ostream& out, std::ostream&) {
            const auto judged = judge(load_tracker(*file));
            out << render_verdict(judged);
            return judged.unexpected.empty() ? 0 : 1;
          }};
}

Subcommand add_validate(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto* command = app.add_subcommand(
      "validate",
      "check a tracker against reports/schema/tracker.schema.json, structurally and with its id "
      "and status patterns. The schema file is the reference; `python3 -m jsonschema -i FILE "
      "reports/schema/tracker.schema.json` checks it exactly.");
  command->add_option("file", *file, "tracker JSON file")->required();
  return {command, [file](std::ostream& out, std::ostream& err) {
            const auto problems = validate_tracker(tracker_text(*file), *file);
            for (const auto& problem : problems)
              err << *file << ": " << problem << "\n";
            if (!problems.empty()) return kBadInput;
            out << *file << ": valid\n";
            return 0;
          }};
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "tracker: render, merge, diff, validate, recover, publish, follow across releases (history) "
      "and judge (verdict) conformance "
      "tracker JSON "
      "(docs/DESIGN.md "
      "section 4), and write expectations from a run; each reads a run's journal "
      "(FILE.journal.jsonl) as the tracker of its finished checks.\n"
      "Exit status: 0 done (diff: no regression; verdict: nothing unexpected), 1 diff found a "
      "regression or verdict an unexpected result, 2 bad input or usage.",
      "tracker"};
  app.require_subcommand(1);
  // In the order --help lists them.
  const std::vector<Subcommand> subcommands = {
      add_render(app),  add_merge(app),   add_diff(app),   add_recover(app), add_expectations(app),
      add_publish(app), add_history(app), add_export(app), add_verdict(app), add_validate(app)};

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
    for (const auto& subcommand : subcommands) {
      if (subcommand.command->parsed()) return subcommand.run(out, err);
    }
  } catch (const std::exception& error) {
    // TrackerError is one line already; anything else (bad_alloc, a filesystem error) is made so.
    err << "tracker: " << TrackerError(error.what()).what() << "\n";
    return kBadInput;
  }
  return kBadInput;
}

}  // namespace tracker
