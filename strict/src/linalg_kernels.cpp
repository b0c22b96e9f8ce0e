// The numerical kernels of strict::linalg (internal/linalg_kernels.hpp) by Eigen, instantiated for
// double and std::complex<double>. Eigen is slow to compile, so it stays in this file (and
// linalg_eig.cpp), which is compiled on its own, outside the unity batches (strict/CMakeLists.txt).
// The callers hand over row-major matrices; each kernel copies them into Eigen's column-major
// storage (O(size), against the O(n^3) of the work) and copies the results back. Each kernel counts
// its work towards strict::interruption_point before it starts: Eigen's loops cannot be stopped
// inside, so a stack of matrices stops between two of them.
#include "internal/linalg_kernels.hpp"

#include <strict/interruption.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

namespace strict::internal::linalg {
namespace {

using Index = std::int64_t;
// The compute types (linalg_support.hpp, not included: this file depends on nothing of strict's
// but its interface, so that a change elsewhere does not recompile Eigen).
using Complex = std::complex<double>;

template <class C>
using Matrix = Eigen::Matrix<C, Eigen::Dynamic, Eigen::Dynamic>;
template <class C>
using RowMajorMatrix = Eigen::Matrix<C, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// The callers' row-major matrices, seen by Eigen in place.
template <class C>
using ConstRows = Eigen::Map<const RowMajorMatrix<C>>;
template <class C>
using Rows = Eigen::Map<RowMajorMatrix<C>>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// `matrix`'s elements in row-major order.
template <class C, class Derived>
std::vector<C> row_major(const Eigen::MatrixBase<Derived>& matrix) {
  std::vector<C> out(static_cast<std::size_t>(matrix.size()));
  Rows<C>(out.data(), matrix.rows(), matrix.cols()) = matrix;
  return out;
}

// The rows x columns identity (ones on the leading diagonal), row-major.
template <class C>
std::vector<C> identity(Index rows, Index columns) {
  return row_major<C>(Matrix<C>::Identity(rows, columns));
}

// The n x n Hermitian matrix whose lower triangle is that of `a` and whose diagonal is real, as
// LAPACK's uplo='L' reads it; the strictly upper triangle is left as in `a` and never read.
template <class C>
Matrix<C> lower_hermitian(const C* a, Index n) {
  Matrix<C> m = ConstRows<C>(a, n, n);
  m.diagonal() = m.diagonal().real().template cast<C>();
  return m;
}

// A power of two s that brings the largest magnitude of `m` into [1/2, 1) when it lies outside
// [2^-256, 2^256], else 1. Householder's norms square the elements, and Eigen's vectorised
// complex division forms |b|^2: past 2^511 (about 1e154) those overflow, below 2^-511 they
// underflow, where LAPACK (NumPy) scales. Multiplying by a power of two is exact, so a
// factorisation of s m is that of m scaled, and elements in range keep their rounding. Scaling
// back multiplies by 1 / s (exact too): dividing a complex matrix by s would go through that
// complex division again.
template <class Derived>
double overflow_safe_scale(const Eigen::MatrixBase<Derived>& m) {
  if (m.size() == 0) return 1;
  const double largest = m.cwiseAbs().maxCoeff();
  if (!std::isfinite(largest) || largest == 0) return 1;
  if (largest >= 0x1p-256 && largest <= 0x1p256) return 1;
  return std::ldexp(1.0, -std::ilogb(largest) - 1);
}

// Whether the lower triangle (with the diagonal) of the square `m` is finite.
template <class C>
bool lower_triangle_finite(const Matrix<C>& m) {
  for (Index j = 0; j < m.cols(); ++j)
    if (!m.col(j).tail(m.rows() - j).allFinite()) return false;
  return true;
}

// Which singular vectors tall_svd computes: thin (U m x n) or full (U m x m), and V (n x n).
enum class Vectors { none, thin, full };

// The SVD a = U diag(s) V^H of an m x n matrix with m >= n by Eigen's divide and conquer (BDCSVD),
// its values descending. From m >= 2n on, through a QR factorisation first, as LAPACK's gesdd
// does past m = 11n/6: a = Q R and R = U' S V^H give U = Q U', so that the bidiagonalisation works
// on n x n and the m rows only see the blocked Householder reflections of Q (O(m n^2) all the
// same, with a far smaller constant). False when Eigen reports a failure.
template <class C>
bool tall_svd(const Matrix<C>& a, Vectors vectors, Eigen::VectorXd& s, Matrix<C>& u, Matrix<C>& v) {
  const Index m = a.rows();
  const Index n = a.cols();
  const unsigned thin = vectors == Vectors::none ? 0U : Eigen::ComputeThinU | Eigen::ComputeThinV;
  if (m < 2 * n) {
    const Eigen::BDCSVD<Matrix<C>> svd(
        a, vectors == Vectors::full ? Eigen::ComputeFullU | Eigen::ComputeFullV : thin);
    if (svd.info() != Eigen::Success) return false;
    s = svd.singularValues();
    if (vectors != Vectors::none) {
      u = svd.matrixU();
      v = svd.matrixV();
    }
    return true;
  }
  // The QR of a scaled a where its norms would overflow (BDCSVD scales on its own): the singular
  // values scale back, U and V are those of a.
  const double scale = overflow_safe_scale(a);
  // compute() copies its argument into the factorisation: a itself, or its scaled copy only.
  Eigen::HouseholderQR<Matrix<C>> qr;
  if (scale == 1) {
    qr.compute(a);
  } else {
    qr.compute(a * scale);
  }
  const Matrix<C> r = qr.matrixQR().topRows(n).template triangularView<Eigen::Upper>();
  const Eigen::BDCSVD<Matrix<C>> svd(r, thin);  // n x n: thin is full
  if (svd.info() != Eigen::Success) return false;
  s = svd.singularValues() / scale;
  if (vectors == Vectors::none) return true;
  v = svd.matrixV();
  // U = Q [U' 0; 0 I]: Q's reflectors applied to U' below which are zeros (thin: m x n), and to
  // the identity's last m - n columns besides (full: m x m).
  u = Matrix<C>::Identity(m, vectors == Vectors::full ? m : n);
  u.topLeftCorner(n, n) = svd.matrixU();
  u = qr.householderQ() * u;
  return true;
}

}  // namespace

template <class C>
LuFactors<C> lu_factor(const C* a, Index n) {
  interruption_point(n * n * n);
  LuFactors<C> f;
  if (n == 0) return f;
  // P (s A) = L (s U): the factors of a scaled A where its pivots' squares would overflow.
  Matrix<C> matrix = ConstRows<C>(a, n, n);
  const double scale = overflow_safe_scale(matrix);
  if (scale != 1) matrix *= scale;
  const Eigen::PartialPivLU<Matrix<C>> lu(matrix);
  Matrix<C> factors = lu.matrixLU();
  if (scale != 1)
    for (Index j = 0; j < n; ++j)
      factors.col(j).head(j + 1) *= 1 / scale;  // U (1 / scale is exact)
  f.lu = row_major<C>(factors);
  // Eigen's P sends row i of A to row indices(i) of P A.
  const auto& indices = lu.permutationP().indices();
  f.pivot_rows.resize(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i)
    f.pivot_rows[static_cast<std::size_t>(indices(i))] = i;
  f.odd_swaps = lu.permutationP().determinant() < 0;
  // Partial pivoting leaves a zero on U's diagonal exactly when the column had no nonzero pivot.
  f.singular = (factors.diagonal().array() == C(0)).any();
  return f;
}

template <class C>
void lu_solve(const LuFactors<C>& f, Index n, C* b, Index columns) {
  if (n == 0 || columns == 0) return;
  Rows<C> x(b, n, columns);
  RowMajorMatrix<C> y(n, columns);  // P B
  for (Index i = 0; i < n; ++i)
    y.row(i) = x.row(f.pivot_rows[static_cast<std::size_t>(i)]);
  const ConstRows<C> lu(f.lu.data(), n, n);
  lu.template triangularView<Eigen::UnitLower>().solveInPlace(y);  // L Y = P B
  lu.template triangularView<Eigen::Upper>().solveInPlace(y);      // U X = Y
  x = y;
}

template <class C>
bool cholesky_lower(const C* a, Index n, std::vector<C>& lower) {
  interruption_point(n * n * n);
  lower.assign(static_cast<std::size_t>(n * n), C(0));
  if (n == 0) return true;
  const Eigen::LLT<Matrix<C>, Eigen::Lower> llt(lower_hermitian(a, n));
  // LLT stops at a pivot <= 0 but carries a NaN pivot on to the end (x <= 0 is false for NaN):
  // either way there is no factor.
  if (llt.info() != Eigen::Success || llt.matrixLLT().diagonal().hasNaN()) return false;
  Rows<C>(lower.data(), n, n) = llt.matrixL();
  return true;
}

template <class C>
void hermitian_eigen(const C* a, Index n, std::vector<double>& values, std::vector<C>* vectors) {
  interruption_point(8 * n * n * n);
  values.assign(static_cast<std::size_t>(n), kNaN);
  if (vectors != nullptr) vectors->assign(static_cast<std::size_t>(n * n), C(kNaN));
  if (n == 0) return;
  const Matrix<C> m = lower_hermitian(a, n);
  // A NaN or an infinity gives NaN values and vectors, as the Jacobi iteration strict had before
  // gave for NaN; Eigen's QR iteration on it would only run to its iteration limit.
  if (!lower_triangle_finite(m)) return;
  const Eigen::SelfAdjointEigenSolver<Matrix<C>> solver(
      m, vectors != nullptr ? Eigen::ComputeEigenvectors : Eigen::EigenvaluesOnly);
  if (solver.info() != Eigen::Success) return;  // no convergence: NaN, as for non-finite input
  Eigen::Map<Eigen::VectorXd>(values.data(), n) = solver.eigenvalues();  // ascending
  if (vectors != nullptr) *vectors = row_major<C>(solver.eigenvectors());
}

template <class C>
std::vector<double> singular_values(const C* a, Index m, Index n) {
  interruption_point(4 * m * n * std::min(m, n));
  std::vector<double> s(static_cast<std::size_t>(std::min(m, n)), kNaN);
  const ConstRows<C> matrix(a, m, n);
  // A NaN or an infinity gives NaN values (Eigen would refuse it: InvalidInput).
  if (s.empty() || !matrix.allFinite()) return s;
  Eigen::VectorXd values;
  Matrix<C> u;  // not computed
  Matrix<C> v;
  // A wide matrix has the singular values of its adjoint.
  const Matrix<C> tall = m >= n ? Matrix<C>(matrix) : Matrix<C>(matrix.adjoint());
  if (tall_svd(tall, Vectors::none, values, u, v))
    Eigen::Map<Eigen::VectorXd>(s.data(), values.size()) = values;
  return s;
}

template <class C>
void singular_value_decomposition(const C* a, Index m, Index n, bool full, std::vector<double>& s,
                                  std::vector<C>& u, std::vector<C>& vh) {
  interruption_point(8 * m * n * std::min(m, n));
  const Index k = std::min(m, n);
  const Index u_columns = full ? m : k;
  const Index vh_rows = full ? n : k;
  const ConstRows<C> matrix(a, m, n);
  if (k == 0) {  // nothing to decompose: any unitary U and Vh will do
    s.clear();
    u = identity<C>(m, u_columns);
    vh = identity<C>(vh_rows, n);
    return;
  }
  // A NaN or an infinity (which Eigen refuses: InvalidInput) gives what the Jacobi SVD strict had
  // before gave for NaN: NaN values and right vectors, and for U the identity's columns.
  s.assign(static_cast<std::size_t>(k), kNaN);
  u = identity<C>(m, u_columns);
  vh.assign(static_cast<std::size_t>(vh_rows * n), C(kNaN));
  if (!matrix.allFinite()) return;
  // A wide A is decomposed through its adjoint: A^H = U' S V'^H gives U = V' and V = U'.
  const bool wide = m < n;
  const Matrix<C> tall = wide ? Matrix<C>(matrix.adjoint()) : Matrix<C>(matrix);
  Eigen::VectorXd values;
  Matrix<C> left;
  Matrix<C> right;
  if (!tall_svd(tall, full ? Vectors::full : Vectors::thin, values, left, right)) return;
  Eigen::Map<Eigen::VectorXd>(s.data(), k) = values;
  u = row_major<C>(wide ? right : left);
  vh = row_major<C>((wide ? left : right).adjoint());
}

template <class C>
void householder_qr(const C* a, Index m, Index n, bool complete, std::vector<C>& q,
                    std::vector<C>& r) {
  interruption_point(2 * m * n * std::min(m, n));
  const Index k = std::min(m, n);
  const Index q_columns = complete ? m : k;
  // Q (s R) of a scaled x where its column norms would overflow; R scales back.
  Matrix<C> matrix = ConstRows<C>(a, m, n);
  const double scale = overflow_safe_scale(matrix);
  if (scale != 1) matrix *= scale;
  const Eigen::HouseholderQR<Matrix<C>> qr(matrix);
  // The reflectors applied to the first q_columns columns of the identity: O(m k q_columns),
  // so the reduced Q never needs the m x m one.
  Matrix<C> q_matrix = qr.householderQ() * Matrix<C>::Identity(m, q_columns);
  Matrix<C> r_matrix = qr.matrixQR().topRows(q_columns).template triangularView<Eigen::Upper>();
  // R's diagonal as the reflectors leave it: real (each is a Householder beta, real even for
  // complex x, which is what the standard asks of R), its signs LAPACK's (geqrf's beta is
  // -sign(Re alpha) |alpha, x|, Eigen's makeHouseholder the same), so that strict's Q and R are
  // NumPy's up to rounding and a test comparing them with NumPy's does not fail on signs the
  // standard leaves open.
  for (Index j = 0; j < k; ++j)
    r_matrix(j, j) = C(Eigen::numext::real(r_matrix(j, j)));
  if (scale != 1) r_matrix *= 1 / scale;
  q = row_major<C>(q_matrix);
  r = row_major<C>(r_matrix);
}

template <class C>
std::vector<C> multiply(const C* a, const C* b, Index rows, Index inner, Index columns) {
  interruption_point(rows * inner * columns);
  std::vector<C> out(static_cast<std::size_t>(rows * columns), C(0));
  Rows<C>(out.data(), rows, columns).noalias() =
      ConstRows<C>(a, rows, inner) * ConstRows<C>(b, inner, columns);
  return out;
}

template LuFactors<double> lu_factor(const double*, Index);
template LuFactors<Complex> lu_factor(const Complex*, Index);
template void lu_solve(const LuFactors<double>&, Index, double*, Index);
template void lu_solve(const LuFactors<Complex>&, Index, Complex*, Index);
template bool cholesky_lower(const double*, Index, std::vector<double>&);
template bool cholesky_lower(const Complex*, Index, std::vector<Complex>&);
template void hermitian_eigen(const double*, Index, std::vector<double>&, std::vector<double>*);
template void hermitian_eigen(const Complex*, Index, std::vector<double>&, std::vector<Complex>*);
template std::vector<double> singular_values(const double*, Index, Index);
template std::vector<double> singular_values(const Complex*, Index, Index);
template void singular_value_decomposition(const double*, Index, Index, bool, std::vector<double>&,
                                           std::vector<double>&, std::vector<double>&);
template void singular_value_decomposition(const Complex*, Index, Index, bool, std::vector<double>&,
                                           std::vector<Complex>&, std::vector<Complex>&);
template void householder_qr(const double*, Index, Index, bool, std::vector<double>&,
                             std::vector<double>&);
template void householder_qr(const Complex*, Index, Index, bool, std::vector<Complex>&,
                             std::vector<Complex>&);
template std::vector<double> multiply(const double*, const double*, Index, Index, Index);
template std::vector<Complex> multiply(const Complex*, const Complex*, Index, Index, Index);

}  // namespace strict::internal::linalg
