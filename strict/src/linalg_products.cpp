// strict::linalg products and views: matmul, matrix_transpose, tensordot, vecdot, outer, cross,
// diagonal, trace. tensordot and vecdot share the main namespace's kernels (tensor_products.cpp).
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/broadcast.hpp"
#include "internal/elementwise.hpp"
#include "internal/linalg_support.hpp"
#include "internal/placement.hpp"
#include "internal/strides.hpp"
#include "internal/tensor_products.hpp"
#include "internal/view.hpp"
#include "internal/wrapping.hpp"
#include "strict/errors.hpp"
#include "strict/linalg.hpp"
#include "strict/linear_algebra.hpp"

namespace strict::linalg {
namespace {

using internal::Category;
using internal::linalg::MatrixStack;
using internal::linalg::read_as;
using internal::linalg::result_like;

void require_numeric_pair(std::string_view function, const Array& x1, const Array& x2) {
  internal::require_category(function, "x1", x1.dtype(), Category::numeric);
  internal::require_category(function, "x2", x2.dtype(), Category::numeric);
}

std::int64_t size_from_end(const Array& x, std::int64_t from_end) {
  return x.shape()[static_cast<std::size_t>(x.ndim() + from_end)];
}

// The shape x1 and x2 broadcast to, naming `function` and both shapes when they cannot.
Shape broadcast_pair(std::string_view function, const Array& x1, const Array& x2) {
  try {
    return internal::broadcast_shapes(function, x1.shape(), x2.shape());
  } catch (const InvalidArgumentError&) {
    throw InvalidArgumentError(
        fmt::format("{}(): x1 of shape ({}) and x2 of shape ({}) cannot be broadcast together",
                    function, fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", ")));
  }
}

}  // namespace

Array matmul(const Array& x1, const Array& x2) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; named as linalg.matmul before matmul checks anything.
  internal::common_device("linalg.matmul", {{"x1", &x1}, {"x2", &x2}});
  const Array product = strict::matmul(x1, x2);
  return ArrayAccess::view(product, product.shape(),
                           propagated_from("linalg.matmul", x1.provenance()));
}

Array matrix_transpose(const Array& x) {
  constexpr std::string_view name = "linalg.matrix_transpose";
  (void)internal::linalg::matrix_stack(name, "x", x, false);
  // A view of x, as the main namespace's matrix_transpose and array-api-strict's (NumPy's
  // swapaxes) are; a view stays on x's device.
  return internal::last_two_swapped(name, x);
}

// linalg.tensordot and linalg.vecdot are the main namespace's functions ("Alias for tensordot()",
// "Alias for vecdot()" in linalg.py): one kernel each, named as linalg.* in errors and provenance.
Array tensordot(const Array& x1, const Array& x2, const TensordotOptions& options) {
  if (const auto* count = std::get_if<std::int64_t>(&options.axes))
    return internal::tensordot("linalg.tensordot", x1, x2, TensordotAxes(*count));
  const AxisPairs& pairs = std::get<AxisPairs>(options.axes);
  return internal::tensordot("linalg.tensordot", x1, x2, TensordotAxes(pairs.x1, pairs.x2));
}

Array vecdot(const Array& x1, const Array& x2, const VecdotOptions& options) {
  return internal::vecdot("linalg.vecdot", x1, x2, options.axis);
}

Array outer(const Array& x1, const Array& x2) {
  constexpr std::string_view name = "linalg.outer";
  const Device device = internal::common_device(name, {{"x1", &x1}, {"x2", &x2}});
  require_numeric_pair(name, x1, x2);
  const DType dtype = internal::linalg::promoted_dtype(name, x1, x2);
  if (x1.ndim() != 1 || x2.ndim() != 1) {
    throw InvalidArgumentError(
        fmt::format("{}(): x1 of shape ({}) and x2 of shape ({}) must both be one-dimensional",
                    name, fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", ")));
  }
  const std::int64_t rows = x1.size();
  const std::int64_t columns = x2.size();
  Array out = ArrayAccess::allocate(Shape{rows, columns}, dtype, device,
                                    propagated_from(name, x1.provenance()));
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      const std::vector<T> a = read_as<T>(x1);
      const std::vector<T> b = read_as<T>(x2);
      T* result = ArrayAccess::data<T>(out);
      for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < columns; ++j)
          result[i * columns + j] = internal::wrapping_multiply(a[static_cast<std::size_t>(i)],
                                                                b[static_cast<std::size_t>(j)]);
    }
  });
  return out;
}

