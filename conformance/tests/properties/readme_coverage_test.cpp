// strict/README.md's coverage table is what `conformance --impl strict --coverage` prints, so it
// cannot drift from the catalogue, strict and the checks.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "build_locations.hpp"
#include "schema_validation.hpp"

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ReadmeCoverage, TheReadmeShowsTheGeneratedTable) {
  const auto printed = conformance::testing::run_command(
      std::string(adc::build_locations::conformance_binary) + " --impl strict --coverage");
  ASSERT_EQ(printed.exit_code, 0) << printed.output;
  ASSERT_NE(printed.output.find("| main namespace |"), std::string::npos) << printed.output;
  const auto readme = read(std::string(adc::build_locations::source_dir) + "/strict/README.md");
  EXPECT_NE(readme.find(printed.output), std::string::npos)
      << "strict/README.md's coverage section is stale; paste the output of\n"
         "  conformance --impl strict --coverage\n"
      << "which is now:\n"
      << printed.output;
}

}  // namespace
