// strict::linalg decompositions: cholesky, eigh, eigvalsh, qr, svd, svdvals, checked against
// hand-computed factors (and, where factors are unique only up to signs, against the properties
// that define them). Device rules: linalg_devices_test.cpp.
#include <cmath>
#include <complex>

#include <gtest/gtest.h>

#include "strict/linalg.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::host_values;
using testing::make;
using testing::zeros_of;
using C = std::complex<double>;

using testing::expect_near;
using testing::kTolerance;
constexpr double kSqrt2 = 1.4142135623730951;
constexpr double kHalfSqrt2 = 0.7071067811865475;  // 1 / sqrt(2)

void expect_near(const std::vector<C>& actual, const std::vector<C>& expected,
                 double tolerance = kTolerance) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_LT(std::abs(actual[i] - expected[i]), tolerance) << "element " << i;
}

// The elements of a rows x columns row-major matrix, read by index.
struct Matrix {
  std::vector<C> values;
  std::int64_t columns;
  C operator()(std::int64_t i, std::int64_t j) const {
    return values[static_cast<std::size_t>(i * columns + j)];
  }
};

Matrix matrix_of(const Array& a) {
  return {host_values<C>(a), a.shape().back()};
}

// Columns of q (rows x columns) orthonormal: q^H q = I.
void expect_orthonormal_columns(const Array& q) {
  const Matrix m = matrix_of(q);
  const std::int64_t rows = q.shape()[0];
  for (std::int64_t a = 0; a < m.columns; ++a) {
    for (std::int64_t b = 0; b < m.columns; ++b) {
      C dot(0);
      for (std::int64_t i = 0; i < rows; ++i)
        dot += std::conj(m(i, a)) * m(i, b);
      EXPECT_LT(std::abs(dot - C(a == b ? 1 : 0)), kTolerance) << "columns " << a << ", " << b;
    }
  }
}

// U diag(S) Vh == x, for a single matrix x.
void expect_reconstructs(const linalg::SvdResult& r, const std::vector<C>& x,
                         std::int64_t columns) {
  const Matrix u = matrix_of(r.U);
  const Matrix vh = matrix_of(r.Vh);
  const std::vector<double> s = host_values<double>(r.S);
  const std::int64_t rows = r.U.shape()[0];
  for (std::int64_t i = 0; i < rows; ++i) {
    for (std::int64_t j = 0; j < columns; ++j) {
      C total(0);
      for (std::size_t k = 0; k < s.size(); ++k)
        total += u(i, static_cast<std::int64_t>(k)) * s[k] * vh(static_cast<std::int64_t>(k), j);
      EXPECT_LT(std::abs(total - x[static_cast<std::size_t>(i * columns + j)]), kTolerance)
          << "element " << i << ", " << j;
    }
  }
}

TEST(LinalgCholesky, FactorsSymmetricPositiveDefiniteMatrices) {
  // [[4, 2], [2, 3]] = L L^T with L = [[2, 0], [1, sqrt(2)]].
  const Array x = make({{4, 2}, {2, 3}}, float64);
  expect_near(host_values<double>(linalg::cholesky(x)), {2, 0, 1, kSqrt2});
  expect_near(host_values<double>(linalg::cholesky(x, {.upper = true})), {2, 1, 0, kSqrt2});
  // Only the lower triangle is read (LAPACK's uplo='L').
  expect_near(host_values<double>(linalg::cholesky(make({{4, 99}, {2, 3}}, float64))),
              {2, 0, 1, kSqrt2});
  const Array single = linalg::cholesky(make({{4, 2}, {2, 3}}, float32));
  EXPECT_EQ(single.dtype(), float32);
  expect_near(host_values<double>(single), {2, 0, 1, kSqrt2}, 1e-6);
}

