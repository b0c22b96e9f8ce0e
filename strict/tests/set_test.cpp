// unique_all, unique_counts, unique_inverse, unique_values: values, NaN and signed-zero handling,
// shapes, index dtypes and the device rules.
#include <cmath>
#include <complex>
#include <limits>

#include <gtest/gtest.h>

#include "strict/set.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

using testing::nan;
using c128 = std::complex<double>;

TEST(Unique, AllFourArraysOfAFlattenedInput) {
  const auto [values, indices, inverse, counts] = unique_all(make({{3, 1, 3}, {2, 1, 3}}, int16));
  EXPECT_EQ(values.dtype(), int16);
  EXPECT_EQ(values.shape(), Shape{3});
  EXPECT_EQ(host_values<int>(values), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(indices.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(indices), (std::vector<std::int64_t>{1, 3, 0}));
  // "The array must have the same shape as x."
  EXPECT_EQ(inverse.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<std::int64_t>(inverse), (std::vector<std::int64_t>{2, 0, 2, 1, 0, 2}));
  EXPECT_EQ(host_values<std::int64_t>(counts), (std::vector<std::int64_t>{2, 1, 3}));
}

TEST(Unique, CountsInverseAndValuesAgreeWithUniqueAll) {
  const Array x = make({5.0, -1.0, 5.0}, float32);
  const UniqueCountsResult counted = unique_counts(x);
  EXPECT_EQ(host_values<float>(counted.values), (std::vector<float>{-1, 5}));
  EXPECT_EQ(host_values<std::int64_t>(counted.counts), (std::vector<std::int64_t>{1, 2}));
  const UniqueInverseResult inverse = unique_inverse(x);
  EXPECT_EQ(host_values<float>(inverse.values), (std::vector<float>{-1, 5}));
  EXPECT_EQ(host_values<std::int64_t>(inverse.inverse_indices),
            (std::vector<std::int64_t>{1, 0, 1}));
  EXPECT_EQ(host_values<float>(unique_values(x)), (std::vector<float>{-1, 5}));
  EXPECT_EQ(unique_all(x).arrays().size(), 4u);
  EXPECT_EQ(counted.arrays().size(), 2u);
}

TEST(Unique, EachNaNIsDistinctWithACountOfOne) {
  const UniqueAllResult result = unique_all(make({nan, 2.0, nan, 2.0}, float64));
  const std::vector<double> values = host_values<double>(result.values);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values[0], 2.0);
  EXPECT_TRUE(std::isnan(values[1]));
  EXPECT_TRUE(std::isnan(values[2]));
  EXPECT_EQ(host_values<std::int64_t>(result.indices), (std::vector<std::int64_t>{1, 0, 2}));
  EXPECT_EQ(host_values<std::int64_t>(result.inverse_indices),
            (std::vector<std::int64_t>{1, 0, 2, 0}));
  EXPECT_EQ(host_values<std::int64_t>(result.counts), (std::vector<std::int64_t>{2, 1, 1}));
}

TEST(Unique, SignedZerosAreOneElementKeepingTheFirst) {
  const UniqueCountsResult result = unique_counts(make({-0.0, 1.0, 0.0}, float64));
  const std::vector<double> values = host_values<double>(result.values);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0], 0.0);
  EXPECT_TRUE(std::signbit(values[0]));  // -0 occurs before +0
  EXPECT_EQ(host_values<std::int64_t>(result.counts), (std::vector<std::int64_t>{2, 1}));
}

TEST(Unique, ComplexValuesWithNaNComponentsAreDistinct) {
  const Array x =
      make({c128(1, 2), c128(nan, 0), c128(1, 2), c128(0, nan), c128(1, -1)}, complex128);
  const UniqueCountsResult result = unique_counts(x);
  EXPECT_EQ(result.values.shape(), Shape{4});
  EXPECT_EQ(host_values<std::int64_t>(result.counts), (std::vector<std::int64_t>{1, 2, 1, 1}));
  const std::vector<Scalar> values = result.values.scalars();
  EXPECT_EQ(values[0].as<c128>(), c128(1, -1));
  EXPECT_EQ(values[1].as<c128>(), c128(1, 2));
}

TEST(Unique, BoolZeroDimensionalAndEmptyInputs) {
  EXPECT_EQ(host_values<bool>(unique_values(make({true, false, true}, bool_))),
            (std::vector<bool>{false, true}));
  const UniqueInverseResult scalar = unique_inverse(make(7, int64));
  EXPECT_EQ(scalar.values.shape(), Shape{1});  // "a one-dimensional array"
  EXPECT_EQ(scalar.inverse_indices.shape(), Shape{});
  EXPECT_EQ(host_values<std::int64_t>(scalar.inverse_indices), (std::vector<std::int64_t>{0}));
  const UniqueAllResult empty = unique_all(zeros_of({0, 3}, uint8));
  EXPECT_EQ(empty.values.shape(), Shape{0});
  EXPECT_EQ(empty.values.dtype(), uint8);
  EXPECT_EQ(empty.inverse_indices.shape(), (Shape{0, 3}));
  EXPECT_EQ(empty.counts.shape(), Shape{0});
}

TEST(UniqueDevices, EveryResultStaysOnTheInputsDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array x = make({4, 4, 1}, int32, device);
    for (const Array& result : unique_all(x).arrays()) {
      EXPECT_EQ(result.device(), device);
      EXPECT_EQ(result.provenance().operation, "unique_all");
    }
    for (const Array& result : unique_counts(x).arrays())
      EXPECT_EQ(result.device(), device);
    for (const Array& result : unique_inverse(x).arrays())
      EXPECT_EQ(result.device(), device);
    const Array values = unique_values(x);
    EXPECT_EQ(values.device(), device);
    EXPECT_EQ(values.provenance().operation, "unique_values");
    EXPECT_EQ(host_values<int>(values), (std::vector<int>{1, 4}));
    EXPECT_THROW(values.scalars(), HostAccessError);
  }
}

TEST(UniqueDevices, IndicesHaveTheDevicesDefaultIndexDType) {
  enable_device("no_x64");
  const UniqueAllResult result = unique_all(make({2, 2}, int16, Device("no_x64")));
  EXPECT_EQ(result.values.dtype(), int16);
  EXPECT_EQ(result.indices.dtype(), int32);
  EXPECT_EQ(result.inverse_indices.dtype(), int32);
  EXPECT_EQ(result.counts.dtype(), int32);
  EXPECT_EQ(host_values<int>(result.counts), (std::vector<int>{2}));
  set_device_enabled("no_x64", false);
}

}  // namespace
}  // namespace strict
