// Every element-wise function computes the right values: integer, real and complex inputs where
// the function's dtype category allows them, and the dtype of each result.
#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using namespace std::complex_literals;
using testing::host_values;
using testing::make;
using complex = std::complex<double>;

using testing::nan;
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double pi = 3.141592653589793;
using testing::kTolerance;

// Exact comparison in which NaN equals NaN.
void expect_reals(const Array& actual, DType dtype, const std::vector<double>& expected) {
  EXPECT_EQ(actual.dtype(), dtype);
  const std::vector<double> values = host_values<double>(actual);
  ASSERT_EQ(values.size(), expected.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(values[i])) << "element " << i << " is " << values[i];
    } else {
      EXPECT_EQ(values[i], expected[i]) << "element " << i;
    }
  }
}

void expect_near(const Array& actual, DType dtype, const std::vector<double>& expected) {
  EXPECT_EQ(actual.dtype(), dtype);
  const std::vector<double> values = host_values<double>(actual);
  ASSERT_EQ(values.size(), expected.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_NEAR(values[i], expected[i], kTolerance) << "element " << i;
  }
}

void expect_complex_near(const Array& actual, DType dtype, const std::vector<complex>& expected) {
  EXPECT_EQ(actual.dtype(), dtype);
  const std::vector<complex> values = host_values<complex>(actual);
  ASSERT_EQ(values.size(), expected.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_NEAR(values[i].real(), expected[i].real(), kTolerance) << "element " << i;
    EXPECT_NEAR(values[i].imag(), expected[i].imag(), kTolerance) << "element " << i;
  }
}

void expect_ints(const Array& actual, DType dtype, const std::vector<std::int64_t>& expected) {
  EXPECT_EQ(actual.dtype(), dtype);
  EXPECT_EQ(host_values<std::int64_t>(actual), expected);
}

void expect_bools(const Array& actual, const std::vector<bool>& expected) {
  EXPECT_EQ(actual.dtype(), bool_);
  EXPECT_EQ(host_values<bool>(actual), expected);
}

// -- Arithmetic ---------------------------------------------------------------------------------

TEST(ElementwiseValues, Abs) {
  expect_ints(abs(make({-3, 0, 5}, int8)), int8, {3, 0, 5});
  expect_reals(abs(make({-1.5, -0.0, -inf}, float64)), float64, {1.5, 0.0, inf});
  // A complex modulus has the real dtype of the same precision.
  expect_reals(abs(make({3.0 + 4.0i, -5.0 + 12.0i}, complex128)), float64, {5.0, 13.0});
  expect_reals(abs(make({3.0 + 4.0i}, complex64)), float32, {5.0});
}

TEST(ElementwiseValues, AddSubtractMultiply) {
  expect_ints(add(make({1, 2}, int32), make({10, -20}, int32)), int32, {11, -18});
  expect_reals(add(make({0.5, 1.0}, float64), make({0.25, -1.0}, float64)), float64, {0.75, 0.0});
  expect_complex_near(add(make({1.0 + 2.0i}, complex128), make({3.0 - 1.0i}, complex128)),
                      complex128, {4.0 + 1.0i});
  expect_ints(subtract(make({5, 2}, int16), make({7, 2}, int16)), int16, {-2, 0});
  expect_reals(subtract(make({0.5}, float32), make({2.0}, float32)), float32, {-1.5});
  expect_complex_near(subtract(make({1.0 + 2.0i}, complex64), make({1.0i}, complex64)), complex64,
                      {1.0 + 1.0i});
  expect_ints(multiply(make({3, -4}, int64), make({5, 6}, int64)), int64, {15, -24});
  expect_reals(multiply(make({1.5}, float64), make({-4.0}, float64)), float64, {-6.0});
  expect_complex_near(multiply(make({1.0 + 2.0i}, complex128), make({3.0 + 4.0i}, complex128)),
                      complex128, {-5.0 + 10.0i});
}

TEST(ElementwiseValues, Divide) {
  expect_reals(
      divide(make({1.0, 3.0, 1.0, -1.0, 0.0}, float64), make({2.0, 4.0, 0.0, 0.0, 0.0}, float64)),
      float64, {0.5, 0.75, inf, -inf, nan});
  // (1 + 2j) / (1 - 1j) = (1 + 2j)(1 + 1j) / 2 = (-1 + 3j) / 2
  expect_complex_near(divide(make({1.0 + 2.0i}, complex128), make({1.0 - 1.0i}, complex128)),
                      complex128, {-0.5 + 1.5i});
}

