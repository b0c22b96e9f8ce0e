// In-place operators (x += y, ...): they write into x's storage, which every handle sharing it
// sees, and return x; a call that would change x's dtype or shape, or that mixes devices, raises
// and leaves x unchanged (array_object.rst, "In-place operators").
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using ints = std::vector<std::int64_t>;
using reals = std::vector<double>;

TEST(InPlaceOperators, EveryOperatorComputesItsOperation) {
  Array x = make({8.0, -3.0}, float64);
  x += make({1.0, 1.0}, float64);
  EXPECT_EQ(host_values<double>(x), (reals{9.0, -2.0}));
  x -= 4.0;
  EXPECT_EQ(host_values<double>(x), (reals{5.0, -6.0}));
  x *= 2;
  EXPECT_EQ(host_values<double>(x), (reals{10.0, -12.0}));
  x /= make({4.0, 3.0}, float64);
  EXPECT_EQ(host_values<double>(x), (reals{2.5, -4.0}));
  x %= 1.5;
  EXPECT_EQ(host_values<double>(x), (reals{1.0, 0.5}));

  Array bits = make({12, -8}, int32);
  bits &= 10;
  EXPECT_EQ(host_values<std::int64_t>(bits), (ints{8, 8}));
  bits |= make({1, 3}, int32);
  EXPECT_EQ(host_values<std::int64_t>(bits), (ints{9, 11}));
  bits ^= 1;
  EXPECT_EQ(host_values<std::int64_t>(bits), (ints{8, 10}));
  bits <<= 2;
  EXPECT_EQ(host_values<std::int64_t>(bits), (ints{32, 40}));
  bits >>= make({3, 1}, int32);
  EXPECT_EQ(host_values<std::int64_t>(bits), (ints{4, 20}));
  bits %= 0;  // integer division by zero: defined as 0, no crash
  EXPECT_EQ(host_values<std::int64_t>(bits), (ints{0, 0}));
}

TEST(InPlaceOperators, WritesIntoSharedStorageAndReturnsTheTarget) {
  Array x = make({1, 2, 3}, int64);
  const Array alias = x;  // a handle, like a second Python reference
  const Array view = reshape(x, {3, 1});
  Array& returned = (x += 10);
  EXPECT_EQ(&returned, &x);
  EXPECT_EQ(host_values<std::int64_t>(alias), (ints{11, 12, 13}));
  EXPECT_EQ(host_values<std::int64_t>(view), (ints{11, 12, 13}));
  EXPECT_EQ(x.dtype(), int64);
  EXPECT_EQ(x.shape(), Shape{3});
}

TEST(InPlaceOperators, AnOperandSharingTheTargetsStorage) {
  Array x = make({1, 2, 3}, int32);
  x += x;
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{2, 4, 6}));
  // A reshaped view of x as the other operand: each element still reads its old value.
  Array row = reshape(x, {1, 3});
  row *= x;
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{4, 16, 36}));
}

TEST(InPlaceOperators, TheOtherOperandMayBroadcast) {
  Array x = zeros({2, 3}, {.dtype = float64, .device = device1()});
  x += make({1.0, 2.0, 3.0}, float64, device1());
  x -= make({{0.5}, {1.0}}, float64, device1());
  EXPECT_EQ(host_values<double>(x), (reals{0.5, 1.5, 2.5, 0.0, 1.0, 2.0}));
}

TEST(InPlaceOperators, AWiderDtypeOfTheOtherOperandIsFine) {
  // float64 += float32 promotes to float64: x's own dtype, so allowed.
  Array x = make({1.0}, float64);
  x += make({0.5}, float32);
  EXPECT_EQ(host_values<double>(x), (reals{1.5}));
  Array y = make({100}, int16);
  y += make({27}, int8);
  EXPECT_EQ(host_values<std::int64_t>(y), (ints{127}));
}

TEST(InPlaceOperators, ChangingTheDtypeRaisesAndLeavesTheTargetUnchanged) {
  Array x = make({1, 2}, int8);
  try {
    x += make({1, 1}, int16);
    FAIL() << "int8 += int16 did not raise";
  } catch (const DTypeError& e) {
    EXPECT_TRUE(contains(e.what(), "__iadd__()"));
    EXPECT_TRUE(contains(e.what(), "int16"));
    EXPECT_TRUE(contains(e.what(), "int8"));
  }
  EXPECT_THROW(x *= 1.5, DTypeError);  // a float scalar does not mix with int
  EXPECT_THROW(x /= 2, DTypeError);    // true division wants floating point
  Array y = make({1.0}, float32);
  EXPECT_THROW(y -= make({1.0}, float64), DTypeError);
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{1, 2}));
  EXPECT_EQ(x.dtype(), int8);
  EXPECT_EQ(host_values<double>(y), (reals{1.0}));
}

TEST(InPlaceOperators, ChangingTheShapeRaisesAndLeavesTheTargetUnchanged) {
  Array x = make({1.0, 2.0}, float64);
  EXPECT_THROW(x += make({{1.0, 1.0}, {2.0, 2.0}}, float64), InvalidArgumentError);
  EXPECT_THROW(x += make({1.0, 2.0, 3.0}, float64), InvalidArgumentError);
  EXPECT_EQ(host_values<double>(x), (reals{1.0, 2.0}));
  EXPECT_EQ(x.shape(), Shape{2});
}

TEST(InPlaceOperators, MixedDevicesRaiseAndLeaveTheTargetUnchanged) {
  Array x = make({1.0, 2.0}, float64, device1());
  try {
    x += make({5.0, 5.0}, float64, device2());
    FAIL() << "device1 += device2 did not raise";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "__iadd__()"));
    EXPECT_TRUE(contains(e.what(), "device1"));
    EXPECT_TRUE(contains(e.what(), "device2"));
  }
  EXPECT_THROW(x *= make(3.0, float64, Device::cpu()), DeviceMismatchError);  // 0-d too
  EXPECT_EQ(host_values<double>(x), (reals{1.0, 2.0}));
  EXPECT_EQ(x.device(), device1());
}

TEST(InPlaceOperators, TheTargetKeepsItsDeviceAndProvenance) {
  Array x = make({1.0}, float64, device2());
  x += 1.0;
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.provenance().operation, "asarray");
  EXPECT_THROW((void)x.values<double>(), HostAccessError);
  EXPECT_EQ(host_values<double>(x), (reals{2.0}));
}

}  // namespace
}  // namespace strict
