// Notes on rows of one library reached through different routes.
#include "conformance/route_differences.hpp"

#include <fmt/format.h>

#include <map>
#include <string_view>

namespace conformance {
namespace {

constexpr std::size_t kReasonLength = 160;

// "1.13.0a0" -> "1.13": Debian's libtorch says 1.13.0, its Python package 1.13.0a0.
std::string minor_version(const std::string& version) {
  const auto first = version.find('.');
  if (first == std::string::npos) return version;
  const auto second = version.find_first_not_of("0123456789", first + 1);
  return version.substr(0, second);
}

bool same_library(const Handshake& a, const Handshake& b) {
  // A --peer run judges another library's arrays (dlpack_between.*): no route to compare.
  if (a.peer || b.peer) return false;
  return a.implementation != b.implementation && a.library == b.library &&
         minor_version(a.library_version) == minor_version(b.library_version);
}

std::string short_reason(const CheckResult& result) {
  std::string reason = result.failure ? result.failure->actual : result.reason;
  if (reason.size() > kReasonLength) reason = reason.substr(0, kReasonLength) + "...";
  return reason;
}

std::string status_with_reason(const CheckResult& result) {
  const std::string reason = short_reason(result);
  return reason.empty() ? std::string(name(result.status))
                        : fmt::format("{} ({})", name(result.status), reason);
}

std::vector<std::string> differences(const ImplementationRun& run, const ImplementationRun& other) {
  std::map<std::string, const CheckResult*, std::less<>> theirs;
  for (const CheckResult& result : other.results)
    theirs.emplace(result.info.id, &result);
  std::vector<std::string> lines;
  int common = 0;
  for (const CheckResult& result : run.results) {
    const auto found = theirs.find(result.info.id);
    if (found == theirs.end()) continue;
    ++common;
    if (found->second->status == result.status) continue;
    lines.push_back(fmt::format("{}: {} here; {} through {}", result.info.id,
                                status_with_reason(result), status_with_reason(*found->second),
                                other.handshake.implementation));
  }
  const std::string summary =
      lines.empty() ? fmt::format(
                          "Compared with {} ({} {}, the same library through another route): all "
                          "{} checks both ran have the same status.",
                          other.handshake.implementation, other.handshake.library,
                          other.handshake.library_version, common)
                    : fmt::format(
                          "Compared with {} ({} {}, the same library through another route): {} of "
                          "{} checks both ran differ in status, each listed below.",
                          other.handshake.implementation, other.handshake.library,
                          other.handshake.library_version, lines.size(), common);
  lines.insert(lines.begin(), summary);
  return lines;
}

}  // namespace

void note_route_differences(Tracker& tracker) {
  for (ImplementationRun& run : tracker.implementations) {
    run.notes.clear();
    for (const ImplementationRun& other : tracker.implementations) {
      if (&other == &run || !same_library(run.handshake, other.handshake)) continue;
      for (std::string& line : differences(run, other))
        run.notes.push_back(std::move(line));
    }
  }
}

}  // namespace conformance