TEST(LinalgCholesky, FactorsHermitianMatrices) {
  // [[2, i], [-i, 2]]: L00 = sqrt(2), L10 = -i / sqrt(2), L11 = sqrt(2 - 1/2) = sqrt(1.5).
  const Array x = make({{C(2, 0), C(0, 1)}, {C(0, -1), C(2, 0)}}, complex128);
  const Array lower = linalg::cholesky(x);
  EXPECT_EQ(lower.dtype(), complex128);
  expect_near(host_values<C>(lower),
              {C(kSqrt2, 0), C(0, 0), C(0, -kHalfSqrt2), C(1.224744871391589, 0)});
  // U = L^H.
  expect_near(host_values<C>(linalg::cholesky(x, {.upper = true})),
              {C(kSqrt2, 0), C(0, kHalfSqrt2), C(0, 0), C(1.224744871391589, 0)});
}

TEST(LinalgCholesky, RejectsMatricesThatAreNotPositiveDefinite) {
  try {
    linalg::cholesky(make({{{1, 0}, {0, 1}}, {{1, 2}, {2, 1}}}, float64));
    FAIL() << "cholesky() factored an indefinite matrix";
  } catch (const linalg::LinAlgError& e) {
    EXPECT_TRUE(contains(e.what(), "linalg.cholesky(): x[1] is not positive-definite"));
    EXPECT_EQ(python_exception_name(e.kind()), "ValueError");
  }
  EXPECT_THROW(linalg::cholesky(make({{0, 0}, {0, 0}}, float64)), linalg::LinAlgError);
  EXPECT_THROW(linalg::cholesky(zeros({2, 3})), InvalidArgumentError);
  EXPECT_THROW(linalg::cholesky(zeros({2})), InvalidArgumentError);
  EXPECT_THROW(linalg::cholesky(make({{1, 0}, {0, 1}}, int64)), DTypeError);
}

TEST(LinalgEigh, SymmetricTwoByTwo) {
  // [[2, 1], [1, 2]]: eigenvalues 1 and 3, eigenvectors (1, -1)/sqrt(2) and (1, 1)/sqrt(2).
  const linalg::EighResult r = linalg::eigh(make({{2, 1}, {1, 2}}, float64));
  EXPECT_EQ(r.eigenvalues.dtype(), float64);
  EXPECT_EQ(r.eigenvectors.shape(), (Shape{2, 2}));
  expect_near(host_values<double>(r.eigenvalues), {1, 3});
  const std::vector<double> v = host_values<double>(r.eigenvectors);  // columns are vectors
  for (double element : v)
    EXPECT_NEAR(std::abs(element), kHalfSqrt2, kTolerance);
  EXPECT_LT(v[0] * v[2], 0);  // (1, -1): opposite signs
  EXPECT_GT(v[1] * v[3], 0);  // (1, 1): equal signs
}

TEST(LinalgEigh, ThreeByThreeAndDiagonal) {
  // diag(2) with the block [[3, 4], [4, 9]] (trace 12, determinant 11): eigenvalues 1, 2, 11.
  const Array x = make({{2, 0, 0}, {0, 3, 4}, {0, 4, 9}}, float64);
  expect_near(host_values<double>(linalg::eigvalsh(x)), {1, 2, 11});
  const linalg::EighResult r = linalg::eigh(x);
  expect_near(host_values<double>(r.eigenvalues), {1, 2, 11});
  expect_orthonormal_columns(r.eigenvectors);
  // The eigenvector of 2 is +-e1.
  const Matrix v = matrix_of(r.eigenvectors);
  EXPECT_NEAR(std::abs(v(0, 1)), 1, kTolerance);
  // Diagonal input: eigenvalues sorted, eigenvectors the permuted unit vectors.
  const linalg::EighResult d = linalg::eigh(make({{3, 0}, {0, 1}}, float64));
  expect_near(host_values<double>(d.eigenvalues), {1, 3});
  const std::vector<double> dv = host_values<double>(d.eigenvectors);
  expect_near(
      std::vector<double>{std::abs(dv[0]), std::abs(dv[1]), std::abs(dv[2]), std::abs(dv[3])},
      {0, 1, 1, 0});
}

TEST(LinalgEigh, HermitianHasRealEigenvalues) {
  // [[2, -i], [i, 2]]: eigenvalues 2 -+ |-i| = 1, 3.
  const Array x = make({{C(2, 0), C(0, -1)}, {C(0, 1), C(2, 0)}}, complex64);
  const linalg::EighResult r = linalg::eigh(x);
  EXPECT_EQ(r.eigenvalues.dtype(), float32);
  EXPECT_EQ(r.eigenvectors.dtype(), complex64);
  expect_near(host_values<double>(r.eigenvalues), {1, 3}, 1e-6);
  EXPECT_EQ(linalg::eigvalsh(x).dtype(), float32);
}