TEST(ElementwiseValues, FloorDivideRoundsTowardMinusInfinity) {
  expect_ints(floor_divide(make({7, -7, 7, -7, 6}, int32), make({2, 2, -2, -2, 3}, int32)), int32,
              {3, -4, -4, 3, 2});
  expect_reals(floor_divide(make({7.5, -7.5, 1.0}, float64), make({2.0, 2.0, 0.0}, float64)),
               float64, {3.0, -4.0, inf});
}

TEST(ElementwiseValues, RemainderHasTheSignOfTheDivisor) {
  expect_ints(remainder(make({7, -7, 7, -7, 6}, int32), make({3, 3, -3, -3, 3}, int32)), int32,
              {1, 2, -2, -1, 0});
  expect_reals(
      remainder(make({5.5, -5.5, 5.5, 1.0}, float64), make({2.0, 2.0, -2.0, 0.0}, float64)),
      float64, {1.5, 0.5, -0.5, nan});
}

TEST(ElementwiseValues, Pow) {
  expect_ints(pow(make({2, 3, -2, 5}, int64), make({10, 3, 3, 0}, int64)), int64,
              {1024, 27, -8, 1});
  expect_reals(pow(make({4.0, 2.0, nan}, float64), make({0.5, -1.0, 0.0}, float64)), float64,
               {2.0, 0.5, 1.0});
  expect_complex_near(
      pow(make({1.0i, 0.0 + 0.0i}, complex128), make({2.0 + 0.0i, 0.0 + 0.0i}, complex128)),
      complex128, {-1.0 + 0.0i, 1.0 + 0.0i});
}

// pow's complex integer powers are products, as in NumPy, so the results the standard's algebra
// makes exact are exact (pow.rst leaves accuracy to the implementation; SciPy's filter design
// reads exact zeros from the squares of imaginary numbers).
TEST(ElementwiseValues, ComplexIntegerPowersAreProductsSoImaginarySquaresAreReal) {
  const std::vector<complex> squares =
      host_values<complex>(pow(make({15.450849718747369i, -0.0 - 3.5i}, complex128), 2.0 + 0.0i));
  EXPECT_EQ(squares[0], complex(-15.450849718747369 * 15.450849718747369, 0.0));
  EXPECT_EQ(squares[1], complex(-3.5 * 3.5, 0.0));
  EXPECT_EQ(host_values<complex>(pow(make({1.5 + 2.5i}, complex128), 3.0 + 0.0i)),
            (std::vector<complex>{-24.75 + 1.25i}));
  EXPECT_EQ(host_values<complex>(pow(make({2.0i}, complex128), -2.0 + 0.0i)),
            (std::vector<complex>{-0.25 + 0.0i}));
  // A non-integer exponent and an infinite base keep exp(x2 * log(x1)).
  expect_complex_near(pow(make({-4.0 + 0.0i}, complex128), 0.5 + 0.0i), complex128, {2.0i});
  const complex infinite = host_values<complex>(pow(make({complex(inf, 0.0)}, complex128), 2.0))[0];
  EXPECT_TRUE(std::isinf(infinite.real())) << infinite;
}

RC_GTEST_PROP(ElementwiseProperties, AFiniteComplexSquaredIsItsProductWithItself, ()) {
  const auto part = rc::gen::map(rc::gen::inRange(-1000000, 1000000),
                                 [](int n) { return static_cast<double>(n) / 1024.0; });
  const complex z(*part, *part);
  const complex squared = host_values<complex>(pow(make({z}, complex128), 2.0 + 0.0i))[0];
  RC_ASSERT(squared ==
            host_values<complex>(multiply(make({z}, complex128), make({z}, complex128)))[0]);
  const complex imaginary =
      host_values<complex>(pow(make({complex(0.0, z.imag())}, complex128), 2.0))[0];
  RC_ASSERT(imaginary.imag() == 0.0);
}

