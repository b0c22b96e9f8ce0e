// The batches of programs an adapter sent to its child ahead of the run_batch() call that asks for
// them (Adapter::send_ahead). The child answers batches in the order sent; the engine asks for
// them in any order, each once (a check's later round goes out behind the first rounds of the
// checks after it), so the replies of earlier batches are read and kept until asked for. Shared by
// the Python adapter and the in-process adapters' forked worker.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance::adapter_support {

class BatchesAhead {
 public:
  // Reads the child's replies to `programs` into `outcomes`, after those read already. False when
  // the child ended or went out of step before the last: the adapter has dropped that child, and
  // nothing sent to it after this batch will be answered.
  using ReadReplies = std::function<bool(const std::vector<Program>& programs,
                                         std::vector<ProgramOutcome>& outcomes)>;

  explicit BatchesAhead(ReadReplies read) : read_(std::move(read)) {}

  // `programs` went to the child.
  void sent(std::vector<Program> programs);
  // The outcomes of `programs` when they were sent ahead, and forgets them: all of them, or the
  // first ones when the child ended inside the batch (the next one then runs alone). nullopt when
  // they were not sent ahead, or the child ended in an earlier batch: they are to run now.
  std::optional<std::vector<ProgramOutcome>> take(const std::vector<Program>& programs);
  // Reads the replies of every batch sent ahead, before the child is asked anything else.
  void read_all() { read_first(batches_.size()); }

 private:
  struct Batch {
    std::vector<Program> programs;
    std::vector<ProgramOutcome> outcomes;
    bool ended = false;      // the child ended in it: its programs not answered run alone
    bool never_ran = false;  // the child ended in a batch before it
  };

  // Reads the replies of the first `count` batches (those not read yet). A reply that does not
  // come back ends the child: the batches behind it are never answered.
  void read_first(std::size_t count);

  ReadReplies read_;
  std::deque<Batch> batches_;  // oldest first, in the order the child answers them
};

}  // namespace conformance::adapter_support
