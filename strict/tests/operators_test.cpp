// The array object's operators in C++: values, reflected forms with a scalar on the left,
// comparisons that return bool arrays, devices, and errors that name the special method.
#include <complex>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using namespace std::complex_literals;
using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using ints = std::vector<std::int64_t>;
using reals = std::vector<double>;
using bools = std::vector<bool>;

// C++20 rewrites `a != b` as `!(a == b)` and `a == b` as `b == a` when that is a better match;
// every operator here must still be the declared one, returning an Array.
static_assert(std::is_same_v<decltype(std::declval<Array>() == std::declval<Array>()), Array>);
static_assert(std::is_same_v<decltype(std::declval<Array>() != std::declval<Array>()), Array>);
static_assert(std::is_same_v<decltype(std::declval<Array>() == 1), Array>);
static_assert(std::is_same_v<decltype(1.5 != std::declval<Array>()), Array>);
static_assert(std::is_same_v<decltype(std::declval<Array>() < std::declval<Array>()), Array>);
static_assert(std::is_same_v<decltype(2 >= std::declval<Array>()), Array>);
// Other comparisons in the codebase keep their meaning.
static_assert(std::is_same_v<decltype(std::declval<Device>() == std::declval<Device>()), bool>);
static_assert(std::is_same_v<decltype(std::declval<Scalar>() == std::declval<Scalar>()), bool>);
static_assert(std::is_same_v<decltype(std::declval<DType>() == std::declval<DType>()), bool>);
static_assert(std::is_same_v<decltype(std::declval<Shape>() == std::declval<Shape>()), bool>);

TEST(Operators, Arithmetic) {
  const Array x = make({1.0, 4.0}, float64);
  const Array y = make({2.0, 8.0}, float64);
  EXPECT_EQ(host_values<double>(x + y), (reals{3.0, 12.0}));
  EXPECT_EQ(host_values<double>(x - y), (reals{-1.0, -4.0}));
  EXPECT_EQ(host_values<double>(x * y), (reals{2.0, 32.0}));
  EXPECT_EQ(host_values<double>(x / y), (reals{0.5, 0.5}));
  EXPECT_EQ(host_values<double>(make({5.5, -5.5}, float64) % 2.0), (reals{1.5, 0.5}));
  EXPECT_EQ(host_values<std::int64_t>(make({7, -7}, int32) % make({-3, 3}, int32)), (ints{-2, 2}));
}

TEST(Operators, ReflectedFormsPutTheScalarFirst) {
  const Array x = make({1.0, 4.0}, float64);
  EXPECT_EQ(host_values<double>(2.0 - x), (reals{1.0, -2.0}));
  EXPECT_EQ(host_values<double>(1.0 / x), (reals{1.0, 0.25}));
  EXPECT_EQ(host_values<double>(3 * x), (reals{3.0, 12.0}));
  EXPECT_EQ(host_values<double>(x + 1), (reals{2.0, 5.0}));
  EXPECT_EQ(host_values<double>(1 + x), (reals{2.0, 5.0}));
  EXPECT_EQ(host_values<double>(9.0 % x), (reals{0.0, 1.0}));
  EXPECT_EQ(host_values<std::int64_t>(1 << make({0, 3}, int16)), (ints{1, 8}));
  EXPECT_EQ(host_values<std::int64_t>(-64 >> make({1, 4}, int16)), (ints{-32, -4}));
}

TEST(Operators, Unary) {
  EXPECT_EQ(host_values<double>(-make({1.5, -2.0}, float64)), (reals{-1.5, 2.0}));
  EXPECT_EQ(host_values<std::int64_t>(+make({-3}, int8)), (ints{-3}));
  EXPECT_EQ(host_values<std::int64_t>(~make({0, 7}, int8)), (ints{-1, -8}));
  EXPECT_EQ(host_values<bool>(~make({true, false}, bool_)), (bools{false, true}));
  EXPECT_THROW(~make({1.0}, float64), DTypeError);
  EXPECT_THROW(-make({true}, bool_), DTypeError);
}

