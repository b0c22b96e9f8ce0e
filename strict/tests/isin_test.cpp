// isin (2025.12): membership by value, invert, Python ints on either side, the integer dtypes the
// standard asks for, promotion between them, and the device rules.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "strict/set.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::nan;
using testing::zeros_of;

TEST(Isin, EachElementOfX1IsLookedUpInTheValuesOfX2) {
  // x2 is a set of values whatever its shape: neither broadcast against x1 nor matched by position.
  const Array out = isin(make({{5, 1, 7}, {3, 3, 9}}, int32), make({{3, 4}, {5, 6}}, int32));
  EXPECT_EQ(out.dtype(), bool_);
  EXPECT_EQ(out.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<bool>(out), (std::vector<bool>{true, false, false, true, true, false}));
}

TEST(Isin, InvertAsksWhetherEachElementIsNotInX2) {
  const Array x1 = make({1, 2, 3, 4}, int64);
  const Array x2 = make({4, 1, 1}, int64);
  EXPECT_EQ(host_values<bool>(isin(x1, x2, {.invert = true})),
            (std::vector<bool>{false, true, true, false}));
  EXPECT_EQ(host_values<bool>(isin(x1, x2, {.invert = false})),
            (std::vector<bool>{true, false, false, true}));
}

TEST(Isin, APythonIntOnEitherSide) {
  // "If x1 is an array, the returned array must have the same shape as x1; otherwise, the
  // returned array must be a zero-dimensional array containing the result."
  const Array scalar_x1 = isin(7, make({{1, 7}, {8, 9}}, uint16));
  EXPECT_EQ(scalar_x1.shape(), Shape{});
  EXPECT_EQ(host_values<bool>(scalar_x1), std::vector<bool>{true});
  EXPECT_EQ(host_values<bool>(isin(6, make({1, 7}, uint16))), std::vector<bool>{false});
  EXPECT_EQ(host_values<bool>(isin(6, make({1, 7}, uint16), {.invert = true})),
            std::vector<bool>{true});
  EXPECT_EQ(host_values<bool>(isin(make({1, -2, -2}, int8), -2)),
            (std::vector<bool>{false, true, true}));
  // "At least one of x1 or x2 must be an array."
  EXPECT_THROW(isin(1, 1), InvalidArgumentError);
}

TEST(Isin, ZeroDimensionalAndEmptyOperands) {
  const Array zero_d = isin(make(4, int32), make({4, 5}, int32));
  EXPECT_EQ(zero_d.shape(), Shape{});
  EXPECT_EQ(host_values<bool>(zero_d), std::vector<bool>{true});
  // Nothing is in an empty set; everything is not in it.
  const Array none = zeros_of({0}, int32);
  EXPECT_EQ(host_values<bool>(isin(make({1, 2}, int32), none)), (std::vector<bool>{false, false}));
  EXPECT_EQ(host_values<bool>(isin(make({1, 2}, int32), none, {.invert = true})),
            (std::vector<bool>{true, true}));
  const Array empty_x1 = isin(zeros_of({2, 0}, int32), make({1}, int32));
  EXPECT_EQ(empty_x1.shape(), (Shape{2, 0}));
  EXPECT_EQ(empty_x1.dtype(), bool_);
}

TEST(Isin, ComparesInThePromotedDtypeSoNothingWrapsAround) {
  // 300 is 44 modulo 256 and -1 is 255 as a uint8: equal only after a wrong narrowing cast.
  EXPECT_EQ(host_values<bool>(isin(make({44, 1}, int8), make({300, 1}, int64))),
            (std::vector<bool>{false, true}));
  EXPECT_EQ(host_values<bool>(isin(make({255, 0}, uint8), make({-1, 0}, int16))),
            (std::vector<bool>{false, true}));
  EXPECT_EQ(host_values<bool>(isin(make({-1, 255}, int16), make({255}, uint8))),
            (std::vector<bool>{false, true}));
}

TEST(Isin, OnlyIntegerDtypesAndPythonInts) {
  // x1 and x2 "Should have an integer data type"; the signature takes Union[array, int].
  const Array integers = make({1, 2}, int64);
  EXPECT_THROW(isin(make({nan, 1.0}, float64), make({1.0}, float64)), DTypeError);
  EXPECT_THROW(isin(integers, make({1.0}, float32)), DTypeError);
  EXPECT_THROW(isin(make({true}, bool_), make({true}, bool_)), DTypeError);
  EXPECT_THROW(isin(make({1.0}, complex128), integers), DTypeError);
  EXPECT_THROW(isin(integers, 1.0), DTypeError);
  EXPECT_THROW(isin(true, integers), DTypeError);
  EXPECT_THROW(isin(make({1.0}, float64), 1), DTypeError);
  // No promotion between uint64 and a signed dtype: "unspecified", strict raises.
  EXPECT_THROW(isin(make({1}, uint64), integers), DTypeError);
  // An int the array's dtype cannot hold raises as in every function mixing arrays and scalars.
  EXPECT_THROW(isin(make({1}, int8), 300), InvalidArgumentError);
  try {
    isin(integers, 2.5);
    FAIL() << "a Python float was accepted";
  } catch (const DTypeError& error) {
    EXPECT_TRUE(contains(error.what(), "isin()"));
  }
}

