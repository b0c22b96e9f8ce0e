// Python scalars as operands of binary element-wise functions (2024.12: "x1: Union[array, int,
// float, complex]"): on either side, mixed only as type_promotion.rst allows, and placed on the
// array's device.
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using namespace std::complex_literals;
using testing::contains;
using testing::device1;
using testing::host_values;
using testing::make;

TEST(ElementwiseScalars, ScalarOnEitherSide) {
  const Array x = make({1.0, 4.0}, float64);
  EXPECT_EQ(host_values<double>(subtract(x, 0.5)), (std::vector<double>{0.5, 3.5}));
  EXPECT_EQ(host_values<double>(subtract(0.5, x)), (std::vector<double>{-0.5, -3.5}));
  EXPECT_EQ(host_values<double>(divide(2.0, x)), (std::vector<double>{2.0, 0.5}));
  EXPECT_EQ(host_values<bool>(less(2, x)), (std::vector<bool>{false, true}));
  EXPECT_EQ(host_values<double>(pow(2, x)), (std::vector<double>{2.0, 16.0}));
}

TEST(ElementwiseScalars, TheResultHasTheArraysDtype) {
  // "the scalar is converted to the array's dtype": an int with a float32 array stays float32.
  const Array sum = add(make({0.5}, float32), 2);
  EXPECT_EQ(sum.dtype(), float32);
  EXPECT_EQ(host_values<double>(sum), (std::vector<double>{2.5}));
  EXPECT_EQ(add(make({1}, int8), 100).dtype(), int8);
  EXPECT_EQ(add(make({1}, uint16), 3).dtype(), uint16);
  EXPECT_EQ(multiply(make({1.0i}, complex64), 2.0).dtype(), complex64);
  EXPECT_EQ(host_values<std::complex<double>>(add(make({1.0i}, complex128), 1.0 + 1.0i)),
            (std::vector<std::complex<double>>{1.0 + 2.0i}));
  EXPECT_EQ(logical_and(make({true, false}, bool_), true).dtype(), bool_);
  EXPECT_EQ(host_values<bool>(logical_and(make({true, false}, bool_), true)),
            (std::vector<bool>{true, false}));
}

TEST(ElementwiseScalars, AnIntScalarMixesWithFloatingArrays) {
  EXPECT_EQ(host_values<double>(atan2(make({0.0}, float64), 1)), (std::vector<double>{0.0}));
  EXPECT_EQ(host_values<double>(hypot(3, make({4.0}, float32))), (std::vector<double>{5.0}));
  EXPECT_EQ(host_values<double>(copysign(make({2.0}, float64), -1)), (std::vector<double>{-2.0}));
}

TEST(ElementwiseScalars, KindsThatDoNotMixRaiseDTypeError) {
  const Array ints = make({1, 2}, int32);
  EXPECT_THROW(add(ints, true), DTypeError);  // bool scalar, int array
  EXPECT_THROW(add(true, ints), DTypeError);
  EXPECT_THROW(add(ints, 1.5), DTypeError);  // float scalar, int array
  EXPECT_THROW(add(1.5, ints), DTypeError);
  EXPECT_THROW(add(ints, 1.0 + 1.0i), DTypeError);
  EXPECT_THROW(logical_and(make({true}, bool_), 1), DTypeError);
  EXPECT_THROW(equal(make({true}, bool_), 1), DTypeError);
  try {
    (void)multiply(ints, 0.5);
    FAIL() << "multiply(int32 array, 0.5) did not raise";
  } catch (const DTypeError& e) {
    EXPECT_TRUE(contains(e.what(), "multiply()"));
    EXPECT_TRUE(contains(e.what(), "int32"));
  }
}

