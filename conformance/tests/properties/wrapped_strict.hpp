// strict behind a rewrite of what it reports: how the harness tests see a library with a given
// behaviour (a device bug for harness_power_test, a library's own way for harness_truth_test)
// without writing that library.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "conformance/adapter.hpp"
#include "conformance/strict_adapter.hpp"

namespace conformance {

using Corruption = std::function<void(const Program&, ProgramOutcome&)>;

// Runs each program on strict, then `corrupt` rewrites the outcome.
class WrongAdapter : public Adapter {
 public:
  WrongAdapter(std::string bug, Corruption corrupt)
      : inner_(make_strict_adapter()), corrupt_(std::move(corrupt)) {
    handshake_ = inner_->handshake();
    handshake_.implementation = "wrong:" + bug;
  }
  const Handshake& handshake() const override { return handshake_; }
  ProgramOutcome run(const Program& program) override {
    auto outcome = inner_->run(program);
    corrupt_(program, outcome);
    return outcome;
  }
  std::string reproduction(const Program& program, int step,
                           const Expectation& expectation) const override {
    return inner_->reproduction(program, step, expectation);
  }

 private:
  std::unique_ptr<Adapter> inner_;
  Corruption corrupt_;
  Handshake handshake_;
};

}  // namespace conformance
