// The same library reached through two routes (torch through its C++ API and through Python) is
// two rows of a tracker. Every check whose status differs between them is a fact about one of
// the routes (an operation one binding lacks, an argument it spells differently), so it is
// written down as a note on both rows.
#pragma once

#include "conformance/tracker.hpp"

namespace conformance {

// Replaces every row's notes: for each other row of the same library at the same minor version
// (handshake.library, and library_version up to its second dot), a summary line, then one line
// per check id both ran whose status differs. Rows with no such partner get no notes.
void note_route_differences(Tracker& tracker);

}  // namespace conformance
