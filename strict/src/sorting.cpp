// sort and argsort: each line along one axis sorted, NaNs last; stable unless stable=False.
#include "strict/sorting.hpp"

#include <algorithm>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/sort_order.hpp"
#include "strict/interruption.hpp"

namespace strict {
namespace {

using internal::Category;

// Sorts [first, last) into strict's order, NaNs last: NaNs are set apart first (in their original
// order), so the sort itself compares with plain < (or >). `key` gives the value of an element.
// "stable: ... If True, the returned array must maintain the relative order of x values which
// compare as equal. If False, the returned array may or may not maintain the relative order of x
// values which compare as equal." Integers that compare equal are the same value, so any sort
// keeps their order; floating-point -0 and +0 compare equal and are told apart, so a stable sort
// must keep them in place.
template <class It, class Key>
void sort_range(It first, It last, Key key, bool descending, bool stable) {
  const auto numbers_end = std::stable_partition(
      first, last, [&](const auto& e) { return !internal::is_nan_value(key(e)); });
  const auto sort_by = [&](auto before) {
    const auto compare = [&](const auto& a, const auto& b) { return before(key(a), key(b)); };
    if (stable) {
      std::stable_sort(first, numbers_end, compare);
    } else {
      std::sort(first, numbers_end, compare);
    }
  };
  if (descending) {
    sort_by([](const auto& a, const auto& b) { return internal::descending_before(a, b); });
  } else {
    sort_by([](const auto& a, const auto& b) { return internal::ascending_before(a, b); });
  }
}

// The lines of x along the axis, each handed to a line function that make(tag, extent) returns
// once per call (so that it owns its buffer), as line_function(line_offset, stride): the line's
// elements are x's elements line_offset + k * stride, k < extent; tag names the dtype's C++ type.
template <class MakeLineFunction>
void for_each_line(std::string_view function, const Array& x, std::int64_t axis,
                   MakeLineFunction&& make) {
  // sorting_functions.py: "x: input array. Should have a real-valued data type."
  internal::require_category(function, "x", x.dtype(), Category::real_numeric);
  const internal::AxisSplit split =
      internal::split_at_axis(x.shape(), internal::normalize_axis(function, axis, x.ndim()));
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::real_numeric, T>) {
      auto line_function = make(tag, split.extent);
      for (std::int64_t outer = 0; outer < split.outer; ++outer) {
        for (std::int64_t inner = 0; inner < split.inner; ++inner) {
          interruption_point(split.extent * 16);  // n log n comparisons, each a few operations
          line_function(outer * split.extent * split.inner + inner, split.inner);
        }
      }
    }
  });
}

}  // namespace

Array sort(const Array& x, const SortOptions& options) {
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as
  // possible (e.g. output arrays from a function are expected to be on the same device as input
  // arrays to the function)."
  Array out = ArrayAccess::allocate(x.shape(), x.dtype(), x.device(),
                                    propagated_from("sort", x.provenance()));
  // Each line is copied out, sorted as values alone (half the data an index would add) and
  // written back, so the sort reads contiguous memory whatever the axis.
  for_each_line("sort", x, options.axis, [&](auto tag, std::int64_t extent) {
    using T = typename decltype(tag)::type;
    return [&, extent, data = ArrayAccess::data<T>(x), result = ArrayAccess::data<T>(out),
            values = std::vector<T>(static_cast<std::size_t>(extent))](
               std::int64_t line, std::int64_t stride) mutable {
      for (std::int64_t k = 0; k < extent; ++k)
        values[static_cast<std::size_t>(k)] = data[line + k * stride];
      // Equal integers are the same value: sorted unstably they give the same array.
      sort_range(
          values.begin(), values.end(), [](T value) { return value; }, options.descending,
          options.stable && std::is_floating_point_v<T>);
      for (std::int64_t k = 0; k < extent; ++k)
        result[line + k * stride] = values[static_cast<std::size_t>(k)];
    };
  });
  return out;
}

Array argsort(const Array& x, const SortOptions& options) {
  std::vector<std::int64_t> indices(static_cast<std::size_t>(x.size()));
  for_each_line("argsort", x, options.axis, [&](auto tag, std::int64_t extent) {
    using T = typename decltype(tag)::type;
    // Each element with its position along the line: the position is the result.
    return [&, extent, data = ArrayAccess::data<T>(x),
            keyed = std::vector<std::pair<T, std::int64_t>>(static_cast<std::size_t>(extent))](
               std::int64_t line, std::int64_t stride) mutable {
      for (std::int64_t k = 0; k < extent; ++k)
        keyed[static_cast<std::size_t>(k)] = {data[line + k * stride], k};
      sort_range(
          keyed.begin(), keyed.end(), [](const auto& e) { return e.first; }, options.descending,
          options.stable);
      for (std::int64_t k = 0; k < extent; ++k)
        indices[static_cast<std::size_t>(line + k * stride)] =
            keyed[static_cast<std::size_t>(k)].second;
    };
  });
  // "an array of indices. The returned array must have the same shape as x. The returned array
  // must have the default array index data type", on x's device ("Preserve device assignment").
  return internal::index_array(x.shape(), indices, x.device(),
                               propagated_from("argsort", x.provenance()));
}

}  // namespace strict
