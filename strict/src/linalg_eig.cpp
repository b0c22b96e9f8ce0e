// strict::linalg eig and eigvals (2025.12): eigenvalues and eigenvectors of general square
// matrices, by Eigen's complex Schur decomposition (ComplexEigenSolver), in double precision.
#include <complex>
#include <vector>

#include <fmt/format.h>
#include <Eigen/Eigenvalues>

#include "internal/linalg_support.hpp"
#include "strict/errors.hpp"
#include "strict/linalg.hpp"

namespace strict::linalg {
namespace {

using internal::linalg::Complex;
using internal::linalg::MatrixStack;
using internal::linalg::result_like;
using internal::linalg::stacked;
using internal::linalg::write_into;
using ComplexMatrix = Eigen::Matrix<Complex, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// linalg.py (2025.12), eig and eigvals: the results "must have a complex floating-point array data
// type having the same precision as that of x" (float32 -> complex64, float64 -> complex128). On a
// device without that dtype (no_float64 has no complex128) result_like raises
// UnsupportedDTypeError, as every function whose result dtype the device lacks.
DType eigen_dtype(DType x) {
  return is_complex_floating(x) ? x : complex_dtype_of(x);
}

// Eigenvalues of every matrix of the stack into `values` (count x M), eigenvectors (count x M x M,
// the columns of each matrix, unit 2-norm as LAPACK and Eigen give them) into `vectors` when asked.
void general_eigen_stack(std::string_view name, const MatrixStack& stack, const Array& x,
                         std::vector<Complex>& values, std::vector<Complex>* vectors) {
  const std::int64_t m = stack.rows;
  const std::vector<Complex> a = internal::linalg::read_as<Complex>(x);
  values.assign(static_cast<std::size_t>(stack.count() * m), Complex{});
  if (vectors != nullptr) vectors->assign(static_cast<std::size_t>(stack.count() * m * m), {});
  Eigen::ComplexEigenSolver<ComplexMatrix> solver;
  for (std::int64_t b = 0; b < stack.count(); ++b) {
    if (m == 0) continue;
    const Eigen::Map<const ComplexMatrix> matrix(a.data() + b * m * m, m, m);
    // Eigen's iteration on a NaN or an infinity either gives up or returns a half-answer
    // (finite eigenvalues beside infinite ones, eigenvectors of NaN), so such a matrix raises, as
    // NumPy's eig does, whatever Eigen would make of it.
    if (!matrix.allFinite()) {
      throw LinAlgError(
          fmt::format("{}(): {} holds a NaN or an infinity; eigenvalues need finite entries", name,
                      internal::linalg::matrix_name("x", stack.batch, b)));
    }
    solver.compute(matrix, vectors != nullptr);
    if (solver.info() != Eigen::Success) {
      throw LinAlgError(fmt::format("{}(): the eigenvalues of {} did not converge", name,
                                    internal::linalg::matrix_name("x", stack.batch, b)));
    }
    for (std::int64_t i = 0; i < m; ++i)
      values[static_cast<std::size_t>(b * m + i)] = solver.eigenvalues()(i);
    if (vectors == nullptr) continue;
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < m; ++j)
        (*vectors)[static_cast<std::size_t>(b * m * m + i * m + j)] = solver.eigenvectors()(i, j);
  }
}

}  // namespace

EigResult eig(const Array& x) {
  constexpr std::string_view name = "linalg.eig";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  const DType dtype = eigen_dtype(x.dtype());
  EigResult result{.eigenvalues = result_like(name, x, stacked(stack.batch, stack.rows), dtype),
                   .eigenvectors = result_like(name, x, x.shape(), dtype)};
  std::vector<Complex> values;
  std::vector<Complex> vectors;
  general_eigen_stack(name, stack, x, values, &vectors);
  write_into(result.eigenvalues, values);
  write_into(result.eigenvectors, vectors);
  return result;
}

Array eigvals(const Array& x) {
  constexpr std::string_view name = "linalg.eigvals";
  const MatrixStack stack = internal::linalg::floating_matrix_stack(name, x, true);
  Array out = result_like(name, x, stacked(stack.batch, stack.rows), eigen_dtype(x.dtype()));
  std::vector<Complex> values;
  general_eigen_stack(name, stack, x, values, nullptr);
  write_into(out, values);
  return out;
}

}  // namespace strict::linalg