Array cross(const Array& x1, const Array& x2, const CrossOptions& options) {
  constexpr std::string_view name = "linalg.cross";
  const Device device = internal::common_device(name, {{"x1", &x1}, {"x2", &x2}});
  require_numeric_pair(name, x1, x2);
  const DType dtype = internal::linalg::promoted_dtype(name, x1, x2);
  const std::int64_t from_end = internal::axis_from_end(name, options.axis, x1, x2);
  // "The size of the axis over which the cross product is to be computed must be equal to 3"
  // in both, before broadcasting.
  if (size_from_end(x1, from_end) != 3 || size_from_end(x2, from_end) != 3) {
    throw InvalidArgumentError(fmt::format(
        "{}(): x1 of shape ({}) and x2 of shape ({}) have sizes {} and {} along axis={}; both "
        "must be 3",
        name, fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", "), size_from_end(x1, from_end),
        size_from_end(x2, from_end), options.axis));
  }
  const Shape full = broadcast_pair(name, x1, x2);
  const std::size_t axis = full.size() - static_cast<std::size_t>(-from_end);
  Shape iteration = full;
  iteration[axis] = 1;
  const std::array<Shape, 3> strides = {internal::broadcast_strides(x1.shape(), full),
                                        internal::broadcast_strides(x2.shape(), full),
                                        internal::contiguous_strides(full)};
  Array out = ArrayAccess::allocate(full, dtype, device, propagated_from(name, x1.provenance()));
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      const std::vector<T> a = read_as<T>(x1);
      const std::vector<T> b = read_as<T>(x2);
      T* result = ArrayAccess::data<T>(out);
      internal::for_each_broadcast<3>(
          iteration, strides, [&](std::int64_t, const std::array<std::int64_t, 3>& offsets) {
            const auto u = [&](std::int64_t k) {
              return a[static_cast<std::size_t>(offsets[0] + k * strides[0][axis])];
            };
            const auto v = [&](std::int64_t k) {
              return b[static_cast<std::size_t>(offsets[1] + k * strides[1][axis])];
            };
            const auto difference = [](T p, T q) { return internal::wrapping_subtract(p, q); };
            const auto product = [](T p, T q) { return internal::wrapping_multiply(p, q); };
            const std::int64_t step = strides[2][axis];
            result[offsets[2]] = difference(product(u(1), v(2)), product(u(2), v(1)));
            result[offsets[2] + step] = difference(product(u(2), v(0)), product(u(0), v(2)));
            result[offsets[2] + 2 * step] = difference(product(u(0), v(1)), product(u(1), v(0)));
          });
    }
  });
  return out;
}

Array diagonal(const Array& x, const DiagonalOptions& options) {
  constexpr std::string_view name = "linalg.diagonal";
  const MatrixStack stack = internal::linalg::matrix_stack(name, "x", x, false);
  const std::int64_t offset = options.offset;
  // Above the main diagonal the offset shortens the columns, below it the rows.
  const std::int64_t length =
      std::max<std::int64_t>(0, offset >= 0 ? std::min(stack.rows, stack.columns - offset)
                                            : std::min(stack.rows + offset, stack.columns));
  Array out = result_like(name, x, internal::linalg::stacked(stack.batch, length), x.dtype());
  if (length == 0) return out;
  const std::int64_t first_row = offset >= 0 ? 0 : -offset;
  const std::int64_t first_column = offset >= 0 ? offset : 0;
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = ArrayAccess::data<T>(x);
    T* result = ArrayAccess::data<T>(out);
    for (std::int64_t b = 0; b < stack.count(); ++b)
      for (std::int64_t i = 0; i < length; ++i)
        result[b * length + i] =
            in[b * stack.matrix_size() + (first_row + i) * stack.columns + first_column + i];
  });
  return out;
}

Array trace(const Array& x, const TraceOptions& options) {
  constexpr std::string_view name = "linalg.trace";
  internal::require_category(name, "x", x.dtype(), Category::numeric);
  const MatrixStack stack = internal::linalg::matrix_stack(name, "x", x, false);
  DType dtype = x.dtype();
  if (options.dtype) {
    internal::require_category(name, "dtype", *options.dtype, Category::numeric);
    if (is_complex_floating(x.dtype()) && !is_complex_floating(*options.dtype)) {
      throw DTypeError(fmt::format(
          "{}(): x has the complex dtype {}, which cannot be cast to dtype={}; ask for a complex "
          "dtype",
          name, x.dtype(), *options.dtype));
    }
    dtype = *options.dtype;
  } else {
    // linalg.py, trace: "If None, the returned array must have the same data type as x, unless x
    // has an integer data type supporting a smaller range of values than the default integer
    // data type"; the default is that of x's device.
    const DType default_integer = x.device().spec().default_dtypes.integral;
    const std::size_t default_size = item_size(default_integer);
    if (is_signed_integer(x.dtype()) && item_size(x.dtype()) < default_size) {
      dtype = default_integer;
    } else if (is_unsigned_integer(x.dtype()) && item_size(x.dtype()) < default_size) {
      dtype = integer_dtype_of_size(default_size, false);
    }
  }
  Array out = result_like(name, x, stack.batch, dtype);
  const std::int64_t offset = options.offset;
  const std::int64_t length =
      std::max<std::int64_t>(0, offset >= 0 ? std::min(stack.rows, stack.columns - offset)
                                            : std::min(stack.rows + offset, stack.columns));
  const std::int64_t first_row = length > 0 && offset < 0 ? -offset : 0;
  const std::int64_t first_column = length > 0 && offset > 0 ? offset : 0;
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      // "the input array should be cast to the specified data type before computing the sum":
      // each element on the diagonal is, and only those are read.
      T* result = ArrayAccess::data<T>(out);
      internal::visit_dtype(x.dtype(), [&](auto input_tag) {
        using In = typename decltype(input_tag)::type;
        const In* a = ArrayAccess::data<In>(x);
        for (std::int64_t b = 0; b < stack.count(); ++b) {
          T total{};
          for (std::int64_t i = 0; i < length; ++i) {
            total = internal::wrapping_add(
                total, internal::convert_element<T>(
                           a[b * stack.matrix_size() + (first_row + i) * stack.columns +
                             first_column + i]));
          }
          result[b] = total;
        }
      });
    }
  });
  return out;
}

}  // namespace strict::linalg
