// conformance/README.md's table of check families gives each family's number of checks; the
// numbers are the suite's (`conformance --list`), so a check added or removed without the table
// following fails here rather than leaving the README stale.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "build_locations.hpp"
#include "conformance/check.hpp"

namespace conformance {
namespace {

// family -> checks, from the rows "| `family.<...>` | what | N |".
std::map<std::string, int> readme_family_counts() {
  std::ifstream in(std::string(adc::build_locations::source_dir) + "/conformance/README.md");
  const std::regex row(R"(^\| `([a-z_0-9]+)\.[^`]*` \|.*\| (\d+) \|$)");
  std::map<std::string, int> counts;
  std::string line;
  std::smatch match;
  while (std::getline(in, line))
    if (std::regex_match(line, match, row)) counts[match[1]] = std::stoi(match[2]);
  return counts;
}

TEST(ReadmeCounts, TheFamilyTableMatchesTheChecks) {
  std::map<std::string, int> actual;
  for (const Check& check : all_checks())
    ++actual[check.info.family];
  for (const Check& check : peer_checks())  // dlpack_between.*, run with --peer
    ++actual[check.info.family];
  const auto documented = readme_family_counts();
  ASSERT_FALSE(documented.empty()) << "no family table in conformance/README.md";
  EXPECT_EQ(documented, actual) << "conformance/README.md's family table against the checks";
}

}  // namespace
}  // namespace conformance
