#include "tracker/known_issues.hpp"

#include "conformance/known_failures.hpp"
#include "tracker/error.hpp"
#include "tracker/load.hpp"
#include "tracker/versions.hpp"

namespace tracker {
namespace {

std::string string_field(const nlohmann::json& entry, const char* key, std::string_view where) {
  if (!entry.contains(key) || !entry.at(key).is_string()) {
    throw TrackerError(std::string(where) + ": \"" + key + "\" is missing or not a string");
  }
  return entry.at(key).get<std::string>();
}

}  // namespace

KnownIssues known_issues_from_json(const nlohmann::json& json, std::string_view source) {
  const std::string file(source);
  if (!json.is_object()) throw TrackerError(file + ": not a JSON object");
  if (!json.contains("schema") || !json.at("schema").is_string() ||
      json.at("schema").get<std::string>() != kKnownIssuesSchema) {
    throw TrackerError(file + ": \"schema\" is not \"" + std::string(kKnownIssuesSchema) + "\"");
  }
  if (!json.contains("issues") || !json.at("issues").is_array()) {
    throw TrackerError(file + ": \"issues\" is missing or not an array");
  }
  KnownIssues known;
  const auto& issues = json.at("issues");
  for (std::size_t i = 0; i < issues.size(); ++i) {
    const auto where = file + ": issues[" + std::to_string(i) + "]";
    const auto& entry = issues.at(i);
    if (!entry.is_object()) throw TrackerError(where + ": not an object");
    known.issues.push_back(
        {.implementation = string_field(entry, "implementation", where),
         .check = string_field(entry, "check", where),
         .url = string_field(entry, "url", where),
         .note = string_field(entry, "note", where),
         .draft = entry.contains("draft") ? string_field(entry, "draft", where) : std::string(),
         .fixed_in =
             entry.contains("fixed_in") ? string_field(entry, "fixed_in", where) : std::string()});
  }
  return known;
}

KnownIssues load_known_issues(const std::string& path) {
  const auto text = read_text_file(path);
  try {
    return known_issues_from_json(nlohmann::json::parse(text), path);
  } catch (const nlohmann::json::parse_error& error) {
    throw TrackerError(path + ": not JSON: " + error.what());
  }
}

std::optional<KnownIssue> find_known_issue(const KnownIssues& known_issues,
                                           std::string_view implementation,
                                           std::string_view check_id, std::string_view version) {
  for (const auto& issue : known_issues.issues) {
    if (!issue.fixed_in.empty() && !version.empty() &&
        compare_versions(version, issue.fixed_in) >= 0)
      continue;  // fixed by then: not this release's failure
    if (conformance::glob_match(issue.implementation, implementation) &&
        conformance::glob_match(issue.check, check_id)) {
      return issue;
    }
  }
  return std::nullopt;
}

}  // namespace tracker
