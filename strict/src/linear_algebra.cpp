// matmul: the matrix product with batch broadcasting.
#include "strict/linear_algebra.hpp"

#include <array>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/broadcast.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/linalg_support.hpp"
#include "internal/matrix_product.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

using internal::Category;

[[noreturn]] void throw_shape_error(const Array& x1, const Array& x2, std::string_view why) {
  throw InvalidArgumentError(fmt::format("matmul(): x1 of shape ({}) and x2 of shape ({}) {}",
                                         fmt::join(x1.shape(), ", "), fmt::join(x2.shape(), ", "),
                                         why));
}

}  // namespace

Array matmul(const Array& x1, const Array& x2) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; checked before anything else.
  const Device device = internal::common_device("matmul", {{"x1", &x1}, {"x2", &x2}});
  internal::require_category("matmul", "x1", x1.dtype(), Category::numeric);
  internal::require_category("matmul", "x2", x2.dtype(), Category::numeric);
  const DType dtype = internal::linalg::promoted_dtype("matmul", x1, x2);
  // spec: "x1: first input array... Must have at least one dimension."
  if (x1.ndim() == 0 || x2.ndim() == 0) {
    throw_shape_error(x1, x2, "cannot be multiplied: a 0-d operand is not allowed");
  }
  // spec: a 1-d x1 is "promoted to a two-dimensional array by prepending 1 to its dimensions",
  // a 1-d x2 "by appending 1 to its dimensions"; the added dimension is removed afterwards.
  Shape a = x1.shape();
  Shape b = x2.shape();
  if (x1.ndim() == 1) a.insert(a.begin(), 1);
  if (x2.ndim() == 1) b.push_back(1);
  const std::int64_t rows = a[a.size() - 2];
  const std::int64_t inner = a.back();
  const std::int64_t columns = b.back();
  if (inner != b[b.size() - 2]) {
    throw_shape_error(x1, x2,
                      fmt::format("cannot be multiplied: the last dimension of x1 ({}) differs "
                                  "from the second-to-last dimension of x2 ({})",
                                  inner, b[b.size() - 2]));
  }
  const Shape batch_a(a.begin(), a.end() - 2);
  const Shape batch_b(b.begin(), b.end() - 2);
  Shape batch;
  try {
    batch = internal::broadcast_shapes("matmul", batch_a, batch_b);
  } catch (const InvalidArgumentError&) {
    throw_shape_error(x1, x2,
                      fmt::format("have batch dimensions ({}) and ({}) that cannot be broadcast",
                                  fmt::join(batch_a, ", "), fmt::join(batch_b, ", ")));
  }

  Shape result_shape = batch;
  if (x1.ndim() > 1) result_shape.push_back(rows);
  if (x2.ndim() > 1) result_shape.push_back(columns);
  Array out = ArrayAccess::allocate(result_shape, dtype, device,
                                    propagated_from("matmul", x1.provenance()));

  const std::array<Shape, 2> batch_strides = {internal::broadcast_strides(batch_a, batch),
                                              internal::broadcast_strides(batch_b, batch)};
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::category_allows_v<Category::numeric, T>) {
      std::vector<T> copy1;
      std::vector<T> copy2;
      const T* left = internal::linalg::elements_as(x1, copy1);
      const T* right = internal::linalg::elements_as(x2, copy2);
      T* result = ArrayAccess::data<T>(out);
      const std::int64_t left_matrix = rows * inner;
      const std::int64_t right_matrix = inner * columns;
      const std::int64_t result_matrix = rows * columns;
      const auto multiply = [&](std::int64_t index, const std::array<std::int64_t, 2>& offsets) {
        const T* l = left + offsets[0] * left_matrix;
        const T* r = right + offsets[1] * right_matrix;
        T* o = result + index * result_matrix;
        internal::multiply_matrices<T>({l}, {r}, o, rows, inner, columns);
      };
      internal::for_each_broadcast<2>(batch, batch_strides, multiply);
    }
  });
  return out;
}

}  // namespace strict
