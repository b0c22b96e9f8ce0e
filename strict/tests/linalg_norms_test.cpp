// strict::linalg norms: matrix_norm of every order and vector_norm over axes, with hand-computed
// values. Device rules: linalg_devices_test.cpp.
#include <complex>
#include <limits>

#include <gtest/gtest.h>

#include "strict/linalg.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::host_values;
using testing::make;
using testing::zeros_of;
using C = std::complex<double>;

using testing::expect_near;
using testing::kTolerance;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

double norm_of(const Array& x, linalg::MatrixNormOrder ord) {
  return host_values<double>(linalg::matrix_norm(x, {.ord = ord})).at(0);
}

TEST(LinalgMatrixNorm, EveryOrder) {
  // A = [[1, -2], [3, 4]]: |A| column sums (4, 6), row sums (3, 7); A^T A = [[10, 10], [10, 20]]
  // has eigenvalues 15 +- sqrt(125), so the singular values are sqrt(15 +- 5 sqrt(5)), whose
  // sum is sqrt(30 + 2 |det A|) = sqrt(50).
  const Array a = make({{1, -2}, {3, 4}}, float64);
  EXPECT_NEAR(norm_of(a, "fro"), 5.477225575051661, kTolerance);  // sqrt(30)
  EXPECT_NEAR(norm_of(a, "nuc"), 7.0710678118654755, kTolerance);
  EXPECT_NEAR(norm_of(a, 1), 6, kTolerance);
  EXPECT_NEAR(norm_of(a, -1), 4, kTolerance);
  EXPECT_NEAR(norm_of(a, kInfinity), 7, kTolerance);
  EXPECT_NEAR(norm_of(a, -kInfinity), 3, kTolerance);
  EXPECT_NEAR(norm_of(a, 2), 5.116672736016928, kTolerance);
  EXPECT_NEAR(norm_of(a, -2), 1.9543950758485478, kTolerance);
  // The default is 'fro'.
  expect_near(host_values<double>(linalg::matrix_norm(a)), {5.477225575051661});
}

TEST(LinalgMatrixNorm, ShapesAndDTypes) {
  const Array stack = make({{{3, 0}, {0, 4}}, {{0, 0}, {0, 1}}}, float32);
  const Array norms = linalg::matrix_norm(stack);
  EXPECT_EQ(norms.shape(), Shape{2});
  EXPECT_EQ(norms.dtype(), float32);
  expect_near(host_values<double>(norms), {5, 1}, 1e-6);
  EXPECT_EQ(linalg::matrix_norm(stack, {.keepdims = true}).shape(), (Shape{2, 1, 1}));
  // |3i|^2 + |4|^2 = 25, in the real dtype of complex64's precision.
  const Array complex_norm = linalg::matrix_norm(make({{C(0, 3), C(4, 0)}}, complex64));
  EXPECT_EQ(complex_norm.dtype(), float32);
  expect_near(host_values<double>(complex_norm), {5}, 1e-6);
}

TEST(LinalgMatrixNorm, RejectsUnknownOrdersAndEmptyExtrema) {
  const Array a = make({{1, 0}, {0, 1}}, float64);
  EXPECT_THROW(linalg::matrix_norm(a, {.ord = 3}), InvalidArgumentError);
  EXPECT_THROW(linalg::matrix_norm(a, {.ord = "max"}), InvalidArgumentError);
  EXPECT_THROW(linalg::matrix_norm(zeros_of({2, 2}, int32)), DTypeError);
  EXPECT_THROW(linalg::matrix_norm(zeros({2})), InvalidArgumentError);
  // (0, 2): no rows to take a maximum over for inf; the column sums exist (both 0).
  EXPECT_THROW(linalg::matrix_norm(zeros({0, 2}), {.ord = kInfinity}), InvalidArgumentError);
  EXPECT_THROW(linalg::matrix_norm(zeros({0, 2}), {.ord = 2}), InvalidArgumentError);
  expect_near(host_values<double>(linalg::matrix_norm(zeros({0, 2}), {.ord = 1})), {0});
  expect_near(host_values<double>(linalg::matrix_norm(zeros({0, 2}))), {0});
}

TEST(LinalgVectorNorm, EveryOrderOfOneVector) {
  const Array v = make({3, -4}, float64);
  const auto norm = [&](double ord) {
    return host_values<double>(linalg::vector_norm(v, {.ord = ord})).at(0);
  };
  EXPECT_NEAR(norm(2), 5, kTolerance);
  EXPECT_NEAR(norm(1), 7, kTolerance);
  EXPECT_NEAR(norm(kInfinity), 4, kTolerance);
  EXPECT_NEAR(norm(-kInfinity), 3, kTolerance);
  EXPECT_NEAR(norm(0), 2, kTolerance);                    // two nonzero elements
  EXPECT_NEAR(norm(3), 4.497941445275415, kTolerance);    // (27 + 64)^(1/3)
  EXPECT_NEAR(norm(-1), 1.7142857142857142, kTolerance);  // 1 / (1/3 + 1/4) = 12/7
  EXPECT_EQ(linalg::vector_norm(v).shape(), Shape{});
}

TEST(LinalgVectorNorm, AxesAndKeepdims) {
  const Array m = make({{3, 4}, {6, 8}}, float64);
  expect_near(host_values<double>(linalg::vector_norm(m, {.axis = Axes{1}})), {5, 10});
  // sqrt(3^2 + 6^2) and sqrt(4^2 + 8^2).
  expect_near(host_values<double>(linalg::vector_norm(m, {.axis = Axes{-2}})),
              {6.708203932499369, 8.94427190999916});
  EXPECT_EQ(linalg::vector_norm(m, {.axis = Axes{1}, .keepdims = true}).shape(), (Shape{2, 1}));
  // sqrt(9 + 16 + 36 + 64) over both axes, or all of them.
  expect_near(host_values<double>(linalg::vector_norm(m, {.axis = Axes{0, 1}})),
              {11.180339887498949});
  expect_near(host_values<double>(linalg::vector_norm(m)), {11.180339887498949});
  EXPECT_EQ(linalg::vector_norm(m, {.keepdims = true}).shape(), (Shape{1, 1}));
  EXPECT_THROW(linalg::vector_norm(m, {.axis = Axes{2}}), InvalidArgumentError);
  EXPECT_THROW(linalg::vector_norm(m, {.axis = Axes{0, -2}}), InvalidArgumentError);
}

TEST(LinalgVectorNorm, DTypesAndEmptyInput) {
  const Array complex_norm = linalg::vector_norm(make({C(3, 4)}, complex128));
  EXPECT_EQ(complex_norm.dtype(), float64);
  expect_near(host_values<double>(complex_norm), {5});
  EXPECT_EQ(linalg::vector_norm(zeros_of({2}, float32)).dtype(), float32);
  EXPECT_THROW(linalg::vector_norm(zeros_of({2}, int64)), DTypeError);
  // 0-d input is one element.
  expect_near(host_values<double>(linalg::vector_norm(make(-2.5, float64))), {2.5});
  // The 2-norm of nothing is 0; its maximum does not exist.
  expect_near(host_values<double>(linalg::vector_norm(zeros({0}))), {0});
  EXPECT_THROW(linalg::vector_norm(zeros({0}), {.ord = kInfinity}), InvalidArgumentError);
}

}  // namespace
}  // namespace strict
