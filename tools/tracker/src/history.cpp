#include "tracker/history.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>
#include <system_error>

#include "tracker/cells.hpp"
#include "tracker/error.hpp"

namespace tracker {
namespace {

using conformance::Status;

// The history's reading of a status: what the library did, whatever an expectations file said.
std::string history_status(Status status) {
  if (status == Status::xfail) return "fail";
  if (status == Status::xpass) return "pass";
  return std::string(conformance::name(status));
}

// The release a run stands for: the library's version, or in a series of a wrapper's backend
// releases the backend's.
std::string version_of(const conformance::ImplementationRun& run, bool wrapped) {
  return wrapped ? run.handshake.backend_version : run.handshake.library_version;
}

ReleaseRun release_of(const conformance::ImplementationRun& run, const conformance::RunInfo& info,
                      bool wrapped) {
  ReleaseRun release{.version = version_of(run, wrapped),
                     .wrapper_version = wrapped ? run.handshake.library_version : "",
                     .declares = run.handshake.spec_version,
                     .judged_by = conformance::judged_by(run).version,
                     .host = info.host,
                     .finished = info.finished,
                     .seed = info.seed,
                     .examples = info.examples};
  for (const char* status : {"pass", "fail", "skip", "unsupported", "error", "crash", "timeout"})
    release.summary[status] = 0;
  for (const auto& result : run.results) {
    const std::string status = history_status(result.status);
    ++release.summary[status];
    FamilyCounts& counts = release.families[result.info.family];
    if (status == "pass")
      ++counts.pass;
    else if (is_failing_status(status))
      ++counts.fail;
    else
      ++counts.not_judged;
  }
  return release;
}

// One library's runs, oldest release first, and the status of each check in each.
struct Runs {
  LibraryHistory history{};
  std::vector<std::map<std::string, std::string>> statuses{};  // per release: id -> status
  std::vector<std::pair<std::string, std::string>> checks{};   // (id, family), newest run first
};

void add_checks(CheckHistory& check, const std::vector<ReleaseRun>& releases,
                const std::vector<std::map<std::string, std::string>>& statuses) {
  for (std::size_t i = 0; i < releases.size(); ++i) {
    const auto found = statuses[i].find(check.id);
    const std::string status = found == statuses[i].end() ? "absent" : found->second;
    if (!check.stretches.empty() && check.stretches.back().status == status)
      check.stretches.back().to = releases[i].version;
    else
      check.stretches.push_back(
          {.from = releases[i].version, .to = releases[i].version, .status = status});
  }
  const auto& stretches = check.stretches;
  if (stretches.size() > 1) check.last_change = stretches.back().from;
  bool passed = false, failing = false;  // failing: since the last pass
  for (const Stretch& stretch : stretches) {
    if (is_failing_status(stretch.status)) {
      if (passed && !failing) check.regressed_in = stretch.from;
      failing = true;
    } else if (stretch.status == "pass") {
      passed = true;
      failing = false;
    }
  }
  if (stretches.size() > 1 && stretches.back().status == "pass") {
    const bool failed_before =
        std::any_of(stretches.begin(), stretches.end() - 1,
                    [](const Stretch& s) { return is_failing_status(s.status); });
    if (failed_before) check.fixed_in = stretches.back().from;
  }
}

std::string verb(std::string_view status) {
  if (status == "pass") return "passes";
  if (status == "fail") return "fails";
  if (status == "skip") return "is skipped";
  if (status == "unsupported") return "is unsupported";
  if (status == "error") return "errs";
  if (status == "crash") return "crashes";
  if (status == "timeout") return "times out";
  if (status == "absent") return "is not in the suite's run";
  return std::string(status);
}

std::string range(const Stretch& stretch) {
  return stretch.from == stretch.to ? stretch.from : stretch.from + "-" + stretch.to;
}

template <class T>
T field(const nlohmann::json& json, const char* key, std::string_view source) {
  if (!json.is_object() || !json.contains(key))
    throw TrackerError(std::string(source) + ": a history without \"" + key + "\"");
  try {
    return json.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw TrackerError(std::string(source) + ": \"" + key + "\" has the wrong type");
  }
}

}  // namespace

History build_history(const std::vector<SourceTracker>& sources,
                      const std::vector<LeftOut>& left_out,
                      const std::vector<SourceTracker>& wrapped) {
  // A series: the implementation, and the library whose releases it runs ("" its own).
  using Series = std::pair<std::string, std::string>;
  std::vector<Series> order;
  std::map<Series, Runs> by_series;
  std::map<std::pair<Series, std::string>, std::string> seen;  // (series, release) -> source
  struct Found {
    const conformance::ImplementationRun* run;
    const conformance::RunInfo* info;
    bool wrapped;
  };
  std::map<Series, std::vector<Found>> found;
  const auto add_series = [&](const Series& series, const std::string& library) {
    if (by_series.contains(series)) return;
    order.push_back(series);
    by_series[series].history = {
        .implementation = series.first, .library = library, .releases_of = series.second};
  };
  const auto add_sources = [&](const std::vector<SourceTracker>& files, bool is_wrapped) {
    for (const auto& source : files) {
      for (const auto& run : source.tracker.implementations) {
        const std::string implementation = conformance::run_label(run.handshake);
        if (is_wrapped && run.handshake.backend_library.empty())
          throw TrackerError(source.source + ": " + implementation +
                             " names no backend: only a wrapper namespace's run "
                             "(array_api_compat.numpy) is a release of the library under it");
        const Series series{implementation, is_wrapped ? run.handshake.backend_library : ""};
        const std::string version = version_of(run, is_wrapped);
        const auto [at, added] = seen.emplace(std::pair{series, version}, source.source);
        if (!added)
          throw TrackerError(source.source + " and " + at->second + " both hold " + implementation +
                             " " + version +
                             (is_wrapped ? " (" + series.second + "'s release)" : "") +
                             ": a history takes one run per release");
        add_series(series, is_wrapped ? run.handshake.backend_library : run.handshake.library);
        found[series].push_back({&run, &source.tracker.run, is_wrapped});
      }
    }
  };
  add_sources(sources, false);
  add_sources(wrapped, true);
  for (const LeftOut& out : left_out) {
    const Series series{out.implementation, out.releases_of};
    std::string library = out.releases_of;
    if (library.empty()) {
      library = out.implementation.substr(out.implementation.find(':') + 1);
      library = library.substr(0, library.find('@'));
    }
    add_series(series, library);
    by_series[series].history.left_out.push_back(out);
  }

  // A wrapper's series of another library's releases follows that library's own series, where
  // there is one (numpy's releases under array_api_compat.numpy after python:numpy).
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i].second.empty()) continue;
    const auto own = std::find_if(
        order.begin(), order.begin() + static_cast<std::ptrdiff_t>(i), [&](const Series& other) {
          return other.second.empty() && by_series[other].history.library == order[i].second;
        });
    if (own == order.begin() + static_cast<std::ptrdiff_t>(i)) continue;
    // After the own series and the wrapped series already placed behind it.
    auto at = own + 1;
    while (at != order.begin() + static_cast<std::ptrdiff_t>(i) && !at->second.empty())
      ++at;
    std::rotate(at, order.begin() + static_cast<std::ptrdiff_t>(i),
                order.begin() + static_cast<std::ptrdiff_t>(i) + 1);
  }

  History history;
  for (const Series& series : order) {
    Runs& runs = by_series[series];
    auto& runs_found = found[series];
    std::stable_sort(runs_found.begin(), runs_found.end(), [](const Found& a, const Found& b) {
      return compare_versions(version_of(*a.run, a.wrapped), version_of(*b.run, b.wrapped)) < 0;
    });
    std::set<std::string> listed;
    for (auto it = runs_found.rbegin(); it != runs_found.rend(); ++it)  // newest first
      for (const auto& result : it->run->results)
        if (listed.insert(result.info.id).second)
          runs.checks.emplace_back(result.info.id, result.info.family);
    for (const Found& run : runs_found) {
      runs.history.releases.push_back(release_of(*run.run, *run.info, run.wrapped));
      auto& statuses = runs.statuses.emplace_back();
      for (const auto& result : run.run->results)
        statuses.emplace(result.info.id, history_status(result.status));
    }
    auto& outs = runs.history.left_out;
    std::stable_sort(outs.begin(), outs.end(), [](const LeftOut& a, const LeftOut& b) {
      return compare_versions(a.release, b.release) < 0;
    });
    for (const auto& [id, family] : runs.checks) {
      CheckHistory& check = runs.history.checks.emplace_back();
      check.id = id;
      check.family = family;
      add_checks(check, runs.history.releases, runs.statuses);
    }
    history.libraries.push_back(std::move(runs.history));
  }
  return history;
}