TEST(ElementwiseValues, NegativePositiveSquareReciprocal) {
  expect_ints(negative(make({1, -2}, int32)), int32, {-1, 2});
  expect_reals(negative(make({1.5, 0.0}, float64)), float64, {-1.5, -0.0});
  expect_complex_near(negative(make({1.0 - 2.0i}, complex128)), complex128, {-1.0 + 2.0i});
  expect_ints(positive(make({-7}, int8)), int8, {-7});
  expect_reals(positive(make({2.5}, float32)), float32, {2.5});
  expect_ints(square(make({-3, 4}, int16)), int16, {9, 16});
  expect_reals(square(make({1.5}, float64)), float64, {2.25});
  expect_complex_near(square(make({1.0 + 1.0i}, complex128)), complex128, {2.0i});
  expect_reals(reciprocal(make({2.0, 4.0, 0.0}, float64)), float64, {0.5, 0.25, inf});
  expect_complex_near(reciprocal(make({1.0i}, complex128)), complex128, {-1.0i});
}

TEST(ElementwiseValues, Sign) {
  expect_ints(sign(make({-5, 0, 7}, int8)), int8, {-1, 0, 1});
  expect_ints(sign(make({0, 9}, uint8)), uint8, {0, 1});
  expect_reals(sign(make({-2.5, 0.0, 3.0, nan}, float64)), float64, {-1.0, 0.0, 1.0, nan});
  // Complex: x / |x|, and 0 for 0.
  expect_complex_near(sign(make({3.0 + 4.0i, 0.0i}, complex128)), complex128, {0.6 + 0.8i, 0.0});
}

TEST(ElementwiseValues, MaximumMinimumPropagateNan) {
  expect_ints(maximum(make({1, 5}, int32), make({3, 2}, int32)), int32, {3, 5});
  expect_ints(minimum(make({1, 5}, int32), make({3, 2}, int32)), int32, {1, 2});
  expect_reals(maximum(make({1.0, nan, 2.0}, float64), make({3.0, 1.0, nan}, float64)), float64,
               {3.0, nan, nan});
  expect_reals(minimum(make({1.0, nan, 2.0}, float64), make({3.0, 1.0, nan}, float64)), float64,
               {1.0, nan, nan});
}

// -- Real-valued floating-point binary functions --------------------------------------------------

TEST(ElementwiseValues, Atan2CopysignHypot) {
  expect_near(atan2(make({1.0, 0.0, -1.0}, float64), make({1.0, -1.0, 0.0}, float64)), float64,
              {0.7853981633974483, pi, -1.5707963267948966});
  expect_reals(copysign(make({1.0, 2.0, -3.0}, float64), make({-0.0, 3.0, 1.0}, float64)), float64,
               {-1.0, 2.0, 3.0});
  expect_reals(hypot(make({3.0, 5.0, inf}, float64), make({4.0, 12.0, nan}, float64)), float64,
               {5.0, 13.0, inf});
  expect_reals(hypot(make({3.0}, float32), make({4.0}, float32)), float32, {5.0});
}

TEST(ElementwiseValues, Logaddexp) {
  // log(e^0 + e^0) = log 2; large inputs do not overflow.
  expect_near(logaddexp(make({0.0, 1000.0, 0.0}, float64), make({0.0, 1000.0, -inf}, float64)),
              float64, {0.6931471805599453, 1000.6931471805599453, 0.0});
  expect_reals(logaddexp(make({-inf, inf, nan}, float64), make({-inf, 1.0, 1.0}, float64)), float64,
               {-inf, inf, nan});
}

TEST(ElementwiseValues, Nextafter) {
  expect_reals(nextafter(make({1.0, 1.0}, float64), make({2.0, 0.0}, float64)), float64,
               {1.0000000000000002, 0.9999999999999999});
  // float32 steps by float32's epsilon, 2^-23.
  expect_reals(nextafter(make({1.0}, float32), make({2.0}, float32)), float32,
               {1.00000011920928955078125});
}

// -- Exponential, logarithmic, trigonometric, hyperbolic ------------------------------------------

