#include "planned_ahead.hpp"

#include <utility>

namespace conformance::detail {
namespace {

// Thrown when a check asks for a program outside its property while it is only being planned.
// Not a std::exception, so that no check takes it for an error of the library.
struct NothingRunsWhilePlanning {};

// The adapter a check sees while it is planned ahead: the real one's handshake, and its
// send_ahead(); everything that would run something ends the planning.
class PlanningOnly final : public Adapter {
 public:
  explicit PlanningOnly(Adapter& inner) : inner_(inner) {}
  const Handshake& handshake() const override { return inner_.handshake(); }
  bool prefers_batches() const override { return inner_.prefers_batches(); }
  bool runs_ahead() const override { return inner_.runs_ahead(); }
  void send_ahead(const std::vector<Program>& programs) override { inner_.send_ahead(programs); }
  ProgramOutcome run(const Program&) override { throw NothingRunsWhilePlanning{}; }
  std::vector<ProgramOutcome> run_batch(const std::vector<Program>&) override {
    throw NothingRunsWhilePlanning{};
  }
  std::string reproduction(const Program&, int, const Expectation&) const override {
    throw NothingRunsWhilePlanning{};
  }

 private:
  Adapter& inner_;
};

}  // namespace

void PlannedAhead::plan(const Check& check, const CheckContext& context) {
  PlanningOnly adapter(context.adapter);
  const CheckContext planning{
      .adapter = adapter,
      .examples = context.examples,
      .seed = context.seed,
      .reproduce = context.reproduce,
      .spec_version = context.spec_version,
      .planned_ahead = this,
  };
  planning_only_ = true;
  try {
    check.run(planning);
  } catch (...) {
    // Only a head start: the check runs in its turn all the same.
  }
  planning_only_ = false;
}

void PlannedAhead::keep(const std::string& check_id, FirstRound first_round) {
  first_rounds_[check_id] = std::move(first_round);
}

std::optional<PlannedAhead::FirstRound> PlannedAhead::take(const std::string& check_id) {
  const auto found = first_rounds_.find(check_id);
  if (found == first_rounds_.end()) return std::nullopt;
  FirstRound first_round = std::move(found->second);
  first_rounds_.erase(found);
  return first_round;
}

}  // namespace conformance::detail
