// Pairwise (cascade) summation of floating values, the way NumPy's pairwise_sum does it: runs of
// up to 128 values are summed in eight interleaved partial sums, longer runs are split in two
// halves (the first a multiple of eight long). Its rounding error grows as O(log n) rather than
// the O(n) of a loop in order; downstream tests compare two computations of one quantity at a
// relative tolerance of 1e-14 (SciPy's qmc_quad: a standard error through xp.std and through
// logsumexp), which a sum in order of a few thousand values misses.
//
// Two shapes of the same sum: one contiguous line, and `lanes` lines side by side (the columns of
// a block of rows, `stride` elements apart), whose every lane adds in the order the line does, so
// that both give the same bits for the same values. The loops read plain pointers, so the
// compiler vectorises them: across the eight partial sums for a line, across lanes for rows.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "strict/interruption.hpp"

namespace strict::internal {

// Lines summed side by side at most: rows of this many values are long enough for the
// processor's prefetching, and eight of them fit the L2 cache.
inline constexpr std::int64_t kPairwiseLanes = 1024;
// The work counted at once towards strict::interruption_point.
inline constexpr std::int64_t kPairwiseCheck = std::int64_t{1} << 16;

// The sum of load(p[i]) over i in [0, n); `load` reads one element as Acc. `counted`: whether a
// caller counted this work towards interruption_point already.
template <class Acc, class In, class Load>
Acc pairwise_sum(const In* p, std::int64_t n, const Load& load, bool counted = false) {
  constexpr std::int64_t block = 128;
  if (!counted && n <= kPairwiseCheck) {
    interruption_point(n);
    counted = true;
  }
  if (n < 8) {
    Acc total{};
    for (std::int64_t i = 0; i < n; ++i)
      total += load(p[i]);
    return total;
  }
  if (n <= block) {
    Acc partial[8];
    for (std::int64_t j = 0; j < 8; ++j)
      partial[j] = load(p[j]);
    std::int64_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (std::int64_t j = 0; j < 8; ++j)
        partial[j] += load(p[i + j]);
    Acc total = ((partial[0] + partial[1]) + (partial[2] + partial[3])) +
                ((partial[4] + partial[5]) + (partial[6] + partial[7]));
    for (; i < n; ++i)
      total += load(p[i]);
    return total;
  }
  std::int64_t half = n / 2;
  half -= half % 8;
  const Acc first = pairwise_sum<Acc>(p, half, load, counted);
  return first + pairwise_sum<Acc>(p + half, n - half, load, counted);
}

// Sums of up to kPairwiseLanes lines side by side, the columns of rows `stride` elements apart,
// each added in the order pairwise_sum adds a line of the same values (so both give the same
// bits); the loops run along rows, so they vectorise across the lines. One object holds the
// partial sums for every call on lines of up to `longest` values.
template <class Acc>
class PairwiseLanes {
 public:
  PairwiseLanes(std::int64_t longest, std::int64_t lanes)
      : lanes_(std::min(lanes, kPairwiseLanes)) {
    // The deepest split follows the second (the longer) half.
    std::int64_t levels = 1;
    for (std::int64_t n = longest; n > 128; ++levels)
      n -= n / 2 - (n / 2) % 8;
    scratch_.resize(static_cast<std::size_t>((8 + levels) * lanes_));
  }

  // out[l] = the sum over r in [0, n) of load(p[r * stride + l], l), for each l in [0, lanes)
  // (lanes at most the constructor's, n at most its `longest`).
  template <class In, class Load>
  void sum(const In* p, std::int64_t n, std::int64_t stride, std::int64_t lanes, const Load& load,
           Acc* out) {
    sum_at(p, n, stride, lanes, load, out, 0, false);
  }

 private:
  template <class In, class Load>
  void sum_at(const In* p, std::int64_t n, std::int64_t stride, std::int64_t lanes,
              const Load& load, Acc* out, std::int64_t level, bool counted) {
    constexpr std::int64_t block = 128;
    if (!counted && n * lanes <= kPairwiseCheck) {
      interruption_point(n * lanes);
      counted = true;
    }
    if (n < 8) {
      for (std::int64_t l = 0; l < lanes; ++l)
        out[l] = Acc{};
      for (std::int64_t r = 0; r < n; ++r) {
        const In* row = p + r * stride;
        for (std::int64_t l = 0; l < lanes; ++l)
          out[l] += load(row[l], l);
      }
      return;
    }
    if (n <= block) {
      Acc* partial = scratch_.data();  // eight rows of partial sums, lanes_ apart
      for (std::int64_t j = 0; j < 8; ++j) {
        const In* row = p + j * stride;
        Acc* sums = partial + j * lanes_;
        for (std::int64_t l = 0; l < lanes; ++l)
          sums[l] = load(row[l], l);
      }
      std::int64_t i = 8;
      for (; i + 8 <= n; i += 8) {
        for (std::int64_t j = 0; j < 8; ++j) {
          const In* row = p + (i + j) * stride;
          Acc* sums = partial + j * lanes_;
          for (std::int64_t l = 0; l < lanes; ++l)
            sums[l] += load(row[l], l);
        }
      }
      const auto at = [&](std::int64_t j, std::int64_t l) { return partial[j * lanes_ + l]; };
      for (std::int64_t l = 0; l < lanes; ++l) {
        out[l] = ((at(0, l) + at(1, l)) + (at(2, l) + at(3, l))) +
                 ((at(4, l) + at(5, l)) + (at(6, l) + at(7, l)));
      }
      for (; i < n; ++i) {
        const In* row = p + i * stride;
        for (std::int64_t l = 0; l < lanes; ++l)
          out[l] += load(row[l], l);
      }
      return;
    }
    std::int64_t half = n / 2;
    half -= half % 8;
    sum_at(p, half, stride, lanes, load, out, level + 1, counted);
    Acc* second = scratch_.data() + (8 + level) * lanes_;
    sum_at(p + half * stride, n - half, stride, lanes, load, second, level + 1, counted);
    for (std::int64_t l = 0; l < lanes; ++l)
      out[l] = out[l] + second[l];
  }

  std::int64_t lanes_;
  std::vector<Acc> scratch_;
};

}  // namespace strict::internal