TEST(ElementwiseValues, ExponentialAndLogarithm) {
  expect_near(exp(make({0.0, 1.0}, float64)), float64, {1.0, 2.718281828459045});
  expect_near(expm1(make({0.0, 1e-10}, float64)), float64, {0.0, 1.00000000005e-10});
  expect_near(log(make({1.0, 2.718281828459045}, float64)), float64, {0.0, 1.0});
  expect_near(log1p(make({0.0, 1e-10}, float64)), float64, {0.0, 9.9999999995e-11});
  expect_reals(log2(make({1.0, 8.0, 0.0}, float64)), float64, {0.0, 3.0, -inf});
  expect_reals(log10(make({1.0, 1000.0, -1.0}, float64)), float64, {0.0, 3.0, nan});
  expect_reals(sqrt(make({4.0, -1.0}, float64)), float64, {2.0, nan});
  expect_near(sqrt(make({2.0}, float32)), float32, {1.41421353816986083984375});
}

TEST(ElementwiseValues, ComplexExponentialAndLogarithm) {
  expect_complex_near(exp(make({pi * 1.0i}, complex128)), complex128, {-1.0});
  // expm1(x + iy) = e^x (cos y + i sin y) - 1: at i pi/2 that is -1 + 1j.
  expect_complex_near(expm1(make({0.5 * pi * 1.0i}, complex128)), complex128, {-1.0 + 1.0i});
  expect_complex_near(log(make({-1.0 + 0.0i}, complex128)), complex128, {pi * 1.0i});
  // log1p(-1 + 1j) = log(1j) = i pi/2.
  expect_complex_near(log1p(make({-1.0 + 1.0i}, complex128)), complex128, {0.5 * pi * 1.0i});
  expect_complex_near(log2(make({8.0 + 0.0i}, complex128)), complex128, {3.0});
  expect_complex_near(log10(make({100.0 + 0.0i}, complex128)), complex128, {2.0});
  expect_complex_near(sqrt(make({-4.0 + 0.0i}, complex128)), complex128, {2.0i});
}

// elementwise_functions.py::expm1 (2022.12), special cases for complex operands, each exactly
// (a NaN part only as NaN; the parts whose sign the standard leaves unspecified by magnitude).
TEST(ElementwiseValues, ComplexExpm1SpecialCases) {
  const double inf = std::numeric_limits<double>::infinity();
  struct Case {
    complex input;
    complex expected;
    bool real_sign_matters = true;
    bool imag_sign_matters = true;
  };
  const std::vector<Case> cases = {
      {{0.0, 0.0}, {0.0, 0.0}},                    // "a is either +0 or -0 and b is +0": 0 + 0j
      {{-0.0, 0.0}, {0.0, 0.0}},                   // +0 real: exp(z) - 1 is 1 - 1
      {{1.0, inf}, {nan, nan}},                    // "a is a finite number and b is +infinity"
      {{1.0, nan}, {nan, nan}},                    // "a is a finite number and b is NaN"
      {{inf, 0.0}, {inf, 0.0}},                    // "+infinity + 0j"
      {{-inf, 1.0}, {-1.0, 0.0 * std::sin(1.0)}},  // "+0 * cis(b) - 1.0"
      {{inf, 1.0}, {inf * std::cos(1.0), inf * std::sin(1.0)}},  // "+infinity * cis(b) - 1.0"
      {{-inf, inf}, {-1.0, 0.0}, true, false},  // "-1 + 0j (sign of imaginary ... unspecified)"
      {{inf, inf}, {inf, nan}, false, true},    // "infinity + NaN j (sign of real ... unspecified)"
      {{-inf, nan}, {-1.0, 0.0}, true, false},
      {{inf, nan}, {inf, nan}, false, true},
      {{nan, 0.0}, {nan, 0.0}},  // "NaN + 0j"
      {{nan, 1.0}, {nan, nan}},  // "a is NaN and b is not equal to 0"
      {{nan, nan}, {nan, nan}},
  };
  const auto same = [](double actual, double expected, bool sign_matters) {
    if (std::isnan(expected)) return std::isnan(actual);
    if (!sign_matters) return std::abs(actual) == std::abs(expected);
    return actual == expected && std::signbit(actual) == std::signbit(expected);
  };
  for (const DType dtype : {complex128, complex64}) {
    for (const Case& c : cases) {
      const complex actual =
          host_values<complex>(astype(expm1(make({c.input}, dtype)), complex128))[0];
      // expm1(conj(x)) must equal conj(expm1(x)): the conjugate case too.
      const complex mirrored =
          host_values<complex>(astype(expm1(make({std::conj(c.input)}, dtype)), complex128))[0];
      const std::string where =
          fmt::format("expm1({} + {}j) in {}", c.input.real(), c.input.imag(), dtype);
      EXPECT_TRUE(same(actual.real(), c.expected.real(), c.real_sign_matters))
          << where << ": real part " << actual.real();
      EXPECT_TRUE(same(actual.imag(), c.expected.imag(), c.imag_sign_matters))
          << where << ": imaginary part " << actual.imag();
      EXPECT_TRUE(same(mirrored.real(), c.expected.real(), c.real_sign_matters))
          << "conj " << where;
      EXPECT_TRUE(same(mirrored.imag(), -c.expected.imag(), c.imag_sign_matters))
          << "conj " << where << ": imaginary part " << mirrored.imag();
    }
  }
}

