// The `tracker` command, callable in process (the tests drive it without the binary).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tracker {

// `args` without the program name. Returns the exit status: 0 done (diff: no regression),
// 1 diff found a regression, 2 bad input or usage. Errors go to `err` as one line.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tracker
