// The tracker as JSON (docs/DESIGN.md section 4; schema: reports/schema/tracker.schema.json).
//
// Seeds are written as decimal strings: they are 64-bit, and JSON readers that hold numbers as
// doubles (JavaScript, jq, Python's json with some tools) would round anything past 2^53, which
// would make a "reproducible" seed reproduce nothing. Reading accepts a number as well.
#include "conformance/tracker.hpp"

#include <array>
#include <charconv>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "json_integers.hpp"
#include "run_info_json.hpp"

namespace conformance {
namespace {

std::string seed_to_json(std::uint64_t seed) {
  return std::to_string(seed);
}

std::uint64_t seed_from_json(const nlohmann::json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer() && j.get<std::int64_t>() >= 0) return j.get<std::uint64_t>();
  const auto text = j.get<std::string>();
  std::uint64_t seed = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw std::runtime_error("seed \"" + text + "\" is not a decimal unsigned 64-bit integer");
  }
  return seed;
}

Level level_from_json(const nlohmann::json& j) {
  const auto text = j.get<std::string>();
  for (Level level : {Level::must, Level::should, Level::informational}) {
    if (name(level) == text) return level;
  }
  throw std::runtime_error("unknown level \"" + text + "\"");
}

Status status_from_json(const nlohmann::json& j) {
  const auto text = j.get<std::string>();
  if (auto status = status_from_name(text)) return *status;
  throw std::runtime_error("unknown status \"" + text + "\"");
}

nlohmann::json failure_to_json(const Failure& failure) {
  return {{"program", failure.program}, {"outcome", failure.outcome},
          {"step", failure.step},       {"expected", failure.expected},
          {"actual", failure.actual},   {"reproduction", failure.reproduction}};
}

Failure failure_from_json(const nlohmann::json& j) {
  Failure failure;
  j.at("program").get_to(failure.program);
  j.at("outcome").get_to(failure.outcome);
  failure.step = detail::json_integer<int>(j.at("step"));
  j.at("expected").get_to(failure.expected);
  j.at("actual").get_to(failure.actual);
  j.at("reproduction").get_to(failure.reproduction);
  return failure;
}

// Runs `read`, prefixing any error with `where` so that a bad tracker names the broken part.
template <typename Read>
decltype(auto) located(const std::string& where, Read&& read) {
  try {
    return read();
  } catch (const std::exception& error) {
    throw std::runtime_error(where + ": " + error.what());
  }
}

}  // namespace

nlohmann::json run_info_to_json(const RunInfo& run) {
  return {{"tool_version", run.tool_version},
          {"command", run.command},
          {"seed", seed_to_json(run.seed)},
          {"examples", run.examples},
          {"started", run.started},
          {"finished", run.finished},
          {"host", run.host}};
}

RunInfo run_info_from_json(const nlohmann::json& j) {
  RunInfo run;
  j.at("tool_version").get_to(run.tool_version);
  j.at("command").get_to(run.command);
  run.seed = seed_from_json(j.at("seed"));
  run.examples = detail::json_integer<int>(j.at("examples"));
  j.at("started").get_to(run.started);
  j.at("finished").get_to(run.finished);
  j.at("host").get_to(run.host);
  return run;
}

void to_json(nlohmann::json& j, const CheckResult& result) {
  j = {{"id", result.info.id},
       {"family", result.info.family},
       {"function", result.info.function},
       {"level", std::string(name(result.info.level))},
       {"spec", result.info.spec},
       {"description", result.info.description},
       {"status", std::string(name(result.status))},
       {"reason", result.reason},
       {"cases", result.cases},
       {"seed", seed_to_json(result.seed)},
       {"reproduce", result.reproduce},
       {"bug", result.bug},
       {"seconds", result.seconds}};
  if (!result.spec_version.empty()) j["spec_version"] = result.spec_version;
  if (result.failure) j["failure"] = failure_to_json(*result.failure);
}