std::string series_label(const LibraryHistory& library) {
  return library.releases_of.empty()
             ? library.implementation
             : library.implementation + " over " + library.releases_of + "'s releases";
}

bool is_failing_status(std::string_view status) {
  const auto known = conformance::status_from_name(status);
  return known.has_value() && is_failing(*known);
}

std::string describe(const CheckHistory& check) {
  const auto& stretches = check.stretches;
  if (stretches.empty()) return "no release ran";
  if (stretches.size() == 1)
    return verb(stretches[0].status) + " in every release (" + range(stretches[0]) + ")";
  std::string text;
  for (std::size_t i = 0; i < stretches.size(); ++i) {
    if (i > 0) text += ", ";
    const bool last = i + 1 == stretches.size();
    text += verb(stretches[i].status) +
            (last ? " from " + stretches[i].from : " in " + range(stretches[i]));
  }
  return text;
}

nlohmann::json to_json(const History& history) {
  nlohmann::json libraries = nlohmann::json::array();
  for (const auto& library : history.libraries) {
    nlohmann::json releases = nlohmann::json::array();
    for (const auto& release : library.releases) {
      nlohmann::json families = nlohmann::json::object();
      for (const auto& [family, counts] : release.families)
        families[family] = nlohmann::json::object(
            {{"pass", counts.pass}, {"fail", counts.fail}, {"not_judged", counts.not_judged}});
      nlohmann::json entry = {{"version", release.version},
                              {"declares", release.declares},
                              {"judged_by", release.judged_by},
                              {"host", release.host},
                              {"finished", release.finished},
                              {"seed", std::to_string(release.seed)},
                              {"examples", release.examples},
                              {"summary", release.summary},
                              {"families", families}};
      if (!release.wrapper_version.empty()) entry["wrapper_version"] = release.wrapper_version;
      releases.push_back(std::move(entry));
    }
    nlohmann::json left_out = nlohmann::json::array();
    for (const auto& out : library.left_out)
      left_out.push_back({{"release", out.release}, {"why", out.why}});
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& check : library.checks) {
      nlohmann::json stretches = nlohmann::json::array();
      for (const auto& stretch : check.stretches)
        stretches.push_back(
            {{"from", stretch.from}, {"to", stretch.to}, {"status", stretch.status}});
      nlohmann::json entry = {{"id", check.id},
                              {"family", check.family},
                              {"stretches", stretches},
                              {"change", describe(check)}};
      if (!check.last_change.empty()) entry["last_change"] = check.last_change;
      if (!check.regressed_in.empty()) entry["regressed_in"] = check.regressed_in;
      if (!check.fixed_in.empty()) entry["fixed_in"] = check.fixed_in;
      checks.push_back(std::move(entry));
    }
    nlohmann::json entry = {{"implementation", library.implementation},
                            {"library", library.library},
                            {"releases", releases},
                            {"left_out", left_out},
                            {"checks", checks}};
    if (!library.releases_of.empty()) entry["releases_of"] = library.releases_of;
    libraries.push_back(std::move(entry));
  }
  return {{"schema", kHistorySchema}, {"libraries", libraries}};
}

