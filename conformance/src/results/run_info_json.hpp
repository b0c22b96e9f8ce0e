// RunInfo as JSON, shared by the tracker and the journal (whose first line is the run). Private to
// the harness: the public surface is the tracker as a whole.
#pragma once

#include <nlohmann/json.hpp>

#include "conformance/tracker.hpp"

namespace conformance {

nlohmann::json run_info_to_json(const RunInfo& run);
RunInfo run_info_from_json(const nlohmann::json& j);

}  // namespace conformance
