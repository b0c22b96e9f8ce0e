// Running a check's programs ahead in a batch (for adapters across a process boundary) is only a
// speed-up: every check gives the same status, case count and counterexample as one by one.
#include <gtest/gtest.h>

#include "conformance/check.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {
namespace {

// strict, asking for batches, and counting the programs that reach it each way.
class Batching final : public Adapter {
 public:
  Batching() : inner_(make_strict_adapter()) {}
  const Handshake& handshake() const override { return inner_->handshake(); }
  bool prefers_batches() const override { return true; }
  std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) override {
    batched += static_cast<int>(programs.size());
    return Adapter::run_batch(programs);
  }
  ProgramOutcome run(const Program& program) override {
    ++single;
    return inner_->run(program);
  }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_->reproduction(program, step, expectation);
  }
  int batched = 0;
  int single = 0;

 private:
  std::unique_ptr<Adapter> inner_;
};

TEST(BatchEquivalence, EveryCheckGivesTheSameResultBatchedOrNot) {
  auto plain = make_strict_adapter();
  Batching batching;
  for (const auto& check : all_checks()) {
    const auto one_by_one = check.run(CheckContext{
        .adapter = *plain, .examples = 20, .seed = 5, .reproduce = {}, .spec_version = {}});
    const auto batched = check.run(CheckContext{
        .adapter = batching, .examples = 20, .seed = 5, .reproduce = {}, .spec_version = {}});
    EXPECT_EQ(name(batched.status), name(one_by_one.status)) << check.info.id;
    EXPECT_EQ(batched.cases, one_by_one.cases) << check.info.id;
    EXPECT_EQ(batched.reason, one_by_one.reason) << check.info.id;
    EXPECT_EQ(batched.failure.has_value(), one_by_one.failure.has_value()) << check.info.id;
  }
  // The batches did the work: programs outside them (baselines, redrawn cases) are a minority.
  EXPECT_GT(batching.batched, 0);
  EXPECT_LT(batching.single - batching.batched, batching.batched);
}

}  // namespace
}  // namespace conformance
