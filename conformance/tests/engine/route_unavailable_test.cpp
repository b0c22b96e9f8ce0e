// A library that cannot take its route (Handshake::route_unavailable): every check is
// unsupported with the reason, none runs a program, and the handshake keeps route and reason
// through JSON (trackers), without either key on the eager route.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/adapter.hpp"
#include "conformance/check.hpp"
#include "conformance/runner.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {
namespace {

// strict, as if asked for a route it cannot take; counting the programs that reach it.
class WithoutRoute final : public Adapter {
 public:
  WithoutRoute() : inner_(make_strict_adapter()), handshake_(inner_->handshake()) {
    handshake_.implementation = "strict@jit";
    handshake_.route = "jit";
    handshake_.route_unavailable = "its arrays are no JAX arrays";
  }
  const Handshake& handshake() const override { return handshake_; }
  ProgramOutcome run(const Program& program) override {
    ++programs;
    return inner_->run(program);
  }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_->reproduction(program, step, expectation);
  }
  int programs = 0;

 private:
  std::unique_ptr<Adapter> inner_;
  Handshake handshake_;
};

TEST(RouteUnavailable, EveryCheckIsUnsupportedWithTheReasonAndRunsNothing) {
  WithoutRoute adapter;
  std::vector<const Check*> checks;
  for (const Check& check : all_checks())
    checks.push_back(&check);
  const auto results =
      run_checks(adapter, checks, RunOptions{.examples = 5, .seed = 1}, [](const CheckResult&) {});
  ASSERT_EQ(results.size(), checks.size());
  for (const auto& result : results) {
    // A check of a newer spec version than strict's is skipped before the route matters.
    if (result.status == Status::skip) continue;
    EXPECT_EQ(name(result.status), "unsupported") << result.info.id;
    EXPECT_EQ(result.reason, "strict has no jit route: its arrays are no JAX arrays")
        << result.info.id;
  }
  EXPECT_EQ(adapter.programs, 0);
}

TEST(RouteUnavailable, TheHandshakeKeepsRouteAndReasonThroughJson) {
  const WithoutRoute adapter;
  const nlohmann::json json = adapter.handshake();
  EXPECT_EQ(json.at("route"), "jit");
  EXPECT_EQ(json.at("route_unavailable"), "its arrays are no JAX arrays");
  const auto read = json.get<Handshake>();
  EXPECT_EQ(read.route, "jit");
  EXPECT_EQ(read.route_unavailable, "its arrays are no JAX arrays");

  const nlohmann::json eager = make_strict_adapter()->handshake();
  EXPECT_FALSE(eager.contains("route"));
  EXPECT_FALSE(eager.contains("route_unavailable"));
}

}  // namespace
}  // namespace conformance
