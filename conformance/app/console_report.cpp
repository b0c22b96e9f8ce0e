// Console output. Statuses are printed by their tracker names so that what a user reads on the
// terminal is what they find in the JSON.
#include "console_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <ostream>
#include <sstream>

#include "conformance/known_failures.hpp"
#include "conformance/oracle.hpp"
#include "conformance/program.hpp"

namespace conformance::app {

namespace {

constexpr std::array kAllStatuses = {Status::pass,        Status::fail,  Status::skip,
                                     Status::unsupported, Status::error, Status::crash,
                                     Status::timeout,     Status::xfail, Status::xpass};

// Quotes a word for a POSIX shell.
std::string shell_quote(const std::string& word) {
  std::string quoted = "'";
  for (const char c : word) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

// Every line of `text`, indented.
void print_indented(std::ostream& out, const std::string& text, const std::string& indent) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    out << indent << line << '\n';
}

void print_failure(std::ostream& out, const CheckResult& result, const ReplayBase& replay) {
  const Failure& failure = *result.failure;
  out << "    expected: " << failure.expected << '\n';
  out << "    actual:   " << failure.actual << '\n';
  if (!failure.program.steps.empty()) {
    out << "    program";
    if (failure.step >= 0) out << " (step " << failure.step << " broke the rule)";
    out << ":\n";
    print_indented(out, to_string(failure.program), "      ");
  }
  if (!result.reproduce.empty()) out << "    replay:   " << replay_command(result, replay) << '\n';
}

}  // namespace

void print_check_list(std::ostream& out, const std::vector<const Check*>& checks) {
  const std::size_t id_width = id_column_width(checks);
  std::size_t family_width = 0;
  for (const Check* check : checks)
    family_width = std::max(family_width, check->info.family.size());
  for (const Check* check : checks) {
    out << fmt::format("{:<{}}  {:<{}}  {:<13}  since {}\n", check->info.id, id_width,
                       check->info.family, family_width, name(check->info.level),
                       check->info.since_version);
  }
}

void print_implementation_header(std::ostream& out, const Handshake& handshake,
                                 const JudgedVersion& judged) {
  out << fmt::format("== {}: {} {}, {} device(s); judged by spec {} ({})\n",
                     handshake.implementation, handshake.library, handshake.library_version,
                     handshake.devices.size(), judged.version, judged.basis);
  if (!handshake.peer) return;
  if (!handshake.peer_error.empty()) {
    out << fmt::format("   its arrays' producer (--peer): {}\n", handshake.peer_error);
    return;
  }
  std::vector<std::string> devices;
  for (const auto& device : handshake.peer->devices)
    devices.push_back(device.repr);
  out << fmt::format("   its arrays' producer (--peer): {}: {} {}, devices {}\n",
                     handshake.peer->implementation, handshake.peer->library,
                     handshake.peer->library_version, fmt::join(devices, ", "));
}

std::size_t id_column_width(const std::vector<const Check*>& checks) {
  std::size_t width = 0;
  for (const Check* check : checks)
    width = std::max(width, check->info.id.size());
  return width;
}

void print_result(std::ostream& out, const CheckResult& result, std::size_t id_width,
                  const ReplayBase& replay) {
  out << fmt::format("{:<11} {:<{}}  {:>4} case{}  {:6.2f} s", name(result.status), result.info.id,
                     id_width, result.cases, result.cases == 1 ? " " : "s", result.seconds);
  if (!result.reason.empty()) out << "  (" << result.reason << ')';
  if (!result.bug.empty()) out << "  " << result.bug;
  out << '\n';
  if (result.failure && (result.status == Status::fail || result.status == Status::xfail))
    print_failure(out, result, replay);
}

void print_summary(std::ostream& out, const std::string& implementation,
                   const std::vector<CheckResult>& results) {
  std::string counts;
  int unexpected = 0;
  for (const Status status : kAllStatuses) {
    const auto count = std::count_if(results.begin(), results.end(),
                                     [&](const CheckResult& r) { return r.status == status; });
    if (count == 0) continue;
    if (is_unexpected(status)) unexpected += static_cast<int>(count);
    counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", count, name(status));
  }
  out << fmt::format("{}: {} check{}: {}; ", implementation, results.size(),
                     results.size() == 1 ? "" : "s", counts.empty() ? "none run" : counts);
  if (unexpected == 0)
    out << "no unexpected result\n";
  else
    out << fmt::format("{} unexpected\n", unexpected);
}

std::string replay_command(const CheckResult& result, const ReplayBase& replay) {
  return fmt::format("{} --impl {} --filter {} --examples {} --seed {} --reproduce {}",
                     shell_quote(replay.program), shell_quote(result.implementation),
                     shell_quote(result.info.id), replay.examples, result.seed,
                     shell_quote(result.reproduce));
}

}  // namespace conformance::app
