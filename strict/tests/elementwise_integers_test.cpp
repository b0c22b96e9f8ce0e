// Integer results the standard leaves unspecified are defined in strict (as NumPy defines them)
// and never undefined behaviour: division by zero, overflow, out-of-range shifts, negative
// powers. Run under UBSan, these tests also prove the absence of UB.
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::host_values;
using ints = std::vector<std::int64_t>;

Array on_default(const NestedSequence& data, DType dtype) {
  return asarray(data, {.dtype = dtype, .device = std::nullopt, .copy = std::nullopt});
}

TEST(ElementwiseIntegers, DivisionByZeroGivesZeroWithoutCrashing) {
  // floor_divide.rst: "the result of division by zero is unspecified"; NumPy gives 0.
  EXPECT_EQ(host_values<std::int64_t>(
                floor_divide(on_default({7, -7, 0}, int32), on_default({0, 0, 0}, int32))),
            (ints{0, 0, 0}));
  EXPECT_EQ(host_values<std::int64_t>(remainder(on_default({7, -7}, int64), 0)), (ints{0, 0}));
  EXPECT_EQ(host_values<std::int64_t>(floor_divide(on_default({200}, uint8), 0)), (ints{0}));
  EXPECT_EQ(host_values<std::int64_t>(remainder(on_default({200}, uint8), on_default({0}, uint8))),
            (ints{0}));
}

TEST(ElementwiseIntegers, MinimumDividedByMinusOneWraps) {
  // -128 // -1 is 128, which int8 cannot hold: it wraps to -128; the remainder is 0.
  EXPECT_EQ(host_values<std::int64_t>(floor_divide(on_default({-128}, int8), -1)), (ints{-128}));
  EXPECT_EQ(host_values<std::int64_t>(remainder(on_default({-128}, int8), -1)), (ints{0}));
  const std::int64_t min64 = std::numeric_limits<std::int64_t>::min();
  EXPECT_EQ(host_values<std::int64_t>(floor_divide(on_default({min64}, int64), -1)), (ints{min64}));
}

TEST(ElementwiseIntegers, OverflowWrapsAround) {
  EXPECT_EQ(host_values<std::int64_t>(add(on_default({127}, int8), 1)), (ints{-128}));
  EXPECT_EQ(host_values<std::int64_t>(subtract(on_default({0}, uint8), 1)), (ints{255}));
  EXPECT_EQ(host_values<std::int64_t>(multiply(on_default({300}, int16), 300)), (ints{24464}));
  // 65535 * 65535 overflows int, which uint16 promotes to in C++: still no UB.
  EXPECT_EQ(host_values<std::int64_t>(multiply(on_default({65535}, uint16), 65535)), (ints{1}));
  const std::int64_t max64 = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(host_values<std::int64_t>(add(on_default({max64}, int64), 1)),
            (ints{std::numeric_limits<std::int64_t>::min()}));
  EXPECT_EQ(host_values<std::int64_t>(negative(on_default({-128}, int8))), (ints{-128}));
  EXPECT_EQ(host_values<std::int64_t>(abs(on_default({-128, -127}, int8))), (ints{-128, 127}));
  EXPECT_EQ(host_values<std::int64_t>(square(on_default({16}, int8))), (ints{0}));
}

TEST(ElementwiseIntegers, ShiftsByTheBitWidthOrMore) {
  // NumPy: a left shift by >= the width gives 0; a right shift gives 0, or -1 for a negative
  // value. A negative shift amount counts as out of range too.
  EXPECT_EQ(host_values<std::int64_t>(bitwise_left_shift(on_default({1, 1, 1, 1}, int32),
                                                         on_default({31, 32, 100, -1}, int32))),
            (ints{std::numeric_limits<std::int32_t>::min(), 0, 0, 0}));
  EXPECT_EQ(host_values<std::int64_t>(bitwise_right_shift(on_default({-8, 8, -8, 8}, int32),
                                                          on_default({32, 32, -1, 40}, int32))),
            (ints{-1, 0, -1, 0}));
  EXPECT_EQ(host_values<std::int64_t>(
                bitwise_left_shift(on_default({255}, uint8), on_default({8}, uint8))),
            (ints{0}));
  EXPECT_EQ(host_values<std::int64_t>(bitwise_left_shift(on_default({-1}, int8), 7)), (ints{-128}));
  EXPECT_EQ(host_values<std::int64_t>(bitwise_left_shift(on_default({3}, int64), 63)),
            (ints{std::numeric_limits<std::int64_t>::min()}));
}

TEST(ElementwiseIntegers, PowersWrapAndNegativeExponentsTruncate) {
  EXPECT_EQ(host_values<std::int64_t>(pow(on_default({2}, int8), 7)), (ints{-128}));
  EXPECT_EQ(host_values<std::int64_t>(pow(on_default({3}, uint8), 5)), (ints{243}));
  EXPECT_EQ(host_values<std::int64_t>(pow(on_default({2}, int64), 64)), (ints{0}));
  // The integer part of 1 / x^n: 1 for 1, +-1 for -1 by parity, 0 otherwise (0 ** -1 too).
  EXPECT_EQ(host_values<std::int64_t>(pow(on_default({1, -1, -1, 2, 0, -3}, int32),
                                          on_default({-5, -3, -2, -1, -1, -2}, int32))),
            (ints{1, -1, 1, 0, 0, 0}));
  EXPECT_EQ(host_values<std::int64_t>(pow(on_default({0}, int16), 0)), (ints{1}));
}

}  // namespace
}  // namespace strict
