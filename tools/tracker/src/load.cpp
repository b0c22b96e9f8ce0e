#include "tracker/load.hpp"

#include "conformance/journal.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <regex>
#include <sstream>

namespace tracker {
namespace {

nlohmann::json parse_json(std::string_view text, const std::string& source) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann's message carries the line and column.
    throw TrackerError(source + ": not JSON: " + error.what());
  }
}

conformance::Tracker tracker_from(const nlohmann::json& json, const std::string& source) {
  try {
    return conformance::tracker_from_json(json);
  } catch (const std::exception& error) {
    throw TrackerError(source + ": " + error.what());
  }
}

// The schema's rules that tracker_from_json leaves out, on JSON that tracker_from_json accepted
// (so every field it reads is there with the right type).
class SchemaRules {
 public:
  std::vector<std::string> check(const nlohmann::json& json) {
    const auto& run = json.at("run");
    require_seed(run.at("seed"), "run.seed");
    require_integer(run.at("examples"), "run.examples", 0);
    const auto& implementations = json.at("implementations");
    if (!implementations.is_array()) problem("implementations", "is not an array");
    for (std::size_t i = 0; i < implementations.size(); ++i) {
      check_implementation(implementations.at(i), "implementations[" + std::to_string(i) + "]");
    }
    return problems_;
  }

 private:
  void problem(const std::string& where, const std::string& what) {
    problems_.push_back(where + " " + what);
  }

  void require_seed(const nlohmann::json& seed, const std::string& where) {
    static const std::regex digits("[0-9]+");
    if (!seed.is_string() || !std::regex_match(seed.get<std::string>(), digits)) {
      problem(where, "is not a decimal string");
    }
  }

  // An integer of at least `minimum`; a float (which tracker_from_json would truncate) is not.
  void require_integer(const nlohmann::json& value, const std::string& where,
                       std::int64_t minimum) {
    if (!value.is_number_integer()) {
      problem(where, "is not an integer");
    } else if (value.is_number_unsigned()) {
      if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
        problem(where, "is too large");
    } else if (value.get<std::int64_t>() < minimum) {
      problem(where, "is below " + std::to_string(minimum));
    }
  }

  void require_dotted(const nlohmann::json& id, const std::string& where) {
    static const std::regex dotted("[a-z0-9_]+(\\.[a-z0-9_]+)*");
    if (!std::regex_match(id.get<std::string>(), dotted)) {
      problem(where, "\"" + id.get<std::string>() + "\" is not a dotted lower-case id");
    }
  }

  void check_implementation(const nlohmann::json& entry, const std::string& where) {
    if (!entry.contains("implementation") || !entry.at("implementation").is_string() ||
        entry.at("implementation").get<std::string>().empty()) {
      problem(where + ".implementation", "is missing, not a string or empty");
    } else if (entry.at("implementation") != entry.at("handshake").at("implementation")) {
      problem(where + ".implementation", "differs from handshake.implementation");
    }
    const auto& handshake = entry.at("handshake");
    if (!handshake.contains("default_device")) {
      problem(where + ".handshake", "lacks \"default_device\"");
    } else if (const auto& def = handshake.at("default_device");
               !def.is_null() && (!def.is_number_integer() || def.get<std::int64_t>() < 0)) {
      problem(where + ".handshake.default_device", "is not null or a non-negative integer");
    }
    check_summary(entry, where);
    const auto& results = entry.at("results");
    if (!results.is_array()) problem(where + ".results", "is not an array");
    for (std::size_t k = 0; k < results.size(); ++k) {
      check_result(results.at(k), where + ".results[" + std::to_string(k) + "]");
    }
  }

  void check_summary(const nlohmann::json& entry, const std::string& where) {
    if (!entry.contains("summary") || !entry.at("summary").is_object()) {
      problem(where + ".summary", "is missing or not an object");
      return;
    }
    const auto& summary = entry.at("summary");
    for (const auto& [status, count] : summary.items()) {
      if (!conformance::status_from_name(status))
        problem(where + ".summary", "has \"" + status + "\", not a status");
      if (!count.is_number_integer() || count.get<std::int64_t>() < 0) {
        problem(where + ".summary." + status, "is not a non-negative integer");
      }
    }
    // The schema's description: the count of each status among the results.
    const auto& results = entry.at("results");
    for (const auto& [status, zero] : conformance::summarize({})) {
      if (!summary.contains(status)) {
        problem(where + ".summary", "lacks \"" + status + "\"");
        continue;
      }
      const auto counted = std::count_if(results.begin(), results.end(), [&](const auto& r) {
        return r.is_object() && r.contains("status") && r.at("status") == status;
      });
      if (summary.at(status) != counted) {
        problem(where + ".summary." + status, "is " + summary.at(status).dump() +
                                                  ", the results have " + std::to_string(counted));
      }
    }
  }

  void check_result(const nlohmann::json& result, const std::string& where) {
    require_dotted(result.at("id"), where + ".id");
    require_dotted(result.at("family"), where + ".family");
    if (result.at("function").get<std::string>().empty()) problem(where + ".function", "is empty");
    require_seed(result.at("seed"), where + ".seed");
    require_integer(result.at("cases"), where + ".cases", 0);
    if (result.at("seconds").get<double>() < 0) problem(where + ".seconds", "is negative");
    if (result.at("status") == "fail" && !result.contains("failure")) {
      problem(where, "has status fail and no \"failure\"");
    }
    if (result.contains("failure")) {
      const auto& failure = result.at("failure");
      if (!failure.at("program").contains("steps"))
        problem(where + ".failure.program", "lacks \"steps\"");
      require_integer(failure.at("step"), where + ".failure.step", -1);
    }
  }

  std::vector<std::string> problems_{};
};

}  // namespace

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TrackerError(path + ": cannot open (missing or unreadable)");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw TrackerError(path + ": cannot read");
  return std::move(text).str();
}

conformance::Tracker parse_tracker(std::string_view text, std::string_view source) {
  const std::string name(source);
  return tracker_from(parse_json(text, name), name);
}

bool is_journal(std::string_view text) {
  const auto end = text.find('\n');
  if (end == std::string_view::npos) return false;
  const auto first =
      nlohmann::json::parse(text.substr(0, end), nullptr, /*allow_exceptions=*/false);
  return first.is_object() && first.contains("run") && !first.contains("schema");
}

conformance::Tracker load_tracker(const std::string& path) {
  std::string text = read_text_file(path);
  if (!is_journal(text)) return parse_tracker(text, path);
  try {
    return conformance::rebuild_from_journal(path);
  } catch (const std::exception& error) {
    throw TrackerError(path + ": a journal that cannot be rebuilt: " + error.what());
  }
}

std::string tracker_text(const std::string& path) {
  std::string text = read_text_file(path);
  if (!is_journal(text)) return text;
  return conformance::to_json(load_tracker(path)).dump(2);
}

std::vector<std::string> validate_tracker(std::string_view text, std::string_view source) {
  const std::string name(source);
  const auto json = parse_json(text, name);
  tracker_from(json, name);
  try {
    return SchemaRules().check(json);
  } catch (const std::exception& error) {
    // tracker_from_json accepted it, so this is a field it tolerates that the rules trip on.
    throw TrackerError(name + ": " + error.what());
  }
}

}  // namespace tracker
