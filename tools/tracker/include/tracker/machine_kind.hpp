// What a committed run's machine is, in a few words ("2-core VM, Debian 12", "NVIDIA H100 80GB
// HBM3 GPU host"), for the public page's header: read from the machine record beside the run
// (reports/<machine>/machine.txt, tools/machine-record or tools/run-gpu).
#pragma once

#include <string>
#include <string_view>

namespace tracker {

// From a machine record's text: its `kind:` line; for a record written before there was one, the
// same words from its `gpu:`, `host:` (cores) and `os:` lines; "" when it says none of them.
std::string machine_kind_of_record(std::string_view record);

// The kind from the machine.txt beside `source` (a tracker file), or "" when there is none.
std::string machine_kind(const std::string& source);

}  // namespace tracker
