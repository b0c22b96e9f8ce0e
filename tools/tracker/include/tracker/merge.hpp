// `tracker merge`: runs from many machines into one tracker.
#pragma once

#include <string>
#include <vector>

#include "conformance/tracker.hpp"

namespace tracker {

struct SourceTracker {
  std::string source{};  // the file it came from, for errors and the merged run info
  conformance::Tracker tracker{};
};

// The implementations of every source, in order. A run is identified by its implementation
// spec, library version and device list: the same library on a CPU-only and a GPU machine gives
// two runs, both kept. The same run in several sources whose check ids do not overlap is one run
// split over processes (`--filter` parts, as tools/run-gpu runs JAX): the parts join, results in
// source order. A check id in two sources is a TrackerError naming both files, even when the
// results agree: a merge should not silently pick one machine's answer.
//
// The schema has one run record, so the merged one describes its sources as text:
// run.command holds one "<source>: <argv>" line per source and run.host "<source>: <host>"
// lines joined by "; " (the host alone when every source ran on it). seed and examples are the
// sources' when they all agree, else 0 and the smallest; started is the earliest, finished the
// latest ("" when any source was killed).
conformance::Tracker merge_trackers(const std::vector<SourceTracker>& sources);

// The directory a source file lies in, which names its machine in the public tracker
// (reports/gpu/tracker.json: "gpu"); the source itself when it has none.
std::string machine_of(const std::string& source);

// The public page's rows (`tracker publish`): every source's implementation runs, each a row of
// its own and in order, with its machine. Each committed file is one machine's finished run, so
// the same library, version and devices measured on two machines (array-api-strict on the PyPI
// VM and on the GPU host) is two rows here, where merge_trackers refuses it. The run record is
// merge_trackers'.
struct PublishedRows {
  conformance::Tracker tracker{};
  std::vector<std::string> machines{};  // one per implementation run
};
PublishedRows publish_rows(const std::vector<SourceTracker>& sources);

}  // namespace tracker
