// internal/matrix_product.hpp by Eigen's GEMM. Compiled on its own, outside the unity batches
// (strict/CMakeLists.txt): Eigen is slow to compile.
#include "internal/matrix_product.hpp"

#include <strict/interruption.hpp>

#include <algorithm>

#include <Eigen/Core>

namespace strict::internal {
namespace {

using Index = std::int64_t;

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using ColumnMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

// About this many multiply-adds between two interruption points (about ten milliseconds' work),
// and the fewest rows a block holds (fewer would leave Eigen's blocked kernels too little to do).
constexpr Index kWorkPerBlock = Index{1} << 26;
constexpr Index kFewestRows = 256;

// Rows [first, first + count) of `operand` (rows x columns), as an Eigen expression.
template <class T, class Use>
void with_rows(MatrixOperand<T> operand, Index first, Index count, Index rows, Index columns,
               Use use) {
  if (operand.transposed) {
    const Eigen::Map<const ColumnMajor<T>> matrix(operand.data, rows, columns);
    use(matrix.middleRows(first, count));
  } else {
    const Eigen::Map<const RowMajor<T>> matrix(operand.data, rows, columns);
    use(matrix.middleRows(first, count));
  }
}

}  // namespace

template <class T>
void matrix_product(MatrixOperand<T> a, MatrixOperand<T> b, T* out, Index rows, Index inner,
                    Index columns) {
  Eigen::Map<RowMajor<T>> result(out, rows, columns);
  result.setZero();
  if (inner == 0 || rows == 0 || columns == 0) return;
  // Blocks of rows, and within them of the inner dimension (the partial products summed), each
  // about kWorkPerBlock multiply-adds: a product of any shape can be stopped between two.
  const Index row_block =
      std::min(rows, std::max(kFewestRows, kWorkPerBlock / std::max<Index>(1, inner * columns)));
  const Index inner_block = std::min(
      inner, std::max(kFewestRows, kWorkPerBlock / std::max<Index>(1, row_block * columns)));
  for (Index first = 0; first < rows; first += row_block) {
    const Index count = std::min(row_block, rows - first);
    for (Index start = 0; start < inner; start += inner_block) {
      const Index length = std::min(inner_block, inner - start);
      interruption_point(count * length * columns);
      with_rows(a, first, count, rows, inner, [&](const auto& left_rows) {
        with_rows(b, start, length, inner, columns, [&](const auto& right) {
          result.middleRows(first, count).noalias() += left_rows.middleCols(start, length) * right;
        });
      });
    }
  }
}

template void matrix_product(MatrixOperand<float>, MatrixOperand<float>, float*, Index, Index,
                             Index);
template void matrix_product(MatrixOperand<double>, MatrixOperand<double>, double*, Index, Index,
                             Index);
template void matrix_product(MatrixOperand<std::complex<float>>, MatrixOperand<std::complex<float>>,
                             std::complex<float>*, Index, Index, Index);
template void matrix_product(MatrixOperand<std::complex<double>>,
                             MatrixOperand<std::complex<double>>, std::complex<double>*, Index,
                             Index, Index);

}  // namespace strict::internal
