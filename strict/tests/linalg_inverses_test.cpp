// strict::linalg determinants, inverses and linear systems: det, slogdet, inv, solve,
// matrix_power, matrix_rank, pinv, with hand-computed values; singular matrices. Device rules:
// linalg_devices_test.cpp.
#include <cmath>
#include <complex>
#include <limits>

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

TEST(LinalgDet, SmallMatrices) {
  expect_near(host_values<double>(linalg::det(make({{1, 2}, {3, 4}}, float64))), {-2});
  expect_near(host_values<double>(linalg::det(make({{2, 0, 0}, {0, 3, 0}, {0, 0, 4}}, float64))),
              {24});
  // A row swap flips the sign.
  expect_near(host_values<double>(linalg::det(make({{0, 1}, {1, 0}}, float64))), {-1});
  // Singular: exactly 0, no error.
  EXPECT_EQ(host_values<double>(linalg::det(make({{1, 2}, {2, 4}}, float64))),
            std::vector<double>{0});
  // The empty matrix has determinant 1 (the empty product).
  EXPECT_EQ(host_values<double>(linalg::det(zeros({0, 0}))), std::vector<double>{1});
}

TEST(LinalgDet, StacksDTypesAndComplex) {
  const Array stack = linalg::det(make({{{1, 2}, {3, 4}}, {{2, 0}, {0, 2}}}, float32));
  EXPECT_EQ(stack.shape(), Shape{2});
  EXPECT_EQ(stack.dtype(), float32);
  expect_near(host_values<double>(stack), {-2, 4}, 1e-6);
  // det(diag(i, i)) = i^2 = -1.
  const Array complex_det = linalg::det(make({{C(0, 1), C(0, 0)}, {C(0, 0), C(0, 1)}}, complex128));
  EXPECT_EQ(complex_det.dtype(), complex128);
  EXPECT_LT(std::abs(host_values<C>(complex_det)[0] - C(-1, 0)), kTolerance);
  EXPECT_THROW(linalg::det(zeros({2, 3})), InvalidArgumentError);
  EXPECT_THROW(linalg::det(zeros({2})), InvalidArgumentError);
  EXPECT_THROW(linalg::det(make({{1, 2}, {3, 4}}, int32)), DTypeError);
}

TEST(LinalgSlogdet, SignAndLogOfTheAbsoluteDeterminant) {
  const linalg::SlogdetResult r = linalg::slogdet(make({{1, 2}, {3, 4}}, float64));
  expect_near(host_values<double>(r.sign), {-1});
  expect_near(host_values<double>(r.logabsdet), {0.6931471805599453});  // log 2
  // linalg.py: "If the determinant is zero, the sign should be 0 and logabsdet should be
  // -infinity."
  const linalg::SlogdetResult singular = linalg::slogdet(make({{1, 2}, {2, 4}}, float64));
  EXPECT_EQ(host_values<double>(singular.sign), std::vector<double>{0});
  EXPECT_EQ(host_values<double>(singular.logabsdet),
            std::vector<double>{-std::numeric_limits<double>::infinity()});
  // det(diag(i, 1)) = i: sign i, logabsdet 0; complex64 gives a float32 logabsdet.
  const linalg::SlogdetResult complex_r =
      linalg::slogdet(make({{C(0, 1), C(0, 0)}, {C(0, 0), C(1, 0)}}, complex64));
  EXPECT_EQ(complex_r.sign.dtype(), complex64);
  EXPECT_EQ(complex_r.logabsdet.dtype(), float32);
  EXPECT_LT(std::abs(host_values<C>(complex_r.sign)[0] - C(0, 1)), 1e-6);
  expect_near(host_values<double>(complex_r.logabsdet), {0}, 1e-6);
  EXPECT_EQ(r.arrays().size(), 2U);
}

