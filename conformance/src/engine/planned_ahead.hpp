// Checks planned ahead of their turn. With a library in another process, the library waited while
// the harness planned a check's cases and the harness waited while the library ran them. A check's
// first round of cases needs no answers (property.cpp, answer_ahead), so the runner plans the next
// check's first round and sends it ahead (Adapter::send_ahead) before it runs the current one: the
// library runs one check while the harness judges the one before.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/check.hpp"
#include "conformance/program.hpp"
#include "remembered_generator.hpp"

namespace conformance::detail {

class PlannedAhead {
 public:
  // Plans `check` on `context.adapter`, which must run ahead: the check runs with an adapter that
  // runs nothing, so that its property only draws its first round of cases and sends them ahead.
  // Whatever else the check does (a check that asks the library something before it draws) ends
  // the planning: that check is simply not planned ahead.
  void plan(const Check& check, const CheckContext& context);

  // Whether the property now running is only being planned (run_property then calls keep()).
  bool planning_only() const { return planning_only_; }
  // A check's first round: the programs sent ahead, and the cases drawn to plan them (drawn again
  // by the check's own run, which then need not generate them).
  struct FirstRound {
    std::vector<Program> programs;
    std::shared_ptr<DrawnCases> drawn;
  };
  void keep(const std::string& check_id, FirstRound first_round);
  // The first round planned and sent for `check_id`, once; nullopt when it was not planned.
  std::optional<FirstRound> take(const std::string& check_id);

  // Called when a check has sent a later round and is about to wait for its answers: the runner
  // plans one more check then (set_top_up), so that the library, once it has answered that
  // round, finds a first round queued behind it instead of waiting while the harness finishes
  // the check and plans the next (strict_xp: 150 waits of about 3 ms, one per mixed check).
  void set_top_up(std::function<void()> top_up) { top_up_ = std::move(top_up); }
  void while_waiting() {
    if (top_up_ && !planning_only_) top_up_();
  }

 private:
  std::function<void()> top_up_;
  bool planning_only_ = false;
  std::map<std::string, FirstRound> first_rounds_;
};

}  // namespace conformance::detail