TEST(Isin, TheResultIsOnTheOperandsDevice) {
  const Array out = isin(make({1, 2}, int32, device1()), make({2}, int32, device1()));
  EXPECT_EQ(out.device(), device1());
  EXPECT_EQ(host_values<bool>(out), (std::vector<bool>{false, true}));
  // A Python int takes the array's device, on either side.
  EXPECT_EQ(isin(make({1}, int32, device2()), 1).device(), device2());
  EXPECT_EQ(isin(1, make({1}, int32, device2())).device(), device2());
}

TEST(Isin, ArraysOnDifferentDevicesRaise) {
  try {
    isin(make({1, 2}, int64, device1()), make({2}, int64, device2()));
    FAIL() << "mixed devices did not raise";
  } catch (const DeviceMismatchError& error) {
    EXPECT_TRUE(contains(error.what(), "isin()"));
    EXPECT_TRUE(contains(error.what(), "x1 is on device1"));
    EXPECT_TRUE(contains(error.what(), "x2 is on device2"));
  }
  // 0-d arrays are no exception, on either side.
  EXPECT_THROW(isin(make({1, 2}, int64, device1()), make(2, int64)), DeviceMismatchError);
  EXPECT_THROW(isin(make(2, int64), make({1, 2}, int64, device1())), DeviceMismatchError);
  // Devices are checked before dtypes: the error a caller most needs to see.
  EXPECT_THROW(isin(make({1.0}, float64, device1()), make({1.0}, float64)), DeviceMismatchError);
}

// isin agrees with its definition: x1[i] is in x2 when some element of x2 equals it.
RC_GTEST_PROP(Isin, AgreesWithALinearSearch, ()) {
  const auto needles = *rc::gen::container<std::vector<std::int32_t>>(rc::gen::inRange(-5, 6));
  const auto haystack = *rc::gen::container<std::vector<std::int32_t>>(rc::gen::inRange(-5, 6));
  const bool invert = *rc::gen::arbitrary<bool>();
  const auto as_array = [](const std::vector<std::int32_t>& values) {
    const std::vector<Scalar> literal(values.begin(), values.end());
    return asarray(literal, {static_cast<std::int64_t>(values.size())}, {.dtype = int32});
  };
  const std::vector<bool> out =
      host_values<bool>(isin(as_array(needles), as_array(haystack), {.invert = invert}));
  RC_ASSERT(out.size() == needles.size());
  for (std::size_t i = 0; i < needles.size(); ++i) {
    bool found = false;
    for (const std::int32_t value : haystack)
      found = found || value == needles[i];
    RC_ASSERT(out[i] == (found != invert));
  }
}

Array int64_array(const std::vector<std::int64_t>& values) {
  std::vector<NestedSequence> items(values.begin(), values.end());
  return asarray(NestedSequence(std::move(items)), {.dtype = int64});
}

// Both lookups agree with a search of x2 element by element: the table over x2's span (a span a
// few times the data at most) and the binary search (a wider one, up to int64's whole range).
RC_GTEST_PROP(Isin, AgreesWithALinearSearchWhateverTheSpanOfX2, ()) {
  const bool wide = *rc::gen::arbitrary<bool>();
  const auto element =
      wide ? rc::gen::arbitrary<std::int64_t>() : rc::gen::inRange<std::int64_t>(-50, 50);
  const auto x1 = *rc::gen::container<std::vector<std::int64_t>>(element);
  auto x2 = *rc::gen::container<std::vector<std::int64_t>>(element);
  if (wide && !x1.empty() && *rc::gen::arbitrary<bool>()) x2.push_back(x1.front());
  const bool invert = *rc::gen::arbitrary<bool>();
  const auto out = host_values<bool>(isin(int64_array(x1), int64_array(x2), {.invert = invert}));
  RC_ASSERT(out.size() == x1.size());
  for (std::size_t i = 0; i < x1.size(); ++i) {
    const bool found = std::find(x2.begin(), x2.end(), x1[i]) != x2.end();
    RC_ASSERT(out[i] == (found != invert));
  }
}

}  // namespace
}  // namespace strict
