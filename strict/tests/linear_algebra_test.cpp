// matmul: the 1-d rules, batch broadcasting, dtypes, shape errors and the device rules.
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

TEST(Matmul, MatrixTimesMatrix) {
  // [[1, 2], [3, 4]] @ [[5, 6], [7, 8]] = [[1*5 + 2*7, 1*6 + 2*8], [3*5 + 4*7, 3*6 + 4*8]]
  const Array product = matmul(make({{1, 2}, {3, 4}}, float64), make({{5, 6}, {7, 8}}, float64));
  EXPECT_EQ(product.shape(), (Shape{2, 2}));
  EXPECT_EQ(host_values<double>(product), (std::vector<double>{19, 22, 43, 50}));
}

TEST(Matmul, VectorTimesVectorIsZeroDimensional) {
  const Array dot = matmul(make({1, 2, 3}, float64), make({4, 5, 6}, float64));
  EXPECT_EQ(dot.shape(), Shape{});
  EXPECT_EQ(host_values<double>(dot), std::vector<double>{32});
}

TEST(Matmul, VectorOperandsLoseTheirAddedDimension) {
  const Array matrix = make({{1, 2, 3}, {4, 5, 6}}, float64);
  const Array row_times_matrix = matmul(make({1, 2}, float64), matrix);
  EXPECT_EQ(row_times_matrix.shape(), Shape{3});
  EXPECT_EQ(host_values<double>(row_times_matrix), (std::vector<double>{9, 12, 15}));
  const Array matrix_times_column = matmul(matrix, make({1, 0, 1}, float64));
  EXPECT_EQ(matrix_times_column.shape(), Shape{2});
  EXPECT_EQ(host_values<double>(matrix_times_column), (std::vector<double>{4, 10}));
}

TEST(Matmul, BatchDimensionsBroadcast) {
  // A stack of [I, 2I] times one matrix gives [B, 2B].
  const Array stack_of_two = make({{{1, 0}, {0, 1}}, {{2, 0}, {0, 2}}}, float64);
  const Array product = matmul(stack_of_two, make({{1, 2}, {3, 4}}, float64));
  EXPECT_EQ(product.shape(), (Shape{2, 2, 2}));
  EXPECT_EQ(host_values<double>(product), (std::vector<double>{1, 2, 3, 4, 2, 4, 6, 8}));
  EXPECT_EQ(matmul(zeros({3, 1, 2, 4}), zeros({5, 4, 1})).shape(), (Shape{3, 5, 2, 1}));
  EXPECT_EQ(matmul(zeros({4}), zeros({3, 4, 2})).shape(), (Shape{3, 2}));
  EXPECT_EQ(matmul(zeros({3, 2, 4}), zeros({4})).shape(), (Shape{3, 2}));
}

TEST(Matmul, EmptyInnerDimensionGivesZeros) {
  const Array product = matmul(zeros({2, 0}), zeros({0, 3}));
  EXPECT_EQ(product.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<double>(product), (std::vector<double>{0, 0, 0, 0, 0, 0}));
}

TEST(Matmul, DTypesPromote) {
  const Array integers = matmul(make({{1, 2}}, int8), make({{3}, {4}}, int16));
  EXPECT_EQ(integers.dtype(), int16);
  EXPECT_EQ(host_values<int>(integers), std::vector<int>{11});
  EXPECT_EQ(matmul(zeros_of({2, 2}, float32), zeros({2, 2})).dtype(), float64);
  EXPECT_EQ(matmul(zeros_of({2}, complex64), zeros_of({2}, float32)).dtype(), complex64);
}

TEST(Matmul, RejectsBoolAndMixedKinds) {
  EXPECT_THROW(matmul(make({true, false}, bool_), make({true, true}, bool_)), DTypeError);
  EXPECT_THROW(matmul(zeros_of({2}, int8), zeros_of({2}, float32)), DTypeError);
  EXPECT_THROW(matmul(zeros_of({2}, uint64), zeros_of({2}, int64)), DTypeError);
}

TEST(Matmul, ShapeErrorsNameBothShapes) {
  try {
    matmul(zeros({2, 3}), zeros({2, 3}));
    FAIL() << "matmul() accepted (2, 3) @ (2, 3)";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "x1 of shape (2, 3)"));
    EXPECT_TRUE(contains(e.what(), "x2 of shape (2, 3)"));
  }
  EXPECT_THROW(matmul(zeros({3}), zeros({4})), InvalidArgumentError);
  EXPECT_THROW(matmul(zeros({2, 2, 2}), zeros({3, 2, 2})), InvalidArgumentError);
  EXPECT_THROW(matmul(zeros({}), zeros({2})), InvalidArgumentError);
  EXPECT_THROW(matmul(zeros({2}), zeros({})), InvalidArgumentError);
}

TEST(MatmulDevices, ResultIsOnTheOperandsDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array product =
        matmul(make({{1, 2}}, float64, device), make({{3}, {4}}, float64, device));
    EXPECT_EQ(product.device(), device);
    EXPECT_EQ(product.provenance().operation, "matmul");
    EXPECT_EQ(host_values<double>(product), std::vector<double>{11});
  }
}

TEST(MatmulDevices, MixedDevicesRaiseNamingBothDevices) {
  try {
    matmul(zeros_of({2, 2}, float64, device1()), zeros_of({2, 2}, float64, device2()));
    FAIL() << "matmul() combined device1 and device2";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "matmul()"));
    EXPECT_TRUE(contains(e.what(), "device1"));
    EXPECT_TRUE(contains(e.what(), "device2"));
  }
  EXPECT_THROW(matmul(zeros_of({2}, float64, device1()), zeros({2})), DeviceMismatchError);
}

TEST(MatmulDevices, DeviceCheckComesBeforeShapeAndDTypeChecks) {
  // A 0-d operand is a shape error, but one on another device is a device error first.
  EXPECT_THROW(matmul(zeros_of({2}, float64, device1()), zeros_of({}, float64, device2())),
               DeviceMismatchError);
  EXPECT_THROW(matmul(zeros_of({2}, bool_, device1()), zeros({3})), DeviceMismatchError);
}

TEST(MatmulDevices, HostReadOfADevice1ResultRaises) {
  const Array product =
      matmul(zeros_of({2, 2}, float64, device1()), zeros_of({2, 2}, float64, device1()));
  EXPECT_THROW(product.values<double>(), HostAccessError);
}

}  // namespace
}  // namespace strict