TEST(LinalgInv, InvertsAndRejectsSingularMatrices) {
  // [[4, 7], [2, 6]] has determinant 10: inverse [[6, -7], [-2, 4]] / 10.
  const Array inverse = linalg::inv(make({{4, 7}, {2, 6}}, float64));
  EXPECT_EQ(inverse.shape(), (Shape{2, 2}));
  expect_near(host_values<double>(inverse), {0.6, -0.7, -0.2, 0.4});
  try {
    linalg::inv(make({{1, 2}, {2, 4}}, float64));
    FAIL() << "inv() inverted a singular matrix";
  } catch (const linalg::LinAlgError& e) {
    EXPECT_TRUE(contains(e.what(), "linalg.inv(): x is singular"));
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
  }
  try {
    linalg::inv(make({{{1, 0}, {0, 1}}, {{0, 0}, {0, 0}}}, float64));
    FAIL() << "inv() inverted a zero matrix";
  } catch (const linalg::LinAlgError& e) {
    EXPECT_TRUE(contains(e.what(), "x[1] is singular"));
  }
  EXPECT_THROW(linalg::inv(zeros({2, 3})), InvalidArgumentError);
  // inv(diag(i, 2)) = diag(-i, 0.5), in complex64.
  const Array complex_inverse =
      linalg::inv(make({{C(0, 1), C(0, 0)}, {C(0, 0), C(2, 0)}}, complex64));
  EXPECT_EQ(complex_inverse.dtype(), complex64);
  const std::vector<C> values = host_values<C>(complex_inverse);
  EXPECT_LT(std::abs(values[0] - C(0, -1)), 1e-6);
  EXPECT_LT(std::abs(values[3] - C(0.5, 0)), 1e-6);
}

TEST(LinalgSolve, VectorAndMatrixRightHandSides) {
  // 3a + b = 9, a + 2b = 8: (a, b) = (2, 3); and 3a + b = 1, a + 2b = 2: (0, 1).
  const Array a = make({{3, 1}, {1, 2}}, float64);
  const Array vector = linalg::solve(a, make({9, 8}, float64));
  EXPECT_EQ(vector.shape(), Shape{2});
  expect_near(host_values<double>(vector), {2, 3});
  const Array matrix = linalg::solve(a, make({{9, 1}, {8, 2}}, float64));
  EXPECT_EQ(matrix.shape(), (Shape{2, 2}));
  expect_near(host_values<double>(matrix), {2, 0, 3, 1});
}

TEST(LinalgSolve, BatchesBroadcast) {
  // x2 of shape (M,) is one vector for every matrix: I \ (2, 4) and diag(2, 4) \ (2, 4).
  const Array stack = make({{{1, 0}, {0, 1}}, {{2, 0}, {0, 4}}}, float64);
  const Array per_matrix = linalg::solve(stack, make({2, 4}, float64));
  EXPECT_EQ(per_matrix.shape(), (Shape{2, 2}));
  expect_near(host_values<double>(per_matrix), {2, 4, 1, 1});
  // One matrix, a stack of right-hand sides (2, 2, 1).
  const Array rhs_stack =
      linalg::solve(make({{2, 0}, {0, 4}}, float64), make({{{2}, {4}}, {{4}, {8}}}, float64));
  EXPECT_EQ(rhs_stack.shape(), (Shape{2, 2, 1}));
  expect_near(host_values<double>(rhs_stack), {1, 1, 2, 2});
  EXPECT_EQ(linalg::solve(make({{1, 0}, {0, 1}}, float32), zeros_of({2}, float64)).dtype(),
            float64);
}

TEST(LinalgSolve, RejectsSingularAndMismatchedSystems) {
  try {
    linalg::solve(make({{1, 2}, {2, 4}}, float64), make({1, 1}, float64));
    FAIL() << "solve() solved a singular system";
  } catch (const linalg::LinAlgError& e) {
    EXPECT_TRUE(contains(e.what(), "linalg.solve(): x1 is singular"));
  }
  EXPECT_THROW(linalg::solve(make({{1, 0}, {0, 1}}, float64), zeros({3})), InvalidArgumentError);
  EXPECT_THROW(linalg::solve(zeros({2, 3}), zeros({2})), InvalidArgumentError);
  EXPECT_THROW(linalg::solve(zeros({2, 2}), zeros({})), InvalidArgumentError);
  EXPECT_THROW(linalg::solve(zeros({2, 2, 2}), zeros({3, 2, 1})), InvalidArgumentError);
  EXPECT_THROW(linalg::solve(zeros_of({2, 2}, int32), zeros({2})), DTypeError);
}

