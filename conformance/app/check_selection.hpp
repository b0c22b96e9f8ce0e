// The checks a command line selects, with the --filter and --reproduce rules of the CLI.
#pragma once

#include <vector>

#include "command_line.hpp"
#include "conformance/check.hpp"

namespace conformance::app {

// The checks matching --filter (all without one), in the suite's order, then only --shard K/N's
// slice: the checks of one function together (propagate.add, mixed.add, ...), functions dealt to
// the slice with the fewest checks so far; a check's seed depends only on the run's seed and its
// id, so its result is the same in a slice as in the whole run. Throws UsageError when a filter
// matches no check id (a typo would otherwise run nothing and pass), when --shard is malformed,
// or when --reproduce is given and the filters do not select exactly one check.
std::vector<const Check*> select_for(const CommandLine& command_line);

}  // namespace conformance::app
