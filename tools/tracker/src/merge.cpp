#include "tracker/merge.hpp"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <set>
#include "conformance/route_differences.hpp"

#include "tracker/error.hpp"

namespace tracker {
namespace {

// What makes two runs the same run (see merge.hpp).
std::string run_identity(const conformance::Handshake& handshake) {
  std::string identity = handshake.implementation + " " + handshake.library_version + " [";
  for (const auto& device : handshake.devices)
    identity += device.repr + ",";
  identity += "]";
  // Pair runs (--peer) of one consumer with different producers are different runs.
  if (handshake.peer)
    identity += " from " + handshake.peer->implementation + " " + handshake.peer->library_version;
  return identity;
}

std::string join(const std::vector<std::string>& words, std::string_view separator) {
  std::string text;
  for (const auto& word : words) {
    if (!text.empty()) text += separator;
    text += word;
  }
  return text;
}

conformance::RunInfo merged_run_info(const std::vector<SourceTracker>& sources) {
  conformance::RunInfo run;
  if (sources.empty()) return run;
  const auto& first = sources.front().tracker.run;
  run.tool_version = first.tool_version;
  run.seed = first.seed;
  run.examples = first.examples;
  run.started = first.started;
  run.finished = first.finished;
  std::vector<std::string> hosts;
  bool any_unfinished = false;
  for (const auto& [source, tracker] : sources) {
    const auto& info = tracker.run;
    run.command.push_back(source + ": " + join(info.command, " "));
    hosts.push_back(source + ": " + info.host);
    if (info.tool_version != run.tool_version &&
        run.tool_version.find(info.tool_version) == std::string::npos) {
      run.tool_version += ", " + info.tool_version;
    }
    if (info.seed != first.seed) run.seed = 0;
    run.examples = std::min(run.examples, info.examples);
    if (!info.started.empty() && (run.started.empty() || info.started < run.started)) {
      run.started = info.started;
    }
    any_unfinished = any_unfinished || info.finished.empty();
    run.finished = std::max(run.finished, info.finished);
  }
  if (any_unfinished) run.finished.clear();
  // One machine (parts of a run, say) is named once; several are named per source.
  const bool one_host = std::all_of(sources.begin(), sources.end(), [&](const auto& source) {
    return source.tracker.run.host == first.host;
  });
  run.host = one_host ? first.host : join(hosts, "; ");
  return run;
}

}  // namespace

conformance::Tracker merge_trackers(const std::vector<SourceTracker>& sources) {
  conformance::Tracker merged;
  merged.run = merged_run_info(sources);
  struct Seen {
    std::string identity;
    std::string source;
    std::size_t index = 0;           // into merged.implementations
    std::set<std::string> checks{};  // ids so far, to tell parts from repeats
  };
  std::vector<Seen> seen;
  for (const auto& [source, tracker] : sources) {
    for (const auto& run : tracker.implementations) {
      const auto identity = run_identity(run.handshake);
      const auto earlier = std::find_if(
          seen.begin(), seen.end(), [&](const Seen& entry) { return entry.identity == identity; });
      if (earlier == seen.end()) {
        Seen entry{identity, source, merged.implementations.size(), {}};
        for (const auto& result : run.results)
          entry.checks.insert(result.info.id);
        seen.push_back(std::move(entry));
        merged.implementations.push_back(run);
        continue;
      }
      // The same run again: parts of it (checks split over processes) join; a check twice is
      // two answers for one question, and a merge does not pick one.
      for (const auto& result : run.results) {
        if (!earlier->checks.insert(result.info.id).second) {
          throw TrackerError("cannot merge: " + run.handshake.implementation + " " +
                             run.handshake.library_version + " on the same devices ran " +
                             result.info.id + " in both " + earlier->source + " and " + source +
                             " (keep one of the two runs)");
        }
        merged.implementations[earlier->index].results.push_back(result);
      }
      earlier->source += ", " + source;
    }
  }
  // Rows of one library through two routes may now sit in one file.
  conformance::note_route_differences(merged);
  return merged;
}

std::string machine_of(const std::string& source) {
  const auto directory = std::filesystem::path(source).parent_path().filename().string();
  return directory.empty() ? source : directory;
}

PublishedRows publish_rows(const std::vector<SourceTracker>& sources) {
  PublishedRows rows;
  rows.tracker.run = merged_run_info(sources);
  for (const auto& [source, tracker] : sources) {
    for (const auto& run : tracker.implementations) {
      rows.tracker.implementations.push_back(run);
      rows.machines.push_back(machine_of(source));
    }
  }
  conformance::note_route_differences(rows.tracker);
  return rows;
}

}  // namespace tracker
