// strict's operation table: the operations strict implements, how each is called and how a
// reproduction writes it.
#pragma once

#include <string>
#include <vector>

#include "operation_table.hpp"
#include "strict_session.hpp"

namespace conformance::strict_internal {

// Every operation strict implements, as catalogue names in catalogue order, then the in-place
// operators ("array.__iadd__", ...). The harness's own operations are not listed: every adapter
// has them.
const std::vector<std::string>& strict_operations();

// Every operation's entry, the harness's own included. A run throws Unsupported (what strict's
// API cannot express), NotRun (a reference to a missing result), or what strict throws; a
// spelling throws Unsupported where its run would.
const adapter_support::OperationTable<StrictBackend>& strict_table();

}  // namespace conformance::strict_internal
