// unique_all, unique_counts, unique_inverse, unique_values: one pass that sorts the flattened
// elements and groups equal ones.
#include "strict/set.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "internal/array_access.hpp"
#include "internal/dispatch.hpp"
#include "internal/sort_order.hpp"
#include "strict/default_device.hpp"
#include "strict/fault.hpp"
#include "strict/interruption.hpp"

namespace strict {
namespace {

// Everything any unique_* function returns, as plain indices.
struct Groups {
  std::vector<std::int64_t> first;    // per unique value: its first occurrence in flattened x
  std::vector<std::int64_t> inverse;  // per element of x: the index of its unique value
  std::vector<std::int64_t> counts;   // per unique value: how many elements equal it
};

Groups group_equal_elements(const Array& x) {
  Groups groups;
  const auto n = static_cast<std::size_t>(x.size());
  groups.inverse.assign(n, 0);
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = ArrayAccess::data<T>(x);
    // Each element with its position, sorted where they lie in memory (an index sort that read
    // the values through the positions was 17x NumPy at 10^6 elements). NaNs set apart first, in
    // their order; the sort is stable, so the first element of each group is its first occurrence
    // in x.
    std::vector<std::pair<T, std::int64_t>> keyed(n);
    for (std::size_t i = 0; i < n; ++i)
      keyed[i] = {data[i], static_cast<std::int64_t>(i)};
    const auto numbers_end = std::stable_partition(
        keyed.begin(), keyed.end(), [](const auto& k) { return !internal::is_nan_value(k.first); });
    std::stable_sort(keyed.begin(), numbers_end, [](const auto& a, const auto& b) {
      return internal::ascending_before(a.first, b.first);
    });
    interruption_point(static_cast<std::int64_t>(n) * 16);
    for (const auto& [value, i] : keyed) {
      // set_functions.py: "Uniqueness should be determined based on value equality (see
      // equal())": NaNs (and complex values with a NaN component) equal nothing, so each is its
      // own unique value with a count of one; -0 == +0, so signed zeros form one group, whose
      // value is the first to occur in x.
      const bool same = !groups.first.empty() && data[groups.first.back()] == value;
      if (!same) {
        groups.first.push_back(i);
        groups.counts.push_back(0);
      }
      groups.inverse[static_cast<std::size_t>(i)] =
          static_cast<std::int64_t>(groups.first.size()) - 1;
      ++groups.counts.back();
    }
  });
  return groups;
}

// "a one-dimensional array containing the unique elements of x. The array must have the same
// data type as x", on x's device (spec/2024.12/design_topics/device_support.rst: "Preserve
// device assignment").
// Fault unique_on_default_device (dask#7482's class: unique assembled on the host): every
// result lands on the default device.
Device result_device(const Array& x) {
  return fault::is_active(fault::Fault::unique_on_default_device) ? default_device() : x.device();
}

Array unique_elements(std::string_view function, const Array& x, const Groups& groups) {
  Array values =
      ArrayAccess::allocate(Shape{static_cast<std::int64_t>(groups.first.size())}, x.dtype(),
                            result_device(x), propagated_from(function, x.provenance()));
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = ArrayAccess::data<T>(x);
    T* out = ArrayAccess::data<T>(values);
    for (std::size_t u = 0; u < groups.first.size(); ++u)
      out[u] = data[groups.first[u]];
  });
  return values;
}

// An index array on x's device with the device's "default array index data type".
Array indices_of(std::string_view function, const Array& x, const Shape& shape,
                 const std::vector<std::int64_t>& indices) {
  return internal::index_array(shape, indices, result_device(x),
                               propagated_from(function, x.provenance()));
}

Shape one_dimensional(const Groups& groups) {
  return Shape{static_cast<std::int64_t>(groups.first.size())};
}

}  // namespace

UniqueAllResult unique_all(const Array& x) {
  const Groups groups = group_equal_elements(x);
  return {.values = unique_elements("unique_all", x, groups),
          .indices = indices_of("unique_all", x, one_dimensional(groups), groups.first),
          // "The array must have the same shape as x."
          .inverse_indices = indices_of("unique_all", x, x.shape(), groups.inverse),
          .counts = indices_of("unique_all", x, one_dimensional(groups), groups.counts)};
}

UniqueCountsResult unique_counts(const Array& x) {
  const Groups groups = group_equal_elements(x);
  return {.values = unique_elements("unique_counts", x, groups),
          .counts = indices_of("unique_counts", x, one_dimensional(groups), groups.counts)};
}

UniqueInverseResult unique_inverse(const Array& x) {
  const Groups groups = group_equal_elements(x);
  return {.values = unique_elements("unique_inverse", x, groups),
          .inverse_indices = indices_of("unique_inverse", x, x.shape(), groups.inverse)};
}

Array unique_values(const Array& x) {
  return unique_elements("unique_values", x, group_equal_elements(x));
}

}  // namespace strict