// `implementation` is not in the result's JSON: the tracker and the journal hold it once per
// implementation, and their readers fill it in.
void from_json(const nlohmann::json& j, CheckResult& result) {
  CheckResult read;
  j.at("id").get_to(read.info.id);
  j.at("family").get_to(read.info.family);
  j.at("function").get_to(read.info.function);
  read.info.level = level_from_json(j.at("level"));
  j.at("spec").get_to(read.info.spec);
  j.at("description").get_to(read.info.description);
  read.status = status_from_json(j.at("status"));
  j.at("reason").get_to(read.reason);
  read.cases = detail::json_integer<int>(j.at("cases"));
  read.seed = seed_from_json(j.at("seed"));
  j.at("reproduce").get_to(read.reproduce);
  j.at("bug").get_to(read.bug);
  j.at("seconds").get_to(read.seconds);
  // Absent from trackers written before results recorded the spec version that judged them.
  read.spec_version = j.value("spec_version", "");
  if (j.contains("failure")) read.failure = failure_from_json(j.at("failure"));
  result = std::move(read);
}

JudgedVersion judged_by(const ImplementationRun& run) {
  const std::string& declared = run.handshake.spec_version;
  std::string used;
  for (const CheckResult& result : run.results)
    if (!result.spec_version.empty()) used = result.spec_version;
  if (used.empty()) return {};  // a tracker from before version-aware judging
  const JudgedVersion by_default = judged_version(declared);
  if (used == by_default.version) return by_default;
  return {used, fmt::format("--spec-version; {} declares {}", run.handshake.library,
                            declared.empty() ? "none" : declared)};
}

std::string run_label(const Handshake& handshake) {
  if (!handshake.peer) return handshake.implementation;
  return handshake.implementation + " from " + handshake.peer->implementation;
}

std::map<std::string, int> summarize(const std::vector<CheckResult>& results) {
  std::map<std::string, int> counts;
  for (Status status :
       {Status::pass, Status::fail, Status::skip, Status::unsupported, Status::error, Status::crash,
        Status::timeout, Status::xfail, Status::xpass}) {
    counts[std::string(name(status))] = 0;
  }
  for (const auto& result : results)
    ++counts[std::string(name(result.status))];
  return counts;
}

nlohmann::json to_json(const Tracker& tracker) {
  nlohmann::json implementations = nlohmann::json::array();
  for (const auto& run : tracker.implementations) {
    nlohmann::json entry = {{"implementation", run.handshake.implementation},
                            {"handshake", run.handshake},
                            {"summary", summarize(run.results)},
                            {"results", run.results}};
    if (!run.notes.empty()) entry["notes"] = run.notes;
    const JudgedVersion judged = judged_by(run);
    if (!judged.version.empty())
      entry["judged_by"] = {{"spec_version", judged.version}, {"basis", judged.basis}};
    implementations.push_back(std::move(entry));
  }
  return {{"schema", std::string(kTrackerSchema)},
          {"run", run_info_to_json(tracker.run)},
          {"implementations", std::move(implementations)}};
}

Tracker tracker_from_json(const nlohmann::json& json) {
  return located("tracker", [&] {
    if (!json.is_object()) throw std::runtime_error("not a JSON object");
    if (!json.contains("schema")) throw std::runtime_error("missing \"schema\"");
    const auto schema = json.at("schema").get<std::string>();
    if (schema != kTrackerSchema) {
      throw std::runtime_error("schema is \"" + schema + "\", this tool reads \"" +
                               std::string(kTrackerSchema) + "\"");
    }
    Tracker tracker;
    tracker.run = located("run", [&] { return run_info_from_json(json.at("run")); });
    const auto& implementations = json.at("implementations");
    for (std::size_t i = 0; i < implementations.size(); ++i) {
      const auto where = "implementations[" + std::to_string(i) + "]";
      const auto& entry = implementations.at(i);
      ImplementationRun run;
      run.handshake =
          located(where + ".handshake", [&] { return entry.at("handshake").get<Handshake>(); });
      const auto& results =
          located(where, [&]() -> const nlohmann::json& { return entry.at("results"); });
      for (std::size_t k = 0; k < results.size(); ++k) {
        auto result = located(where + ".results[" + std::to_string(k) + "]",
                              [&] { return results.at(k).get<CheckResult>(); });
        result.implementation = run.handshake.implementation;
        run.results.push_back(std::move(result));
      }
      if (entry.contains("notes"))
        run.notes = located(where + ".notes",
                            [&] { return entry.at("notes").get<std::vector<std::string>>(); });
      tracker.implementations.push_back(std::move(run));
    }
    return tracker;
  });
}

void write_tracker(const Tracker& tracker, const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write tracker " + path);
  out << to_json(tracker).dump(2) << '\n';
  out.close();
  if (!out) throw std::runtime_error("cannot write tracker " + path);
}

}  // namespace conformance
