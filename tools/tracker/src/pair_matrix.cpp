// The producer x consumer DLPack matrix (see pair_matrix.hpp).
#include "tracker/pair_matrix.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "tracker/markdown_text.hpp"

namespace tracker {
namespace {

using conformance::CheckResult;
using conformance::ImplementationRun;
using conformance::Status;

constexpr std::string_view kFamilyPrefix = "dlpack_between.from_dlpack.";

std::string short_id(const std::string& id) {
  return id.starts_with(kFamilyPrefix) ? id.substr(kFamilyPrefix.size()) : id;
}

std::string anchor_part(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (plain || (c >= 'A' && c <= 'Z'))
      out += static_cast<char>(plain ? c : c - 'A' + 'a');
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-')
    out.pop_back();
  return out;
}

// The exception a failing case raised at its step, if it raised.
std::string raised_type(const CheckResult& result) {
  if (!result.failure) return "";
  const auto step = static_cast<std::size_t>(std::max(result.failure->step, 0));
  if (step >= result.failure->outcome.steps.size()) return "";
  const auto& outcome = result.failure->outcome.steps[step];
  return outcome.status == conformance::StepStatus::raised ? outcome.exception_type : "";
}

// The known issue of a pair's failing check, looked up by the pair's label.
std::optional<KnownIssue> pair_issue(const CheckResult& result, const ImplementationRun& run,
                                     const KnownIssueLookup& lookup) {
  return known_issue_of(result, conformance::run_label(run.handshake),
                        run.handshake.library_version, lookup);
}

PairCell cell_of(const ImplementationRun& run, const KnownIssueLookup& lookup) {
  PairCell cell;
  cell.run = &run;
  cell.consumer = run.handshake.implementation;
  cell.producer = run.handshake.peer->implementation;
  cell.anchor = "dlpack-" + anchor_part(cell.consumer) + "-from-" + anchor_part(cell.producer);
  std::vector<std::string> failing, types;
  int passed = 0, unsupported = 0, errors = 0, known = 0;
  for (const auto& result : run.results) {
    if (result.status == Status::error || result.status == Status::crash ||
        result.status == Status::timeout) {
      ++errors;
      failing.push_back(short_id(result.info.id) + " " + std::string(name(result.status)));
      if (pair_issue(result, run, lookup)) ++known;  // a crash the library is known for
    } else if (is_failing(result.status)) {
      failing.push_back(short_id(result.info.id));
      if (pair_issue(result, run, lookup)) ++known;
      const std::string type = raised_type(result);
      if (!type.empty() && std::find(types.begin(), types.end(), type) == types.end())
        types.push_back(type);
    } else if (is_passing(result.status)) {
      ++passed;
    } else {
      ++unsupported;
    }
  }
  std::string joined;
  for (const auto& id : failing)
    joined += (joined.empty() ? "" : ", ") + id;
  std::string raised;
  for (const auto& type : types)
    raised += (raised.empty() ? "" : ", ") + type;
  const bool only_errors = errors > 0 && passed == 0 && static_cast<int>(failing.size()) == errors;
  if (!run.handshake.peer_error.empty() || only_errors) {
    cell.state = "error";
    cell.text = "error: " + (run.handshake.peer_error.empty() ? joined : run.handshake.peer_error);
  } else if (!failing.empty()) {
    const bool all_known = known == static_cast<int>(failing.size());
    cell.state = all_known ? "known" : "fail";
    cell.text = std::string(all_known ? "fail (known): " : "fail: ") + joined +
                (raised.empty() ? "" : " (raised " + raised + ")");
  } else if (passed > 0) {
    cell.state = "pass";
    cell.text = "pass";
    if (unsupported > 0) cell.text += fmt::format(" ({} unsupported or skipped)", unsupported);
  } else {
    cell.state = "unsupported";
    cell.text = "unsupported";
  }
  return cell;
}

void add_once(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

std::string heading(int depth) {
  return std::string(static_cast<std::size_t>(std::clamp(depth, 1, 6)), '#');
}

std::string pair_details(const PairCell& cell, const KnownIssueLookup& lookup, int depth) {
  const auto& handshake = cell.run->handshake;
  std::string text = fmt::format("{} <a id=\"{}\"></a>{} from {}\n\n", heading(depth + 1),
                                 cell.anchor, code(cell.consumer), code(cell.producer));
  text += fmt::format("Consumer {} {}, producer {} {}: {}.\n\n", code(handshake.library),
                      cell_text(handshake.library_version), code(handshake.peer->library),
                      cell_text(handshake.peer->library_version), cell_text(cell.text, 300));
  for (const auto& result : cell.run->results) {
    if (is_passing(result.status)) continue;
    text += "- " + code(result.info.id) + " " + std::string(name(result.status)) + ": ";
    if (result.failure) {
      text += "expected " + cell_text(result.failure->expected, 300) + "; got " +
              cell_text(result.failure->actual, 300);
      if (const auto known = pair_issue(result, *cell.run, lookup))
        text += " (known: " + link(known->url) + ")";
    } else {
      text += cell_text(result.reason, 400);
    }
    text += "\n";
  }
  text += "\n";
  for (const auto& result : cell.run->results) {
    if (!result.failure || result.failure->reproduction.empty()) continue;
    text += "<details><summary>Reproduction of " + code(result.info.id) + "</summary>\n\n```\n" +
            result.failure->reproduction + "\n```\n\n</details>\n\n";
  }
  return text;
}

}  // namespace

bool is_pair_run(const ImplementationRun& run) {
  return run.handshake.peer != nullptr;
}

conformance::Tracker without_pair_runs(const conformance::Tracker& tracker,
                                       std::vector<std::string>* machines) {
  conformance::Tracker rows;
  rows.run = tracker.run;
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < tracker.implementations.size(); ++i) {
    if (is_pair_run(tracker.implementations[i])) continue;
    rows.implementations.push_back(tracker.implementations[i]);
    if (machines != nullptr && i < machines->size()) kept.push_back((*machines)[i]);
  }
  if (machines != nullptr && !machines->empty()) *machines = std::move(kept);
  return rows;
}

const PairCell* PairMatrix::at(const std::string& producer, const std::string& consumer) const {
  const auto found = std::find_if(cells.begin(), cells.end(), [&](const PairCell& cell) {
    return cell.producer == producer && cell.consumer == consumer;
  });
  return found == cells.end() ? nullptr : &*found;
}

PairMatrix pair_matrix(const conformance::Tracker& tracker, const KnownIssueLookup& lookup) {
  PairMatrix matrix;
  std::vector<std::string> libraries;  // rows and columns in one order: the diagonal lines up
  for (const auto& run : tracker.implementations) {
    if (!is_pair_run(run)) continue;
    PairCell cell = cell_of(run, lookup);
    add_once(libraries, cell.consumer);
    add_once(libraries, cell.producer);
    matrix.cells.push_back(std::move(cell));
  }
  for (const auto& library : libraries) {
    const auto as = [&](auto member) {
      return std::any_of(matrix.cells.begin(), matrix.cells.end(),
                         [&](const PairCell& cell) { return cell.*member == library; });
    };
    if (as(&PairCell::producer)) matrix.producers.push_back(library);
    if (as(&PairCell::consumer)) matrix.consumers.push_back(library);
  }
  return matrix;
}

std::vector<std::pair<std::string, conformance::Tracker>> pair_runs_by_machine(
    const conformance::Tracker& tracker, const std::vector<std::string>& machines) {
  std::vector<std::pair<std::string, conformance::Tracker>> groups;
  for (std::size_t i = 0; i < tracker.implementations.size(); ++i) {
    if (!is_pair_run(tracker.implementations[i])) continue;
    const std::string machine = i < machines.size() ? machines[i] : std::string();
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const auto& entry) { return entry.first == machine; });
    if (group == groups.end()) group = groups.insert(groups.end(), {machine, {}});
    group->second.implementations.push_back(tracker.implementations[i]);
  }
  return groups;
}

