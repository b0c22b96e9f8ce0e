#include "tracker/machine_kind.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace tracker {

std::string machine_kind_of_record(std::string_view record) {
  std::map<std::string, std::string> fields;  // the first line of each key
  std::istringstream lines{std::string(record)};
  std::string line;
  while (std::getline(lines, line)) {
    const auto colon = line.find(": ");
    if (colon != std::string::npos) fields.emplace(line.substr(0, colon), line.substr(colon + 2));
  }
  if (fields.contains("kind")) return fields["kind"];
  if (fields.contains("gpu")) return fields["gpu"].substr(0, fields["gpu"].find(',')) + " GPU host";
  std::smatch cores;
  const std::string host = fields["host"];
  if (!std::regex_search(host, cores, std::regex("(\\d+) cores"))) return "";
  std::string os = fields["os"];
  os = std::regex_replace(os, std::regex(" GNU/Linux| \\(.*\\)"), "");
  return cores[1].str() + "-core machine" + (os.empty() ? "" : ", " + os);
}

std::string machine_kind(const std::string& source) {
  const auto record = std::filesystem::path(source).parent_path() / "machine.txt";
  std::ifstream in(record);
  if (!in) return "";
  std::ostringstream text;
  text << in.rdbuf();
  return machine_kind_of_record(text.str());
}

}  // namespace tracker
