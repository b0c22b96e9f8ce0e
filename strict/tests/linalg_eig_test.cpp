// strict::linalg eig and eigvals (2025.12): hand-computed eigenvalues, the definition x v = l v
// with unit eigenvectors, complex result dtypes of x's precision, stacks, devices and errors.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "strict/linalg.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::host_values;
using testing::make;
using testing::nan;
using testing::zeros_of;
using C = std::complex<double>;
using C64 = std::complex<float>;

// The standard leaves the order unspecified: compare sorted by real, then imaginary part (real
// parts within rounding of each other count as equal: 1e-16 and -1e-16 for a pair +-i).
std::vector<C> sorted_eigenvalues(std::vector<C> values) {
  std::sort(values.begin(), values.end(), [](C a, C b) {
    constexpr double kSameReal = 1e-6;
    return std::abs(a.real() - b.real()) > kSameReal ? a.real() < b.real() : a.imag() < b.imag();
  });
  return values;
}

void expect_eigenvalues_near(const std::vector<C>& actual, const std::vector<C>& expected,
                             double tolerance = 1e-12) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_LT(std::abs(actual[i] - expected[i]), tolerance)
        << "element " << i << " is " << actual[i] << ", not " << expected[i];
}

// Each matrix of the stack `x` (count matrices of n x n, row-major) times column k of its
// eigenvectors equals eigenvalue k times that column, and the column has unit 2-norm.
::testing::AssertionResult are_eigenpairs(const std::vector<C>& x, std::int64_t n,
                                          const std::vector<C>& values,
                                          const std::vector<C>& vectors, double tolerance) {
  const auto at = [](const std::vector<C>& v, std::int64_t i) {
    return v[static_cast<std::size_t>(i)];
  };
  const std::int64_t count = n == 0 ? 0 : static_cast<std::int64_t>(x.size()) / (n * n);
  for (std::int64_t b = 0; b < count; ++b) {
    for (std::int64_t k = 0; k < n; ++k) {
      double norm = 0;
      for (std::int64_t i = 0; i < n; ++i)
        norm += std::norm(at(vectors, b * n * n + i * n + k));
      if (std::abs(std::sqrt(norm) - 1.0) > tolerance)
        return ::testing::AssertionFailure()
               << "column " << k << " of matrix " << b << " has norm " << std::sqrt(norm);
      for (std::int64_t i = 0; i < n; ++i) {
        C product = 0;
        for (std::int64_t j = 0; j < n; ++j)
          product += at(x, b * n * n + i * n + j) * at(vectors, b * n * n + j * n + k);
        const C expected = at(values, b * n + k) * at(vectors, b * n * n + i * n + k);
        if (std::abs(product - expected) > tolerance)
          return ::testing::AssertionFailure()
                 << "matrix " << b << ", eigenpair " << k << ", row " << i << ": x v = " << product
                 << ", l v = " << expected;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(LinalgEig, ADiagonalMatrixHasItsDiagonalAndTheUnitVectors) {
  const auto [values, vectors] = linalg::eig(make({{2.0, 0.0}, {0.0, 3.0}}, float64));
  EXPECT_EQ(values.dtype(), complex128);
  EXPECT_EQ(vectors.dtype(), complex128);
  EXPECT_EQ(values.shape(), Shape{2});
  EXPECT_EQ(vectors.shape(), (Shape{2, 2}));
  const std::vector<C> l = host_values<C>(values);
  expect_eigenvalues_near(sorted_eigenvalues(l), {2.0, 3.0});
  // Column i belongs to eigenvalue i: e1 (up to a unit factor) for 2, e2 for 3.
  const std::vector<C> v = host_values<C>(vectors);
  for (std::size_t k = 0; k < 2; ++k) {
    const std::size_t axis = l[k].real() < 2.5 ? 0 : 1;
    EXPECT_NEAR(std::abs(v[axis * 2 + k]), 1.0, 1e-12);
    EXPECT_NEAR(std::abs(v[(1 - axis) * 2 + k]), 0.0, 1e-12);
  }
}

TEST(LinalgEig, ARotationByAQuarterTurnHasEigenvaluesPlusAndMinusI) {
  const Array x = make({{0.0, -1.0}, {1.0, 0.0}}, float64);
  const auto [values, vectors] = linalg::eig(x);
  expect_eigenvalues_near(sorted_eigenvalues(host_values<C>(values)), {C(0, -1), C(0, 1)});
  EXPECT_TRUE(are_eigenpairs({0.0, -1.0, 1.0, 0.0}, 2, host_values<C>(values),
                             host_values<C>(vectors), 1e-12));
}

TEST(LinalgEig, ThreeByThreeWithKnownEigenvalues) {
  // A 2x2 block [[3, 4], [4, 9]] beside 2: trace 12, determinant 11, so 1 and 11.
  expect_eigenvalues_near(sorted_eigenvalues(host_values<C>(linalg::eigvals(
                              make({{2.0, 0.0, 0.0}, {0.0, 3.0, 4.0}, {0.0, 4.0, 9.0}}, float64)))),
                          {1.0, 2.0, 11.0});
  // The companion matrix of (l - 2)(l^2 + 1) = l^3 - 2 l^2 + l - 2: eigenvalues 2, i and -i.
  const std::vector<C> companion = {0.0, 0.0, 2.0, 1.0, 0.0, -1.0, 0.0, 1.0, 2.0};
  const auto [values, vectors] =
      linalg::eig(make({{0.0, 0.0, 2.0}, {1.0, 0.0, -1.0}, {0.0, 1.0, 2.0}}, float64));
  expect_eigenvalues_near(sorted_eigenvalues(host_values<C>(values)), {C(0, -1), C(0, 1), 2.0});
  EXPECT_TRUE(are_eigenpairs(companion, 3, host_values<C>(values), host_values<C>(vectors), 1e-12));
}

TEST(LinalgEig, ComplexInputKeepsItsDtype) {
  // Upper triangular: the eigenvalues are the diagonal, i and 2.
  const Array x = make({{C(0, 1), C(1, 0)}, {C(0, 0), C(2, 0)}}, complex128);
  const auto [values, vectors] = linalg::eig(x);
  EXPECT_EQ(values.dtype(), complex128);
  EXPECT_EQ(vectors.dtype(), complex128);
  expect_eigenvalues_near(sorted_eigenvalues(host_values<C>(values)), {C(0, 1), 2.0});
  EXPECT_TRUE(are_eigenpairs({C(0, 1), 1.0, 0.0, 2.0}, 2, host_values<C>(values),
                             host_values<C>(vectors), 1e-12));
  EXPECT_EQ(linalg::eigvals(astype(x, complex64)).dtype(), complex64);
}

TEST(LinalgEig, Float32GivesComplex64) {
  const Array x = make({{0.0, -1.0}, {1.0, 0.0}}, float32);
  const auto [values, vectors] = linalg::eig(x);
  // "if x has a float32 data type, eigenvalues must have the complex64 data type"
  EXPECT_EQ(values.dtype(), complex64);
  EXPECT_EQ(vectors.dtype(), complex64);
  EXPECT_EQ(linalg::eigvals(x).dtype(), complex64);
  std::vector<C> widened;
  for (const C64 value : host_values<C64>(values))
    widened.emplace_back(value);
  expect_eigenvalues_near(sorted_eigenvalues(widened), {C(0, -1), C(0, 1)}, 1e-6);
}

TEST(LinalgEig, StacksGiveOneResultPerMatrix) {
  const Array x = make({{{{1.0, 0.0}, {0.0, 2.0}}, {{0.0, 1.0}, {1.0, 0.0}}},
                        {{{4.0, 1.0}, {0.0, 4.0}}, {{0.0, -2.0}, {2.0, 0.0}}}},
                       float64);
  const auto [values, vectors] = linalg::eig(x);
  EXPECT_EQ(values.shape(), (Shape{2, 2, 2}));
  EXPECT_EQ(vectors.shape(), (Shape{2, 2, 2, 2}));
  const std::vector<C> l = host_values<C>(values);
  const auto matrix = [&](std::size_t b) { return sorted_eigenvalues({l[2 * b], l[2 * b + 1]}); };
  expect_eigenvalues_near(matrix(0), {1.0, 2.0});
  expect_eigenvalues_near(matrix(1), {-1.0, 1.0});
  // A Jordan block: 4 twice, and its eigenvectors are (numerically) both e1.
  expect_eigenvalues_near(matrix(2), {4.0, 4.0}, 1e-7);
  expect_eigenvalues_near(matrix(3), {C(0, -2), C(0, 2)});
  const std::vector<C> entries = {1, 0, 0, 2, 0, 1, 1, 0, 4, 1, 0, 4, 0, -2, 2, 0};
  EXPECT_TRUE(are_eigenpairs(entries, 2, l, host_values<C>(vectors), 1e-7));
}

TEST(LinalgEig, EmptyStacksAndEmptyMatrices) {
  const auto [values, vectors] = linalg::eig(zeros_of({0, 3, 3}, float64));
  EXPECT_EQ(values.shape(), (Shape{0, 3}));
  EXPECT_EQ(vectors.shape(), (Shape{0, 3, 3}));
  EXPECT_EQ(linalg::eigvals(zeros_of({2, 0, 0}, float32)).shape(), (Shape{2, 0}));
  EXPECT_EQ(linalg::eig(zeros_of({2, 0, 0}, float32)).eigenvectors.dtype(), complex64);
  const auto [one, unit] = linalg::eig(make({{5.0}}, float64));
  expect_eigenvalues_near(host_values<C>(one), {5.0});
  EXPECT_NEAR(std::abs(host_values<C>(unit)[0]), 1.0, 1e-15);
}

TEST(LinalgEig, EigvalsGivesEigsEigenvaluesInTheSameOrder) {
  const Array x = make({{1.0, 2.0, 0.5}, {-3.0, 4.0, 1.0}, {2.0, 0.0, -1.0}}, float64);
  expect_eigenvalues_near(host_values<C>(linalg::eigvals(x)),
                          host_values<C>(linalg::eig(x).eigenvalues));
}

TEST(LinalgEig, ResultsStayOnTheInputDevice) {
  const Array x = make({{1.0, 2.0}, {3.0, 4.0}}, float64, device1());
  const linalg::EigResult result = linalg::eig(x);
  EXPECT_EQ(result.eigenvalues.device(), device1());
  EXPECT_EQ(result.eigenvectors.device(), device1());
  EXPECT_EQ(linalg::eigvals(x).device(), device1());
  EXPECT_EQ(result.arrays().size(), 2u);
}

TEST(LinalgEig, NoFloat64DeviceComputesFloat32InComplex64) {
  enable_device("no_float64");
  {
    const Device no_float64("no_float64");
    const Array x = make({{0.0, -1.0}, {1.0, 0.0}}, float32, no_float64);
    const linalg::EigResult result = linalg::eig(x);
    EXPECT_EQ(result.eigenvalues.device(), no_float64);
    EXPECT_EQ(result.eigenvectors.dtype(), complex64);
    EXPECT_EQ(linalg::eigvals(x).dtype(), complex64);
  }
  set_device_enabled("no_float64", false);
}

// float64 without complex128: no built-in device is like that (no_float64 cannot hold the float64
// input either), so the test registers one.
Device eig_device_without_complex128() {
  static const Device device = register_device({"eig_float64_without_complex128",
                                                {float32, float64, complex64, int64, bool_},
                                                {float64, complex64, int64, int64},
                                                false});
  return device;
}

TEST(LinalgEig, ADeviceWithoutTheComplexResultDtypeRaises) {
  enable_device(eig_device_without_complex128().name());
  {
    const Array x = make({{1.0, 2.0}, {3.0, 4.0}}, float64, eig_device_without_complex128());
    try {
      (void)linalg::eig(x);
      FAIL() << "eig made a complex128 array on a device without complex128";
    } catch (const UnsupportedDTypeError& error) {
      EXPECT_TRUE(contains(error.what(), "linalg.eig()"));
      EXPECT_TRUE(contains(error.what(), "complex128"));
    }
    EXPECT_THROW((void)linalg::eigvals(x), UnsupportedDTypeError);
    EXPECT_EQ(linalg::eigvals(astype(x, float32)).dtype(), complex64);
  }
  // Off again: the tests of devices() see the default set.
  set_device_enabled(eig_device_without_complex128().name(), false);
}

TEST(LinalgEig, NonSquareNonFloatingAndNonFiniteInputRaise) {
  EXPECT_THROW((void)linalg::eig(make({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}, float64)),
               InvalidArgumentError);
  EXPECT_THROW((void)linalg::eigvals(make({1.0, 2.0}, float64)), InvalidArgumentError);
  // "Should have a floating-point data type": strict does not cast for the caller.
  EXPECT_THROW((void)linalg::eig(make({{1, 2}, {3, 4}}, int64)), DTypeError);
  EXPECT_THROW((void)linalg::eigvals(make({{true}}, bool_)), DTypeError);
  EXPECT_THROW((void)linalg::eigvals(
                   make({{std::numeric_limits<double>::infinity(), 1.0}, {2.0, 3.0}}, float64)),
               linalg::LinAlgError);
  try {
    (void)linalg::eig(make({{{1.0, 0.0}, {0.0, 1.0}}, {{nan, 0.0}, {0.0, 1.0}}}, float64));
    FAIL() << "a NaN was accepted";
  } catch (const linalg::LinAlgError& error) {
    EXPECT_TRUE(contains(error.what(), "linalg.eig()"));
    EXPECT_TRUE(contains(error.what(), "x[1]"));
  }
}

// The definition (x v = l v, unit columns) for random real and complex matrices, and what the
// eigenvalues must add and multiply up to: the trace and det(x).
RC_GTEST_PROP(LinalgEig, RandomMatricesSatisfyTheDefinition, ()) {
  const std::int64_t n = *rc::gen::inRange<std::int64_t>(1, 6);
  const bool complex_input = *rc::gen::arbitrary<bool>();
  std::vector<C> entries;
  for (std::int64_t i = 0; i < n * n; ++i) {
    const double real = *rc::gen::inRange(-9, 10);
    const double imag = complex_input ? *rc::gen::inRange(-9, 10) : 0;
    entries.emplace_back(real, imag);
  }
  std::vector<Scalar> literal;
  for (const C value : entries)
    literal.push_back(complex_input ? Scalar(value) : Scalar(value.real()));
  const Array x = asarray(literal, {n, n}, {.dtype = complex_input ? complex128 : float64});
  const auto [values, vectors] = linalg::eig(x);
  const std::vector<C> l = host_values<C>(values);
  // Defective or nearly defective matrices (random integers make some) give eigenvectors accurate
  // to about the square root of the precision; the residual stays small all the same.
  RC_ASSERT(are_eigenpairs(entries, n, l, host_values<C>(vectors), 1e-7));
  C sum = 0;
  C product = 1;
  C trace = 0;
  double magnitudes = 0;       // sum of |l|: the scale of the sum's rounding
  double magnitude_terms = 1;  // product of (1 + |l|): a bound on the product's
  for (std::int64_t i = 0; i < n; ++i) {
    const C value = l[static_cast<std::size_t>(i)];
    sum += value;
    product *= value;
    magnitudes += std::abs(value);
    magnitude_terms *= 1 + std::abs(value);
    trace += entries[static_cast<std::size_t>(i * n + i)];
  }
  RC_ASSERT(std::abs(sum - trace) < 1e-9 * (1 + magnitudes));
  // Loose for a (nearly) defective x, whose eigenvalues are only accurate to a root of the
  // precision; a wrong eigenvalue is still off by a factor.
  const C determinant = host_values<C>(astype(linalg::det(x), complex128))[0];
  RC_ASSERT(std::abs(product - determinant) < 1e-6 * magnitude_terms);
}

}  // namespace
}  // namespace strict
