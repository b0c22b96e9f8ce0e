// The floating-point matrix product under matmul and tensordot: Eigen's blocked, vectorised
// GEMM (matrix_product.cpp), as BLAS computes NumPy's; float32 and complex64 are multiplied and
// summed in their own precision, as NumPy's sgemm and cgemm do. Integer products wrap around
// (wrapping_matrix_product, below).
#pragma once

#include <algorithm>
#include <complex>
#include <cstdint>
#include <type_traits>

#include "internal/wrapping.hpp"
#include "strict/interruption.hpp"

namespace strict::internal {

template <class T>
inline constexpr bool has_matrix_product_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>;

// One operand: `rows` x `columns` elements at `data`, C-contiguous, or, when `transposed`, the
// transpose of the C-contiguous `columns` x `rows` matrix at `data` (read in place, no copy).
template <class T>
struct MatrixOperand {
  const T* data;
  bool transposed = false;
};

// out (rows x columns, C-contiguous) = a (rows x inner) times b (inner x columns). Calls
// strict::interruption_point between blocks of rows, so a long product can be stopped.
template <class T>
void matrix_product(MatrixOperand<T> a, MatrixOperand<T> b, T* out, std::int64_t rows,
                    std::int64_t inner, std::int64_t columns);

// The same for integers, which wrap around (two's complement, as NumPy's do): a and b
// C-contiguous. Row i of the result accumulates a[i, k] * (row k of b) for k in order, reading b
// along its memory.
template <class T>
void wrapping_matrix_product(const T* a, const T* b, T* out, std::int64_t rows, std::int64_t inner,
                             std::int64_t columns) {
  for (std::int64_t i = 0; i < rows; ++i) {
    interruption_point(inner * columns);
    T* row = out + i * columns;
    std::fill(row, row + columns, T{});
    for (std::int64_t k = 0; k < inner; ++k) {
      const T factor = a[i * inner + k];
      const T* b_row = b + k * columns;
      for (std::int64_t j = 0; j < columns; ++j)
        row[j] = wrapping_add(row[j], wrapping_multiply(factor, b_row[j]));
    }
  }
}

// out = a times b for every numeric T: matrix_product for the floating types, the wrapping loop
// for integers (whose operands are never transposed: callers pass `transposed` only where
// has_matrix_product_v holds).
template <class T>
void multiply_matrices(MatrixOperand<T> a, MatrixOperand<T> b, T* out, std::int64_t rows,
                       std::int64_t inner, std::int64_t columns) {
  if constexpr (has_matrix_product_v<T>) {
    matrix_product<T>(a, b, out, rows, inner, columns);
  } else {
    wrapping_matrix_product(a.data, b.data, out, rows, inner, columns);
  }
}

}  // namespace strict::internal