// spec/2024.12/API_specification/type_promotion.rst, "Mixing arrays with Python scalars": "a
// Python int, float, or complex for real-valued floating-point array data types"; the note: "1j
// <op> float32_array results in a complex64 array; 1j <op> float64_array results in a complex128
// array".
TEST(ElementwiseScalars, AComplexScalarWithARealFloatingArrayGivesTheComplexDtypeOfItsPrecision) {
  const Array single = make({1.0, 2.0}, float32, device1());
  const Array product = multiply(single, 1.0i);
  EXPECT_EQ(product.dtype(), complex64);
  EXPECT_EQ(product.device(), device1());
  EXPECT_EQ(host_values<std::complex<double>>(product.to_device(Device::cpu())),
            (std::vector<std::complex<double>>{1.0i, 2.0i}));
  EXPECT_EQ(add(2.0i, make({1.0}, float64)).dtype(), complex128);
  EXPECT_EQ(equal(make({0.0}, float64), 0.0i).dtype(), bool_);
  EXPECT_EQ(result_type({float32, Scalar(1.0i)}), complex64);
  // The function's category still applies to the promoted dtype: atan2 is real-valued only.
  EXPECT_THROW(atan2(make({1.0}, float64), 1.0i), DTypeError);
  // An in-place operation must not change the target's dtype.
  Array target = make({1.0}, float64);
  EXPECT_THROW(target *= 1.0i, DTypeError);
}

TEST(ElementwiseScalars, AScalarMustFitTheCategory) {
  // divide wants floating point: an int array with a float scalar is rejected, not promoted.
  EXPECT_THROW(divide(make({4}, int32), 2), DTypeError);
  EXPECT_THROW(atan2(make({1}, int32), 1), DTypeError);
  EXPECT_THROW(bitwise_left_shift(make({1.0}, float64), 1), DTypeError);
}

TEST(ElementwiseScalars, AnIntOutsideTheDtypesRangeRaisesInvalidArgument) {
  EXPECT_THROW(add(make({1}, int8), 128), InvalidArgumentError);
  EXPECT_THROW(add(-129, make({1}, int8)), InvalidArgumentError);
  EXPECT_THROW(add(make({1}, uint8), -1), InvalidArgumentError);
  EXPECT_THROW(less(make({1}, uint32), 4294967296LL), InvalidArgumentError);
  EXPECT_NO_THROW(add(make({1}, int8), 127));
  EXPECT_NO_THROW(add(make({1}, uint8), 255));
  // uint64's whole range (data_types.rst): an int above int64's maximum fits uint64 alone.
  const std::uint64_t largest = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(
      host_values<std::uint64_t>(subtract(full({1}, Scalar(largest), {.dtype = uint64}), largest)),
      (std::vector<std::uint64_t>{0}));
  EXPECT_THROW(add(make({1}, int64), largest), InvalidArgumentError);
  try {
    (void)add(make({1}, int8), 1000);
    FAIL() << "add(int8 array, 1000) did not raise";
  } catch (const DTypeError&) {
    FAIL() << "an out-of-range int is a value problem, not a dtype one";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "1000"));
    EXPECT_TRUE(contains(e.what(), "int8"));
  }
}

TEST(ElementwiseScalars, TwoScalarsAreRejected) {
  // "At least one of x1 or x2 must be an array."
  EXPECT_THROW(add(1, 2), InvalidArgumentError);
  EXPECT_THROW(equal(1.0, 1.0), InvalidArgumentError);
}

TEST(ElementwiseScalars, ScalarsTakeTheArraysDevice) {
  // device_support.rst (2025.12): "scalars should inherit the device of the arrays".
  const Array x = make({1.0, 2.0}, float64, device1());
  for (const Array& result : {add(x, 1), add(1, x), less(0.5, x), pow(x, 2.0), maximum(1.5, x)}) {
    EXPECT_EQ(result.device(), device1());
  }
  EXPECT_EQ(host_values<double>(maximum(1.5, x)), (std::vector<double>{1.5, 2.0}));
  EXPECT_THROW((void)add(x, 1).values<double>(), HostAccessError);
}

TEST(ElementwiseScalars, ScalarBroadcastsToTheArraysShape) {
  const Array x = zeros({2, 3}, {.dtype = int64, .device = device1()});
  const Array sum = add(7, x);
  EXPECT_EQ(sum.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<std::int64_t>(sum), (std::vector<std::int64_t>(6, 7)));
  const Array zero_d = add(make(2.0, float64), 1.0);
  EXPECT_EQ(zero_d.shape(), Shape{});
  EXPECT_EQ(host_values<double>(zero_d), (std::vector<double>{3.0}));
}

}  // namespace
}  // namespace strict
