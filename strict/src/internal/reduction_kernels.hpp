// The loops of reductions over the layout internal::plan_reduction describes: `outer` blocks of
// `extent` reduced steps of `inner` kept elements, read through plain pointers (no table of
// offsets), so that the compiler vectorises them. A reduction whose kept elements are contiguous
// (inner == 1) reduces one contiguous line per output; otherwise rows of `inner` elements are
// reduced into as many outputs side by side ("lanes"). Every kernel visits the elements of one
// output in the order the reduction's definition does, or computes what that order gives, so both
// shapes give the same bits.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/dispatch.hpp"
#include "internal/element_gather.hpp"
#include "internal/extremum.hpp"
#include "internal/strides.hpp"
#include "strict/interruption.hpp"

namespace strict::internal {

// Elements a kernel reads between two calls of strict::interruption_point.
inline constexpr std::int64_t kReductionChunk = 4096;
// Outputs reduced side by side at most: their running state stays in the L1 cache.
inline constexpr std::int64_t kLaneBlock = 1024;

// x's elements (of type T) in the layout `plan` reduces: x's own (a view's contiguous copy), or,
// when plan.permutation names one, a copy of them with the axes in that order.
template <class T>
class ReductionInput {
 public:
  ReductionInput(const Array& x, const ReductionPlan& plan) {
    if (plan.permutation.empty()) {
      data_ = ArrayAccess::data<T>(x);
      return;
    }
    const Shape strides = contiguous_strides(x.shape());
    Shape shape;
    Shape permuted;
    for (const std::int64_t axis : plan.permutation) {
      shape.push_back(x.shape()[static_cast<std::size_t>(axis)]);
      permuted.push_back(strides[static_cast<std::size_t>(axis)]);
    }
    copy_ = std::make_unique<std::byte[]>(static_cast<std::size_t>(x.size()) * sizeof(T));
    interruption_point(x.size());
    copy_strided(ArrayAccess::bytes(x), byte_strides(permuted, sizeof(T)), shape, sizeof(T),
                 copy_.get());
    data_ = reinterpret_cast<const T*>(copy_.get());
  }
  const T* data() const { return data_; }

