// Pairwise (cascade) summation of floating values, the way NumPy's pairwise_sum does it: runs of
// up to 128 values are summed in eight interleaved partial sums, longer runs are split in two
// halves (the first a multiple of eight long). Its rounding error grows as O(log n) rather than
// the O(n) of a loop in order; downstream tests compare two computations of one quantity at a
// relative tolerance of 1e-14 (SciPy's qmc_quad: a standard error through xp.std and through
// logsumexp), which a sum in order of a few thousand values misses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace strict::internal {

// The sum of value(offsets[i]) over every i; `value` reads one element as Acc.
template <class Acc, class Value>
Acc pairwise_sum(std::span<const std::int64_t> offsets, const Value& value) {
  constexpr std::size_t block = 128;
  const std::size_t n = offsets.size();
  if (n < 8) {
    Acc total{};
    for (const std::int64_t offset : offsets)
      total += value(offset);
    return total;
  }
  if (n <= block) {
    Acc partial[8];
    for (std::size_t j = 0; j < 8; ++j)
      partial[j] = value(offsets[j]);
    std::size_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (std::size_t j = 0; j < 8; ++j)
        partial[j] += value(offsets[i + j]);
    Acc total = ((partial[0] + partial[1]) + (partial[2] + partial[3])) +
                ((partial[4] + partial[5]) + (partial[6] + partial[7]));
    for (; i < n; ++i)
      total += value(offsets[i]);
    return total;
  }
  std::size_t half = n / 2;
  half -= half % 8;
  return pairwise_sum<Acc>(offsets.first(half), value) +
         pairwise_sum<Acc>(offsets.subspan(half), value);
}

}  // namespace strict::internal
