// tensordot and vecdot: sums of products over contracted axes, in the promoted dtype. One kernel
// each (internal/tensor_products.hpp), named by the caller: the main namespace's and linalg's.
#include "strict/tensor_products.hpp"

#include <algorithm>
#include <complex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/broadcast.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/element_gather.hpp"
#include "internal/elementwise.hpp"
#include "internal/linalg_support.hpp"
#include "internal/matrix_product.hpp"
#include "internal/pairwise_sum.hpp"
#include "internal/placement.hpp"
#include "internal/reduction_kernels.hpp"
#include "internal/strides.hpp"
#include "internal/tensor_products.hpp"
#include "internal/wrapping.hpp"
#include "strict/errors.hpp"
#include "strict/interruption.hpp"

namespace strict {
namespace {

using internal::Category;

// For each multi-index of `shape` in C order, the offset sum(index[d] * strides[d]).
std::vector<std::int64_t> offsets_of(const Shape& shape, const Shape& strides) {
  std::vector<std::int64_t> out;
  const std::int64_t total = element_count(shape);
  out.reserve(static_cast<std::size_t>(total));
  Shape index(shape.size(), 0);
  std::int64_t offset = 0;
  for (std::int64_t i = 0; i < total; ++i) {
    out.push_back(offset);
    for (std::size_t d = shape.size(); d-- > 0;) {
      ++index[d];
      offset += strides[d];
      if (index[d] < shape[d]) break;
      offset -= strides[d] * index[d];
      index[d] = 0;
    }
  }
  return out;
}

// An operand of tensordot as a matrix: its `leading` axes index the rows, its `trailing` axes the
// columns. Read in place when the axes already lie in that order, or (for a floating-point
// product) in the transposed one; otherwise the elements are gathered into `gathered`.
template <class T>
internal::MatrixOperand<T> as_matrix(const T* data, const Shape& shape, const Axes& leading,
                                     const Axes& trailing, bool transposable,
                                     std::vector<T>& gathered) {
  Axes order = leading;
  order.insert(order.end(), trailing.begin(), trailing.end());
  Axes swapped = trailing;
  swapped.insert(swapped.end(), leading.begin(), leading.end());
  const auto in_memory_order = [](const Axes& axes) {
    for (std::size_t i = 0; i < axes.size(); ++i)
      if (axes[i] != static_cast<std::int64_t>(i)) return false;
    return true;
  };
  if (in_memory_order(order)) return {data, false};
  if (transposable && in_memory_order(swapped)) return {data, true};
  const Shape strides = internal::contiguous_strides(shape);
  Shape permuted_shape, permuted_strides;
  for (std::int64_t axis : order) {
    permuted_shape.push_back(shape[static_cast<std::size_t>(axis)]);
    permuted_strides.push_back(strides[static_cast<std::size_t>(axis)]);
  }
  gathered.resize(static_cast<std::size_t>(element_count(permuted_shape)));
  internal::copy_strided(reinterpret_cast<const std::byte*>(data),
                         internal::byte_strides(permuted_strides, sizeof(T)), permuted_shape,
                         sizeof(T), reinterpret_cast<std::byte*>(gathered.data()));
  return {gathered.data(), false};
}

// The checks both functions start with: one device (first), numeric dtypes, a promotion.
struct Operands {
  Device device;
  DType dtype;
};

Operands check_operands(std::string_view function, const Array& x1, const Array& x2) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; checked before anything else.
  const Device device = internal::common_device(function, {{"x1", &x1}, {"x2", &x2}});
  internal::require_category(function, "x1", x1.dtype(), Category::numeric);
  internal::require_category(function, "x2", x2.dtype(), Category::numeric);
  return {device, internal::linalg::promoted_dtype(function, x1, x2)};
}

template <class T>
T conjugate(T value) {
  if constexpr (internal::is_complex_v<T>) {
    return std::conj(value);
  } else {
    return value;
  }
}

// The contracted axes of x1 and x2, validated.
std::pair<Axes, Axes> contracted_axes(std::string_view function, const Array& x1, const Array& x2,
                                      const TensordotAxes& axes) {
  Axes axes1;
  Axes axes2;
  if (axes.is_count()) {
    const std::int64_t n = axes.count();
    if (n < 0) {
      throw InvalidArgumentError(
          fmt::format("{}(): axes={} is negative; it must be nonnegative", function, n));
    }
    if (n > x1.ndim() || n > x2.ndim()) {
      throw InvalidArgumentError(fmt::format(
          "{}(): axes={} contracts more dimensions than x1 of shape {} or x2 of shape {} has",
          function, n, shape_text(x1.shape()), shape_text(x2.shape())));
    }
    // "contraction must be performed over the last N axes of x1 and the first N axes of x2 in
    // order".
    for (std::int64_t i = 0; i < n; ++i) {
      axes1.push_back(x1.ndim() - n + i);
      axes2.push_back(i);
    }
    return {axes1, axes2};
  }
  // "Both sequences must have the same length."
  if (axes.x1_axes().size() != axes.x2_axes().size()) {
    throw InvalidArgumentError(
        fmt::format("{}(): axes has {} axes for x1 but {} for x2; both sequences must have the "
                    "same length",
                    function, axes.x1_axes().size(), axes.x2_axes().size()));
  }
  // "Each index referred to in a sequence must be unique", within [-N, N).
  auto normalized = [function](const Axes& given, std::int64_t ndim, std::string_view which) {
    Axes out;
    for (std::int64_t axis : given) {
      const std::int64_t a = internal::normalize_axis(function, axis, ndim, which);
      if (std::find(out.begin(), out.end(), a) != out.end()) {
        throw InvalidArgumentError(
            fmt::format("{}(): {} names axis {} twice", function, which, axis));
      }
      out.push_back(a);
    }
    return out;
  };
  return {normalized(axes.x1_axes(), x1.ndim(), "axes[0]"),
          normalized(axes.x2_axes(), x2.ndim(), "axes[1]")};
}

}  // namespace

