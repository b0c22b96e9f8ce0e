// The thin (reduced) and full SVD and QR of tall and wide matrices, real and complex: shapes,
// orthonormal columns of U and Q, the reconstruction of x, R upper triangular with a real diagonal
// of LAPACK's signs, singular values descending; and eigh on random Hermitian matrices.
#include <algorithm>
#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "strict/linalg.hpp"
#include "test_helpers.hpp"

namespace strict::linalg_thin_factors_test {
namespace {

using testing::host_values;
using C = std::complex<double>;

// A rows x columns matrix of uniform random entries in [-1, 1] (real and imaginary parts), row
// by row, and the array holding it.
struct Sample {
  std::vector<C> values;
  std::int64_t rows;
  std::int64_t columns;
  Array array;
  C operator()(std::int64_t i, std::int64_t j) const {
    return values[static_cast<std::size_t>(i * columns + j)];
  }
};

Sample sample_of(const std::vector<C>& values, std::int64_t rows, std::int64_t columns,
                 bool complex) {
  std::vector<Scalar> literal;
  for (const C value : values)
    literal.push_back(complex ? Scalar(value) : Scalar(value.real()));
  return {values, rows, columns,
          asarray(literal, {rows, columns}, {.dtype = complex ? complex128 : float64})};
}

Sample random_matrix(std::int64_t rows, std::int64_t columns, bool complex, unsigned seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> uniform(-1, 1);
  std::vector<C> values;
  for (std::int64_t i = 0; i < rows * columns; ++i) {
    const double real = uniform(engine);
    values.emplace_back(real, complex ? uniform(engine) : 0.0);
  }
  return sample_of(values, rows, columns, complex);
}

// The elements of a 2-D array, row-major, as complex numbers.
struct Elements {
  std::vector<C> values;
  std::int64_t rows;
  std::int64_t columns;
  explicit Elements(const Array& a)
      : values(host_values<C>(a)), rows(a.shape()[0]), columns(a.shape()[1]) {}
  C operator()(std::int64_t i, std::int64_t j) const {
    return values[static_cast<std::size_t>(i * columns + j)];
  }
};

// The largest |(M^H M - I)[a, b]| of the columns of `m` (or of its rows, M M^H - I).
double orthonormality_error(const Elements& m, bool of_rows = false) {
  const std::int64_t count = of_rows ? m.rows : m.columns;
  const std::int64_t length = of_rows ? m.columns : m.rows;
  const auto at = [&](std::int64_t vector, std::int64_t i) {
    return of_rows ? m(vector, i) : m(i, vector);
  };
  double worst = 0;
  for (std::int64_t a = 0; a < count; ++a) {
    for (std::int64_t b = 0; b < count; ++b) {
      C dot(0);
      for (std::int64_t i = 0; i < length; ++i)
        dot += std::conj(at(a, i)) * at(b, i);
      worst = std::max(worst, std::abs(dot - C(a == b ? 1 : 0)));
    }
  }
  return worst;
}

// The largest |(U diag(S) Vh - x)[i, j]|, over the first s.size() columns of U and rows of Vh.
double reconstruction_error(const Sample& x, const Elements& u, const std::vector<double>& s,
                            const Elements& vh) {
  double worst = 0;
  for (std::int64_t i = 0; i < x.rows; ++i) {
    for (std::int64_t j = 0; j < x.columns; ++j) {
      C total(0);
      for (std::int64_t k = 0; k < std::ssize(s); ++k)
        total += u(i, k) * s[static_cast<std::size_t>(k)] * vh(k, j);
      worst = std::max(worst, std::abs(total - x(i, j)));
    }
  }
  return worst;
}

// Every check of svd(x) with these options; `tolerance` bounds each element's error.
void check_svd(const Sample& x, bool full, double tolerance = 1e-12) {
  const std::int64_t m = x.rows;
  const std::int64_t n = x.columns;
  const std::int64_t k = std::min(m, n);
  const linalg::SvdResult r = linalg::svd(x.array, {.full_matrices = full});
  ASSERT_EQ(r.U.shape(), (Shape{m, full ? m : k}));
  ASSERT_EQ(r.S.shape(), Shape{k});
  ASSERT_EQ(r.Vh.shape(), (Shape{full ? n : k, n}));
  EXPECT_EQ(r.U.dtype(), x.array.dtype());
  EXPECT_EQ(r.Vh.dtype(), x.array.dtype());
  EXPECT_EQ(r.S.dtype(), float64);
  const Elements u(r.U);
  const Elements vh(r.Vh);
  const std::vector<double> s = host_values<double>(r.S);
  EXPECT_TRUE(std::is_sorted(s.rbegin(), s.rend())) << "singular values not descending";
  EXPECT_GE(s.back(), 0);
  EXPECT_LT(orthonormality_error(u), tolerance) << "U^H U != I";
  EXPECT_LT(orthonormality_error(vh, true), tolerance) << "Vh Vh^H != I";
  // Rounding grows with the size of x: its largest singular value.
  EXPECT_LT(reconstruction_error(x, u, s, vh), tolerance * (1 + s.front())) << "U diag(S) Vh != x";
  // svdvals computes the same values without the vectors.
  const std::vector<double> values = host_values<double>(linalg::svdvals(x.array));
  ASSERT_EQ(values.size(), s.size());
  for (std::size_t i = 0; i < s.size(); ++i)
    EXPECT_NEAR(values[i], s[i], tolerance * (1 + s.front())) << "singular value " << i;
}

// Every check of qr(x) in this mode.
void check_qr(const Sample& x, bool complete, double tolerance = 1e-12) {
  const std::int64_t m = x.rows;
  const std::int64_t n = x.columns;
  const std::int64_t k = std::min(m, n);
  const linalg::QrResult r =
      linalg::qr(x.array, {.mode = complete ? linalg::QrMode::complete : linalg::QrMode::reduced});
  ASSERT_EQ(r.Q.shape(), (Shape{m, complete ? m : k}));
  ASSERT_EQ(r.R.shape(), (Shape{complete ? m : k, n}));
  EXPECT_EQ(r.Q.dtype(), x.array.dtype());
  EXPECT_EQ(r.R.dtype(), x.array.dtype());
  const Elements q(r.Q);
  const Elements upper(r.R);
  EXPECT_LT(orthonormality_error(q), tolerance) << "Q^H Q != I";
  for (std::int64_t i = 0; i < upper.rows; ++i) {
    for (std::int64_t j = 0; j < std::min(i, n); ++j)
      ASSERT_EQ(upper(i, j), C(0)) << "R[" << i << ", " << j << "] below the diagonal";
    if (i < k) {
      EXPECT_EQ(upper(i, i).imag(), 0) << "R[" << i << ", " << i << "] is not real";
    }
  }
  // LAPACK's signs (NumPy's): the first reflector sends x's first column to -sign(Re x[0, 0])
  // times its norm (these samples have no zero column).
  if (k > 0) {
    double norm = 0;
    for (std::int64_t i = 0; i < m; ++i)
      norm += std::norm(x(i, 0));
    const double expected = (x(0, 0).real() >= 0 ? -1 : 1) * std::sqrt(norm);
    EXPECT_NEAR(upper(0, 0).real(), expected, tolerance * std::sqrt(norm)) << "R[0, 0]'s sign";
  }
  double worst = 0;
  for (std::int64_t i = 0; i < m; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      C total(0);
      for (std::int64_t l = 0; l < q.columns; ++l)
        total += q(i, l) * upper(l, j);
      worst = std::max(worst, std::abs(total - x(i, j)));
    }
  }
  EXPECT_LT(worst, tolerance) << "Q R != x";
}

TEST(LinalgThinSvd, TallAndWideRealMatrices) {
  check_svd(random_matrix(1000, 5, false, 1), false);
  check_svd(random_matrix(5, 1000, false, 2), false);
  check_svd(random_matrix(300, 40, false, 3), false);  // past Eigen's switch to divide-and-conquer
  check_svd(random_matrix(40, 300, false, 4), false);
}

TEST(LinalgThinSvd, TallAndWideComplexMatrices) {
  check_svd(random_matrix(1000, 5, true, 5), false);
  check_svd(random_matrix(5, 1000, true, 6), false);
  check_svd(random_matrix(200, 30, true, 7), false);
}

TEST(LinalgThinSvd, FullMatricesRemainAvailable) {
  check_svd(random_matrix(60, 5, false, 8), true);
  check_svd(random_matrix(5, 60, true, 9), true);
  check_svd(random_matrix(50, 20, false, 10), true);
}

TEST(LinalgThinSvd, RankDeficientMatricesStillHaveOrthonormalU) {
  // A rank-one 1000 x 5 (every row a multiple of (1, 2, 3, 4, 5)) and a rank-two 200 x 20: the
  // zero singular values still come with orthonormal columns of U.
  std::vector<C> rank_one;
  for (int i = 0; i < 1000; ++i)
    for (int j = 0; j < 5; ++j)
      rank_one.emplace_back((i % 7 - 3) * (j + 1), 0);
  check_svd(sample_of(rank_one, 1000, 5, false), false);
  std::vector<C> rank_two;
  for (int i = 0; i < 200; ++i)
    for (int j = 0; j < 20; ++j)
      rank_two.emplace_back((i % 5) * (j + 1) + (i % 3) * (j % 4), 0);
  check_svd(sample_of(rank_two, 200, 20, false), false, 1e-10);
  check_svd(sample_of(std::vector<C>(200 * 20, C(0)), 200, 20, false), false);
}

TEST(LinalgThinQr, TallAndWideMatrices) {
  check_qr(random_matrix(1000, 5, false, 11), false);
  check_qr(random_matrix(5, 1000, false, 12), false);
  check_qr(random_matrix(1000, 5, true, 13), false);
  check_qr(random_matrix(5, 1000, true, 14), false);
  check_qr(random_matrix(300, 60, false, 15), false);  // Eigen's blocked factorisation
}

TEST(LinalgThinQr, CompleteModeRemainsAvailable) {
  check_qr(random_matrix(60, 5, false, 16), true);
  check_qr(random_matrix(60, 5, true, 17), true);
  check_qr(random_matrix(5, 60, false, 18), true);
}

TEST(LinalgThinQr, StacksAndEmptyMatrices) {
  const Array stack = asarray(std::vector<Scalar>(3 * 40 * 4, Scalar(1.0)), {3, 40, 4});
  const linalg::QrResult r = linalg::qr(stack);
  EXPECT_EQ(r.Q.shape(), (Shape{3, 40, 4}));
  EXPECT_EQ(r.R.shape(), (Shape{3, 4, 4}));
  EXPECT_EQ(linalg::qr(zeros({4, 0})).Q.shape(), (Shape{4, 0}));
  EXPECT_EQ(linalg::qr(zeros({0, 4})).R.shape(), (Shape{0, 4}));
  const linalg::QrResult complete = linalg::qr(zeros({3, 0}), {.mode = linalg::QrMode::complete});
  EXPECT_EQ(host_values<double>(complete.Q), (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(linalg::svd(zeros({4, 0}), {.full_matrices = false}).U.shape(), (Shape{4, 0}));
  EXPECT_EQ(host_values<double>(linalg::svd(zeros({2, 0})).U), (std::vector<double>{1, 0, 0, 1}));
}

// Random shapes, real and complex, thin and full: the definitions hold.
RC_GTEST_PROP(LinalgThinSvd, RandomShapesSatisfyTheDefinition, ()) {
  const std::int64_t m = *rc::gen::inRange<std::int64_t>(1, 40);
  const std::int64_t n = *rc::gen::inRange<std::int64_t>(1, 40);
  const bool complex = *rc::gen::arbitrary<bool>();
  const bool full = *rc::gen::arbitrary<bool>();
  const unsigned seed = *rc::gen::arbitrary<unsigned>();
  const Sample x = random_matrix(m, n, complex, seed);
  const linalg::SvdResult r = linalg::svd(x.array, {.full_matrices = full});
  const std::vector<double> s = host_values<double>(r.S);
  RC_ASSERT(std::is_sorted(s.rbegin(), s.rend()));
  RC_ASSERT(orthonormality_error(Elements(r.U)) < 1e-12);
  RC_ASSERT(orthonormality_error(Elements(r.Vh), true) < 1e-12);
  RC_ASSERT(reconstruction_error(x, Elements(r.U), s, Elements(r.Vh)) < 1e-12 * (1 + s.front()));
  const linalg::QrResult qr =
      linalg::qr(x.array, {.mode = full ? linalg::QrMode::complete : linalg::QrMode::reduced});
  RC_ASSERT(orthonormality_error(Elements(qr.Q)) < 1e-12);
}

// eigh of random Hermitian matrices (only the lower triangle given): x v = l v, ascending l,
// orthonormal v.
RC_GTEST_PROP(LinalgEigh, RandomHermitianMatricesSatisfyTheDefinition, ()) {
  const std::int64_t n = *rc::gen::inRange<std::int64_t>(1, 60);
  const bool complex = *rc::gen::arbitrary<bool>();
  const Sample random = random_matrix(n, n, complex, *rc::gen::arbitrary<unsigned>());
  // The Hermitian matrix of the lower triangle; the upper triangle of the input is garbage.
  std::vector<C> hermitian(static_cast<std::size_t>(n * n));
  std::vector<C> input(static_cast<std::size_t>(n * n));
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      const C lower = i > j ? random(i, j) : i < j ? std::conj(random(j, i)) : random(i, i).real();
      hermitian[static_cast<std::size_t>(i * n + j)] = lower;
      input[static_cast<std::size_t>(i * n + j)] = i >= j ? lower : C(99, complex ? 7 : 0);
    }
  }
  const Sample x = sample_of(input, n, n, complex);
  const linalg::EighResult r = linalg::eigh(x.array);
  const std::vector<double> l = host_values<double>(r.eigenvalues);
  const Elements v(r.eigenvectors);
  RC_ASSERT(std::is_sorted(l.begin(), l.end()));
  RC_ASSERT(orthonormality_error(v) < 1e-12);
  double worst = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      C total(0);
      for (std::int64_t p = 0; p < n; ++p)
        total += hermitian[static_cast<std::size_t>(i * n + p)] * v(p, j);
      worst = std::max(worst, std::abs(total - l[static_cast<std::size_t>(j)] * v(i, j)));
    }
  }
  RC_ASSERT(worst < 1e-12);
  const std::vector<double> values = host_values<double>(linalg::eigvalsh(x.array));
  for (std::size_t i = 0; i < l.size(); ++i)
    RC_ASSERT(std::abs(values[i] - l[i]) < 1e-12);
}

}  // namespace
}  // namespace strict::linalg_thin_factors_test