 private:
  std::unique_ptr<std::byte[]> copy_;
  const T* data_ = nullptr;
};

// Calls line(first, o) for each output o of a plan with inner == 1, `first` its `extent`
// contiguous elements; or rows(first, o, lanes) for each block of at most `max_lanes` outputs
// o, o + 1, ... of one outer block, `first` the first of their `extent` rows `inner` apart.
template <class T, class Line, class Rows>
void for_each_reduction(const T* data, const ReductionPlan& plan, std::int64_t max_lanes,
                        Line&& line, Rows&& rows) {
  if (plan.inner == 1) {
    for (std::int64_t o = 0; o < plan.outer; ++o)
      line(data + o * plan.extent, o);
    return;
  }
  for (std::int64_t o = 0; o < plan.outer; ++o) {
    const T* block = data + o * plan.extent * plan.inner;
    for (std::int64_t i = 0; i < plan.inner; i += max_lanes)
      rows(block + i, o * plan.inner + i, std::min(max_lanes, plan.inner - i));
  }
}

// ---- folds in order: total = op(total, load(element)) -------------------------------------

template <class Acc, class In, class Load, class Op>
Acc fold_line(const In* p, std::int64_t n, Acc initial, const Load& load, const Op& op) {
  Acc total = initial;
  for (std::int64_t start = 0; start < n; start += kReductionChunk) {
    const std::int64_t end = std::min(n, start + kReductionChunk);
    interruption_point(end - start);
    for (std::int64_t i = start; i < end; ++i)
      total = op(total, load(p[i]));
  }
  return total;
}

// out[l] = the fold over r of p[r * stride + l], for each l in [0, lanes).
template <class Acc, class In, class Load, class Op>
void fold_lanes(const In* p, std::int64_t n, std::int64_t stride, std::int64_t lanes, Acc initial,
                const Load& load, const Op& op, Acc* out) {
  for (std::int64_t l = 0; l < lanes; ++l)
    out[l] = initial;
  for (std::int64_t r = 0; r < n; ++r) {
    interruption_point(lanes);
    const In* row = p + r * stride;
    for (std::int64_t l = 0; l < lanes; ++l)
      out[l] = op(out[l], load(row[l]));
  }
}

// ---- maximum and minimum, and where they are ---------------------------------------------

// Whether `value` takes the place of `best` in a scan in order for the maximum (minimum): it is
// strictly greater (less), or NaN where best is not. So the scan ends on the first NaN, else on
// the first of the elements equal to the extreme ("NaN values propagate"; argmax: "only the
// indices corresponding to the first occurrence are returned").
template <Extremum which, class T>
inline bool replaces(T value, T best) {
  // Bitwise operators, not && and ||: no branch, so that loops of it vectorise.
  const bool better = which == Extremum::max ? value > best : value < best;
  if constexpr (std::is_floating_point_v<T>) {
    return (best == best) & (better | (value != value));
  } else {
    return better;
  }
}

template <Extremum which, class T>
inline bool strictly_better(T value, T best) {
  return which == Extremum::max ? value > best : value < best;
}

template <class T>
struct ChunkExtreme {
  T value;       // the extreme of the chunk's elements that are not NaN (any, if all are)
  bool has_nan;  // whether the chunk holds a NaN
};

// 16-byte vectors of double and float through the GNU vector extensions (GCC, Clang), for the
// loops the compiler does not vectorise by itself: a floating maximum without -ffast-math.
#if defined(__GNUC__)
template <class T>
struct Vector {
  static constexpr bool available = false;
};
template <>
struct Vector<double> {
  static constexpr bool available = true;
  typedef double type __attribute__((vector_size(16)));
  typedef std::int64_t mask __attribute__((vector_size(16)));
  using mask_element = std::int64_t;
};
template <>
struct Vector<float> {
  static constexpr bool available = true;
  typedef float type __attribute__((vector_size(16)));
  typedef std::int32_t mask __attribute__((vector_size(16)));
  using mask_element = std::int32_t;
};
#else
template <class T>
struct Vector {
  static constexpr bool available = false;
};
#endif

template <class V, class T>
V load_vector(const T* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// The extreme of p[0], ..., p[n - 1] (n >= 1) in interleaved partial extremes.
template <Extremum which, class T>
ChunkExtreme<T> chunk_extreme(const T* p, std::int64_t n) {
  ChunkExtreme<T> out{p[0], false};
  std::int64_t i = 0;
  if constexpr (Vector<T>::available) {
    using V = typename Vector<T>::type;
    using M = typename Vector<T>::mask;
    constexpr std::int64_t width = sizeof(V) / sizeof(T);
    if (n >= 4 * width) {
      V partial[4];
      for (V& v : partial)
        v = V{} + p[0];
      M nan{};
      for (; i + 4 * width <= n; i += 4 * width) {
        for (std::int64_t k = 0; k < 4; ++k) {
          const V v = load_vector<V>(p + i + k * width);
          if constexpr (which == Extremum::max) {
            partial[k] = v > partial[k] ? v : partial[k];
          } else {
            partial[k] = v < partial[k] ? v : partial[k];
          }
          nan -= v != v;  // counts NaNs (-1 per one); |= compiled to branches per lane
        }
      }
      // Out of the vectors through memory: element access inside the loop's reach made the
      // compiler keep the vectors in scalar registers.
      T values[4 * width];
      std::memcpy(values, partial, sizeof partial);
      for (const T value : values)
        if (strictly_better<which>(value, out.value)) out.value = value;
      typename Vector<T>::mask_element flags[width];
      std::memcpy(flags, &nan, sizeof nan);
      for (const auto flag : flags)
        out.has_nan = out.has_nan || flag != 0;
    }
  } else {
    T partial[8];
    for (T& value : partial)
      value = p[0];
    for (; i + 8 <= n; i += 8) {
      for (std::int64_t j = 0; j < 8; ++j) {
        const T value = p[i + j];
        partial[j] = strictly_better<which>(value, partial[j]) ? value : partial[j];
        if constexpr (std::is_floating_point_v<T>) out.has_nan = out.has_nan || value != value;
      }
    }
    for (const T value : partial)
      if (strictly_better<which>(value, out.value)) out.value = value;
  }
  for (; i < n; ++i) {
    const T value = p[i];
    if (strictly_better<which>(value, out.value)) out.value = value;
    if constexpr (std::is_floating_point_v<T>) out.has_nan = out.has_nan || value != value;
  }
  return out;
}

// The index of the first of p[start], ..., p[n - 1] that is NaN (Nan) or equal to `value` (one
// must be).
template <bool Nan, class T>
std::int64_t first_match(const T* p, std::int64_t start, std::int64_t n, T value) {
  std::int64_t i = start;
  if constexpr (Vector<T>::available) {
    using V = typename Vector<T>::type;
    constexpr std::int64_t width = sizeof(V) / sizeof(T);
    for (; i + width <= n; i += width) {  // a vector at a time up to the one that holds it
      const V v = load_vector<V>(p + i);
      const auto hit = Nan ? v != v : v == value;
      bool any = false;
      for (std::int64_t j = 0; j < width; ++j)
        any = any || hit[j] != 0;
      if (any) break;
    }
  }
  for (;; ++i) {
    if (Nan ? p[i] != p[i] : p[i] == value) return i;
  }
}

// Where a line's extreme is (n >= 1): the index of its first NaN (nan true), else the extreme
// and the start of the first chunk that holds it. Chunks keep the early stop at a NaN and the
// scan for the first occurrence short.
template <class T>
struct LineExtreme {
  T value;
  std::int64_t at;  // the first NaN's index, or the start of the first chunk holding the extreme
  bool nan;
};

template <Extremum which, class T>
LineExtreme<T> line_extreme(const T* p, std::int64_t n) {
  LineExtreme<T> out{p[0], 0, false};
  for (std::int64_t start = 0; start < n; start += kReductionChunk) {
    const std::int64_t length = std::min(kReductionChunk, n - start);
    interruption_point(length);
    const ChunkExtreme<T> chunk = chunk_extreme<which>(p + start, length);
    if (chunk.has_nan) return {T{}, first_match<true>(p, start, n, T{}), true};
    if (strictly_better<which>(chunk.value, out.value)) out = {chunk.value, start, false};
  }
  return out;
}

// The index of a line's first NaN, else of the first element equal to its extreme (n >= 1).
template <Extremum which, class T>
std::int64_t arg_extreme_line(const T* p, std::int64_t n) {
  const LineExtreme<T> extreme = line_extreme<which>(p, n);
  return extreme.nan ? extreme.at : first_match<false>(p, extreme.at, n, extreme.value);
}

// The extreme of a line as a scan in order finds it (n >= 1): its first NaN, else the first
// element equal to the extreme, which only for a zero may differ from the extreme: -0.0 and 0.0.
template <Extremum which, class T>
T extreme_line(const T* p, std::int64_t n) {
  const LineExtreme<T> extreme = line_extreme<which>(p, n);
  if (extreme.nan) return p[extreme.at];
  if (extreme.value == T(0)) return p[first_match<false>(p, extreme.at, n, extreme.value)];
  return extreme.value;
}

// out[l] = the extreme of p[r * stride + l] over r in [0, n) (n >= 1), as a scan in order finds
// it, for each l in [0, lanes).
template <Extremum which, class T>
void extreme_lanes(const T* p, std::int64_t n, std::int64_t stride, std::int64_t lanes, T* out) {
  for (std::int64_t l = 0; l < lanes; ++l)
    out[l] = p[l];
  for (std::int64_t r = 1; r < n; ++r) {
    interruption_point(lanes);
    const T* row = p + r * stride;
    for (std::int64_t l = 0; l < lanes; ++l)
      out[l] = replaces<which>(row[l], out[l]) ? row[l] : out[l];
  }
}

// extreme_lanes that also sets index[l] to the r of the extreme (lanes <= kLaneBlock). The
// row number is kept in T while T holds it exactly, so that the loop vectorises.
template <Extremum which, class T>
void arg_extreme_lanes(const T* p, std::int64_t n, std::int64_t stride, std::int64_t lanes, T* out,
                       std::int64_t* index) {
  for (std::int64_t l = 0; l < lanes; ++l)
    out[l] = p[l];
  if constexpr (std::is_floating_point_v<T>) {
    if (n <= (std::int64_t{1} << std::numeric_limits<T>::digits)) {
      T rows[kLaneBlock];
      std::fill(rows, rows + lanes, T(0));
      for (std::int64_t r = 1; r < n; ++r) {
        interruption_point(lanes);
        const T* row = p + r * stride;
        const auto at = static_cast<T>(r);
        for (std::int64_t l = 0; l < lanes; ++l) {
          const T value = row[l];
          const T best = out[l];
          const T where = rows[l];  // read before the select: the loop then vectorises
          const bool take = replaces<which>(value, best);
          out[l] = take ? value : best;
          rows[l] = take ? at : where;
        }
      }
      for (std::int64_t l = 0; l < lanes; ++l)
        index[l] = static_cast<std::int64_t>(rows[l]);
      return;
    }
  }
  std::fill(index, index + lanes, 0);
  for (std::int64_t r = 1; r < n; ++r) {
    interruption_point(lanes);
    const T* row = p + r * stride;
    for (std::int64_t l = 0; l < lanes; ++l) {
      const bool take = replaces<which>(row[l], out[l]);
      out[l] = take ? row[l] : out[l];
      index[l] = take ? r : index[l];
    }
  }
}

// ---- truth: all, any, count_nonzero ------------------------------------------------------

// Whether an element counts as true (nonzero): NaN and the infinities do; a complex element
// when either part is nonzero.
template <class T>
inline bool is_nonzero_element(T value) {
  if constexpr (is_complex_v<T>) {
    return value.real() != 0 || value.imag() != 0;
  } else {
    return value != T{0};
  }
}

// bool elements read as bytes (0 or 1), which the compiler vectorises.
template <class T>
using TruthElement = std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>;

template <class T>
const TruthElement<T>* truth_elements(const T* p) {
  if constexpr (std::is_same_v<T, bool>) {
    return reinterpret_cast<const unsigned char*>(p);
  } else {
    return p;
  }
}

// What a count of true (or false) elements is kept in over a block of at most TallyBlock
// elements (per lane): a type as wide as the element, so that the compiler adds in vectors (T
// itself for floating T, exact far beyond a block; a byte for bool), else int64.
template <class T>
using Tally =
    std::conditional_t<std::is_floating_point_v<T>, T,
                       std::conditional_t<std::is_same_v<T, bool>, unsigned char, std::int64_t>>;
template <class T>
inline constexpr std::int64_t kTallyBlock = std::is_same_v<T, bool> ? 255 : kReductionChunk;

// Whether an element is what a tally counts: nonzero (Nonzero) or zero.
template <bool Nonzero, class T>
inline bool tallied(T value) {
  if constexpr (Nonzero) {
    return is_nonzero_element(value);
  } else {
    return !is_nonzero_element(value);
  }
}

// How many of p[0], ..., p[n - 1] are nonzero (Nonzero) or zero.
template <bool Nonzero, class T>
std::int64_t tally_line(const T* first, std::int64_t n) {
  const TruthElement<T>* p = truth_elements(first);
  using Count = Tally<T>;
  std::int64_t total = 0;
  for (std::int64_t start = 0; start < n; start += kTallyBlock<T>) {
    const std::int64_t end = std::min(n, start + kTallyBlock<T>);
    interruption_point(end - start);
    std::int64_t i = start;
    if constexpr (Vector<T>::available) {
      // Comparisons give -1 per hit in an integer vector as wide as T, which one subtraction
      // adds up (a floating count would be added in order, one lane after the other).
      using V = typename Vector<T>::type;
      using M = typename Vector<T>::mask;
      constexpr std::int64_t width = sizeof(V) / sizeof(T);
      M hits{};
      for (; i + width <= end; i += width) {
        const V v = load_vector<V>(p + i);
        if constexpr (Nonzero) {
          hits -= v != V{};
        } else {
          hits -= v == V{};
        }
      }
      typename Vector<T>::mask_element counts[width];
      std::memcpy(counts, &hits, sizeof hits);
      for (const auto count : counts)
        total += count;
    }
    Count count = 0;
    for (; i < end; ++i)
      count += tallied<Nonzero>(p[i]) ? Count(1) : Count(0);
    total += static_cast<std::int64_t>(count);
  }
  return total;
}

// Whether one of p[0], ..., p[n - 1] is nonzero (Nonzero) or zero, looking at a chunk at a time.
template <bool Nonzero, class T>
bool line_holds(const T* p, std::int64_t n) {
  if constexpr (std::is_same_v<T, bool>) {
    // bool elements are the bytes 0 and 1: memchr finds a zero, an OR of the bytes a one, both
    // many bytes at a time, over chunks large enough that the interruption check costs nothing.
    constexpr std::int64_t chunk = 64 * kReductionChunk;
    const auto* bytes = reinterpret_cast<const unsigned char*>(p);
    for (std::int64_t start = 0; start < n; start += chunk) {
      const auto length = static_cast<std::size_t>(std::min(chunk, n - start));
      interruption_point(static_cast<std::int64_t>(length) / 16);
      if constexpr (Nonzero) {
        unsigned char seen = 0;
        for (std::size_t i = 0; i < length; ++i)
          seen |= bytes[start + static_cast<std::int64_t>(i)];
        if (seen != 0) return true;
      } else {
        if (std::memchr(bytes + start, 0, length) != nullptr) return true;
      }
    }
    return false;
  } else {
    for (std::int64_t start = 0; start < n; start += kReductionChunk) {
      if (tally_line<Nonzero>(p + start, std::min(kReductionChunk, n - start)) > 0) return true;
    }
    return false;
  }
}

// out[l] += how many of p[r * stride + l] over r in [0, n) are nonzero (Nonzero) or zero, for
// each l in [0, lanes) (lanes <= kLaneBlock).
template <bool Nonzero, class T>
void tally_lanes(const T* first, std::int64_t n, std::int64_t stride, std::int64_t lanes,
                 std::int64_t* out) {
  const TruthElement<T>* p = truth_elements(first);
  using Count = Tally<T>;
  // Rows in one block: each lane's count stays exact in Count.
  constexpr std::int64_t rows = std::is_same_v<T, bool> ? 255 : std::int64_t{1} << 20;
  Count counts[kLaneBlock];
  for (std::int64_t start = 0; start < n; start += rows) {
    const std::int64_t end = std::min(n, start + rows);
    std::fill(counts, counts + lanes, Count(0));
    for (std::int64_t r = start; r < end; ++r) {
      interruption_point(lanes);
      const TruthElement<T>* row = p + r * stride;
      for (std::int64_t l = 0; l < lanes; ++l)
        counts[l] += tallied<Nonzero>(row[l]) ? Count(1) : Count(0);
    }
    for (std::int64_t l = 0; l < lanes; ++l)
      out[l] += static_cast<std::int64_t>(counts[l]);
  }
}

}  // namespace strict::internal
