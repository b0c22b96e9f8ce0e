#include "batches_ahead.hpp"

#include <algorithm>
#include <utility>

namespace conformance::adapter_support {

void BatchesAhead::sent(std::vector<Program> programs) {
  batches_.push_back(Batch{std::move(programs), {}, false, false});
}

std::optional<std::vector<ProgramOutcome>> BatchesAhead::take(
    const std::vector<Program>& programs) {
  const auto found = std::find_if(batches_.begin(), batches_.end(),
                                  [&](const Batch& batch) { return batch.programs == programs; });
  if (found == batches_.end()) return std::nullopt;
  read_first(static_cast<std::size_t>(found - batches_.begin()) + 1);
  std::vector<ProgramOutcome> outcomes = std::move(found->outcomes);
  const bool never_ran = found->never_ran;
  // The batches before it stay: the checks after this one ask for theirs in their turn.
  batches_.erase(found);
  if (never_ran) return std::nullopt;
  return outcomes;
}

void BatchesAhead::read_first(std::size_t count) {
  for (std::size_t k = 0; k < count && k < batches_.size(); ++k) {
    auto& batch = batches_[k];
    if (batch.ended || batch.never_ran) continue;
    // A batch read in full before reads nothing more.
    if (read_(batch.programs, batch.outcomes)) continue;
    batch.ended = true;
    for (std::size_t later = k + 1; later < batches_.size(); ++later)
      batches_[later].never_ran = true;
    return;
  }
}

}  // namespace conformance::adapter_support