History history_from_json(const nlohmann::json& json, std::string_view source) {
  if (field<std::string>(json, "schema", source) != kHistorySchema)
    throw TrackerError(std::string(source) + ": not a history (\"schema\" is not \"" +
                       std::string(kHistorySchema) + "\")");
  History history;
  for (const auto& entry : field<nlohmann::json>(json, "libraries", source)) {
    LibraryHistory& library = history.libraries.emplace_back();
    library.implementation = field<std::string>(entry, "implementation", source);
    library.library = field<std::string>(entry, "library", source);
    library.releases_of = entry.value("releases_of", "");
    for (const auto& r : field<nlohmann::json>(entry, "releases", source)) {
      ReleaseRun& release = library.releases.emplace_back();
      release.version = field<std::string>(r, "version", source);
      release.wrapper_version = r.value("wrapper_version", "");
      release.declares = field<std::string>(r, "declares", source);
      release.judged_by = field<std::string>(r, "judged_by", source);
      release.host = field<std::string>(r, "host", source);
      release.finished = field<std::string>(r, "finished", source);
      const std::string seed = field<std::string>(r, "seed", source);
      if (std::from_chars(seed.data(), seed.data() + seed.size(), release.seed).ec != std::errc{})
        throw TrackerError(std::string(source) + ": a release's \"seed\" is not a number");
      release.examples = field<int>(r, "examples", source);
      release.summary = field<std::map<std::string, int>>(r, "summary", source);
      const auto families = field<nlohmann::json>(r, "families", source);
      for (const auto& [family, counts] : families.items())
        release.families[family] = {.pass = field<int>(counts, "pass", source),
                                    .fail = field<int>(counts, "fail", source),
                                    .not_judged = field<int>(counts, "not_judged", source)};
    }
    for (const auto& out : field<nlohmann::json>(entry, "left_out", source))
      library.left_out.push_back({.implementation = library.implementation,
                                  .release = field<std::string>(out, "release", source),
                                  .why = field<std::string>(out, "why", source),
                                  .releases_of = library.releases_of});
    for (const auto& c : field<nlohmann::json>(entry, "checks", source)) {
      CheckHistory& check = library.checks.emplace_back();
      check.id = field<std::string>(c, "id", source);
      check.family = field<std::string>(c, "family", source);
      for (const auto& s : field<nlohmann::json>(c, "stretches", source))
        check.stretches.push_back({.from = field<std::string>(s, "from", source),
                                   .to = field<std::string>(s, "to", source),
                                   .status = field<std::string>(s, "status", source)});
      check.last_change = c.value("last_change", "");
      check.regressed_in = c.value("regressed_in", "");
      check.fixed_in = c.value("fixed_in", "");
    }
  }
  return history;
}

std::vector<LeftOut> parse_left_out(std::string_view text, std::string_view source) {
  std::vector<LeftOut> left_out;
  std::istringstream lines{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = std::string(source) + " line " + std::to_string(number);
    const auto json = nlohmann::json::parse(line, nullptr, false);
    if (json.is_discarded()) throw TrackerError(where + ": not JSON");
    if (json.contains("releases_of") && !json["releases_of"].is_string())
      throw TrackerError(where + ": \"releases_of\" has the wrong type");
    left_out.push_back({.implementation = field<std::string>(json, "implementation", where),
                        .release = field<std::string>(json, "release", where),
                        .why = field<std::string>(json, "why", where),
                        .releases_of = json.value("releases_of", "")});
  }
  return left_out;
}

}  // namespace tracker
