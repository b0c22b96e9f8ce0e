// Expectation files (docs/DESIGN.md section 4): known failures, each with the upstream bug that
// explains it. Loading is strict (unknown keys, statuses and missing bug URLs are errors) because a
// typo in a CI waiver would otherwise silently waive nothing, or everything.
#include "conformance/known_failures.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace conformance {
namespace {

constexpr std::string_view kExpectationsSchema = "adc-expectations/1";

// The statuses a known failure can expect: the unexpected ones, less xpass.
constexpr std::array kWaivableStatuses{Status::fail, Status::error, Status::crash, Status::timeout};
constexpr std::array<std::string_view, 5> kEntryKeys{"check", "status", "bug", "implementation",
                                                     "note"};

std::string waivable_names() {
  std::string names;
  for (Status status : kWaivableStatuses) {
    if (!names.empty()) names += ", ";
    names += name(status);
  }
  return names;
}

// A string field of an entry (`where` names it); nullopt when absent and optional.
std::optional<std::string> string_field(const nlohmann::json& entry, const std::string& key,
                                        bool required, const std::string& where) {
  if (!entry.contains(key)) {
    if (required) throw ExpectationsError(where + ": missing \"" + key + "\"");
    return std::nullopt;
  }
  const auto& value = entry.at(key);
  if (!value.is_string()) throw ExpectationsError(where + ": \"" + key + "\" must be a string");
  return value.get<std::string>();
}

KnownFailure parse_entry(const nlohmann::json& entry, const std::string& where) {
  if (!entry.is_object()) throw ExpectationsError(where + ": not a JSON object");
  for (const auto& [key, value] : entry.items()) {
    if (std::find(kEntryKeys.begin(), kEntryKeys.end(), key) == kEntryKeys.end()) {
      throw ExpectationsError(where + ": unknown key \"" + key + "\"");
    }
  }
  KnownFailure known;
  known.check = *string_field(entry, "check", true, where);
  if (known.check.empty()) throw ExpectationsError(where + ": \"check\" is empty");

  const auto status = *string_field(entry, "status", true, where);
  const auto parsed = status_from_name(status);
  if (!parsed || std::find(kWaivableStatuses.begin(), kWaivableStatuses.end(), *parsed) ==
                     kWaivableStatuses.end()) {
    throw ExpectationsError(where + ": unknown status \"" + status + "\" (expected one of " +
                            waivable_names() + ")");
  }
  known.status = *parsed;

  known.bug = *string_field(entry, "bug", true, where);
  if (known.bug.empty()) {
    // `tracker expectations` leaves it so for a failure no known issue explains.
    throw ExpectationsError(where + " (" + known.check +
                            "): \"bug\" is empty: link the upstream issue that explains this "
                            "failure (a known failure needs one)");
  }
  if (known.bug.rfind("https://", 0) != 0 && known.bug.rfind("http://", 0) != 0) {
    throw ExpectationsError(where + ": \"bug\" must be the URL of the upstream issue, got \"" +
                            known.bug + "\"");
  }
  if (auto implementation = string_field(entry, "implementation", false, where)) {
    known.implementation = *implementation;
  }
  if (auto note = string_field(entry, "note", false, where)) known.note = *note;
  return known;
}

}  // namespace

std::vector<KnownFailure> load_expectations(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ExpectationsError(path + ": cannot read expectations file: " + std::strerror(errno));
  }
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ExpectationsError(path + ": cannot read expectations file");

  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& error) {
    throw ExpectationsError(path + ": not JSON: " + error.what());
  }
  if (!document.is_object()) throw ExpectationsError(path + ": not a JSON object");
  if (!document.contains("schema")) {
    throw ExpectationsError(path + ": missing \"schema\" (expected \"" +
                            std::string(kExpectationsSchema) + "\")");
  }
  const auto& schema = document.at("schema");
  if (!schema.is_string() || schema.get<std::string>() != kExpectationsSchema) {
    throw ExpectationsError(path + ": schema is " + schema.dump() + ", expected \"" +
                            std::string(kExpectationsSchema) + "\"");
  }
  if (!document.contains("expectations") || !document.at("expectations").is_array()) {
    throw ExpectationsError(path + ": \"expectations\" must be an array");
  }

  std::vector<KnownFailure> known;
  const auto& entries = document.at("expectations");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    known.push_back(parse_entry(entries.at(i), path + ": entry " + std::to_string(i + 1)));
  }
  return known;
}

const KnownFailure* find_known_failure(const std::vector<KnownFailure>& known,
                                       const std::string& implementation,
                                       const std::string& check_id) {
  for (const auto& entry : known) {
    if (glob_match(entry.implementation, implementation) && glob_match(entry.check, check_id)) {
      return &entry;
    }
  }
  return nullptr;
}

void apply_expectations(const std::vector<KnownFailure>& known, CheckResult& result) {
  const KnownFailure* match = find_known_failure(known, result.implementation, result.info.id);
  if (match == nullptr) return;
  const bool expected_status = result.status == match->status;
  if (!expected_status && result.status != Status::pass) return;

  std::string why = "expected " + std::string(name(match->status)) + ", see " + match->bug;
  if (!match->note.empty()) why += " (" + match->note + ")";
  if (expected_status) {
    // Keep what actually happened (a crash's detail, say) after the waiver's note.
    result.reason = result.reason.empty() ? why : why + "; " + result.reason;
    result.status = Status::xfail;
  } else {
    result.reason = why + ", but it passed";
    result.status = Status::xpass;
  }
  result.bug = match->bug;
}

bool is_unexpected(Status status) {
  switch (status) {
    case Status::fail:
    case Status::error:
    case Status::crash:
    case Status::timeout:
    case Status::xpass:
      return true;
    case Status::pass:
    case Status::skip:
    case Status::unsupported:
    case Status::xfail:
      return false;
  }
  return true;
}

bool glob_match(std::string_view pattern, std::string_view text) {
  // fnmatch needs NUL-terminated strings; flags 0: '*' crosses dots, so "mixed.*" matches
  // "mixed.matmul.out".
  return ::fnmatch(std::string(pattern).c_str(), std::string(text).c_str(), 0) == 0;
}

}  // namespace conformance