// elementwise_functions.py::tanh (2022.12): "If a is +infinity and b is a positive (i.e., greater
// than 0) finite number, the result is 1 + 0j" for every such b (C99's ctanh gives -0j where
// sin(2b) < 0), and tanh(-z) = -tanh(z), tanh(conj(z)) = conj(tanh(z)).
TEST(ElementwiseValues, ComplexTanhAtInfinityHasTheImaginarySignOfB) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const double b : {0.5, 2.0, 3.0, 1e300}) {
    for (const double sign : {1.0, -1.0}) {
      const complex z(sign * inf, b);
      const complex out = host_values<complex>(tanh(make({z}, complex128)))[0];
      EXPECT_EQ(out.real(), sign) << z;
      EXPECT_EQ(out.imag(), 0.0) << z;
      EXPECT_FALSE(std::signbit(out.imag())) << z;
      const complex mirrored = host_values<complex>(tanh(make({std::conj(z)}, complex128)))[0];
      EXPECT_TRUE(std::signbit(mirrored.imag())) << std::conj(z);
    }
  }
}

// Complex log1p keeps its accuracy near z = -1 as well as near 0: |1 + z| is tiny there, and its
// log must come from 1 + x, exact, not from x (2 + x) + y^2 near -1 (SciPy's logsumexp of a
// difference of near-equal terms is log1p(-1 + d)).
TEST(ElementwiseValues, ComplexLog1pIsAccurateNearMinusOneAndNearZero) {
  const std::vector<complex> values = host_values<complex>(
      log1p(make({-1.0 + 3e-8 + 1e-9i, -1.0 + 1e-12 + 0.0i, 1e-10 + 1e-12i}, complex128)));
  // 1 + x is exact for these x (Sterbenz), so the expected values start from it.
  const double near_a = -1.0 + 3e-8;
  const double near_b = -1.0 + 1e-12;
  const std::vector<double> expected_real = {std::log(std::hypot(1.0 + near_a, 1e-9)),
                                             std::log(1.0 + near_b), 9.99999999950005e-11};
  ASSERT_EQ(values.size(), expected_real.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_NEAR(values[i].real(), expected_real[i], std::abs(expected_real[i]) * 1e-8)
        << "element " << i;
  }
}

TEST(ElementwiseValues, Trigonometric) {
  expect_near(sin(make({0.0, pi / 2}, float64)), float64, {0.0, 1.0});
  expect_near(cos(make({0.0, pi}, float64)), float64, {1.0, -1.0});
  expect_near(tan(make({0.0, pi / 4}, float64)), float64, {0.0, 1.0});
  expect_near(asin(make({0.0, 1.0}, float64)), float64, {0.0, pi / 2});
  expect_near(acos(make({1.0, 0.0}, float64)), float64, {0.0, pi / 2});
  expect_near(atan(make({0.0, 1.0}, float64)), float64, {0.0, pi / 4});
  expect_reals(asin(make({2.0}, float64)), float64, {nan});
  // sin(i) = i sinh(1), cos(i) = cosh(1).
  expect_complex_near(sin(make({1.0i}, complex128)), complex128, {1.1752011936438014i});
  expect_complex_near(cos(make({1.0i}, complex128)), complex128, {1.5430806348152437});
  expect_complex_near(tan(make({0.0i}, complex64)), complex64, {0.0});
  expect_complex_near(asin(make({0.0i}, complex128)), complex128, {0.0});
  expect_complex_near(acos(make({0.0i}, complex128)), complex128, {pi / 2});
  expect_complex_near(atan(make({0.0i}, complex128)), complex128, {0.0});
}

