// The runner: picks checks by id glob and runs them one after another against one adapter,
// handing each result on the moment it is known so that nothing finished is lost.
#include "conformance/runner.hpp"

#include <chrono>
#include <exception>
#include <optional>
#include <utility>

#include "check_worker.hpp"
#include "conformance/spec_version.hpp"
#include "planned_ahead.hpp"

namespace conformance {

std::vector<const Check*> select_checks(const std::vector<std::string>& filters) {
  std::vector<const Check*> selected;
  for (const Check& check : all_checks()) {
    bool wanted = filters.empty();
    for (const std::string& filter : filters) {
      if (glob_match(filter, check.info.id)) {
        wanted = true;
        break;
      }
    }
    if (wanted) selected.push_back(&check);
  }
  return selected;
}

namespace {

// A check that threw did not judge the implementation: it is an error of the check, reported
// with its message so that the run goes on with the next check.
CheckResult error_result(const Check& check, const RunOptions& options, std::string reason) {
  CheckResult result;
  result.info = check.info;
  result.status = Status::error;
  result.reason = std::move(reason);
  result.seed = options.seed;
  return result;
}

CheckContext context_for(Adapter& adapter, const RunOptions& options,
                         const std::string& spec_version, detail::PlannedAhead* planned_ahead) {
  return CheckContext{
      .adapter = adapter,
      .examples = options.examples,
      .seed = options.seed,
      .reproduce = options.reproduce,
      .spec_version = spec_version,
      .planned_ahead = planned_ahead,
  };
}

CheckResult run_one(const Check& check, const CheckContext& context, const RunOptions& options) {
  if (auto newer = not_in_spec(check.info.since_version, context.spec_version)) {
    CheckResult skipped;
    skipped.info = check.info;
    skipped.status = Status::skip;
    skipped.reason = std::move(*newer);
    skipped.seed = options.seed;
    return skipped;
  }
  // A library that cannot take its route (Handshake::route): every check says why.
  if (!context.adapter.handshake().route_unavailable.empty()) {
    CheckResult unsupported;
    unsupported.info = check.info;
    unsupported.status = Status::unsupported;
    unsupported.reason = route_refusal(context.adapter.handshake());
    unsupported.seed = options.seed;
    return unsupported;
  }
  try {
    CheckResult result = check.run(context);
    // The check's own description is the one the catalogue of checks lists.
    if (result.info.id.empty()) result.info = check.info;
    result.info.since_version = check.info.since_version;
    return result;
  } catch (const std::exception& error) {
    return error_result(check, options, error.what());
  } catch (...) {
    return error_result(check, options, "the check threw something that is not a std::exception");
  }
}

}  // namespace

// How many checks ahead of the one running are planned and sent. One keeps the library busy
// while the harness judges; a second covers a check the harness judges slower than the library
// runs the next (python:numpy.array_api, whole run: 1.03 s with one, 0.97 s with two, no better
// with three). Later, with a faster child: 1, 2, 3, 5 or 8 ahead all within 0.1 s of each other
// for numpy.array_api, strict_xp and torch: what the child waited for was each check's later
// rounds, queued behind these first rounds. So one more check is planned when a check has sent a
// later round and waits for it (PlannedAhead::while_waiting): the child answers that round, then
// finds that check's first round instead of an empty pipe (strict_xp 2.8 -> 2.25 s).
constexpr std::size_t kChecksAhead = 2;

std::vector<CheckResult> run_checks(Adapter& adapter, const std::vector<const Check*>& checks,
                                    const RunOptions& options,
                                    const std::function<void(const CheckResult&)>& on_result,
                                    const std::function<bool()>& stop) {
  std::vector<CheckResult> results;
  results.reserve(checks.size());
  const std::string spec_version =
      judged_version(adapter.handshake().spec_version, options.spec_version).version;
  // An in-process library isolated by forking runs each check whole in a forked child, and a
  // check program by program (below) only when that child crashed or hung (check_worker.hpp).
  std::optional<detail::CheckWorker> whole_checks;
  if (const auto timeout_ms = adapter.isolation_timeout_ms())
    whole_checks.emplace(
        adapter,
        [&](std::size_t index, Adapter& in_child) {
          return run_one(*checks[index], context_for(in_child, options, spec_version, nullptr),
                         options);
        },
        *timeout_ms);
  // With a library that runs ahead, each check's first round is planned and sent before the check
  // before it runs, so that the library works while the harness judges (planned_ahead.hpp).
  detail::PlannedAhead planned;
  const bool ahead = !whole_checks && adapter.runs_ahead() && options.reproduce.empty();
  const CheckContext context =
      context_for(adapter, options, spec_version, ahead ? &planned : nullptr);
  std::size_t next_to_plan = 0;  // checks before it are planned (or run)
  const auto plan_next = [&] {
    const std::size_t index = next_to_plan++;
    if (ahead && index < checks.size() &&
        !not_in_spec(checks[index]->info.since_version, spec_version))
      planned.plan(*checks[index], context);
  };
  std::size_t running = 0;
  // While a check waits for a later round, one check more than kChecksAhead may be planned.
  planned.set_top_up([&] {
    if (next_to_plan <= running + kChecksAhead + 1) plan_next();
  });
  for (std::size_t index = 0; index < checks.size(); ++index) {
    if (stop && stop()) break;
    running = index;
    while (next_to_plan <= index + kChecksAhead)
      plan_next();
    const auto start = std::chrono::steady_clock::now();
    std::optional<CheckResult> isolated;
    if (whole_checks) isolated = whole_checks->run(index);
    CheckResult result =
        isolated ? std::move(*isolated) : run_one(*checks[index], context, options);
    // Not in a result's JSON: the catalogue's, as run_one sets it.
    result.info.since_version = checks[index]->info.since_version;
    result.spec_version = spec_version;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.implementation = adapter.handshake().implementation;
    apply_expectations(options.expectations, result);
    if (on_result) on_result(result);
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace conformance