TEST(Operators, Bitwise) {
  const Array x = make({12, 5}, uint8);
  const Array y = make({10, 3}, uint8);
  EXPECT_EQ(host_values<std::int64_t>(x & y), (ints{8, 1}));
  EXPECT_EQ(host_values<std::int64_t>(x | y), (ints{14, 7}));
  EXPECT_EQ(host_values<std::int64_t>(x ^ y), (ints{6, 6}));
  EXPECT_EQ(host_values<std::int64_t>(x << 1), (ints{24, 10}));
  EXPECT_EQ(host_values<std::int64_t>(x >> y), (ints{0, 0}));
  EXPECT_EQ(host_values<std::int64_t>(6 & x), (ints{4, 4}));
  EXPECT_EQ(host_values<bool>(make({true, false}, bool_) ^ true), (bools{false, true}));
  EXPECT_THROW(make({1.0}, float64) & make({1.0}, float64), DTypeError);
}

TEST(Operators, ComparisonsGiveBoolArrays) {
  const Array x = make({1, 2, 3}, int32);
  const Array y = make({2, 2, 2}, int32);
  EXPECT_EQ(host_values<bool>(x == y), (bools{false, true, false}));
  EXPECT_EQ(host_values<bool>(x != y), (bools{true, false, true}));
  EXPECT_EQ(host_values<bool>(x < y), (bools{true, false, false}));
  EXPECT_EQ(host_values<bool>(x <= y), (bools{true, true, false}));
  EXPECT_EQ(host_values<bool>(x > y), (bools{false, false, true}));
  EXPECT_EQ(host_values<bool>(x >= y), (bools{false, true, true}));
  EXPECT_EQ((x == 2).dtype(), bool_);
  // `2 < x` is Python's x.__gt__(2).
  EXPECT_EQ(host_values<bool>(2 < x), (bools{false, false, true}));
  EXPECT_EQ(host_values<bool>(2 >= x), (bools{true, true, false}));
  EXPECT_EQ(host_values<bool>(2 == x), (bools{false, true, false}));
  EXPECT_EQ(host_values<bool>(2 != x), (bools{true, false, true}));
  EXPECT_THROW(make({1.0i}, complex128) < 1.0, DTypeError);
}

TEST(Operators, ResultsStayOnTheOperandsDevice) {
  const Array x = make({1.0, 2.0}, float64, device1());
  for (const Array& result : {x + x, x - 1.0, 2.0 * x, 1.0 / x, x % 2.0, -x, x == x, 0.5 < x}) {
    EXPECT_EQ(result.device(), device1());
    EXPECT_THROW((void)result.scalars(), HostAccessError);
  }
  EXPECT_EQ(host_values<double>(2.0 * x), (reals{2.0, 4.0}));
}

TEST(Operators, MixedDevicesRaiseNamingTheSpecialMethodAndBothDevices) {
  const Array x = make({1.0}, float64, device1());
  const Array y = make({1.0}, float64, device2());
  try {
    (void)(x + y);
    FAIL() << "x + y with x on device1 and y on device2 did not raise";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "__add__()"));
    EXPECT_TRUE(contains(e.what(), "device1"));
    EXPECT_TRUE(contains(e.what(), "device2"));
  }
  EXPECT_THROW(x == y, DeviceMismatchError);
  EXPECT_THROW(x < make(0.0, float64), DeviceMismatchError);  // 0-d on cpu
  EXPECT_THROW(x / y, DeviceMismatchError);
}

TEST(Operators, DtypeErrorsNameTheReflectedMethod) {
  try {
    (void)(1.5 - make({1}, int32));
    FAIL() << "1.5 - int32 array did not raise";
  } catch (const DTypeError& e) {
    EXPECT_TRUE(contains(e.what(), "__rsub__()"));
  }
  EXPECT_THROW(make({4}, int32) / 2, DTypeError);  // true division wants floating point
}

}  // namespace
}  // namespace strict