TEST(ElementwiseValues, Hyperbolic) {
  expect_near(sinh(make({0.0, 1.0}, float64)), float64, {0.0, 1.1752011936438014});
  expect_near(cosh(make({0.0, 1.0}, float64)), float64, {1.0, 1.5430806348152437});
  expect_near(tanh(make({0.0, 1.0}, float64)), float64, {0.0, 0.7615941559557649});
  expect_near(asinh(make({0.0, 1.0}, float64)), float64, {0.0, 0.881373587019543});
  expect_near(acosh(make({1.0, 2.0}, float64)), float64, {0.0, 1.3169578969248166});
  expect_near(atanh(make({0.0, 0.5}, float64)), float64, {0.0, 0.5493061443340549});
  expect_reals(atanh(make({1.0}, float64)), float64, {inf});
  // sinh(i pi/2) = i sin(pi/2) = i; cosh(i pi) = cos(pi) = -1.
  expect_complex_near(sinh(make({0.5 * pi * 1.0i}, complex128)), complex128, {1.0i});
  expect_complex_near(cosh(make({pi * 1.0i}, complex128)), complex128, {-1.0});
  expect_complex_near(tanh(make({0.0i}, complex128)), complex128, {0.0});
  expect_complex_near(asinh(make({0.0i}, complex128)), complex128, {0.0});
  expect_complex_near(acosh(make({1.0 + 0.0i}, complex128)), complex128, {0.0});
  expect_complex_near(atanh(make({0.0i}, complex128)), complex128, {0.0});
}

// -- Rounding -------------------------------------------------------------------------------------

TEST(ElementwiseValues, CeilFloorTrunc) {
  expect_reals(ceil(make({-1.5, 1.2, -0.0}, float64)), float64, {-1.0, 2.0, -0.0});
  expect_reals(floor(make({-1.5, 1.2}, float64)), float64, {-2.0, 1.0});
  expect_reals(trunc(make({-1.5, 1.7}, float32)), float32, {-1.0, 1.0});
  // Integers are already integer-valued.
  expect_ints(ceil(make({-3}, int32)), int32, {-3});
  expect_ints(floor(make({4}, uint16)), uint16, {4});
  expect_ints(trunc(make({-9}, int64)), int64, {-9});
}

TEST(ElementwiseValues, RoundHalfToEven) {
  expect_reals(round(make({0.5, 1.5, 2.5, -0.5, -1.5, 2.4, 2.6}, float64)), float64,
               {0.0, 2.0, 2.0, -0.0, -2.0, 2.0, 3.0});
  expect_ints(round(make({7}, int8)), int8, {7});
  expect_complex_near(round(make({2.5 + 3.5i}, complex128)), complex128, {2.0 + 4.0i});
}

// -- Complex numbers ------------------------------------------------------------------------------

TEST(ElementwiseValues, RealImagConj) {
  expect_reals(real(make({1.0 + 2.0i}, complex128)), float64, {1.0});
  expect_reals(imag(make({1.0 + 2.0i}, complex128)), float64, {2.0});
  expect_reals(real(make({1.5 - 2.0i}, complex64)), float32, {1.5});
  expect_reals(imag(make({1.5 - 2.0i}, complex64)), float32, {-2.0});
  expect_complex_near(conj(make({1.0 + 2.0i}, complex128)), complex128, {1.0 - 2.0i});
  // 2024.12 accepts real-valued arrays in real and conj: the values and dtype are unchanged.
  expect_reals(real(make({2.5}, float32)), float32, {2.5});
  expect_ints(conj(make({-4}, int16)), int16, {-4});
}

// -- Classification -------------------------------------------------------------------------------

TEST(ElementwiseValues, IsnanIsinfIsfinite) {
  const Array reals = make({1.0, inf, -inf, nan}, float64);
  expect_bools(isnan(reals), {false, false, false, true});
  expect_bools(isinf(reals), {false, true, true, false});
  expect_bools(isfinite(reals), {true, false, false, false});
  const Array ints = make({1, -2}, int32);
  expect_bools(isnan(ints), {false, false});
  expect_bools(isinf(ints), {false, false});
  expect_bools(isfinite(ints), {true, true});
  const Array complexes = make({complex(1.0, nan), complex(inf, 0.0), 1.0 + 1.0i}, complex128);
  expect_bools(isnan(complexes), {true, false, false});
  expect_bools(isinf(complexes), {false, true, false});
  expect_bools(isfinite(complexes), {false, false, true});
}

