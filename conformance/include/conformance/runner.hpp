// Runs checks against one adapter and reports each finished result at once (to the journal).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "conformance/adapter.hpp"
#include "conformance/check.hpp"
#include "conformance/known_failures.hpp"

namespace conformance {

struct RunOptions {
  int examples = 100;
  std::uint64_t seed = 0;
  std::vector<std::string> filters{};  // check-id globs; empty: every check
  std::string reproduce{};             // replays one failure (with a filter naming its check)
  std::vector<KnownFailure> expectations{};
  // --spec-version: judge every implementation by this version instead of the one it declares.
  std::string spec_version{};
};

// The checks whose ids match any filter (all when there is none), in all_checks() order.
std::vector<const Check*> select_checks(const std::vector<std::string>& filters);

// Runs `checks` on `adapter`, judged by judged_version(its declared version, options.spec_version):
// a check newer than that version is `skip` ("not in spec V"). A check that throws becomes status
// error with the message. Each result (expectations applied) is passed to `on_result` as soon as
// it is known. `stop` is asked before each check: true ends the run there (Ctrl-C).
std::vector<CheckResult> run_checks(Adapter& adapter, const std::vector<const Check*>& checks,
                                    const RunOptions& options,
                                    const std::function<void(const CheckResult&)>& on_result,
                                    const std::function<bool()>& stop = {});

}  // namespace conformance
