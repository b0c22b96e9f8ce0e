// where: choosing by a condition, scalar operands, broadcasting, dtypes and the device rules.
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

Array condition_on(Device device = Device::cpu()) {
  return make({true, false, true}, bool_, device);
}

TEST(Where, ChoosesElementwise) {
  const Array chosen = where(condition_on(), make({1, 2, 3}, float64), make({4, 5, 6}, float64));
  EXPECT_EQ(chosen.shape(), Shape{3});
  EXPECT_EQ(host_values<double>(chosen), (std::vector<double>{1, 5, 3}));
}

TEST(Where, BroadcastsAllThreeArguments) {
  // condition (2, 1), x1 (3,), x2 0-d: rows of x1 where true, 9 where false.
  const Array chosen =
      where(make({{true}, {false}}, bool_), make({1, 2, 3}, float64), make(9.0, float64));
  EXPECT_EQ(chosen.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<double>(chosen), (std::vector<double>{1, 2, 3, 9, 9, 9}));
  EXPECT_THROW(where(condition_on(), zeros({2}), zeros({3})), InvalidArgumentError);
  EXPECT_THROW(where(make({true, false}, bool_), zeros({3}), zeros({3})), InvalidArgumentError);
}

TEST(Where, ScalarOperandsTakeTheArraysDType) {
  const Array left = where(condition_on(), 1.5, make({4, 5, 6}, float32));
  EXPECT_EQ(left.dtype(), float32);
  EXPECT_EQ(host_values<float>(left), (std::vector<float>{1.5f, 5, 1.5f}));
  const Array right = where(condition_on(), make({1, 2, 3}, int8), 0);
  EXPECT_EQ(right.dtype(), int8);
  EXPECT_EQ(host_values<int>(right), (std::vector<int>{1, 0, 3}));
}

TEST(Where, ScalarOperandsMustFitTheArray) {
  EXPECT_THROW(where(condition_on(), make({1, 2, 3}, int8), 1.5), DTypeError);
  EXPECT_THROW(where(condition_on(), make({1, 2, 3}, int8), 300), InvalidArgumentError);
  // "At least one of x1 and x2 must be an array."
  EXPECT_THROW(where(condition_on(), 1, 2), InvalidArgumentError);
}

TEST(Where, ArrayDTypesPromote) {
  EXPECT_EQ(where(condition_on(), zeros_of({3}, int8), zeros_of({3}, int16)).dtype(), int16);
  EXPECT_EQ(where(condition_on(), zeros_of({3}, float32), zeros({3})).dtype(), float64);
  EXPECT_THROW(where(condition_on(), zeros_of({3}, int8), zeros_of({3}, float32)), DTypeError);
}

TEST(Where, ConditionMustBeBool) {
  EXPECT_THROW(where(zeros_of({3}, int8), zeros({3}), zeros({3})), DTypeError);
}

TEST(WhereDevices, ResultAndScalarsTakeTheArraysDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array arrays = where(condition_on(device), make({1, 2, 3}, float64, device),
                               zeros_of({3}, float64, device));
    EXPECT_EQ(arrays.device(), device);
    EXPECT_EQ(arrays.provenance().operation, "where");
    EXPECT_EQ(host_values<double>(arrays), (std::vector<double>{1, 0, 3}));
    const Array scalars = where(condition_on(device), 7.0, zeros_of({3}, float64, device));
    EXPECT_EQ(scalars.device(), device);
    EXPECT_EQ(host_values<double>(scalars), (std::vector<double>{7, 0, 7}));
  }
}

TEST(WhereDevices, MixedDevicesRaiseNamingBothDevices) {
  try {
    where(condition_on(device1()), zeros_of({3}, float64, device2()), 0.0);
    FAIL() << "where() combined device1 and device2";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "condition is on device1"));
    EXPECT_TRUE(contains(e.what(), "x1 is on device2"));
  }
  EXPECT_THROW(where(condition_on(device1()), 0.0, zeros_of({3}, float64, device2())),
               DeviceMismatchError);
  EXPECT_THROW(where(condition_on(device1()), zeros_of({3}, float64, device1()), zeros({3})),
               DeviceMismatchError);
}

TEST(WhereDevices, AZeroDimensionalArrayOnAnotherDeviceAlsoRaises) {
  EXPECT_THROW(where(condition_on(device1()), zeros_of({3}, float64, device1()), zeros({})),
               DeviceMismatchError);
  // The device check comes first, before the dtype check on condition.
  EXPECT_THROW(where(zeros_of({3}, float64, device1()), zeros({3}), zeros({3})),
               DeviceMismatchError);
}

TEST(WhereDevices, HostReadOfADevice1ResultRaises) {
  const Array chosen = where(condition_on(device1()), 1.0, zeros_of({3}, float64, device1()));
  EXPECT_THROW(chosen.values<double>(), HostAccessError);
}

}  // namespace
}  // namespace strict
