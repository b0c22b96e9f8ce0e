// tensordot and vecdot of the main namespace
// (spec/2024.12/API_specification/linear_algebra_functions.rst; matmul is in linear_algebra.hpp).
//
// Both take two arrays of numeric dtypes, promoted (DTypeError for a non-numeric dtype or a pair
// with no promotion); integer sums wrap around. x1 and x2 must be on one device
// (DeviceMismatchError, checked before anything else: design_topics/device_support.rst, "Raise an
// exception if an operation involves arrays on different devices"); the result is on that device.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "strict/array.hpp"
#include "strict/statistical.hpp"  // Axes

namespace strict {

// tensordot's `axes`: an int N ("contraction must be performed over the last N axes of x1 and the
// first N axes of x2 in order"), or a pair of axis sequences (x1_axes, x2_axes):
//   strict::tensordot(a, b, {.axes = 1});
//   strict::tensordot(a, b, {.axes = {{0, 2}, {1, 0}}});
class TensordotAxes {
 public:
  TensordotAxes(std::int64_t count) : count_(count) {}  // NOLINT: implicit, like the Python int
  TensordotAxes(Axes x1_axes, Axes x2_axes)
      : sequences_(std::pair<Axes, Axes>(std::move(x1_axes), std::move(x2_axes))) {}

  // The int form: count() is N. Otherwise x1_axes() and x2_axes() are the sequences.
  bool is_count() const { return !sequences_.has_value(); }
  std::int64_t count() const { return count_; }
  const Axes& x1_axes() const { return sequences_->first; }
  const Axes& x2_axes() const { return sequences_->second; }

 private:
  std::int64_t count_ = 0;
  std::optional<std::pair<Axes, Axes>> sequences_ = std::nullopt;
};

struct TensordotOptions {
  TensordotAxes axes = 2;
};

// The tensor contraction of x1 and x2 over the given axes: its shape is the non-contracted axes
// of x1 followed by those of x2. Contracted axes must have equal sizes ("must not be
// broadcasted"); an N larger than either rank, a negative N, sequences of different lengths, an
// axis out of range or named twice raise InvalidArgumentError. N = 0 is the outer product.
Array tensordot(const Array& x1, const Array& x2, const TensordotOptions& options = {});

struct VecdotOptions {
  // Counted from the last axis; "Should be an integer on the interval [-N, -1], where N is
  // min(x1.ndim, x2.ndim)". strict also accepts a nonnegative axis when x1 and x2 have the same
  // number of dimensions (it names the same dimension of both); otherwise it raises
  // InvalidArgumentError, as linalg.vecdot (the same function) does.
  std::int64_t axis = -1;
};

// The dot product sum(conj(x1_i) * x2_i) over `axis` (the conjugate only for complex x1), with
// the other axes broadcast. The axis must have the same size in both arrays ("The size of the
// axis over which to compute the dot product must be the same size", before broadcasting);
// 0-d operands, an axis out of range and non-broadcastable other axes raise
// InvalidArgumentError. Numeric dtypes are accepted: the text says floating-point dtypes "should"
// be given, and matmul takes every numeric dtype. The products are added as sum() adds: pairwise
// for floating dtypes (so vecdot(x1, x2) is sum(conj(x1) * x2, axis=axis) bit for bit), integers
// wrapping around.
Array vecdot(const Array& x1, const Array& x2, const VecdotOptions& options = {});

}  // namespace strict
