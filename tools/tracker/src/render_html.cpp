// The HTML tracker page (see render_html.hpp). Every string that comes from the tracker JSON
// goes through escape_html(); links are written only for http(s) URLs.
#include "tracker/render_html.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "tracker/pair_matrix.hpp"
#include "tracker/versions.hpp"

namespace tracker {
namespace {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;
using conformance::Tracker;

// Fixed page furniture: no string from the JSON is ever part of these.
constexpr std::string_view kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; }
h1 { font-size: 1.4em; }
.matrix-box { overflow-x: auto; border: 1px solid #ddd; }
table.matrix { border-collapse: separate; border-spacing: 0; }
table.matrix th, table.matrix td { border: 1px solid #bbb; padding: 0.3em 0.5em; vertical-align: top; }
table.matrix thead th { background: #eee; font-weight: 600; }
th.implementation, thead th.corner { text-align: left; white-space: nowrap; position: sticky;
  left: 0; z-index: 1; background: #fff; box-shadow: 2px 0 0 #bbb; }
thead th.corner { background: #eee; z-index: 2; }
th.implementation { max-width: 22em; }
th.implementation .meta { font-weight: normal; font-size: 0.8em; color: #555; white-space: normal;
  overflow-wrap: anywhere; }
td.cell { min-width: 6em; }
td.cell .numbers { font-weight: 600; font-variant-numeric: tabular-nums; }
td.cell .detail { display: block; font-size: 0.75em; color: #333; }
.state-pass { background: #d9f2d9; }
.state-known { background: #fde8c8; }
.state-new { background: #f8cfcf; }
.state-none { background: #eee; color: #666; }
.state-empty { background: #fff; color: #999; }
.drill { width: 60ch; max-height: 40em; overflow: auto; background: #fff; font-size: 0.85em;
         border: 1px solid #ccc; padding: 0.4em; margin-top: 0.3em; }
.check { border-top: 1px solid #ddd; padding-top: 0.3em; margin-top: 0.3em; }
.check h4 { margin: 0; font-size: 0.95em; font-family: monospace; }
.tag { font-size: 0.8em; padding: 0 0.3em; border-radius: 3px; }
.tag.new { background: #c62828; color: #fff; }
.tag.known { background: #e08a00; color: #fff; }
pre { background: #f6f6f6; padding: 0.4em; white-space: pre-wrap; font-size: 0.8em; }
.drill code { word-break: break-all; }
dl { margin: 0.2em 0; } dt { font-weight: 600; } dd { margin-left: 1em; }
.legend span { display: inline-block; padding: 0.1em 0.5em; margin-right: 0.5em; }
.run { font-size: 0.85em; color: #444; }
details.older { margin-top: 1em; }
details.older > summary { font-weight: 600; }
)";

// Expands or collapses every drill-down, and hides known failures on request. Works on the
// page's own markup only.
constexpr std::string_view kScript = R"(
function setAll(open) {
  document.querySelectorAll('td.cell details').forEach(function (d) { d.open = open; });
}
function onlyNew(on) {
  document.querySelectorAll('.check[data-known="true"]').forEach(function (c) {
    c.style.display = on ? 'none' : '';
  });
}
)";

bool is_http_url(std::string_view url) {
  return url.starts_with("https://") || url.starts_with("http://");
}

std::string state_class(const CellCounts& counts) {
  if (counts.total == 0) return "state-empty";
  if (counts.failing > counts.known) return "state-new";
  if (counts.failing > 0) return "state-known";
  if (counts.passed > 0) return "state-pass";
  return "state-none";
}

// A value for an id attribute: the characters HTML ids and CSS selectors take without quoting.
std::string id_part(std::string_view text) {
  std::string out;
  for (char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '_';
    out += plain ? c : '_';
  }
  return out;
}

void write_link(std::ostream& out, std::string_view url, std::string_view text) {
  if (is_http_url(url)) {
    out << "<a href=\"" << escape_html(url) << "\">" << escape_html(text) << "</a>";
  } else {
    out << escape_html(url);
  }
}

void write_check(std::ostream& out, const CheckResult& result, std::string_view implementation,
                 std::string_view version, const KnownIssueLookup& lookup) {
  const auto issue = known_issue_of(result, implementation, version, lookup);
  out << "<div class=\"check\" data-check=\"" << escape_html(result.info.id) << "\" data-status=\""
      << conformance::name(result.status) << "\" data-known=\"" << (issue ? "true" : "false")
      << "\">\n<h4>" << escape_html(result.info.id) << " <span>" << conformance::name(result.status)
      << "</span> ";
  if (issue) {
    out << "<span class=\"tag known\">known</span> ";
    write_link(out, issue->url, issue->url);
  } else {
    out << "<span class=\"tag new\">new</span>";
  }
  out << "</h4>\n";
  if (!result.info.description.empty()) {
    out << "<p>" << escape_html(result.info.description) << " ("
        << conformance::name(result.info.level) << ")</p>\n";
  }
  if (issue && !issue->note.empty()) out << "<p><i>" << escape_html(issue->note) << "</i></p>\n";
  out << "<dl>\n";
  if (!result.info.spec.empty()) {
    out << "<dt>rule</dt><dd>" << escape_html(result.info.spec) << "</dd>\n";
  }
  if (result.failure) {
    out << "<dt>expected</dt><dd>" << escape_html(result.failure->expected) << "</dd>\n"
        << "<dt>actual</dt><dd>" << escape_html(result.failure->actual) << "</dd>\n";
  }
  if (!result.reason.empty()) {
    out << "<dt>reason</dt><dd>" << escape_html(result.reason) << "</dd>\n";
  }
  out << "<dt>seed</dt><dd>" << result.seed << " (" << result.cases << " cases)</dd>\n";
  if (!result.reproduce.empty()) {
    out << "<dt>replay</dt><dd><code>" << escape_html(result.reproduce) << "</code></dd>\n";
  }
  out << "</dl>\n";
  if (result.failure && !result.failure->reproduction.empty()) {
    out << "<pre class=\"reproduction\">" << escape_html(result.failure->reproduction)
        << "</pre>\n";
  }
  out << "</div>\n";
}

std::string detail_line(const CellCounts& counts) {
  std::vector<std::string> parts;
  if (counts.failing > 0) {
    parts.push_back(std::to_string(counts.failing) + " failing (" + std::to_string(counts.known) +
                    " known)");
  }
  if (counts.unsupported > 0) parts.push_back(std::to_string(counts.unsupported) + " unsupported");
  if (counts.skipped > 0) parts.push_back(std::to_string(counts.skipped) + " skipped");
  std::string line;
  for (const auto& part : parts)
    line += (line.empty() ? "" : ", ") + part;
  return line;
}

void write_cell(std::ostream& out, std::size_t index, const ImplementationRun& run,
                const std::string& family, const KnownIssueLookup& lookup) {
  const CellCounts counts = count_cell(run, family, lookup);
  out << "<td class=\"cell " << state_class(counts) << "\" id=\"cell-" << index << "-"
      << id_part(family) << "\" data-implementation=\"" << escape_html(run.handshake.implementation)
      << "\" data-family=\"" << escape_html(family) << "\" data-passed=\"" << counts.passed
      << "\" data-total=\"" << counts.total << "\" data-failing=\"" << counts.failing
      << "\" data-known=\"" << counts.known << "\" data-unsupported=\"" << counts.unsupported
      << "\" data-skipped=\"" << counts.skipped << "\">";
  if (counts.total == 0) {
    out << "<span class=\"numbers\">-</span></td>\n";
    return;
  }
  const std::string numbers = std::to_string(counts.passed) + "/" + std::to_string(counts.total);
  const std::string detail = detail_line(counts);
  if (counts.failing == 0) {
    out << "<span class=\"numbers\">" << numbers << "</span>";
    if (!detail.empty()) out << "<span class=\"detail\">" << detail << "</span>";
    out << "</td>\n";
    return;
  }
  out << "<details><summary><span class=\"numbers\">" << numbers << "</span><span class=\"detail\">"
      << detail << "</span></summary>\n<div class=\"drill\">\n";
  for (const auto& result : run.results) {
    if (result.info.family == family && is_failing(result.status)) {
      write_check(out, result, run.handshake.implementation, run.handshake.library_version, lookup);
    }
  }
  out << "</div></details></td>\n";
}

void write_implementation_header(std::ostream& out, const ImplementationRun& run,
                                 const std::string& machine, const std::string& history_page) {
  const auto& handshake = run.handshake;
  out << "<th class=\"implementation\" scope=\"row\">" << escape_html(handshake.implementation)
      << "<div class=\"meta\">" << escape_html(handshake.library) << " "
      << escape_html(handshake.library_version);
  if (!handshake.backend_library.empty())
    out << " over " << escape_html(handshake.backend_library) << " "
        << escape_html(handshake.backend_version);
  if (!handshake.spec_version.empty()) {
    out << ", spec " << escape_html(handshake.spec_version);
  }
  const conformance::JudgedVersion judged = conformance::judged_by(run);
  if (!judged.version.empty()) {
    out << "<br>judged by spec " << escape_html(judged.version) << " (" << escape_html(judged.basis)
        << ")";
  }
  out << "<br>devices: ";
  for (std::size_t i = 0; i < handshake.devices.size(); ++i) {
    out << (i == 0 ? "" : ", ") << escape_html(handshake.devices[i].repr);
    if (handshake.default_device && *handshake.default_device == static_cast<int>(i)) {
      out << " (default)";
    }
  }
  if (!machine.empty()) out << "<br>machine: " << escape_html(machine);
  if (!history_page.empty())
    out << "<br><a class=\"history\" href=\"" << escape_html(history_page)
        << "\">history of releases</a>";
  out << "</div></th>\n";
}

// The library a row belongs to, as the Markdown page groups them.
std::string library_of(const ImplementationRun& run) {
  return run.handshake.library.empty() ? run.handshake.implementation : run.handshake.library;
}

// The rows in display order: libraries in the order of their first run, each library's runs split
// as the Markdown page splits them (by_release_line). Indices into the tracker's runs.
ReleaseLines row_order(const Tracker& tracker) {
  std::vector<std::string> libraries;
  std::map<std::string, std::vector<std::size_t>> rows;
  for (std::size_t i = 0; i < tracker.implementations.size(); ++i) {
    const std::string library = library_of(tracker.implementations[i]);
    if (!rows.contains(library)) libraries.push_back(library);
    rows[library].push_back(i);
  }
  ReleaseLines order;
  for (const auto& library : libraries) {
    const auto& indices = rows[library];
    std::vector<std::string> versions;
    for (std::size_t i : indices)
      versions.push_back(tracker.implementations[i].handshake.library_version);
    const ReleaseLines lines = by_release_line(versions);
    for (std::size_t k : lines.current)
      order.current.push_back(indices[k]);
    for (std::size_t k : lines.older)
      order.older.push_back(indices[k]);
  }
  return order;
}

// The notes of rows that differ from the same library through another route (torch through C++
// and through Python): the summary line, then the differing checks under it.
void write_route_notes(std::ostream& out, const Tracker& tracker) {
  bool any = false;
  for (const auto& run : tracker.implementations) {
    if (run.notes.empty()) continue;
    if (!any)
      out << "<h2 id=\"route-differences\">Differences between routes to one library</h2>\n";
    any = true;
    out << "<details class=\"notes\"><summary><strong>" << escape_html(run.handshake.implementation)
        << "</strong>: " << escape_html(run.notes.front()) << "</summary>\n<ul>\n";
    for (std::size_t i = 1; i < run.notes.size(); ++i)
      out << "<li>" << escape_html(run.notes[i]) << "</li>\n";
    out << "</ul></details>\n";
  }
}

// The producer x consumer table of pair runs (pair_matrix.hpp), each cell linking to the pair's
// failing and unsupported checks, with reproductions, under the table. One per machine: its ids
// begin with the machine's name, where there is one, so that two machines' pairs stay apart.
void write_pair_matrix(std::ostream& out, const Tracker& tracker, const KnownIssueLookup& lookup,
                       const std::string& machine) {
  const PairMatrix matrix = pair_matrix(tracker, lookup);
  if (matrix.cells.empty()) return;
  const std::string prefix = machine.empty() ? std::string() : escape_html(machine) + "-";
  out << "<h2 id=\"" << prefix << "dlpack-between\">DLPack between libraries"
      << (machine.empty() ? std::string() : " on " + escape_html(machine)) << "</h2>\n"
      << "<p><code>consumer.from_dlpack(x)</code> of an array <code>x</code> made by another "
      << "library, the producer, in one process (<code>--peer</code>, the "
      << "<code>dlpack_between.*</code> checks): where the result lands, whether "
      << "<code>copy=False</code> shares and <code>copy=True</code> copies, and which exception a "
      << "refusal raises.</p>\n<div class=\"matrix-box\">\n<table class=\"matrix pairs\" "
      << "id=\"" << prefix << "pair-matrix\">\n<thead><tr><th class=\"corner\">"
      << "producer \u2193 / consumer "
      << "\u2192</th>";
  for (const auto& consumer : matrix.consumers)
    out << "<th scope=\"col\">" << escape_html(consumer) << "</th>";
  out << "</tr></thead>\n<tbody>\n";
  for (const auto& producer : matrix.producers) {
    out << "<tr><th class=\"implementation\" scope=\"row\">" << escape_html(producer) << "</th>";
    for (const auto& consumer : matrix.consumers) {
      const PairCell* cell = matrix.at(producer, consumer);
      if (cell == nullptr) {
        out << "<td class=\"pair state-empty\">-</td>";
        continue;
      }
      const std::string state = cell->state == "pass"    ? "state-pass"
                                : cell->state == "known" ? "state-known"
                                : cell->state == "fail"  ? "state-new"
                                                         : "state-none";
      out << "<td class=\"pair " << state << "\" data-producer=\"" << escape_html(producer)
          << "\" data-consumer=\"" << escape_html(consumer) << "\" data-state=\"" << cell->state
          << "\"><a href=\"#" << prefix << cell->anchor << "\">" << escape_html(cell->text)
          << "</a></td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody>\n</table>\n</div>\n";
  for (const auto& cell : matrix.cells) {
    out << "<details class=\"pair-details\" id=\"" << prefix << cell.anchor
        << "\"><summary><strong>" << escape_html(cell.consumer) << "</strong> from <strong>"
        << escape_html(cell.producer) << "</strong>: " << escape_html(cell.text)
        << "</summary>\n<div class=\"drill\">\n";
    for (const auto& result : cell.run->results)
      if (!is_passing(result.status))
        write_check(out, result, conformance::run_label(cell.run->handshake),
                    cell.run->handshake.library_version, lookup);
    out << "</div></details>\n";
  }
}

void write_run_info(std::ostream& out, const conformance::RunInfo& run) {
  std::string command;
  for (const auto& arg : run.command)
    command += (command.empty() ? "" : " ") + arg;
  out << "<p class=\"run\">Suite " << escape_html(run.tool_version) << ", seed " << run.seed << ", "
      << run.examples << " examples per check; started "
      << escape_html(run.started.empty() ? "(not recorded)" : run.started) << ", finished "
      << escape_html(run.finished.empty() ? "(not recorded)" : run.finished) << "; host "
      << escape_html(run.host)
      << ".</p>\n"
      // Folded: a merged run's commands (JAX in twelve --filter parts) fill a screen.
      << "<details class=\"run\"><summary>Command</summary><code>" << escape_html(command)
      << "</code></details>\n";
}

}  // namespace

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_html(const Tracker& all_runs, const KnownIssueLookup& lookup,
                        const std::vector<std::string>& all_machines, const HtmlHistory& history) {
  // Pair runs (--peer) have no row: they are the producer x consumer table after the matrix.
  std::vector<std::string> machines = all_machines;
  const Tracker tracker = without_pair_runs(all_runs, &machines);
  const auto families = families_of(tracker);
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>Array API device support tracker</title>\n<style>" << kStyle
      << "</style>\n</head>\n<body>\n<h1>Array API device support tracker</h1>\n";
  write_run_info(out, tracker.run);
  out << "<p class=\"legend\"><span class=\"state-pass\">all applicable checks pass</span>"
      << "<span class=\"state-known\">failures, all with a known issue</span>"
      << "<span class=\"state-new\">failures without a known issue</span>"
      << "<span class=\"state-none\">nothing applicable (skipped or unsupported)</span>"
      << "<span class=\"state-empty\">-: no check of the family in this run</span></p>\n"
      << "<p>Each cell: checks passed / checks in the family. Open a cell for its failing "
      << "checks. The page gives no overall score: the families measure different things.</p>\n"
      << "<p><button type=\"button\" onclick=\"setAll(true)\">Expand all</button> "
      << "<button type=\"button\" onclick=\"setAll(false)\">Collapse all</button> "
      << "<label><input type=\"checkbox\" onchange=\"onlyNew(this.checked)\"> "
      << "only failures without a known issue</label></p>\n";
  // The matrix scrolls inside its box, the implementation column fixed, so that every family is
  // reachable at any width (chromium_check.py proves it at 1280 px). Today's releases lead; older
  // release lines are a second table, folded below. A cell's id keeps its run's index.
  const ReleaseLines order = row_order(tracker);
  const auto write_table = [&](const std::string& id, const std::vector<std::size_t>& rows) {
    out << "<div class=\"matrix-box\" id=\"" << id << "-box\">\n<table class=\"matrix\" id=\"" << id
        << "\">\n<thead><tr><th class=\"corner\">implementation</th>";
    for (const auto& family : families)
      out << "<th scope=\"col\">" << escape_html(family) << "</th>";
    out << "</tr></thead>\n<tbody>\n";
    for (std::size_t i : rows) {
      const auto& run = tracker.implementations[i];
      out << "<tr>\n";
      write_implementation_header(
          out, run, i < machines.size() ? machines[i] : std::string(),
          history.libraries.contains(library_of(run)) ? history.page : std::string());
      for (const auto& family : families)
        write_cell(out, i, run, family, lookup);
      out << "</tr>\n";
    }
    out << "</tbody>\n</table>\n</div>\n";
  };
  write_table("matrix", order.current);
  if (!order.older.empty()) {
    out << "<details class=\"older\" id=\"older-releases\"><summary>Older releases: "
        << order.older.size() << " run" << (order.older.size() == 1 ? "" : "s")
        << " of earlier release lines (";
    for (std::size_t k = 0; k < order.older.size(); ++k) {
      const auto& handshake = tracker.implementations[order.older[k]].handshake;
      out << (k == 0 ? "" : "; ") << escape_html(handshake.implementation) << " "
          << escape_html(handshake.library_version);
    }
    out << ")</summary>\n";
    write_table("older-matrix", order.older);
    out << "</details>\n";
  }
  if (!history.page.empty())
    out << "<p>Release by release, check by check, for every release since 2024: the <a "
           "href=\""
        << escape_html(history.page) << "\">history of releases</a>.</p>\n";
  write_route_notes(out, tracker);
  for (const auto& [machine, runs] : pair_runs_by_machine(all_runs, all_machines))
    write_pair_matrix(out, runs, lookup, machine);
  out << "<script>" << kScript << "</script>\n</body>\n</html>\n";
  return out.str();
}

std::string render_html(const Tracker& tracker, const KnownIssues& known_issues,
                        const std::vector<std::string>& machines, const HtmlHistory& history) {
  return render_html(tracker, lookup_in(known_issues), machines, history);
}

}  // namespace tracker