TEST(LinalgEigh, StacksAndBadInput) {
  const Array stack = make({{{2, 1}, {1, 2}}, {{5, 0}, {0, 4}}}, float64);
  EXPECT_EQ(linalg::eigvalsh(stack).shape(), (Shape{2, 2}));
  expect_near(host_values<double>(linalg::eigvalsh(stack)), {1, 3, 4, 5});
  EXPECT_EQ(linalg::eigh(zeros({3, 0, 0})).eigenvalues.shape(), (Shape{3, 0}));
  EXPECT_THROW(linalg::eigh(zeros({2, 3})), InvalidArgumentError);
  EXPECT_THROW(linalg::eigvalsh(zeros_of({2, 2}, int32)), DTypeError);
}

TEST(LinalgQr, SquareMatrixFactorsWithTheSignsOfLapacksHouseholderQr) {
  // The standard: "R ... an upper triangular matrix with real diagonal"; the signs are LAPACK's
  // (NumPy's). [[3, 1], [4, 2]]: the first reflector sends (3, 4) to (-5, 0) (beta =
  // -sign(3) * 5), so q1 = -(3, 4)/5, r12 = q1 . (1, 2) = -2.2, and (1, 2) + 2.2 q1 = (-0.32,
  // 0.24) = 0.4 * (-0.8, 0.6); the last column's one element has nothing to reflect (tau = 0).
  const linalg::QrResult r = linalg::qr(make({{3, 1}, {4, 2}}, float64));
  expect_near(host_values<double>(r.Q), {-0.6, -0.8, -0.8, 0.6});
  expect_near(host_values<double>(r.R), {-5, -2.2, 0, 0.4});
}

TEST(LinalgQr, ReducedAndCompleteShapes) {
  const Array tall = make({{1, 0}, {0, 1}, {0, 0}}, float64);
  const linalg::QrResult reduced = linalg::qr(tall);
  EXPECT_EQ(reduced.Q.shape(), (Shape{3, 2}));
  EXPECT_EQ(reduced.R.shape(), (Shape{2, 2}));
  expect_near(host_values<double>(reduced.Q), {1, 0, 0, 1, 0, 0});
  expect_near(host_values<double>(reduced.R), {1, 0, 0, 1});
  const linalg::QrResult complete = linalg::qr(tall, {.mode = linalg::QrMode::complete});
  EXPECT_EQ(complete.Q.shape(), (Shape{3, 3}));
  EXPECT_EQ(complete.R.shape(), (Shape{3, 2}));
  expect_near(host_values<double>(complete.Q), {1, 0, 0, 0, 1, 0, 0, 0, 1});
  expect_near(host_values<double>(complete.R), {1, 0, 0, 1, 0, 0});
  // Wide: R = Q^T A = [[-5, -2.2, -4], [0, 0.4, 3]] for A = [[3, 1, 0], [4, 2, 5]].
  const linalg::QrResult wide = linalg::qr(make({{3, 1, 0}, {4, 2, 5}}, float64));
  EXPECT_EQ(wide.Q.shape(), (Shape{2, 2}));
  expect_near(host_values<double>(wide.R), {-5, -2.2, -4, 0, 0.4, 3});
}

TEST(LinalgQr, ComplexDiagonalIsReal) {
  // [[i]] = [[-i]] [[-1]]: a complex element is reflected onto the real axis, beta =
  // -sign(Re i) |i| = -1 (LAPACK's zlarfg, NumPy's result).
  const linalg::QrResult r = linalg::qr(make({{C(0, 1)}}, complex128));
  expect_near(host_values<C>(r.Q), {C(0, -1)});
  expect_near(host_values<C>(r.R), {C(-1, 0)});
  EXPECT_THROW(linalg::qr(zeros({3})), InvalidArgumentError);
  EXPECT_THROW(linalg::qr(zeros_of({2, 2}, int8)), DTypeError);
}