TEST(ElementwiseValues, Signbit) {
  expect_bools(signbit(make({-0.0, 0.0, -1.0, 2.0, -inf}, float64)),
               {true, false, true, false, true});
  expect_bools(signbit(make({-3.0}, float32)), {true});
}

// -- Comparison and logic -------------------------------------------------------------------------

TEST(ElementwiseValues, Comparisons) {
  const Array x = make({1, 2, 3}, int32);
  const Array y = make({2, 2, 2}, int32);
  expect_bools(equal(x, y), {false, true, false});
  expect_bools(not_equal(x, y), {true, false, true});
  expect_bools(less(x, y), {true, false, false});
  expect_bools(less_equal(x, y), {true, true, false});
  expect_bools(greater(x, y), {false, false, true});
  expect_bools(greater_equal(x, y), {false, true, true});
  // NaN compares unequal to everything, itself included.
  const Array with_nan = make({nan, 1.0}, float64);
  expect_bools(equal(with_nan, with_nan), {false, true});
  expect_bools(less(make({-inf, 0.5}, float32), make({0.0, 0.25}, float32)), {true, false});
  // equal and not_equal accept any dtype: complex and bool too.
  expect_bools(equal(make({1.0 + 2.0i, 1.0i}, complex128), make({1.0 + 2.0i, 1.0}, complex128)),
               {true, false});
  expect_bools(not_equal(make({true, false}, bool_), make({true, true}, bool_)), {false, true});
}

TEST(ElementwiseValues, Logical) {
  const Array x = make({true, true, false, false}, bool_);
  const Array y = make({true, false, true, false}, bool_);
  expect_bools(logical_and(x, y), {true, false, false, false});
  expect_bools(logical_or(x, y), {true, true, true, false});
  expect_bools(logical_xor(x, y), {false, true, true, false});
  expect_bools(logical_not(x), {false, false, true, true});
}

// -- Bitwise --------------------------------------------------------------------------------------

TEST(ElementwiseValues, Bitwise) {
  const Array x = make({12, -1}, int32);
  const Array y = make({10, 5}, int32);
  expect_ints(bitwise_and(x, y), int32, {8, 5});
  expect_ints(bitwise_or(x, y), int32, {14, -1});
  expect_ints(bitwise_xor(x, y), int32, {6, -6});
  expect_ints(bitwise_invert(make({0, 5}, int8)), int8, {-1, -6});
  expect_ints(bitwise_invert(make({0, 1}, uint8)), uint8, {255, 254});
  const Array p = make({true, true, false}, bool_);
  const Array q = make({true, false, false}, bool_);
  expect_bools(bitwise_and(p, q), {true, false, false});
  expect_bools(bitwise_or(p, q), {true, true, false});
  expect_bools(bitwise_xor(p, q), {false, true, false});
  expect_bools(bitwise_invert(p), {false, false, true});
}

TEST(ElementwiseValues, Shifts) {
  expect_ints(bitwise_left_shift(make({1, -8, 3}, int32), make({3, 1, 0}, int32)), int32,
              {8, -16, 3});
  // Right shift of a negative number is arithmetic: it rounds toward -infinity.
  expect_ints(bitwise_right_shift(make({16, -8, -1}, int32), make({2, 1, 5}, int32)), int32,
              {4, -4, -1});
  expect_ints(bitwise_right_shift(make({255}, uint8), make({4}, uint8)), uint8, {15});
}

// -- Dtype promotion of mixed operands
// --------------------------------------------------------------

TEST(ElementwiseValues, MixedDtypesPromoteBeforeComputing) {
  expect_ints(add(make({100, -100}, int8), make({1000, 1}, int16)), int16, {1100, -99});
  expect_ints(multiply(make({200}, uint8), make({-3}, int16)), int16, {-600});
  expect_reals(add(make({0.5}, float32), make({0.25}, float64)), float64, {0.75});
  expect_complex_near(add(make({0.5}, float64), make({1.0i}, complex64)), complex128, {0.5 + 1.0i});
  expect_bools(less(make({-1}, int8), make({200}, uint8)), {true});
}

}  // namespace
}  // namespace strict