std::string pair_matrix_markdown(const conformance::Tracker& tracker,
                                 const KnownIssueLookup& lookup, int depth,
                                 const std::string& details_page, const std::string& machine) {
  const PairMatrix matrix = pair_matrix(tracker, lookup);
  if (matrix.cells.empty()) return "";
  std::string text = heading(depth) + " DLPack between libraries" +
                     (machine.empty() ? std::string() : " on " + cell_text(machine, 200)) + "\n\n";
  text +=
      "`consumer.from_dlpack(x)` of an array `x` made by another library, the producer, in one "
      "process (`conformance --impl CONSUMER --peer PRODUCER`, the `dlpack_between.*` checks): "
      "where the result lands (its `__dlpack_device__` against the producer's, and the device "
      "asked for), whether `copy=False` shares and `copy=True` copies (a write into `x` shows in "
      "the result, or not), and which exception a refusal raises. A cell links to the pair's "
      "failures and reproductions" +
      (details_page.empty() ? std::string(".\n\n")
                            : fmt::format(", in [{0}]({0}).\n\n", details_page));
  text += "| producer ↓ / consumer → |";
  for (const auto& consumer : matrix.consumers)
    text += " " + code(consumer) + " |";
  text += "\n|---|";
  for (std::size_t i = 0; i < matrix.consumers.size(); ++i)
    text += "---|";
  text += "\n";
  for (const auto& producer : matrix.producers) {
    text += "| " + code(producer) + " |";
    for (const auto& consumer : matrix.consumers) {
      const PairCell* cell = matrix.at(producer, consumer);
      text += cell == nullptr ? std::string(" - |")
                              : " [" + cell_text(cell->text, 200) + "](" + details_page + "#" +
                                    cell->anchor + ") |";
    }
    text += "\n";
  }
  text += "\n";
  if (!details_page.empty()) return text;
  for (const auto& cell : matrix.cells)
    text += pair_details(cell, lookup, depth);
  return text;
}

}  // namespace tracker
