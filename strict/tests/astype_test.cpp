// astype: conversions between dtypes, the copy keyword, and device= (added in 2023.12).
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using strict::testing::contains;
using strict::testing::cpu;
using strict::testing::device1;
using strict::testing::device2;
using strict::testing::host_values;
using c128 = std::complex<double>;

class Astype : public ::testing::Test {
 protected:
  void SetUp() override { reset_transfer_counts(); }
};

TEST_F(Astype, ConvertsIntegersToFloats) {
  const Array y = astype(asarray({1, 2, 3}), float32);
  EXPECT_EQ(y.dtype(), float32);
  EXPECT_EQ(y.device(), cpu());
  EXPECT_EQ(y.values<double>(), (std::vector<double>{1.0, 2.0, 3.0}));
}

TEST_F(Astype, FloatsToIntegersTruncateTowardZero) {
  EXPECT_EQ(astype(asarray({1.7, -1.7}), int32).values<std::int64_t>(),
            (std::vector<std::int64_t>{1, -1}));
}

TEST_F(Astype, UnrepresentableFloatsSaturateAndNanBecomesZero) {
  const Array x = asarray({1e10, -1e10, std::numeric_limits<double>::quiet_NaN()});
  EXPECT_EQ(astype(x, int32).values<std::int64_t>(),
            (std::vector<std::int64_t>{2147483647, -2147483648LL, 0}));
  EXPECT_EQ(astype(asarray({-5.0, 300.0}), uint8).values<std::int64_t>(),
            (std::vector<std::int64_t>{0, 255}));
}

TEST_F(Astype, IntegersWrapAroundLikeStaticCast) {
  EXPECT_EQ(astype(asarray({300}, {.dtype = int32}), int8).values<std::int64_t>(),
            (std::vector<std::int64_t>{44}));
  EXPECT_EQ(astype(asarray({-1}), uint8).values<std::int64_t>(), (std::vector<std::int64_t>{255}));
}

TEST_F(Astype, BoolAndNumbersConvertBothWays) {
  EXPECT_EQ(astype(asarray({true, false}), int32).values<std::int64_t>(),
            (std::vector<std::int64_t>{1, 0}));
  EXPECT_EQ(astype(asarray({0.0, 2.5, -1.0}), bool_).values<bool>(),
            (std::vector<bool>{false, true, true}));
  EXPECT_EQ(astype(asarray({true}), complex64).values<c128>(), (std::vector<c128>{c128(1, 0)}));
}

TEST_F(Astype, ComplexToRealIsNotDefined) {
  const Array z = asarray({c128(1, 2)});
  EXPECT_THROW(astype(z, float64), DTypeError);
  EXPECT_THROW(astype(z, bool_), DTypeError);
  EXPECT_THROW(astype(z, int64), DTypeError);
  EXPECT_EQ(astype(z, complex64).values<c128>(), (std::vector<c128>{c128(1, 2)}));
  EXPECT_EQ(astype(asarray({2.5}), complex128).values<c128>(), (std::vector<c128>{c128(2.5, 0)}));
}

TEST_F(Astype, CopyTrueAlwaysMakesNewStorage) {
  const Array x = asarray({1, 2});
  EXPECT_FALSE(astype(x, int64).shares_storage_with(x));
}

TEST_F(Astype, CopyFalseReturnsXWhenNothingChanges) {
  const Array x = asarray({1, 2});
  EXPECT_TRUE(astype(x, int64, {.copy = false}).shares_storage_with(x));
  EXPECT_FALSE(astype(x, int32, {.copy = false}).shares_storage_with(x));
}

TEST_F(Astype, WithoutDeviceStaysOnXsDevice) {
  const Array x = arange(3, {.device = device1()});
  const Array y = astype(x, float64);
  EXPECT_EQ(y.device(), device1());
  EXPECT_EQ(transfer_counts().size(), 0u);
  EXPECT_THROW(y.values<double>(), HostAccessError);
  EXPECT_EQ(host_values<double>(y), (std::vector<double>{0.0, 1.0, 2.0}));
  EXPECT_TRUE(contains(y.provenance().describe(y.device()),
                       "astype() kept its input's device device1, which came from arange()"));
}

TEST_F(Astype, ExplicitDeviceMovesTheResultAndCountsATransfer) {
  const Array x = arange(3, {.device = device1()});
  const Array y = astype(x, float32, {.device = device2()});
  EXPECT_EQ(y.device(), device2());
  EXPECT_EQ(y.dtype(), float32);
  EXPECT_EQ(transfer_count(device1(), device2()), 1u);
  EXPECT_EQ(host_values<double>(y), (std::vector<double>{0.0, 1.0, 2.0}));
  EXPECT_TRUE(contains(y.provenance().describe(y.device()), "astype() with device=device2"));
}

TEST_F(Astype, CopyFalseWithTheSameDtypeStillHonoursAnotherDevice) {
  // The standard's copy=False wording ("the input array must be returned") does not consider
  // device=; strict follows the explicit device= and copies.
  const Array x = arange(3, {.device = device1()});
  const Array y = astype(x, int64, {.copy = false, .device = device2()});
  EXPECT_EQ(y.device(), device2());
  EXPECT_FALSE(y.shares_storage_with(x));
  EXPECT_EQ(transfer_count(device1(), device2()), 1u);
}

TEST_F(Astype, ExplicitSameDeviceIsNoTransfer) {
  const Array x = arange(3, {.device = device1()});
  EXPECT_EQ(astype(x, float64, {.device = device1()}).device(), device1());
  EXPECT_EQ(transfer_counts().size(), 0u);
}

TEST_F(Astype, ADtypeTheTargetDeviceCannotHoldRaises) {
  enable_device("no_float64");
  const Device no_float64("no_float64");
  EXPECT_THROW(astype(arange(3), float64, {.device = no_float64}), UnsupportedDTypeError);
  EXPECT_THROW(astype(arange(3, {.device = no_float64}), complex128), UnsupportedDTypeError);
  EXPECT_EQ(astype(arange(3), float32, {.device = no_float64}).device(), no_float64);
  set_device_enabled("no_float64", false);
}

}  // namespace
}  // namespace strict
