// Shape and dtype checks shared by the functions of strict::linalg (internal/linalg_support.hpp).
#include "internal/linalg_support.hpp"

#include <fmt/format.h>

#include "internal/elementwise.hpp"
#include "strict/errors.hpp"

namespace strict::internal::linalg {

MatrixStack matrix_stack(std::string_view function, std::string_view parameter, const Array& x,
                         bool square) {
  // linalg.py: "input array having shape (..., M, N) and whose innermost two dimensions form
  // MxN matrices" ("(..., M, M) ... square matrices" where the function needs them square).
  if (x.ndim() < 2) {
    throw InvalidArgumentError(
        fmt::format("{}(): {} of shape ({}) is not a matrix or a stack of matrices; it needs at "
                    "least two dimensions",
                    function, parameter, fmt::join(x.shape(), ", ")));
  }
  MatrixStack stack;
  stack.batch.assign(x.shape().begin(), x.shape().end() - 2);
  stack.rows = x.shape()[x.shape().size() - 2];
  stack.columns = x.shape().back();
  if (square && stack.rows != stack.columns) {
    throw InvalidArgumentError(
        fmt::format("{}(): {} of shape ({}) is not a stack of square matrices: its last two "
                    "dimensions are {} and {}",
                    function, parameter, fmt::join(x.shape(), ", "), stack.rows, stack.columns));
  }
  return stack;
}

Shape stacked(const Shape& batch, std::int64_t rows, std::int64_t columns) {
  Shape shape = batch;
  if (rows >= 0) shape.push_back(rows);
  if (columns >= 0) shape.push_back(columns);
  return shape;
}

std::string matrix_name(std::string_view parameter, const Shape& batch, std::int64_t index) {
  if (batch.empty()) return std::string(parameter);
  Shape position(batch.size());
  for (std::size_t d = batch.size(); d-- > 0;) {
    position[d] = index % batch[d];
    index /= batch[d];
  }
  return fmt::format("{}[{}]", parameter, fmt::join(position, ", "));
}

void require_floating(std::string_view function, std::string_view parameter, const Array& x) {
  require_category(function, parameter, x.dtype(), Category::floating);
}

DType promoted_dtype(std::string_view function, const Array& x1, const Array& x2) {
  return promote_dtypes(function, x1.dtype(), x2.dtype());
}

Array result_like(std::string_view function, const Array& x, Shape shape, DType dtype) {
  return ArrayAccess::allocate(std::move(shape), dtype, x.device(),
                               propagated_from(function, x.provenance()));
}

}  // namespace strict::internal::linalg