namespace internal {

// The dimension `axis` names in both x1 and x2, counted from the end (a negative number). The
// standard: "Should be an integer on the interval [-N, -1], where N is min(x1.ndim, x2.ndim)";
// a non-negative axis is taken only when x1 and x2 have the same number of dimensions, where it
// names one dimension of both unambiguously.
std::int64_t axis_from_end(std::string_view function, std::int64_t axis, const Array& x1,
                           const Array& x2) {
  const std::int64_t n = std::min(x1.ndim(), x2.ndim());
  if (n == 0) {
    throw InvalidArgumentError(
        fmt::format("{}(): x1 of shape {} and x2 of shape {}: 0-d operands have no vectors",
                    function, shape_text(x1.shape()), shape_text(x2.shape())));
  }
  if (axis >= 0 && x1.ndim() != x2.ndim()) {
    throw InvalidArgumentError(fmt::format(
        "{}(): axis={} is ambiguous for x1 with {} and x2 with {} dimensions; the standard asks "
        "for a negative axis in [{}, -1], counted from the last dimension",
        function, axis, x1.ndim(), x2.ndim(), -n));
  }
  const std::int64_t from_end = axis >= 0 ? axis - n : axis;
  if (from_end < -n || from_end >= 0) {
    throw InvalidArgumentError(fmt::format(
        "{}(): axis={} is out of range for x1 of shape {} and x2 of shape {} (valid: {} to -1, "
        "counted from the last axis)",
        function, axis, shape_text(x1.shape()), shape_text(x2.shape()), -n));
  }
  return from_end;
}

Array tensordot(std::string_view function, const Array& x1, const Array& x2,
                const TensordotAxes& axes_given) {
  const Operands operands = check_operands(function, x1, x2);
  const std::pair<Axes, Axes> axes = contracted_axes(function, x1, x2, axes_given);
  const Axes& axes1 = axes.first;
  const Axes& axes2 = axes.second;
  // "Each axis (dimension) x1_axes[i] for x1 must have the same size as the respective axis
  // (dimension) x2_axes[i] for x2"; contracted axes "must not be broadcasted".
  Shape contracted;
  for (std::size_t i = 0; i < axes1.size(); ++i) {
    const std::int64_t size1 = x1.shape()[static_cast<std::size_t>(axes1[i])];
    const std::int64_t size2 = x2.shape()[static_cast<std::size_t>(axes2[i])];
    if (size1 != size2) {
      throw InvalidArgumentError(fmt::format(
          "{}(): axis {} of x1 (shape {}) has size {} but axis {} of x2 (shape {}) has size {}; "
          "contracted axes must have the same size",
          function, axes1[i], shape_text(x1.shape()), size1, axes2[i], shape_text(x2.shape()),
          size2));
    }
    contracted.push_back(size1);
  }
  // The result: "the non-contracted axes (dimensions) of the first array x1, followed by the
  // non-contracted axes (dimensions) of the second array x2".
  Axes free1, free2;
  Shape free_shape1, free_shape2;
  for (std::int64_t d = 0; d < x1.ndim(); ++d) {
    if (std::find(axes1.begin(), axes1.end(), d) != axes1.end()) continue;
    free1.push_back(d);
    free_shape1.push_back(x1.shape()[static_cast<std::size_t>(d)]);
  }
  for (std::int64_t d = 0; d < x2.ndim(); ++d) {
    if (std::find(axes2.begin(), axes2.end(), d) != axes2.end()) continue;
    free2.push_back(d);
    free_shape2.push_back(x2.shape()[static_cast<std::size_t>(d)]);
  }
  Shape result_shape = free_shape1;
  result_shape.insert(result_shape.end(), free_shape2.begin(), free_shape2.end());
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment".
  Array out = ArrayAccess::allocate(result_shape, operands.dtype, operands.device,
                                    propagated_from(function, x1.provenance()));

  const std::int64_t rows = element_count(free_shape1);
  const std::int64_t columns = element_count(free_shape2);
  const std::int64_t inner = element_count(contracted);
  internal::visit_dtype(operands.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      std::vector<T> copy1;
      std::vector<T> copy2;
      const T* left = internal::linalg::elements_as(x1, copy1);
      const T* right = internal::linalg::elements_as(x2, copy2);
      T* result = ArrayAccess::data<T>(out);
      // x1 as a rows x inner matrix (its free axes, then its contracted ones in the order given)
      // and x2 as inner x columns: read in place when the axes are already in that order or, for
      // a floating-point product, in the transposed one (tensordot(a, b, axes=1); ([0], [0]) for
      // A^T A), gathered otherwise.
      constexpr bool transposable = internal::has_matrix_product_v<T>;
      std::vector<T> gathered1;
      std::vector<T> gathered2;
      const internal::MatrixOperand<T> a =
          as_matrix(left, x1.shape(), free1, axes1, transposable, gathered1);
      const internal::MatrixOperand<T> b =
          as_matrix(right, x2.shape(), axes2, free2, transposable, gathered2);
      internal::multiply_matrices(a, b, result, rows, inner, columns);
    }
  });
  return out;
}

