// The in-place forms C++ cannot spell: pow_in_place (x **= y), floor_divide_in_place (x //= y)
// and matmul_in_place (x @= y). They write into x's storage and return x; a call that would
// change x's dtype or shape, or that mixes devices, raises before writing and names the special
// method (array_object.rst, "In-place Operators").
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

TEST(InPlaceNamedOperators, PowRaisesEachElement) {
  Array x = make({2, 3, -2}, int64);
  const Array alias = x;
  Array& returned = pow_in_place(x, make({3, 2, 3}, int64));
  EXPECT_EQ(&returned, &x);
  // 2**3 = 8, 3**2 = 9, (-2)**3 = -8; the alias shares the storage.
  EXPECT_EQ(host_values<std::int64_t>(alias), (ints{8, 9, -8}));
  Array y = make({1.5, 4.0}, float64);
  pow_in_place(y, 2);  // a Python int exponent
  EXPECT_EQ(host_values<double>(y), (reals{2.25, 16.0}));
  EXPECT_EQ(y.dtype(), float64);
}

TEST(InPlaceNamedOperators, FloorDivideRoundsTowardNegativeInfinity) {
  Array x = make({7, -7, 9}, int32);
  floor_divide_in_place(x, make({2, 2, -4}, int32));
  // 7 // 2 = 3, -7 // 2 = -4, 9 // -4 = -3.
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{3, -4, -3}));
  Array y = make({7.5, -1.0}, float32);
  floor_divide_in_place(y, 2.0);
  EXPECT_EQ(host_values<float>(y), (std::vector<float>{3.0f, -1.0f}));
}

TEST(InPlaceNamedOperators, MatmulMultipliesBySquareMatrices) {
  // [[1, 2], [3, 4]] @ [[0, 1], [1, 0]] = [[2, 1], [4, 3]].
  Array x = make({{1, 2}, {3, 4}}, int64);
  Array& returned = matmul_in_place(x, make({{0, 1}, {1, 0}}, int64));
  EXPECT_EQ(&returned, &x);
  EXPECT_EQ(x.shape(), (Shape{2, 2}));
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{2, 1, 4, 3}));
  // x @= x reads x before writing: [[2, 1], [4, 3]] squared = [[8, 5], [20, 13]].
  matmul_in_place(x, x);
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{8, 5, 20, 13}));
  // A vector keeps its shape against a square matrix: [1, 2] @ [[1, 1], [0, 2]] = [1, 5].
  Array v = make({1.0, 2.0}, float64);
  matmul_in_place(v, make({{1.0, 1.0}, {0.0, 2.0}}, float64));
  EXPECT_EQ(host_values<double>(v), (reals{1.0, 5.0}));
}

TEST(InPlaceNamedOperators, ADtypeChangeRaisesAndLeavesTheTarget) {
  Array x = make({2, 3}, int32);
  EXPECT_THROW(pow_in_place(x, make({1.0, 2.0}, float64)), DTypeError);
  EXPECT_THROW(floor_divide_in_place(x, make({1, 2}, int64)), DTypeError);
  EXPECT_EQ(host_values<std::int64_t>(x), (ints{2, 3}));
  Array m = make({{1, 0}, {0, 1}}, int8);
  try {
    matmul_in_place(m, make({{1, 0}, {0, 1}}, int16));
    FAIL() << "matmul_in_place changed int8 to int16";
  } catch (const DTypeError& e) {
    EXPECT_TRUE(contains(e.what(), "__imatmul__()"));
  }
  EXPECT_EQ(m.dtype(), int8);
  EXPECT_EQ(host_values<std::int64_t>(m), (ints{1, 0, 0, 1}));
}

TEST(InPlaceNamedOperators, AShapeChangeRaisesAndLeavesTheTarget) {
  Array x = make({1, 2}, int64);
  EXPECT_THROW(pow_in_place(x, make({{1, 2}, {3, 4}}, int64)), InvalidArgumentError);
  Array m = make({{1, 2}, {3, 4}}, int64);
  try {
    matmul_in_place(m, make({{1, 0, 0}, {0, 1, 0}}, int64));  // (2, 2) @ (2, 3) is (2, 3)
    FAIL() << "matmul_in_place changed the shape";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "__imatmul__(): x1 of shape (2, 2)"));
  }
  try {
    matmul_in_place(m, make({1, 2, 3}, int64));  // inner dimensions 2 and 3 differ
    FAIL() << "matmul_in_place accepted mismatched dimensions";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "__imatmul__():"));
    EXPECT_FALSE(contains(e.what(), "matmul():"));
  }
  EXPECT_THROW(matmul_in_place(x, make({1, 2}, int64)), InvalidArgumentError);  // to 0-d
  EXPECT_EQ(host_values<std::int64_t>(m), (ints{1, 2, 3, 4}));
}

TEST(InPlaceNamedOperators, WrongDtypeCategoriesRaise) {
  Array flags = make({true, false}, bool_);
  EXPECT_THROW(pow_in_place(flags, true), DTypeError);
  EXPECT_THROW(matmul_in_place(flags, flags), DTypeError);
  Array z = make({1.0, 2.0}, complex64);
  EXPECT_THROW(floor_divide_in_place(z, 2.0), DTypeError);
}

TEST(InPlaceNamedOperators, DevicesStayAndMixedDevicesRaise) {
  Array x = make({2.0, 3.0}, float32, device1());
  pow_in_place(x, make({2.0, 2.0}, float32, device1()));
  EXPECT_EQ(x.device(), device1());
  EXPECT_EQ(host_values<float>(x), (std::vector<float>{4.0f, 9.0f}));
  EXPECT_THROW(x.scalars(), HostAccessError);
  Array m = make({{1.0, 0.0}, {0.0, 1.0}}, float32, device2());
  EXPECT_THROW(floor_divide_in_place(x, make({1.0, 1.0}, float32, device2())), DeviceMismatchError);
  try {
    matmul_in_place(m, make({{2.0, 0.0}, {0.0, 2.0}}, float32, device1()));
    FAIL() << "matmul_in_place mixed devices";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "__imatmul__"));
  }
  // A 0-d operand on another device is not exempt.
  EXPECT_THROW(pow_in_place(x, make(2.0, float32, device2())), DeviceMismatchError);
  EXPECT_EQ(host_values<float>(x), (std::vector<float>{4.0f, 9.0f}));
  EXPECT_EQ(host_values<float>(m), (std::vector<float>{1.0f, 0.0f, 0.0f, 1.0f}));
}

}  // namespace
}  // namespace strict