TEST(LinalgMatrixPower, PositiveZeroAndNegativePowers) {
  const Array shear = make({{1, 1}, {0, 1}}, float64);
  expect_near(host_values<double>(linalg::matrix_power(shear, 3)), {1, 3, 0, 1});
  expect_near(host_values<double>(linalg::matrix_power(shear, 0)), {1, 0, 0, 1});
  expect_near(host_values<double>(linalg::matrix_power(shear, -1)), {1, -1, 0, 1});
  expect_near(host_values<double>(linalg::matrix_power(shear, -2)), {1, -2, 0, 1});
  expect_near(host_values<double>(linalg::matrix_power(make({{2, 0}, {0, 3}}, float32), 2)),
              {4, 0, 0, 9});
  EXPECT_EQ(linalg::matrix_power(make({{2, 0}, {0, 3}}, float32), 2).dtype(), float32);
  EXPECT_THROW(linalg::matrix_power(make({{1, 2}, {2, 4}}, float64), -1), linalg::LinAlgError);
  EXPECT_THROW(linalg::matrix_power(zeros({2, 3}), 2), InvalidArgumentError);
}

TEST(LinalgMatrixRank, CountsSingularValuesAboveTheTolerance) {
  const Array rank_identity = linalg::matrix_rank(make({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, float64));
  EXPECT_EQ(rank_identity.dtype(), int64);  // cpu's default integer dtype
  EXPECT_EQ(rank_identity.shape(), Shape{});
  EXPECT_EQ(host_values<int>(rank_identity), std::vector<int>{3});
  EXPECT_EQ(host_values<int>(linalg::matrix_rank(make({{1, 2}, {2, 4}}, float64))),
            std::vector<int>{1});
  EXPECT_EQ(host_values<int>(linalg::matrix_rank(zeros({2, 3}))), std::vector<int>{0});
  // diag(1, 0.1): 0.1 is above the default tolerance and below 0.5 * 1.
  const Array x = make({{1, 0}, {0, 0.1}}, float64);
  EXPECT_EQ(host_values<int>(linalg::matrix_rank(x)), std::vector<int>{2});
  EXPECT_EQ(host_values<int>(linalg::matrix_rank(x, {.rtol = 0.5})), std::vector<int>{1});
  EXPECT_EQ(host_values<int>(linalg::matrix_rank(x, {.rtol = asarray(0.05)})), std::vector<int>{2});
}

TEST(LinalgMatrixRank, ArrayToleranceBroadcastsAgainstTheStack) {
  const Array stack = make({{{1, 0}, {0, 0.1}}, {{1, 0}, {0, 0.1}}}, float64);
  const Array ranks = linalg::matrix_rank(stack, {.rtol = make({0.5, 0.05}, float64)});
  EXPECT_EQ(ranks.shape(), Shape{2});
  EXPECT_EQ(host_values<int>(ranks), (std::vector<int>{1, 2}));
  EXPECT_THROW(linalg::matrix_rank(stack, {.rtol = make({0.5, 0.5, 0.5}, float64)}),
               InvalidArgumentError);
  EXPECT_THROW(linalg::matrix_rank(stack, {.rtol = make({1, 1}, int64)}), DTypeError);
  EXPECT_THROW(linalg::matrix_rank(stack, {.rtol = true}), DTypeError);
  EXPECT_THROW(linalg::matrix_rank(zeros({3})), InvalidArgumentError);
}

TEST(LinalgPinv, PseudoInverses) {
  // An invertible matrix: the inverse.
  expect_near(host_values<double>(linalg::pinv(make({{4, 7}, {2, 6}}, float64))),
              {0.6, -0.7, -0.2, 0.4});
  // The column (1, 2): (1, 2) / 5, shape (1, 2).
  const Array column = linalg::pinv(make({{1}, {2}}, float64));
  EXPECT_EQ(column.shape(), (Shape{1, 2}));
  expect_near(host_values<double>(column), {0.2, 0.4});
  // [[1, 1], [1, 1]] = 2 u u^T: pinv = u u^T / 2 = all 0.25.
  expect_near(host_values<double>(linalg::pinv(make({{1, 1}, {1, 1}}, float64))),
              {0.25, 0.25, 0.25, 0.25});
  // Small singular values are dropped: diag(1, 1e-20) -> diag(1, 0).
  expect_near(host_values<double>(linalg::pinv(make({{1, 0}, {0, 1e-20}}, float64))), {1, 0, 0, 0});
  expect_near(host_values<double>(linalg::pinv(make({{1, 0}, {0, 0.1}}, float64), {.rtol = 0.5})),
              {1, 0, 0, 0});
  expect_near(host_values<double>(linalg::pinv(zeros({2, 2}))), {0, 0, 0, 0});
  EXPECT_EQ(linalg::pinv(zeros_of({2, 3}, float32)).dtype(), float32);
  EXPECT_EQ(linalg::pinv(zeros_of({2, 3}, float32)).shape(), (Shape{3, 2}));
}

}  // namespace
}  // namespace strict
