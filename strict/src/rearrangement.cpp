// flip, roll, repeat and tile: each output element is a copy of one element of x.
#include "strict/rearrangement.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "internal/axes.hpp"
#include "internal/dispatch.hpp"
#include "internal/element_gather.hpp"
#include "internal/placement.hpp"
#include "internal/rolled.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

// `value` modulo `extent` in [0, extent); extent > 0.
std::int64_t wrap(std::int64_t value, std::int64_t extent) {
  const std::int64_t r = value % extent;
  return r < 0 ? r + extent : r;
}

// repeat for counts[i] repetitions of the i-th element along `axis` (of x, or of x flattened
// when axis is None). counts has one entry, or one per element along the axis; each >= 0.
Array repeat_counts(const Array& x, const std::vector<std::int64_t>& counts,
                    std::optional<std::int64_t> axis) {
  const std::int64_t a = axis ? internal::normalize_axis("repeat", *axis, x.ndim()) : 0;
  const Shape source_shape = axis ? x.shape() : Shape{x.size()};
  const std::int64_t length = source_shape[static_cast<std::size_t>(a)];
  if (counts.size() != 1 && static_cast<std::int64_t>(counts.size()) != length) {
    throw InvalidArgumentError(fmt::format(
        "repeat(): repeats has {} entries, but {} has length {}; give 1 or {}", counts.size(),
        axis ? fmt::format("axis {} of x (shape {})", *axis, shape_text(x.shape()))
             : fmt::format("x flattened (shape {})", shape_text(x.shape())),
        length, length));
  }
  for (const std::int64_t count : counts) {
    if (count < 0) {
      throw InvalidArgumentError(fmt::format(
          "repeat(): repeats holds {}; the number of repetitions cannot be negative", count));
    }
  }
  const auto count_of = [&](std::int64_t i) {
    return counts.size() == 1 ? counts.front() : counts[static_cast<std::size_t>(i)];
  };
  std::int64_t total = 0;
  for (std::int64_t i = 0; i < length; ++i) {
    if (__builtin_add_overflow(total, count_of(i), &total)) {
      throw InvalidArgumentError(
          "repeat(): the result would have more than 2^63 - 1 elements along the axis");
    }
  }
  Shape shape = source_shape;
  shape[static_cast<std::size_t>(a)] = total;
  // Row i of x along the axis, count_of(i) times, for each i in order.
  Array out = internal::gather_target("repeat", x, shape);
  if (out.size() != 0) {
    const internal::AxisSplit split = internal::split_at_axis(source_shape, a);
    internal::gather_rows(ArrayAccess::bytes(x), ArrayAccess::bytes(out), split.outer, split.extent,
                          split.inner, item_size(x.dtype()), [&](auto emit) {
                            for (std::int64_t i = 0; i < length; ++i) {
                              for (std::int64_t c = count_of(i); c > 0; --c)
                                emit(i);
                            }
                          });
  }
  return out;
}

}  // namespace

Array flip(const Array& x, std::optional<Axes> axis) {
  // spec: "If axis is None, the function must flip all input array axes."
  const std::vector<std::int64_t> axes = internal::normalize_axes("flip", axis, x.ndim());
  // A view of x, as NumPy's flip: each flipped axis starts at its last index and steps back.
  Shape start(x.shape().size(), 0);
  std::vector<internal::ViewAxis> view_axes;
  for (std::int64_t d = 0; d < x.ndim(); ++d)
    view_axes.push_back({.source = d, .step = 1});
  for (const std::int64_t a : axes) {
    const auto d = static_cast<std::size_t>(a);
    if (x.shape()[d] > 0) start[d] = x.shape()[d] - 1;
    view_axes[d].step = -1;
  }
  return internal::view_of("flip", x, x.shape(), start, view_axes);
}

