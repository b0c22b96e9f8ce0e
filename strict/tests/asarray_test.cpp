// asarray: literal data (dtype inference, ragged data, ranges), and arrays (device kept,
// copy=True/False/None, moves to another device counted as transfers).
#include <complex>
#include <cstddef>
#include <cstdint>
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

// -- Literal data -----------------------------------------------------------------------------

TEST(AsarrayLiteral, NestedListsGiveTheirShapeOnTheDefaultDevice) {
  const Array x = asarray({{1, 2}, {3, 4}});
  EXPECT_EQ(x.shape(), (Shape{2, 2}));
  EXPECT_EQ(x.dtype(), int64);
  EXPECT_EQ(x.device(), cpu());
  EXPECT_EQ(x.values<std::int64_t>(), (std::vector<std::int64_t>{1, 2, 3, 4}));
  EXPECT_TRUE(contains(x.provenance().describe(cpu()),
                       "asarray() with device=None -> global default device cpu"));
}

TEST(AsarrayLiteral, InfersTheDtypeLikePython) {
  EXPECT_EQ(asarray({true, false}).dtype(), bool_);
  EXPECT_EQ(asarray({true, 2}).dtype(), int64);
  EXPECT_EQ(asarray({1.5, 2}).dtype(), float64);
  EXPECT_EQ(asarray({1, c128(0, 1)}).dtype(), complex128);
  EXPECT_EQ(asarray({true, 2}).values<std::int64_t>(), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(asarray({1.5, 2}).values<double>(), (std::vector<double>{1.5, 2.0}));
}

TEST(AsarrayLiteral, InfersTheDefaultsOfTheChosenDevice) {
  const Array x = asarray({1.5, 2.5}, {.device = device2()});
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_EQ(host_values<double>(x), (std::vector<double>{1.5, 2.5}));
  EXPECT_EQ(asarray({1}, {.device = device2()}).dtype(), int64);
  EXPECT_EQ(asarray({c128(1, 1)}, {.device = device2()}).dtype(), complex64);
  EXPECT_THROW(x.values<double>(), HostAccessError);
}

TEST(AsarrayLiteral, PythonScalarsGiveZeroDimensionalArrays) {
  const Array x = asarray(3);
  EXPECT_EQ(x.shape(), Shape{});
  EXPECT_EQ(x.dtype(), int64);
  EXPECT_EQ(x.values<std::int64_t>(), (std::vector<std::int64_t>{3}));
  EXPECT_EQ(asarray(true).dtype(), bool_);
  EXPECT_EQ(asarray(2.5, {.dtype = float32}).values<double>(), (std::vector<double>{2.5}));
  EXPECT_EQ(asarray(Scalar(c128(0, 2))).dtype(), complex128);
  EXPECT_EQ(asarray(2.5, {.device = device1()}).device(), device1());
}

TEST(AsarrayLiteral, EmptyLists) {
  const Array empty_list = asarray({});
  EXPECT_EQ(empty_list.shape(), (Shape{0}));
  EXPECT_EQ(empty_list.dtype(), float64);
  EXPECT_EQ(asarray({{}}).shape(), (Shape{1, 0}));
}

TEST(AsarrayLiteral, ExplicitDtypeConverts) {
  const Array x = asarray({1, 2}, {.dtype = float32});
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_EQ(x.values<double>(), (std::vector<double>{1.0, 2.0}));
  EXPECT_EQ(asarray({1, 0}, {.dtype = bool_}).values<bool>(), (std::vector<bool>{true, false}));
  EXPECT_EQ(asarray({2.5}, {.dtype = complex64}).values<c128>(), (std::vector<c128>{c128(2.5, 0)}));
}

TEST(AsarrayLiteral, RaggedDataRaises) {
  EXPECT_THROW(asarray({{1, 2}, {3}}), InvalidArgumentError);
  EXPECT_THROW(asarray({1, {2}}), InvalidArgumentError);
  EXPECT_THROW(asarray({{{1}, {2}}, {3, 4}}), InvalidArgumentError);
}

TEST(AsarrayLiteral, IntsOutOfRangeOfTheDtypeRaise) {
  EXPECT_THROW(asarray({300}, {.dtype = int8}), InvalidArgumentError);
  EXPECT_THROW(asarray(-1, {.dtype = uint16}), InvalidArgumentError);
  EXPECT_EQ(asarray({-128, 127}, {.dtype = int8}).values<std::int64_t>(),
            (std::vector<std::int64_t>{-128, 127}));
  // no_x64 defaults to int32, so 2^40 does not fit its default integral dtype.
  enable_device("no_x64");
  EXPECT_THROW(asarray({std::int64_t{1} << 40}, {.device = Device("no_x64")}),
               InvalidArgumentError);
  set_device_enabled("no_x64", false);
}

TEST(AsarrayLiteral, ComplexDataForARealDtypeRaises) {
  EXPECT_THROW(asarray({c128(1, 1)}, {.dtype = float64}), DTypeError);
}

TEST(AsarrayLiteral, UnsupportedDtypeOnTheDeviceRaises) {
  enable_device("no_float64");
  EXPECT_THROW(asarray({1.0}, {.dtype = float64, .device = Device("no_float64")}),
               UnsupportedDTypeError);
  EXPECT_EQ(asarray({1.0}, {.device = Device("no_float64")}).dtype(), float32);
  set_device_enabled("no_float64", false);
}

TEST(AsarrayLiteral, CopyFalseRaisesBecauseLiteralDataIsAlwaysCopied) {
  EXPECT_THROW(asarray({1, 2}, {.copy = false}), InvalidArgumentError);
  EXPECT_EQ(asarray({1, 2}, {.copy = true}).size(), 2);
}

TEST(AsarrayFlat, ValuesWithAShape) {
  const std::vector<Scalar> values = {1, 2, 3, 4, 5, 6};
  const Array x = asarray(values, {2, 3}, {.device = device1()});
  EXPECT_EQ(x.shape(), (Shape{2, 3}));
  EXPECT_EQ(x.device(), device1());
  EXPECT_EQ(host_values<std::int64_t>(x), (std::vector<std::int64_t>{1, 2, 3, 4, 5, 6}));
  const std::vector<Scalar> one = {2.5};
  EXPECT_EQ(asarray(one, {}).shape(), Shape{});
}

TEST(AsarrayFlat, ShapeMustMatchTheValues) {
  const std::vector<Scalar> values = {1, 2, 3};
  EXPECT_THROW(asarray(values, {2, 2}), InvalidArgumentError);
  EXPECT_THROW(asarray(values, {-1, -3}), InvalidArgumentError);
}

// -- Arrays -----------------------------------------------------------------------------------

class AsarrayOfArray : public ::testing::Test {
 protected:
  void SetUp() override { reset_transfer_counts(); }
  const Array x = asarray({1, 2, 3}, {.dtype = int32, .device = device1()});
};

TEST_F(AsarrayOfArray, KeepsTheDeviceAndSharesStorage) {
  const Array y = asarray(x);
  EXPECT_EQ(y.device(), device1());
  EXPECT_EQ(y.dtype(), int32);
  EXPECT_TRUE(y.shares_storage_with(x));
  EXPECT_EQ(y.provenance().rule, PlacementRule::input_arrays);
  EXPECT_EQ(transfer_counts().size(), 0u);
}

TEST_F(AsarrayOfArray, CopyTrueMakesNewStorageOnTheSameDevice) {
  const Array y = asarray(x, {.copy = true});
  EXPECT_EQ(y.device(), device1());
  EXPECT_FALSE(y.shares_storage_with(x));
  EXPECT_EQ(transfer_counts().size(), 0u);  // no data left device1
  EXPECT_EQ(host_values<std::int64_t>(y), (std::vector<std::int64_t>{1, 2, 3}));
}

TEST_F(AsarrayOfArray, AnotherDeviceCopiesThereAndCountsATransfer) {
  const Array y = asarray(x, {.device = device2()});
  EXPECT_EQ(y.device(), device2());
  EXPECT_FALSE(y.shares_storage_with(x));
  EXPECT_EQ(y.dtype(), int32);
  EXPECT_EQ(transfer_count(device1(), device2()), 1u);
  EXPECT_EQ(host_values<std::int64_t>(y), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_TRUE(contains(y.provenance().describe(y.device()), "asarray() with device=device2"));
}

TEST_F(AsarrayOfArray, TheSameDeviceExplicitlyDoesNotCopy) {
  const Array y = asarray(x, {.device = device1()});
  EXPECT_TRUE(y.shares_storage_with(x));
  EXPECT_EQ(transfer_counts().size(), 0u);
}

TEST_F(AsarrayOfArray, CopyFalseRaisesWhenTheDeviceOrDtypeChanges) {
  EXPECT_THROW(asarray(x, {.device = device2(), .copy = false}), InvalidArgumentError);
  EXPECT_THROW(asarray(x, {.dtype = float32, .copy = false}), InvalidArgumentError);
  EXPECT_EQ(transfer_counts().size(), 0u);
  EXPECT_TRUE(
      asarray(x, {.dtype = int32, .device = device1(), .copy = false}).shares_storage_with(x));
}

TEST_F(AsarrayOfArray, ADtypeChangeConverts) {
  const Array y = asarray(x, {.dtype = float64});
  EXPECT_EQ(y.dtype(), float64);
  EXPECT_EQ(y.device(), device1());
  EXPECT_EQ(host_values<double>(y), (std::vector<double>{1.0, 2.0, 3.0}));
  EXPECT_THROW(asarray(asarray({c128(1, 2)}), {.dtype = float64}), DTypeError);
}

TEST_F(AsarrayOfArray, UnsupportedDtypeOnTheTargetDeviceRaises) {
  enable_device("no_float64");
  EXPECT_THROW(asarray(asarray({1.0}), {.device = Device("no_float64")}), UnsupportedDTypeError);
  set_device_enabled("no_float64", false);
}

// -- Host memory another library owns -----------------------------------------------------------

// A binding's buffer import: elements read through byte strides (here every other column of a
// 2 x 4 int16 matrix, rows reversed), copied in C order onto device= or the default device.
TEST(AsarrayFromHostElements, ReadsStridedElementsInCOrder) {
  const std::vector<std::int16_t> matrix = {0, 1, 2, 3, 4, 5, 6, 7};
  const auto* last_row = reinterpret_cast<const std::byte*>(matrix.data() + 4);
  const std::vector<std::int64_t> strides = {-8, 4};  // bytes: a row back, two columns on
  const Array x = asarray_from_host_elements(last_row, {2, 2}, strides, int16);
  EXPECT_EQ(x.device(), cpu());
  EXPECT_EQ(x.dtype(), int16);
  EXPECT_EQ(x.values<std::int16_t>(), (std::vector<std::int16_t>{4, 6, 0, 2}));
  const Array y =
      asarray_from_host_elements(last_row, {2, 2}, strides, int16, {.device = device1()});
  EXPECT_EQ(y.device(), device1());
  EXPECT_EQ(host_values<std::int16_t>(y), (std::vector<std::int16_t>{4, 6, 0, 2}));
  EXPECT_EQ(asarray_from_host_elements(last_row, {0, 2}, strides, int16).size(), 0);
}

TEST(AsarrayFromHostElements, RefusesCopyFalseAnotherDtypeAndMismatchedStrides) {
  const std::vector<double> values = {1.0, 2.0};
  const auto* first = reinterpret_cast<const std::byte*>(values.data());
  const std::vector<std::int64_t> strides = {8};
  EXPECT_THROW(asarray_from_host_elements(first, {2}, strides, float64, {.copy = false}),
               InvalidArgumentError);
  EXPECT_THROW(asarray_from_host_elements(first, {2}, strides, float64, {.dtype = float32}),
               InvalidArgumentError);
  EXPECT_THROW(asarray_from_host_elements(first, {2, 1}, strides, float64), InvalidArgumentError);
}

}  // namespace
}  // namespace strict