Array vecdot(std::string_view function, const Array& x1, const Array& x2, std::int64_t axis) {
  const Operands operands = check_operands(function, x1, x2);
  // "The function must determine the axis along which to perform the operation by counting
  // backward from the last axis".
  const std::int64_t from_end = axis_from_end(function, axis, x1, x2);
  const auto axis1 = static_cast<std::size_t>(x1.ndim() + from_end);
  const auto axis2 = static_cast<std::size_t>(x2.ndim() + from_end);
  // "The size of the axis over which to compute the dot product must be the same size as the
  // respective axis in x1" (before broadcasting).
  const std::int64_t length = x1.shape()[axis1];
  if (x2.shape()[axis2] != length) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x1 of shape {} has {} elements along axis {} but x2 of shape {} has {}; the "
        "contracted axis must have the same size in both (it is not broadcast)",
        function, shape_text(x1.shape()), length, axis, shape_text(x2.shape()), x2.shape()[axis2]));
  }
  // The other axes broadcast ("Must be compatible with x1 for all non-contracted axes").
  Shape rest1 = x1.shape();
  rest1.erase(rest1.begin() + static_cast<std::ptrdiff_t>(axis1));
  Shape rest2 = x2.shape();
  rest2.erase(rest2.begin() + static_cast<std::ptrdiff_t>(axis2));
  Shape result_shape;
  try {
    result_shape = internal::broadcast_shapes(function, rest1, rest2);
  } catch (const InvalidArgumentError&) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x1 of shape {} and x2 of shape {} cannot be broadcast together outside axis {}",
        function, shape_text(x1.shape()), shape_text(x2.shape()), axis));
  }
  // Strides of the non-contracted axes of each operand, read as the result's shape.
  auto rest_strides = [&](const Array& x, std::size_t axis, const Shape& rest) {
    Shape strides = internal::contiguous_strides(x.shape());
    const std::int64_t step = strides[axis];
    strides.erase(strides.begin() + static_cast<std::ptrdiff_t>(axis));
    Shape broadcast(result_shape.size(), 0);
    const std::size_t offset = result_shape.size() - rest.size();
    for (std::size_t d = 0; d < rest.size(); ++d)
      broadcast[d + offset] = rest[d] == 1 ? 0 : strides[d];
    return std::pair<Shape, std::int64_t>(broadcast, step);
  };
  const std::pair<Shape, std::int64_t> layout1 = rest_strides(x1, axis1, rest1);
  const std::pair<Shape, std::int64_t> layout2 = rest_strides(x2, axis2, rest2);
  const std::int64_t step1 = layout1.second;
  const std::int64_t step2 = layout2.second;
  Array out = ArrayAccess::allocate(result_shape, operands.dtype, operands.device,
                                    propagated_from(function, x1.provenance()));
  internal::visit_dtype(operands.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      std::vector<T> copy1;
      std::vector<T> copy2;
      const T* left = internal::linalg::elements_as(x1, copy1);
      const T* right = internal::linalg::elements_as(x2, copy2);
      T* result = ArrayAccess::data<T>(out);
      // "sum over i of conj(a_i) * b_i", the conjugate "if a_i is complex". The sum as sum()
      // adds (pairwise for floating types, as NumPy sums; integers wrap around, in any order).
      const auto product = [](T a, T b) { return internal::wrapping_multiply(conjugate(a), b); };
      constexpr bool pairwise = !internal::wraps_v<T>;
      if (x1.shape() == x2.shape()) {
        // Nothing broadcast: x2's element that pairs with x1's lies at the same offset, and the
        // vectors are `outer` blocks of `length` steps of `inner` vectors side by side.
        const internal::AxisSplit split =
            internal::split_at_axis(x1.shape(), static_cast<std::int64_t>(axis1));
        internal::ReductionPlan plan;
        plan.outer = split.outer;
        plan.extent = length;
        plan.inner = split.inner;
        // Reads an element of x1 by reference, and so its offset, which is its partner's.
        const auto term = [&](const T& a) { return product(a, right[&a - left]); };
        if constexpr (pairwise) {
          internal::PairwiseLanes<T> columns(length, plan.inner);
          internal::for_each_reduction(
              left, plan, internal::kPairwiseLanes,
              [&](const T* line, std::int64_t o) {
                result[o] = T{} + internal::pairwise_sum<T>(line, length, term);
              },
              [&](const T* rows, std::int64_t o, std::int64_t lanes) {
                columns.sum(
                    rows, length, plan.inner, lanes,
                    [&](const T& a, std::int64_t) { return term(a); }, result + o);
                for (std::int64_t l = 0; l < lanes; ++l)
                  result[o + l] = T{} + result[o + l];
              });
        } else {
          const auto add = [](T total, T value) { return internal::wrapping_add(total, value); };
          internal::for_each_reduction(
              left, plan, internal::kLaneBlock,
              [&](const T* line, std::int64_t o) {
                result[o] = internal::fold_line(line, length, T{}, term, add);
              },
              [&](const T* rows, std::int64_t o, std::int64_t lanes) {
                internal::fold_lanes(rows, length, plan.inner, lanes, T{}, term, add, result + o);
              });
        }
        return;
      }
      // Broadcast operands: each output's products gathered, then summed as above.
      const std::vector<std::int64_t> bases1 = offsets_of(result_shape, layout1.first);
      const std::vector<std::int64_t> bases2 = offsets_of(result_shape, layout2.first);
      std::vector<T> products(static_cast<std::size_t>(length));
      for (std::size_t i = 0; i < bases1.size(); ++i) {
        interruption_point(length);
        for (std::int64_t k = 0; k < length; ++k) {
          products[static_cast<std::size_t>(k)] =
              product(left[bases1[i] + k * step1], right[bases2[i] + k * step2]);
        }
        const auto same = [](T value) { return value; };
        if constexpr (pairwise) {
          result[i] = T{} + internal::pairwise_sum<T>(products.data(), length, same, true);
        } else {
          result[i] = internal::fold_line(products.data(), length, T{}, same, [](T total, T value) {
            return internal::wrapping_add(total, value);
          });
        }
      }
    }
  });
  return out;
}

}  // namespace internal

Array tensordot(const Array& x1, const Array& x2, const TensordotOptions& options) {
  return internal::tensordot("tensordot", x1, x2, options.axes);
}

Array vecdot(const Array& x1, const Array& x2, const VecdotOptions& options) {
  return internal::vecdot("vecdot", x1, x2, options.axis);
}

}  // namespace strict
