// sort and argsort: a stable sort of each line along one axis, NaNs last.
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

// Sorts `keyed` (each element's value and its position along the line) into strict's order,
// stably: NaNs last in their original order, the rest by value. NaNs are set apart first, so the
// sort itself compares with plain < (or >): "stable: ... If True, the returned array must
// maintain the relative order of x values which compare as equal"; strict is always stable, which
// stable=False also allows.
template <class T>
void sort_keyed(std::vector<std::pair<T, std::int64_t>>& keyed, bool descending) {
  const auto numbers_end = std::stable_partition(
      keyed.begin(), keyed.end(), [](const auto& k) { return !internal::is_nan_value(k.first); });
  if (descending) {
    std::stable_sort(keyed.begin(), numbers_end, [](const auto& a, const auto& b) {
      return internal::descending_before(a.first, b.first);
    });
  } else {
    std::stable_sort(keyed.begin(), numbers_end, [](const auto& a, const auto& b) {
      return internal::ascending_before(a.first, b.first);
    });
  }
}

// For each line of x along the axis, its elements in sorted order, each with its position along
// the line: calls f(line_offset, stride, keyed), where element k of the sorted line is x's
// element line_offset + keyed[k].second * stride, of value keyed[k].first. The line is copied
// out first, so the sort reads contiguous memory whatever the axis.
template <class F>
void for_each_sorted_line(std::string_view function, const Array& x, const SortOptions& options,
                          F&& f) {
  // sorting_functions.py: "x: input array. Should have a real-valued data type."
  internal::require_category(function, "x", x.dtype(), Category::real_numeric);
  const std::int64_t axis = internal::normalize_axis(function, options.axis, x.ndim());
  const internal::AxisSplit split = internal::split_at_axis(x.shape(), axis);
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::real_numeric, T>) {
      const T* data = ArrayAccess::data<T>(x);
      std::vector<std::pair<T, std::int64_t>> keyed(static_cast<std::size_t>(split.extent));
      for (std::int64_t outer = 0; outer < split.outer; ++outer) {
        for (std::int64_t inner = 0; inner < split.inner; ++inner) {
          const std::int64_t line = outer * split.extent * split.inner + inner;
          interruption_point(split.extent * 16);  // n log n comparisons, each a few operations
          for (std::int64_t k = 0; k < split.extent; ++k)
            keyed[static_cast<std::size_t>(k)] = {data[line + k * split.inner], k};
          sort_keyed(keyed, options.descending);
          f(line, split.inner, keyed);
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
  for_each_sorted_line("sort", x, options,
                       [&](std::int64_t line, std::int64_t stride, const auto& keyed) {
                         using T = typename std::decay_t<decltype(keyed)>::value_type::first_type;
                         T* result = ArrayAccess::data<T>(out);
                         for (std::size_t k = 0; k < keyed.size(); ++k)
                           result[line + static_cast<std::int64_t>(k) * stride] = keyed[k].first;
                       });
  return out;
}

Array argsort(const Array& x, const SortOptions& options) {
  std::vector<std::int64_t> indices(static_cast<std::size_t>(x.size()));
  for_each_sorted_line(
      "argsort", x, options, [&](std::int64_t line, std::int64_t stride, const auto& keyed) {
        for (std::size_t k = 0; k < keyed.size(); ++k)
          indices[static_cast<std::size_t>(line + static_cast<std::int64_t>(k) * stride)] =
              keyed[k].second;
      });
  // "an array of indices. The returned array must have the same shape as x. The returned array
  // must have the default array index data type", on x's device ("Preserve device assignment").
  return internal::index_array(x.shape(), indices, x.device(),
                               propagated_from("argsort", x.provenance()));
}

}  // namespace strict
