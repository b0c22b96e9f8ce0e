// clip(x, /, min=None, max=None): bounds that are arrays or Python scalars, broadcasting, NaN,
// the dtype and device of the result, and the device and dtype rules for array bounds.
#include <limits>
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

using testing::nan;

TEST(Clip, ScalarBounds) {
  const Array x = make({-5, 0, 3, 9}, int32);
  EXPECT_EQ(host_values<int>(clip(x, 0, 4)), (std::vector<int>{0, 0, 3, 4}));
  EXPECT_EQ(host_values<int>(clip(x, std::nullopt, 2)), (std::vector<int>{-5, 0, 2, 2}));
  EXPECT_EQ(host_values<int>(clip(x, 1)), (std::vector<int>{1, 1, 3, 9}));
  EXPECT_EQ(clip(x, 0, 4).dtype(), int32);
}

TEST(Clip, NoBoundsGivesTheValuesOfX) {
  const Array x = make({1.5, -2.5}, float32);
  const Array same = clip(x);
  EXPECT_EQ(same.dtype(), float32);
  EXPECT_EQ(host_values<double>(same), (std::vector<double>{1.5, -2.5}));
  EXPECT_FALSE(same.shares_storage_with(x));
}

TEST(Clip, ArrayBoundsBroadcast) {
  const Array x = make({{1.0, 5.0, 9.0}, {-1.0, 4.0, 10.0}}, float64);
  const Array lower = make({0.0, 6.0, 0.0}, float64);
  const Array upper = make({{8.0}, {3.0}}, float64);
  const Array clipped = clip(x, lower, upper);
  EXPECT_EQ(clipped.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<double>(clipped), (std::vector<double>{1.0, 6.0, 8.0, 0.0, 3.0, 3.0}));
  // "Must be compatible with x and max": the bounds may widen the result, as broadcasting does.
  EXPECT_EQ(clip(make({2.0}, float64), lower).shape(), Shape{3});
  EXPECT_THROW(clip(x, make({1.0, 2.0}, float64)), InvalidArgumentError);
}

TEST(Clip, NanInXOrABoundGivesNan) {
  const std::vector<double> values =
      host_values<double>(clip(make({nan, 1.0, 1.0}, float64), make({0.0, nan, 0.0}, float64),
                               make({2.0, 2.0, nan}, float64)));
  ASSERT_EQ(values.size(), 3u);
  for (const double v : values)
    EXPECT_TRUE(std::isnan(v)) << v;
}

TEST(Clip, ResultStaysOnXsDevice) {
  const Array x = make({-1.0, 3.0}, float64, device1());
  const Array clipped = clip(x, 0.0, make(2.0, float64, device1()));
  EXPECT_EQ(clipped.device(), device1());
  EXPECT_EQ(clipped.provenance().operation, "clip");
  EXPECT_EQ(host_values<double>(clipped), (std::vector<double>{0.0, 2.0}));
}

TEST(Clip, BoundsOnAnotherDeviceRaiseNamingBothDevices) {
  const Array x = make({-1.0, 3.0}, float64, device1());
  try {
    (void)clip(x, make(0.0, float64, device2()));
    FAIL() << "clip with a min on device2 did not raise";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "clip()"));
    EXPECT_TRUE(contains(e.what(), "device1"));
    EXPECT_TRUE(contains(e.what(), "device2"));
  }
  EXPECT_THROW(clip(x, std::nullopt, make({1.0, 2.0}, float64, Device::cpu())),
               DeviceMismatchError);
}

TEST(Clip, DtypeRules) {
  // x must be real-valued; bounds must have x's dtype (the standard leaves other dtypes, other
  // kinds and out-of-range ints unspecified: strict raises).
  EXPECT_THROW(clip(make({true}, bool_), false, true), DTypeError);
  EXPECT_THROW(clip(make({1.0}, complex128), 0.0), DTypeError);
  EXPECT_THROW(clip(make({1}, int32), make({0}, int64)), DTypeError);
  EXPECT_THROW(clip(make({1}, int32), 0.5), DTypeError);
  EXPECT_THROW(clip(make({1}, uint8), -1), InvalidArgumentError);
  EXPECT_EQ(host_values<double>(clip(make({0.5}, float32), 1)), (std::vector<double>{1.0}));
}

}  // namespace
}  // namespace strict