Array roll(const Array& x, const Axes& shift, std::optional<Axes> axis) {
  if (!axis) {
    // spec: "If axis is None, the array must be flattened, shifted, and then restored to its
    // original shape."
    if (shift.size() != 1) {
      throw InvalidArgumentError(fmt::format(
          "roll(): shift=({}) gives {} shifts but axis is None (the flattened array); give one",
          fmt::join(shift, ", "), shift.size()));
    }
    const std::int64_t size = x.size();
    return internal::rolled("roll", x, {size}, {size > 0 ? wrap(shift.front(), size) : 0});
  }
  // spec: "If shift is a tuple, then axis must be a tuple of the same size ... If shift is an int
  // and axis a tuple, then the same shift must be used for all specified axes."
  if (shift.size() != 1 && shift.size() != axis->size()) {
    throw InvalidArgumentError(fmt::format(
        "roll(): shift=({}) has {} entries but axis=({}) has {}; give one shift or one per axis",
        fmt::join(shift, ", "), shift.size(), fmt::join(*axis, ", "), axis->size()));
  }
  std::vector<std::int64_t> total(static_cast<std::size_t>(x.ndim()), 0);
  for (std::size_t i = 0; i < axis->size(); ++i) {
    const auto d = static_cast<std::size_t>(internal::normalize_axis("roll", (*axis)[i], x.ndim()));
    const std::int64_t s = shift.size() == 1 ? shift.front() : shift[i];
    // Reduced first, so that adding shifts cannot overflow.
    if (x.shape()[d] > 0) total[d] = wrap(total[d] + wrap(s, x.shape()[d]), x.shape()[d]);
  }
  return internal::rolled("roll", x, x.shape(), total);
}

Array roll(const Array& x, std::int64_t shift, std::optional<Axes> axis) {
  return roll(x, Axes{shift}, std::move(axis));
}

Array repeat(const Array& x, std::int64_t repeats, std::optional<std::int64_t> axis) {
  return repeat_counts(x, {repeats}, axis);
}

Array repeat(const Array& x, const Array& repeats, std::optional<std::int64_t> axis) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices", before anything else.
  (void)internal::common_device("repeat", {{"x", &x}, {"repeats", &repeats}});
  // spec: "If repeats is an array, the array must have an integer data type."
  if (!is_integer(repeats.dtype())) {
    throw DTypeError(
        fmt::format("repeat(): repeats has dtype {}; it needs an integer dtype", repeats.dtype()));
  }
  if (repeats.ndim() > 1) {
    throw InvalidArgumentError(fmt::format(
        "repeat(): repeats has shape {}; it must be one-dimensional, of shape (1,) or (N,)",
        shape_text(repeats.shape())));
  }
  std::vector<std::int64_t> counts;
  internal::visit_dtype(repeats.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      const T* data = ArrayAccess::data<T>(repeats);
      for (std::int64_t i = 0; i < repeats.size(); ++i) {
        // Counts beyond int64 (uint64) are negative here and so rejected: no array that long.
        counts.push_back(static_cast<std::int64_t>(data[i]));
      }
    }
  });
  return repeat_counts(x, counts, axis);
}

Array tile(const Array& x, const Shape& repetitions) {
  for (const std::int64_t r : repetitions) {
    if (r < 0) {
      throw InvalidArgumentError(fmt::format(
          "tile(): repetitions=({}) holds {}; the number of repetitions cannot be negative",
          fmt::join(repetitions, ", "), r));
    }
  }
  // spec: "If N > M, the function must prepend ones until all axes (dimensions) are specified
  // ... If N < M, the function must prepend singleton axes (dimensions) to x".
  const std::size_t ndim = std::max(repetitions.size(), x.shape().size());
  Shape source_shape(ndim - x.shape().size(), 1);
  source_shape.insert(source_shape.end(), x.shape().begin(), x.shape().end());
  Shape counts(ndim - repetitions.size(), 1);
  counts.insert(counts.end(), repetitions.begin(), repetitions.end());
  Shape shape(ndim);
  for (std::size_t d = 0; d < ndim; ++d)
    shape[d] = source_shape[d] * counts[d];
  const Shape strides = internal::contiguous_strides(source_shape);
  return internal::gather_elements("tile", x, shape, [&](const Shape& index, std::int64_t) {
    std::int64_t offset = 0;
    for (std::size_t d = 0; d < ndim; ++d)
      offset += (index[d] % source_shape[d]) * strides[d];
    return offset;
  });
}

}  // namespace strict