TEST(LinalgSvd, DiagonalAndRankOne) {
  const std::vector<C> diagonal = {3, 0, 0, -2};
  const linalg::SvdResult d = linalg::svd(make({{3, 0}, {0, -2}}, float64));
  expect_near(host_values<double>(d.S), {3, 2});
  expect_reconstructs(d, diagonal, 2);
  expect_orthonormal_columns(d.U);
  // [[1, 1], [1, 1]] = 2 u u^T with u = (1, 1)/sqrt(2): singular values 2 and 0.
  const linalg::SvdResult ones = linalg::svd(make({{1, 1}, {1, 1}}, float64));
  expect_near(host_values<double>(ones.S), {2, 0});
  expect_reconstructs(ones, {1, 1, 1, 1}, 2);
  expect_orthonormal_columns(ones.U);
  expect_orthonormal_columns(linalg::matrix_transpose(ones.Vh));
}

TEST(LinalgSvd, WideAndTallShapes) {
  // [[1, 0, 1], [0, 1, 1]]: A A^T = [[2, 1], [1, 2]], singular values sqrt(3) and 1.
  const std::vector<C> wide = {1, 0, 1, 0, 1, 1};
  const linalg::SvdResult full = linalg::svd(make({{1, 0, 1}, {0, 1, 1}}, float64));
  EXPECT_EQ(full.U.shape(), (Shape{2, 2}));
  EXPECT_EQ(full.S.shape(), Shape{2});
  EXPECT_EQ(full.Vh.shape(), (Shape{3, 3}));
  expect_near(host_values<double>(full.S), {1.7320508075688772, 1});
  expect_reconstructs(full, wide, 3);
  expect_orthonormal_columns(linalg::matrix_transpose(full.Vh));
  const linalg::SvdResult reduced =
      linalg::svd(make({{1, 0, 1}, {0, 1, 1}}, float64), {.full_matrices = false});
  EXPECT_EQ(reduced.Vh.shape(), (Shape{2, 3}));
  expect_reconstructs(reduced, wide, 3);
  // A 3 x 1 column (2, 0, 0): S = [2]; the full U completes +-e1 to an orthonormal basis.
  const linalg::SvdResult tall = linalg::svd(make({{2}, {0}, {0}}, float64));
  EXPECT_EQ(tall.U.shape(), (Shape{3, 3}));
  expect_near(host_values<double>(tall.S), {2});
  expect_orthonormal_columns(tall.U);
  expect_reconstructs(tall, {2, 0, 0}, 1);
  EXPECT_EQ(linalg::svd(make({{2}, {0}, {0}}, float64), {.full_matrices = false}).U.shape(),
            (Shape{3, 1}));
}

TEST(LinalgSvd, ComplexSingularValuesAreReal) {
  // diag(i, 2): singular values 2 and 1.
  const linalg::SvdResult r =
      linalg::svd(make({{C(0, 1), C(0, 0)}, {C(0, 0), C(2, 0)}}, complex128));
  EXPECT_EQ(r.S.dtype(), float64);
  EXPECT_EQ(r.U.dtype(), complex128);
  expect_near(host_values<double>(r.S), {2, 1});
  expect_reconstructs(r, {C(0, 1), 0, 0, 2}, 2);
}

TEST(LinalgSvdvals, DescendingPerMatrix) {
  const Array stack = make({{{3, 0}, {0, -2}}, {{1, 1}, {1, 1}}}, float32);
  const Array s = linalg::svdvals(stack);
  EXPECT_EQ(s.shape(), (Shape{2, 2}));
  EXPECT_EQ(s.dtype(), float32);
  expect_near(host_values<double>(s), {3, 2, 2, 0}, 1e-6);
  EXPECT_EQ(linalg::svdvals(zeros({2, 0, 3})).shape(), (Shape{2, 0}));
  EXPECT_THROW(linalg::svdvals(zeros({4})), InvalidArgumentError);
  EXPECT_THROW(linalg::svdvals(zeros_of({2, 2}, uint8)), DTypeError);
}

}  // namespace
}  // namespace strict
