// concat, stack and reshape: values, axes, dtypes, storage sharing and the device rules.
#include <array>
#include <span>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

TEST(Concat, AlongTheFirstAxis) {
  const Array joined = concat({make({{1, 2}}, float64), make({{3, 4}, {5, 6}}, float64)});
  EXPECT_EQ(joined.shape(), (Shape{3, 2}));
  EXPECT_EQ(host_values<double>(joined), (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

TEST(Concat, AlongTheLastAxisNegativeOrNot) {
  const std::vector<Array> arrays = {make({{1}, {2}}, float64), make({{3, 4}, {5, 6}}, float64)};
  for (const std::int64_t axis : {1, -1}) {
    const Array joined = concat(arrays, axis);
    EXPECT_EQ(joined.shape(), (Shape{2, 3}));
    EXPECT_EQ(host_values<double>(joined), (std::vector<double>{1, 3, 4, 2, 5, 6}));
  }
}

TEST(Concat, AxisNoneFlattensFirst) {
  const Array joined =
      concat({make({{1, 2}, {3, 4}}, float64), make({5}, float64), make(6, float64)}, std::nullopt);
  EXPECT_EQ(joined.shape(), Shape{6});
  EXPECT_EQ(host_values<double>(joined), (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

TEST(Concat, TakesASpan) {
  const std::array<Array, 2> arrays = {make({1}, int32), make({2, 3}, int32)};
  const Array joined = concat(std::span<const Array>(arrays));
  EXPECT_EQ(host_values<int>(joined), (std::vector<int>{1, 2, 3}));
}

TEST(Concat, DTypesPromoteAcrossAllInputs) {
  const Array joined = concat({make({1}, int8), make({300}, int16), make({2}, int8)});
  EXPECT_EQ(joined.dtype(), int16);
  EXPECT_EQ(host_values<int>(joined), (std::vector<int>{1, 300, 2}));
  EXPECT_EQ(concat({zeros_of({1}, float32), zeros({1})}).dtype(), float64);
  EXPECT_THROW(concat({zeros_of({1}, bool_), zeros_of({1}, int8)}), DTypeError);
  EXPECT_THROW(concat({zeros_of({1}, int8), zeros_of({1}, float32)}), DTypeError);
}

TEST(Concat, BadInputs) {
  EXPECT_THROW(concat(std::vector<Array>{}), InvalidArgumentError);
  EXPECT_THROW(concat({zeros({2, 2}), zeros({2, 3})}), InvalidArgumentError);
  EXPECT_THROW(concat({zeros({2, 2}), zeros({2})}), InvalidArgumentError);
  EXPECT_THROW(concat({zeros({}), zeros({})}), InvalidArgumentError);
  EXPECT_THROW(concat({zeros({2, 2}), zeros({2, 2})}, 2), InvalidArgumentError);
  EXPECT_THROW(concat({zeros({2, 2}), zeros({2, 2})}, -3), InvalidArgumentError);
}

TEST(Concat, EmptyArraysJoin) {
  EXPECT_EQ(concat({zeros({0, 2}), zeros({3, 2})}).shape(), (Shape{3, 2}));
}

TEST(Stack, AlongANewAxis) {
  const std::vector<Array> arrays = {make({1, 2}, float64), make({3, 4}, float64)};
  const Array first = stack(arrays);
  EXPECT_EQ(first.shape(), (Shape{2, 2}));
  EXPECT_EQ(host_values<double>(first), (std::vector<double>{1, 2, 3, 4}));
  for (const std::int64_t axis : {1, -1}) {
    const Array last = stack(arrays, axis);
    EXPECT_EQ(last.shape(), (Shape{2, 2}));
    EXPECT_EQ(host_values<double>(last), (std::vector<double>{1, 3, 2, 4}));
  }
  EXPECT_EQ(stack({zeros({2, 3}), zeros({2, 3}), zeros({2, 3}), zeros({2, 3})}, 1).shape(),
            (Shape{2, 4, 3}));
}

TEST(Stack, ZeroDimensionalArraysMakeAVector) {
  const Array joined = stack({make(1, int8), make(2, int8)});
  EXPECT_EQ(joined.shape(), Shape{2});
  EXPECT_EQ(joined.dtype(), int8);
  EXPECT_EQ(host_values<int>(joined), (std::vector<int>{1, 2}));
}

TEST(Stack, DTypesPromote) {
  EXPECT_EQ(stack({zeros_of({2}, uint8), zeros_of({2}, int16)}).dtype(), int16);
  EXPECT_THROW(stack({zeros_of({2}, uint64), zeros_of({2}, int64)}), DTypeError);
}

TEST(Stack, BadInputs) {
  EXPECT_THROW(stack(std::vector<Array>{}), InvalidArgumentError);
  EXPECT_THROW(stack({zeros({2}), zeros({3})}), InvalidArgumentError);
  // Inputs of 1 dimension allow axes in [-2, 1].
  EXPECT_THROW(stack({zeros({2}), zeros({2})}, 2), InvalidArgumentError);
  EXPECT_THROW(stack({zeros({2}), zeros({2})}, -3), InvalidArgumentError);
  EXPECT_EQ(stack({zeros({2}), zeros({2})}, -2).shape(), (Shape{2, 2}));
}

TEST(Reshape, KeepsTheElementsInCOrder) {
  const Array x = make({1, 2, 3, 4, 5, 6}, float64);
  const Array matrix = reshape(x, {2, 3});
  EXPECT_EQ(matrix.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<double>(matrix), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(reshape(x, {-1, 2}).shape(), (Shape{3, 2}));
  EXPECT_EQ(reshape(x, {-1}).shape(), Shape{6});
  EXPECT_EQ(reshape(make(5, int32), {1, 1}).shape(), (Shape{1, 1}));
  EXPECT_EQ(reshape(make({5}, int32), {}).shape(), Shape{});
  EXPECT_EQ(reshape(zeros({0, 3}), {3, 0}).shape(), (Shape{3, 0}));
}

TEST(Reshape, BadShapesRaise) {
  const Array x = zeros({6});
  try {
    reshape(x, {4, 2});
    FAIL() << "reshape() put 6 elements in shape (4, 2)";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "reshape(): cannot reshape 6 elements into shape (4, 2)"));
  }
  EXPECT_THROW(reshape(x, {-1, -1}), InvalidArgumentError);
  EXPECT_THROW(reshape(x, {-2, -3}), InvalidArgumentError);
  EXPECT_THROW(reshape(x, {-1, 4}), InvalidArgumentError);
  EXPECT_THROW(reshape(zeros({0}), {0, -1}), InvalidArgumentError);
}

TEST(Reshape, CopySemantics) {
  const Array x = zeros({6});
  EXPECT_TRUE(reshape(x, {2, 3}).shares_storage_with(x));
  EXPECT_TRUE(reshape(x, {2, 3}, false).shares_storage_with(x));
  const Array copied = reshape(make({1, 2, 3, 4}, int64), {2, 2}, true);
  EXPECT_FALSE(copied.shares_storage_with(x));
  EXPECT_EQ(host_values<std::int64_t>(copied), (std::vector<std::int64_t>{1, 2, 3, 4}));
  EXPECT_FALSE(reshape(x, {3, 2}, true).shares_storage_with(x));
}

TEST(ManipulationDevices, ResultsStayOnTheInputDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array a = make({1, 2}, float64, device);
    const Array b = make({3, 4}, float64, device);
    EXPECT_EQ(concat({a, b}).device(), device);
    EXPECT_EQ(concat({a, b}, std::nullopt).device(), device);
    EXPECT_EQ(stack({a, b}).device(), device);
    EXPECT_EQ(reshape(a, {2, 1}).device(), device);
    EXPECT_EQ(reshape(a, {2, 1}, true).device(), device);
    EXPECT_EQ(host_values<double>(stack({a, b}, 1)), (std::vector<double>{1, 3, 2, 4}));
  }
  EXPECT_EQ(concat({zeros_of({1}, float64, device1())}).provenance().operation, "concat");
  EXPECT_EQ(stack({zeros_of({1}, float64, device1())}).provenance().operation, "stack");
  EXPECT_EQ(reshape(zeros_of({1}, float64, device1()), {}).provenance().rule,
            PlacementRule::input_arrays);
}

TEST(ManipulationDevices, MixedDevicesRaiseNamingTheArraysAndDevices) {
  const std::vector<Array> arrays = {zeros_of({2}, float64, device1()),
                                     zeros_of({2}, float64, device1()),
                                     zeros_of({2}, float64, device2())};
  for (const auto& join : {+[](const std::vector<Array>& a) { return concat(a); },
                           +[](const std::vector<Array>& a) { return stack(a); }}) {
    try {
      join(arrays);
      FAIL() << "arrays on device1 and device2 were joined";
    } catch (const DeviceMismatchError& e) {
      EXPECT_TRUE(contains(e.what(), "arrays[0] is on device1"));
      EXPECT_TRUE(contains(e.what(), "arrays[2] is on device2"));
    }
  }
}

TEST(ManipulationDevices, AZeroDimensionalArrayOnAnotherDeviceAlsoRaises) {
  EXPECT_THROW(stack({zeros_of({}, float64, device1()), zeros({})}), DeviceMismatchError);
  EXPECT_THROW(concat({zeros_of({1}, float64, device1()), zeros({})}, std::nullopt),
               DeviceMismatchError);
  // The device check comes before the shape check.
  EXPECT_THROW(concat({zeros_of({2, 2}, float64, device1()), zeros({3})}), DeviceMismatchError);
}

TEST(ManipulationDevices, HostReadOfADevice1ResultRaises) {
  const Array a = zeros_of({2}, float64, device1());
  EXPECT_THROW(concat({a, a}).values<double>(), HostAccessError);
  EXPECT_THROW(stack({a, a}).values<double>(), HostAccessError);
  EXPECT_THROW(reshape(a, {2, 1}).values<double>(), HostAccessError);
}

}  // namespace
}  // namespace strict
