// Applies --filter and checks --reproduce's one-check rule.
#include "check_selection.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "conformance/known_failures.hpp"
#include "conformance/runner.hpp"
#include "usage_error.hpp"

namespace conformance::app {
namespace {

struct Shard {
  std::size_t index;  // 0-based
  std::size_t count;
};

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  std::size_t k = 0;
  std::size_t n = 0;
  const auto number = [](std::string_view digits, std::size_t& out) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return error == std::errc() && end == digits.data() + digits.size() && !digits.empty();
  };
  const std::string_view view = text;
  if (slash == std::string::npos || !number(view.substr(0, slash), k) ||
      !number(view.substr(slash + 1), n) || n == 0 || k == 0 || k > n)
    throw UsageError(fmt::format(
        "--shard '{}' is not K/N with 1 <= K <= N (e.g. --shard 2/4: the second of four slices)",
        text));
  return {k - 1, n};
}

// With --peer, the dlpack_between.* checks (peer_checks()) that --filter selects.
std::vector<const Check*> select_peer_checks(const std::vector<std::string>& filters) {
  std::vector<const Check*> selected;
  for (const Check& check : peer_checks())
    if (filters.empty() || std::any_of(filters.begin(), filters.end(), [&](const auto& filter) {
          return glob_match(filter, check.info.id);
        }))
      selected.push_back(&check);
  return selected;
}

// The K-th of N slices: the checks of one function (propagate.add, mixed.add, mixed_0d.add) go
// to one slice, so a library that compiles each call it meets (JAX) compiles what they share once,
// not once per process. Functions are dealt in order of first appearance, each to the slice with
// the fewest checks so far (the lowest on a tie): deterministic, and the slices stay even.
std::vector<const Check*> slice_of(const std::vector<const Check*>& checks, const Shard& shard) {
  struct Function {
    std::size_t checks = 0;
    std::optional<std::size_t> slice{};  // dealt at its first check
  };
  std::map<std::string_view, Function> functions;
  for (const Check* check : checks)
    ++functions[check->info.function].checks;
  std::vector<std::size_t> sizes(shard.count, 0);
  std::vector<const Check*> slice;
  for (const Check* check : checks) {
    Function& function = functions[check->info.function];
    if (!function.slice) {
      function.slice =
          static_cast<std::size_t>(std::min_element(sizes.begin(), sizes.end()) - sizes.begin());
      sizes[*function.slice] += function.checks;
    }
    if (*function.slice == shard.index) slice.push_back(check);
  }
  return slice;
}

}  // namespace

std::vector<const Check*> select_for(const CommandLine& command_line) {
  const auto select = [&](const std::vector<std::string>& filters) {
    return command_line.peer.empty() ? select_checks(filters) : select_peer_checks(filters);
  };
  for (const std::string& filter : command_line.filters) {
    if (select({filter}).empty())
      throw UsageError(
          fmt::format("--filter '{}' matches no check id{} (--list prints them)", filter,
                      command_line.peer.empty() ? "" : " of the --peer checks (dlpack_between.*)"));
  }
  std::vector<const Check*> checks = select(command_line.filters);
  if (!command_line.shard.empty()) {
    checks = slice_of(checks, parse_shard(command_line.shard));
  }
  if (!command_line.reproduce.empty() && checks.size() != 1) {
    throw UsageError(fmt::format(
        "--reproduce replays one check, but the filters select {}: name it with --filter ID",
        checks.size()));
  }
  return checks;
}

}  // namespace conformance::app
