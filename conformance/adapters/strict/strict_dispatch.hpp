// Operation names to strict calls: the operations strict implements, and how each is called.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/program.hpp"
#include "strict_session.hpp"

namespace conformance::strict_internal {

// Every operation strict implements, as catalogue names in catalogue order, then the in-place
// operators ("array.__iadd__", ...). The harness's own operations are not listed: every adapter
// has them.
const std::vector<std::string>& strict_operations();

// Every operation's call, the harness's own included. A handler throws Unsupported (what
// strict's API cannot express), NotRun (a reference to a missing result), or what strict throws.
const adapter_support::HandlerTable<StrictBackend>& strict_handlers();

}  // namespace conformance::strict_internal
