#include "tracker/merge.hpp"

#include <algorithm>
#include <numeric>

#include "tracker/error.hpp"

namespace tracker {
namespace {

// What makes two runs the same run (see merge.hpp).
std::string run_identity(const conformance::Handshake& handshake) {
  std::string identity = handshake.implementation + " " + handshake.library_version + " [";
  for (const auto& device : handshake.devices)
    identity += device.repr + ",";
  return identity + "]";
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
  run.host = join(hosts, "; ");
  return run;
}

}  // namespace

conformance::Tracker merge_trackers(const std::vector<SourceTracker>& sources) {
  conformance::Tracker merged;
  merged.run = merged_run_info(sources);
  std::vector<std::pair<std::string, std::string>> seen;  // identity, source
  for (const auto& [source, tracker] : sources) {
    for (const auto& run : tracker.implementations) {
      const auto identity = run_identity(run.handshake);
      const auto earlier = std::find_if(seen.begin(), seen.end(),
                                        [&](const auto& entry) { return entry.first == identity; });
      if (earlier != seen.end()) {
        throw TrackerError("cannot merge: " + run.handshake.implementation + " " +
                           run.handshake.library_version + " on the same devices is in both " +
                           earlier->second + " and " + source + " (keep one of the two runs)");
      }
      seen.emplace_back(identity, source);
      merged.implementations.push_back(run);
    }
  }
  return merged;
}

}  // namespace tracker
