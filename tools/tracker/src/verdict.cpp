#include "tracker/verdict.hpp"

#include <fmt/format.h>

#include "conformance/known_failures.hpp"

namespace tracker {

Verdict judge(const conformance::Tracker& run) {
  Verdict verdict;
  for (const auto& implementation : run.implementations) {
    for (const auto& result : implementation.results) {
      ++verdict.results;
      if (conformance::is_unexpected(result.status)) {
        verdict.unexpected.push_back({.run = conformance::run_label(implementation.handshake),
                                      .check_id = result.info.id,
                                      .status = result.status});
      }
    }
  }
  return verdict;
}

std::string render_verdict(const Verdict& verdict) {
  std::string text =
      fmt::format("{} results, {} unexpected\n", verdict.results, verdict.unexpected.size());
  for (const auto& result : verdict.unexpected)
    text += fmt::format("  {:8} {} ({})\n", conformance::name(result.status), result.check_id,
                        result.run);
  return text;
}

}  // namespace tracker
