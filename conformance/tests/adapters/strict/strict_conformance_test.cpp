// strict against the whole suite: every check of every function strict implements passes (but
// info.devices.container, a Python type's check, which skips); the functions it lacks report
// unsupported (never fail); nothing is an error.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance/check.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {
namespace {

TEST(StrictConformance, PassesEveryCheckOfWhatItImplements) {
  auto strict = make_strict_adapter();
  const auto& operations = strict->handshake().operations;
  int passed = 0;
  for (const auto& check : all_checks()) {
    CheckContext context{
        .adapter = *strict, .examples = 25, .seed = 11, .reproduce = {}, .spec_version = {}};
    const auto result = check.run(context);
    const bool implemented =
        std::find(operations.begin(), operations.end(), check.info.function) != operations.end();
    if (result.status == Status::unsupported) {
      EXPECT_FALSE(implemented) << check.info.id << " is unsupported although strict has "
                                << check.info.function << ": " << result.reason;
      continue;
    }
    // The one check about a Python object's type (devices() a tuple or a list) has nothing to ask
    // of a C++ API: it skips, and says so.
    if (check.info.id == "info.devices.container") {
      EXPECT_EQ(name(result.status), "skip") << result.reason;
      EXPECT_NE(result.reason.find("C++ API"), std::string::npos) << result.reason;
      continue;
    }
    EXPECT_EQ(name(result.status), "pass")
        << check.info.id << ": " << result.reason
        << (result.failure ? "\n" + to_string(result.failure->program) + "expected " +
                                 result.failure->expected + "\nactual " + result.failure->actual
                           : "");
    if (result.status == Status::pass) ++passed;
  }
  EXPECT_GT(passed, 200);
}

}  // namespace
}  // namespace conformance
