// NaN and infinity in the input of the linalg functions that factor a matrix: each returns (NaN
// where a value is unknown) or raises LinAlgError, and none hangs or aborts (Eigen's assertions
// are live in the Debug and sanitizer builds).
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "strict/linalg.hpp"
#include "test_helpers.hpp"

namespace strict::linalg_non_finite_test {
namespace {

using testing::host_values;
using C = std::complex<double>;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// rows x columns of 0.5 plus the identity, with `bad` at (row, column).
Array with_bad_entry(std::int64_t rows, std::int64_t columns, double bad, DType dtype,
                     std::int64_t row, std::int64_t column) {
  std::vector<Scalar> values;
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < columns; ++j)
      values.emplace_back(i == row && j == column ? bad : (i == j ? 1.5 : 0.5));
  return asarray(values, {rows, columns}, {.dtype = dtype});
}

bool all_nan(const Array& x) {
  for (const C value : host_values<C>(x))
    if (!std::isnan(value.real())) return false;
  return true;
}

// Sizes on both sides of Eigen's switches between algorithms (its SVD goes from Jacobi to divide
// and conquer at 16 columns, its LU and QR block at 48 and Cholesky at 32 or more).
TEST(LinalgNonFinite, EveryFactoringFunctionReturnsOrRaises) {
  for (const double bad : {testing::nan, kInfinity, -kInfinity}) {
    for (const DType dtype : {float64, complex128, float32}) {
      for (const std::int64_t n : {3, 20, 70}) {
        const Array x = with_bad_entry(n, n, bad, dtype, n - 1, 1);
        const Array tall = with_bad_entry(2 * n, n, bad, dtype, 1, n - 1);
        const std::vector<std::pair<std::string, std::function<void()>>> calls = {
            {"svd", [&] { (void)linalg::svd(x); }},
            {"svd thin", [&] { (void)linalg::svd(tall, {.full_matrices = false}); }},
            {"svdvals", [&] { (void)linalg::svdvals(tall); }},
            {"qr", [&] { (void)linalg::qr(tall); }},
            {"qr complete", [&] { (void)linalg::qr(x, {.mode = linalg::QrMode::complete}); }},
            {"eigh", [&] { (void)linalg::eigh(x); }},
            {"eigvalsh", [&] { (void)linalg::eigvalsh(x); }},
            {"cholesky", [&] { (void)linalg::cholesky(x); }},
            {"det", [&] { (void)linalg::det(x); }},
            {"slogdet", [&] { (void)linalg::slogdet(x); }},
            {"inv", [&] { (void)linalg::inv(x); }},
            {"solve", [&] { (void)linalg::solve(x, x); }},
            {"pinv", [&] { (void)linalg::pinv(tall); }},
            {"matrix_rank", [&] { (void)linalg::matrix_rank(tall); }},
            {"matrix_norm nuc", [&] { (void)linalg::matrix_norm(tall, {.ord = "nuc"}); }},
            {"matrix_norm 2", [&] { (void)linalg::matrix_norm(tall, {.ord = 2.0}); }},
            {"matrix_power", [&] { (void)linalg::matrix_power(x, 3); }},
        };
        for (const auto& [name, call] : calls) {
          try {
            call();
          } catch (const linalg::LinAlgError&) {
            // allowed: NumPy raises for some of these
          }
          SUCCEED() << name << " with " << bad << ", n = " << n;
        }
      }
    }
  }
}

TEST(LinalgNonFinite, FactorsOfNonFiniteInputAreNaN) {
  for (const double bad : {testing::nan, kInfinity}) {
    for (const std::int64_t n : {3, 20}) {
      const Array x = with_bad_entry(2 * n, n, bad, float64, n, 1);
      const linalg::SvdResult thin = linalg::svd(x, {.full_matrices = false});
      EXPECT_TRUE(all_nan(thin.S) && all_nan(thin.Vh)) << bad << ", " << n;
      // U: the identity's first columns (no direction to normalise), as the Jacobi SVD gave.
      const std::vector<double> u = host_values<double>(thin.U);
      for (std::int64_t i = 0; i < 2 * n; ++i)
        for (std::int64_t j = 0; j < n; ++j)
          EXPECT_EQ(u[static_cast<std::size_t>(i * n + j)], i == j ? 1 : 0);
      EXPECT_TRUE(all_nan(linalg::svdvals(x)));
      const Array square = with_bad_entry(n, n, bad, complex128, n - 1, 0);
      const linalg::EighResult eigen = linalg::eigh(square);
      EXPECT_TRUE(all_nan(eigen.eigenvalues) && all_nan(eigen.eigenvectors));
      // Only the lower triangle is read: the same entry above the diagonal changes nothing.
      const Array upper = with_bad_entry(n, n, bad, complex128, 0, n - 1);
      for (const double value : host_values<double>(linalg::eigvalsh(upper)))
        EXPECT_TRUE(std::isfinite(value));
      EXPECT_THROW((void)linalg::cholesky(square), linalg::LinAlgError);
      EXPECT_NO_THROW((void)linalg::cholesky(upper));
    }
  }
}

// Finite input near the ends of the range: Householder's norms square the elements (and Eigen's
// complex division squares the divisor), which overflows past 1e154 and underflows below 1e-154.
// LAPACK scales there, so must strict: the factors of s x are those of x scaled (the standard's
// test_qr found NaN in R for a complex 2 x 2 at 1e154).
TEST(LinalgNonFinite, FactorsOfHugeAndTinyMatricesAreThoseOfTheMatrixScaled) {
  for (const double scale : {1e200, 1e154, 1e-200}) {
    for (const bool complex : {false, true}) {
      for (const std::int64_t n : {2, 20, 70}) {
        // (2n) x n: 1.5 on the diagonal, 0.5 elsewhere, imaginary where i + j is odd (complex).
        std::vector<Scalar> base;
        std::vector<Scalar> scaled;
        for (std::int64_t i = 0; i < 2 * n; ++i) {
          for (std::int64_t j = 0; j < n; ++j) {
            const double size = i == j ? 1.5 : 0.5;
            const C value = complex && (i + j) % 2 == 1 ? C(0, size) : C(size, 0);
            base.push_back(complex ? Scalar(value) : Scalar(value.real()));
            scaled.push_back(complex ? Scalar(value * scale) : Scalar(value.real() * scale));
          }
        }
        const DType dtype = complex ? complex128 : float64;
        const Array x = asarray(scaled, {2 * n, n}, {.dtype = dtype});
        const std::vector<C> expected = host_values<C>(x);
        const std::string where =
            std::to_string(scale) + (complex ? " complex" : " real") + ", n = " + std::to_string(n);
        // Q R = x, to rounding relative to the scale.
        const linalg::QrResult qr = linalg::qr(x);
        const std::vector<C> product = host_values<C>(matmul(qr.Q, qr.R));
        for (std::size_t i = 0; i < product.size(); ++i)
          ASSERT_LT(std::abs(product[i] - expected[i]), 1e-13 * n * scale) << where << ", " << i;
        // The singular values are those of the unscaled matrix, scaled.
        const std::vector<double> s = host_values<double>(linalg::svdvals(x));
        const std::vector<double> s_base =
            host_values<double>(linalg::svdvals(asarray(base, {2 * n, n}, {.dtype = dtype})));
        for (std::size_t i = 0; i < s.size(); ++i)
          ASSERT_NEAR(s[i] / scale, s_base[i], 1e-12 * s_base.front()) << where << ", " << i;
        // The inverse of the square top: that of the unscaled one over the scale, finite.
        const Array top = asarray(std::vector<Scalar>(scaled.begin(), scaled.begin() + n * n),
                                  {n, n}, {.dtype = dtype});
        const Array top_base = asarray(std::vector<Scalar>(base.begin(), base.begin() + n * n),
                                       {n, n}, {.dtype = dtype});
        const std::vector<C> inverse = host_values<C>(linalg::inv(top));
        const std::vector<C> inverse_base = host_values<C>(linalg::inv(top_base));
        for (std::size_t i = 0; i < inverse.size(); ++i)
          ASSERT_LT(std::abs(inverse[i] * scale - inverse_base[i]), 1e-12 * n)
              << where << ", " << i;
      }
    }
  }
}

}  // namespace
}  // namespace strict::linalg_non_finite_test
