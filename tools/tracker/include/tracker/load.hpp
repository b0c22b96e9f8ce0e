// Reading a tracker file (docs/DESIGN.md section 4) and checking it against its schema.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/tracker.hpp"
#include "tracker/error.hpp"

namespace tracker {

// Parses tracker JSON text; `source` names it in errors ("runs/a.json"). Throws TrackerError:
// not JSON (with nlohmann's line and column), wrong "schema", a missing or mistyped field.
conformance::Tracker parse_tracker(std::string_view text, std::string_view source);

// Reads and parses the file at `path`: a tracker, or the journal a run appends as it goes
// (`--json F` writes F.journal.jsonl), rebuilt into the tracker of its finished checks, so a run
// killed even with SIGKILL is read like a finished one. A missing or unreadable file, or a journal
// damaged other than in its last line, is a TrackerError too.
conformance::Tracker load_tracker(const std::string& path);

// Whether `text` is a journal (JSON lines, the first an object with "run") rather than a tracker.
bool is_journal(std::string_view text);

// The file's text as a tracker's JSON: the file itself, or the tracker its journal rebuilds.
std::string tracker_text(const std::string& path);

// Reads the whole file; throws TrackerError naming it when it cannot be read.
std::string read_text_file(const std::string& path);

// The schema rules of reports/schema/tracker.schema.json that parse_tracker does not enforce
// (id patterns, integers and minimums, "summary" and the per-implementation "implementation"
// present, a failure on every fail), plus what the schema's descriptions say but JSON Schema
// cannot: the summary counts the results' statuses, "implementation" is the handshake's. Empty when
// the text is valid. There is no C++ JSON Schema validator in Debian: the schema file stays the
// reference, and `python3 -m jsonschema` checks it exactly. Throws TrackerError when the text does
// not parse at all (parse_tracker's errors).
std::vector<std::string> validate_tracker(std::string_view text, std::string_view source);

}  // namespace tracker
