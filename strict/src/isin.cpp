// isin (2025.12): membership of x1's elements in the values of x2, integers compared in their
// promoted dtype.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"
#include "strict/interruption.hpp"
#include "strict/set.hpp"

namespace strict {
namespace {

// The operand's elements converted to T: one for a Python scalar.
template <class T>
std::vector<T> elements_as(const ArrayOrScalar& operand) {
  if (!operand.is_array()) return {operand.scalar().template as<T>()};
  const Array& a = operand.array();
  std::vector<T> out(static_cast<std::size_t>(a.size()));
  internal::visit_dtype(a.dtype(), [&](auto tag) {
    using In = typename decltype(tag)::type;
    const In* data = ArrayAccess::data<In>(a);
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = internal::convert_element<T>(data[i]);
  });
  return out;
}

}  // namespace

Array isin(const ArrayOrScalar& x1, const ArrayOrScalar& x2, IsinOptions options) {
  constexpr std::string_view name = "isin";
  if (!x1.is_array() && !x2.is_array()) {
    throw InvalidArgumentError(
        "isin(): at least one of x1 and x2 must be an array; both are Python scalars");
  }
  // spec/2025.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; 0-d arrays are no exception. Devices first, as for every binary
  // function: the error a caller most needs to see.
  std::vector<internal::NamedArray> named;
  if (x1.is_array()) named.push_back({"x1", &x1.array()});
  if (x2.is_array()) named.push_back({"x2", &x2.array()});
  const Device device = internal::common_device(name, named);
  // set_functions.py (2025.12): x1 and x2 "Should have an integer data type", and the signature
  // takes `Union[array, int]`: strict turns the "should" into a DTypeError, as for every dtype
  // category (array-api-strict does the same), so a Python scalar must be an int as well
  // (require_scalar_fits refuses bool, float and complex beside an integer array).
  for (const internal::NamedArray& input : named)
    internal::require_category(name, input.name, input.array->dtype(), internal::Category::integer);
  // "Comparison of arrays without a corresponding promotable data type ... is unspecified":
  // strict raises DTypeError (uint64 with a signed dtype), and an int outside an array's dtype
  // raises as it does for every function mixing arrays with Python scalars.
  const DType common = internal::binary_result_dtype(name, x1, x2);
  const Array& placed = x1.is_array() ? x1.array() : x2.array();
  // "If x1 is an array, the returned array must have the same shape as x1; otherwise, the
  // returned array must be a zero-dimensional array": x2 is a set of values, never broadcast.
  Array out = ArrayAccess::allocate(x1.is_array() ? x1.array().shape() : Shape{}, DType::bool_,
                                    device, propagated_from(name, placed.provenance()));
  internal::visit_dtype(common, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::is_integer_v<T>) {
      // Integers in one dtype: value equality is ==.
      const std::vector<T> needles = elements_as<T>(x1);
      std::vector<T> values = elements_as<T>(x2);
      bool* result = ArrayAccess::data<bool>(out);
      if (values.empty()) {
        std::fill_n(result, needles.size(), options.invert);
        return;
      }
      const auto [low, high] = std::minmax_element(values.begin(), values.end());
      const T lowest = *low;
      const T highest = *high;
      // The span of x2's values, exact in 64 bits for every integer dtype (the difference of two
      // int64 values as uint64 is the true one).
      const auto offset = [lowest](T v) {
        return static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(lowest);
      };
      const std::uint64_t span = offset(highest);
      const std::uint64_t elements = needles.size() + values.size();
      if (span < std::max<std::uint64_t>(std::uint64_t{1} << 16, 4 * elements)) {
        // A table over that span, where it is no larger than a few times the data: one lookup
        // per element (NumPy's kind="table"), where a binary search per element was 17x NumPy.
        std::vector<char> present(span + 1, 0);
        for (const T v : values)
          present[offset(v)] = 1;
        for (std::size_t i = 0; i < needles.size(); ++i) {
          const T v = needles[i];
          const bool found = v >= lowest && v <= highest && present[offset(v)] != 0;
          result[i] = found != options.invert;
        }
        return;
      }
      // Otherwise a sorted x2 answers each lookup in log(len(x2)) steps.
      std::sort(values.begin(), values.end());
      for (std::size_t i = 0; i < needles.size(); ++i) {
        interruption_point(64);
        const bool found = std::binary_search(values.begin(), values.end(), needles[i]);
        result[i] = found != options.invert;
      }
    } else {
      __builtin_unreachable();  // require_category rejected it
    }
  });
  return out;
}

}  // namespace strict
