// `tracker history`: each library's device behaviour across its releases, from one run per
// release (tools/history sweeps them): for each check, the stretches of releases with one status
// and the release where it last changed ("fails in 2.0.2-2.2.6, passes from 2.3.5"), and where a
// check that passed fails again (a regression). Its JSON is reports/schema/history.schema.json.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tracker/merge.hpp"
#include "tracker/versions.hpp"

namespace tracker {

inline constexpr std::string_view kHistorySchema = "adc-history/1";

// A release the sweep could not run, and why ("no wheel for Python 3.11", "does not import").
struct LeftOut {
  std::string implementation{};  // "python:numpy"
  std::string release{};
  std::string why{};
  // A release of the library under a wrapper namespace ("numpy" for array_api_compat.numpy over
  // NumPy 1.26); "" for a release of the implementation's own library.
  std::string releases_of{};
};

// How a release's checks of one family came out: judged ones passing and failing, the rest
// (unsupported, skipped) not judged.
struct FamilyCounts {
  int pass = 0;
  int fail = 0;  // fail, error, crash, timeout
  int not_judged = 0;
};

struct ReleaseRun {
  std::string version{};  // the library's version, as its handshake reports it
  // In a series of a wrapper's backend releases: the wrapper's own version ("1.16.0"), else "".
  std::string wrapper_version{};
  std::string declares{};   // its __array_api_version__ ("" for none)
  std::string judged_by{};  // the spec version the suite judged it by
  std::string host{};
  std::string finished{};
  std::uint64_t seed = 0;
  int examples = 0;
  std::map<std::string, int> summary{};            // status name -> checks (xfail read as fail)
  std::map<std::string, FamilyCounts> families{};  // family -> counts
};

// Consecutive releases where a check had one status: "pass", "fail", ... or "absent" where the
// release's run has no such check.
struct Stretch {
  std::string from{};
  std::string to{};
  std::string status{};
};

struct CheckHistory {
  std::string id{};
  std::string family{};
  std::vector<Stretch> stretches{};  // oldest first, covering every release that ran
  // The first release of the last stretch when there are several, else "".
  std::string last_change{};
  // The first release of the latest stretch that fails after an earlier one passed, else "".
  std::string regressed_in{};
  // The first release of the last stretch when it passes after an earlier one failed, else "".
  std::string fixed_in{};
};

struct LibraryHistory {
  std::string implementation{};  // "python:numpy", the route included ("python:jax.numpy@jit")
  std::string library{};         // "numpy"
  // "" when the releases are the implementation's own; the library under a wrapper namespace
  // when they are that library's ("numpy": array_api_compat.numpy over NumPy 1.26, 2.0, ...).
  std::string releases_of{};
  std::vector<ReleaseRun> releases{};  // oldest first
  std::vector<LeftOut> left_out{};     // oldest first
  std::vector<CheckHistory> checks{};  // in the newest release's order, then older-only ones
};

struct History {
  std::vector<LibraryHistory> libraries{};  // in the order their first run was given
};

// The history of every implementation the sources hold, one release per run. The runs of
// `wrapped` are runs of a wrapper namespace read as releases of the library under it (its
// handshake's backend): a series of their own beside the wrapper's releases. Throws TrackerError
// when one series' release is in two sources (or twice in one), or a wrapped run names no backend.
History build_history(const std::vector<SourceTracker>& sources,
                      const std::vector<LeftOut>& left_out,
                      const std::vector<SourceTracker>& wrapped = {});

// "python:array_api_compat.numpy", or "python:array_api_compat.numpy over numpy's releases".
std::string series_label(const LibraryHistory& library);

// Whether a history status ("fail", "absent", ...) is a failing one: cells.hpp's is_failing, read
// from its name ("absent" is none).
bool is_failing_status(std::string_view status);

// The stretches in words: "fails in 2.0.2-2.2.6, passes from 2.3.5"; "passes in every release
// (2.0.2-2.4.6)" for one stretch.
std::string describe(const CheckHistory& check);

nlohmann::json to_json(const History& history);
// Throws TrackerError naming `source` for a document that is not a history.
History history_from_json(const nlohmann::json& json, std::string_view source);

// Left-out releases as tools/history writes them: JSON lines of implementation, release, why.
// Throws TrackerError naming `source` and the line for a malformed one.
std::vector<LeftOut> parse_left_out(std::string_view text, std::string_view source);

}  // namespace tracker
