// Creation functions from shapes, *_like, ranges and matrices: values, dtypes, and the device
// each result lands on.
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

// -- empty, zeros, ones, full -----------------------------------------------------------------

TEST(Zeros, WithoutDeviceLandsOnTheGlobalDefaultWithItsDefaultFloat) {
  const Array x = zeros({2, 3});
  EXPECT_EQ(x.device(), cpu());
  EXPECT_EQ(x.dtype(), float64);
  EXPECT_EQ(x.shape(), (Shape{2, 3}));
  EXPECT_EQ(x.values<double>(), std::vector<double>(6, 0.0));
}

TEST(Zeros, ProvenanceNamesTheFunctionTheRuleAndTheCallersLine) {
  const Array x = zeros(3);
  const std::string text = x.provenance().describe(x.device());
  EXPECT_TRUE(contains(text, "zeros() with device=None -> global default device cpu"));
  EXPECT_TRUE(contains(text, "creation_test.cpp"));
}

// 80 TB: more than the machine has, refused before it is asked of the system, so a system that
// overcommits memory (which would grant it, and end the process while strict fills it) gives the
// same OutOfMemoryError as one that does not.
TEST(Zeros, AnArrayLargerThanTheMachinesMemoryIsOutOfMemoryNamingTheFunction) {
  try {
    (void)zeros({1'000'000, 10'000'000});
    ADD_FAILURE() << "an array of 80 TB was allocated";
  } catch (const OutOfMemoryError& e) {
    EXPECT_TRUE(contains(e.what(), "zeros(): cannot allocate")) << e.what();
  }
}

TEST(Zeros, ExplicitDeviceUsesThatDevicesDefaultFloat) {
  // device2 supports float64 but defaults to float32.
  const Array x = zeros(3, {.device = device2()});
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_THROW(x.values<double>(), HostAccessError);
  EXPECT_EQ(host_values<double>(x), (std::vector<double>{0.0, 0.0, 0.0}));
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "zeros() with device=device2"));
}

TEST(Ones, FillsWithOneInTheRequestedDtype) {
  const Array x = ones(3, {.dtype = int32, .device = device1()});
  EXPECT_EQ(x.device(), device1());
  EXPECT_EQ(x.dtype(), int32);
  EXPECT_EQ(host_values<std::int64_t>(x), (std::vector<std::int64_t>{1, 1, 1}));
  EXPECT_EQ(ones({2}, {.dtype = bool_}).values<bool>(), (std::vector<bool>{true, true}));
}

TEST(Empty, HasTheShapeDtypeAndDevice) {
  const Array x = empty({2, 0}, {.device = device1()});
  EXPECT_EQ(x.shape(), (Shape{2, 0}));
  EXPECT_EQ(x.size(), 0);
  EXPECT_EQ(x.dtype(), float64);
  EXPECT_EQ(x.device(), device1());
  EXPECT_EQ(empty(4, {.dtype = uint8}).shape(), (Shape{4}));
}

TEST(Full, InfersTheDtypeFromTheFillValueOnTheChosenDevice) {
  EXPECT_EQ(full(2, true).dtype(), bool_);
  EXPECT_EQ(full(2, 7).dtype(), int64);
  EXPECT_EQ(full(2, 1.5).dtype(), float64);
  EXPECT_EQ(full(2, c128(1, 2)).dtype(), complex128);
  EXPECT_EQ(full(2, 7, {.device = device2()}).dtype(), int64);
  EXPECT_EQ(full(2, 1.5, {.device = device2()}).dtype(), float32);
  EXPECT_EQ(full(2, c128(1, 2), {.device = device2()}).dtype(), complex64);
}

TEST(Full, FillsEveryElement) {
  EXPECT_EQ(full({2, 2}, 7).values<std::int64_t>(), (std::vector<std::int64_t>{7, 7, 7, 7}));
  EXPECT_EQ(full(2, 3, {.dtype = float32}).values<double>(), (std::vector<double>{3.0, 3.0}));
  EXPECT_EQ(host_values<c128>(full(1, c128(1, -2), {.device = device1()})),
            (std::vector<c128>{c128(1, -2)}));
}

TEST(Full, RejectsAComplexFillForARealDtype) {
  EXPECT_THROW(full(2, c128(1, 2), {.dtype = float64}), DTypeError);
}

TEST(Full, RejectsAnIntOutOfRangeOfTheDtype) {
  EXPECT_THROW(full(2, 300, {.dtype = int8}), InvalidArgumentError);
  EXPECT_THROW(full(2, -1, {.dtype = uint8}), InvalidArgumentError);
  EXPECT_EQ(full(1, 127, {.dtype = int8}).values<std::int64_t>(), (std::vector<std::int64_t>{127}));
}

TEST(Creation, NegativeExtentsRaise) {
  EXPECT_THROW(zeros({2, -1}), InvalidArgumentError);
  EXPECT_THROW(ones(-3), InvalidArgumentError);
  EXPECT_THROW(empty({-1}), InvalidArgumentError);
  EXPECT_THROW(full(-2, 1.0), InvalidArgumentError);
}

TEST(Creation, ADtypeTheDeviceCannotHoldRaises) {
  enable_device("no_float64");
  const Device no_float64("no_float64");
  EXPECT_THROW(zeros(3, {.dtype = float64, .device = no_float64}), UnsupportedDTypeError);
  EXPECT_THROW(full(3, c128(0, 1), {.dtype = complex128, .device = no_float64}),
               UnsupportedDTypeError);
  // Without dtype= the device's own default is used, which it supports.
  EXPECT_EQ(zeros(3, {.device = no_float64}).dtype(), float32);
  set_device_enabled("no_float64", false);
}

// -- *_like -----------------------------------------------------------------------------------

TEST(Like, KeepTheDeviceAndDtypeOfX) {
  const Array x = ones({2, 2}, {.dtype = int32, .device = device1()});
  for (const Array& y : {empty_like(x), zeros_like(x), ones_like(x), full_like(x, 5)}) {
    EXPECT_EQ(y.device(), device1());
    EXPECT_EQ(y.dtype(), int32);
    EXPECT_EQ(y.shape(), (Shape{2, 2}));
    EXPECT_THROW(y.values<int>(), HostAccessError);
  }
  EXPECT_EQ(host_values<std::int64_t>(zeros_like(x)), (std::vector<std::int64_t>{0, 0, 0, 0}));
  EXPECT_EQ(host_values<std::int64_t>(ones_like(x)), (std::vector<std::int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(host_values<std::int64_t>(full_like(x, 5)), (std::vector<std::int64_t>{5, 5, 5, 5}));
}

TEST(Like, ProvenanceSaysTheDeviceCameFromX) {
  const Array x = zeros(2, {.device = device1()});
  const Array y = ones_like(x);
  EXPECT_TRUE(contains(y.provenance().describe(y.device()),
                       "ones_like() kept its input's device device1, which came from zeros() "
                       "with device=device1"));
}

TEST(Like, ExplicitDeviceAndDtypeWin) {
  const Array x = ones({3}, {.dtype = int32, .device = device1()});
  const Array y = zeros_like(x, {.dtype = float32, .device = device2()});
  EXPECT_EQ(y.device(), device2());
  EXPECT_EQ(y.dtype(), float32);
  EXPECT_EQ(full_like(x, 2, {.device = cpu()}).device(), cpu());
  EXPECT_EQ(empty_like(x, {.device = cpu()}).dtype(), int32);
}

TEST(Like, RejectsBadFillValuesAndUnsupportedDtypes) {
  const Array x = zeros(2, {.dtype = int8});
  EXPECT_THROW(full_like(x, c128(0, 1)), DTypeError);
  EXPECT_THROW(full_like(x, 1000), InvalidArgumentError);
  enable_device("no_float64");
  EXPECT_THROW(zeros_like(zeros(2), {.device = Device("no_float64")}), UnsupportedDTypeError);
  set_device_enabled("no_float64", false);
}

// -- arange ----------------------------------------------------------------------------------

TEST(Arange, IntegerRanges) {
  EXPECT_EQ(arange(5).values<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(arange(5).dtype(), int64);
  EXPECT_EQ(arange(2, 5).values<std::int64_t>(), (std::vector<std::int64_t>{2, 3, 4}));
  EXPECT_EQ(arange(0, 10, 3).values<std::int64_t>(), (std::vector<std::int64_t>{0, 3, 6, 9}));
  EXPECT_EQ(arange(5, 0, -2).values<std::int64_t>(), (std::vector<std::int64_t>{5, 3, 1}));
  EXPECT_EQ(arange(4, std::nullopt, 2).values<std::int64_t>(), (std::vector<std::int64_t>{0, 2}));
}

TEST(Arange, EmptyWhenTheStepPointsAway) {
  EXPECT_EQ(arange(3, 1).size(), 0);
  EXPECT_EQ(arange(1.0, 2.0, -0.5).size(), 0);
  EXPECT_EQ(arange(0).shape(), (Shape{0}));
}

TEST(Arange, FloatRanges) {
  const Array x = arange(0, 1, 0.25);
  EXPECT_EQ(x.dtype(), float64);
  EXPECT_EQ(x.values<double>(), (std::vector<double>{0.0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(arange(1.0, 0.0, -0.5).values<double>(), (std::vector<double>{1.0, 0.5}));
}

TEST(Arange, DefaultsComeFromTheChosenDevice) {
  EXPECT_EQ(arange(3, {.device = device2()}).dtype(), int64);
  const Array x = arange(0.0, 1.0, 0.5, {.device = device2()});
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_EQ(host_values<double>(x), (std::vector<double>{0.0, 0.5}));
  enable_device("no_x64");
  EXPECT_EQ(arange(3, {.device = Device("no_x64")}).dtype(), int32);
  set_device_enabled("no_x64", false);
}

TEST(Arange, ExplicitDtype) {
  const Array x = arange(3, {.dtype = float32, .device = device1()});
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_EQ(host_values<double>(x), (std::vector<double>{0.0, 1.0, 2.0}));
  EXPECT_THROW(arange(0, 300, 100, {.dtype = int8}), InvalidArgumentError);  // 200 > 127
}

TEST(Arange, RejectsAZeroStepAndNonNumbers) {
  EXPECT_THROW(arange(0, 5, 0), InvalidArgumentError);
  EXPECT_THROW(arange(0.0, 5.0, 0.0), InvalidArgumentError);
  EXPECT_THROW(arange(true), DTypeError);
  EXPECT_THROW(arange(c128(1, 0)), DTypeError);
}

TEST(Arange, ExtremeIntegersDoNotOverflow) {
  constexpr std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t highest = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(arange(lowest, highest, highest).values<std::int64_t>(),
            (std::vector<std::int64_t>{lowest, -1, highest - 1}));
}

// -- linspace --------------------------------------------------------------------------------

TEST(Linspace, IncludesTheEndpointByDefault) {
  const Array x = linspace(0, 1, 5);
  EXPECT_EQ(x.dtype(), float64);
  EXPECT_EQ(x.values<double>(), (std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0}));
}

TEST(Linspace, WithoutEndpoint) {
  EXPECT_EQ(linspace(0, 1, 4, {.endpoint = false}).values<double>(),
            (std::vector<double>{0.0, 0.25, 0.5, 0.75}));
}

TEST(Linspace, OneAndZeroElements) {
  EXPECT_EQ(linspace(2, 3, 1).values<double>(), (std::vector<double>{2.0}));
  EXPECT_EQ(linspace(2, 3, 0).shape(), (Shape{0}));
}

TEST(Linspace, ComplexBoundsGiveTheDefaultComplexDtype) {
  const Array x = linspace(0, c128(2, 4), 3);
  EXPECT_EQ(x.dtype(), complex128);
  EXPECT_EQ(x.values<c128>(), (std::vector<c128>{c128(0, 0), c128(1, 2), c128(2, 4)}));
  EXPECT_EQ(linspace(0, c128(2, 4), 3, {.device = device2()}).dtype(), complex64);
}

TEST(Linspace, DefaultsComeFromTheChosenDevice) {
  const Array x = linspace(-1, 1, 3, {.device = device2()});
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_EQ(host_values<double>(x), (std::vector<double>{-1.0, 0.0, 1.0}));
}

TEST(Linspace, RejectsBadArguments) {
  EXPECT_THROW(linspace(0, 1, -1), InvalidArgumentError);
  EXPECT_THROW(linspace(0, 1, 3, {.dtype = bool_}), DTypeError);
  EXPECT_THROW(linspace(0, 1000, 3, {.dtype = int8}), InvalidArgumentError);
  EXPECT_THROW(linspace(0, c128(1, 1), 3, {.dtype = float64}), DTypeError);
  EXPECT_THROW(linspace(false, 1, 3), DTypeError);
}

// "Should be a floating-point data type": another dtype is undefined; strict takes an integer one
// as NumPy 2 and array-api-strict do, floored (SciPy's signal tests ask for it).
TEST(Linspace, AnIntegerDtypeGivesTheFlooredValues) {
  const Array x = linspace(-1, 2, 4, {.dtype = int32, .endpoint = false});
  EXPECT_EQ(x.dtype(), int32);
  EXPECT_EQ(x.values<std::int32_t>(), (std::vector<std::int32_t>{-1, -1, 0, 1}));
  EXPECT_EQ(linspace(0, 10, 4, {.dtype = int64}).values<std::int64_t>(),
            (std::vector<std::int64_t>{0, 3, 6, 10}));
}

// -- eye -------------------------------------------------------------------------------------

TEST(Eye, Identity) {
  const Array x = eye(3);
  EXPECT_EQ(x.shape(), (Shape{3, 3}));
  EXPECT_EQ(x.dtype(), float64);
  EXPECT_EQ(x.values<double>(), (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
}

TEST(Eye, OffsetDiagonalsAndRectangles) {
  EXPECT_EQ(eye(2, 3, {.k = 1}).values<double>(), (std::vector<double>{0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(eye(3, {}, {.k = -1}).values<double>(),
            (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 1, 0}));
  EXPECT_EQ(eye(2, 2, {.k = 5}).values<double>(), (std::vector<double>{0, 0, 0, 0}));
  EXPECT_EQ(eye(2, 2, {.k = std::numeric_limits<std::int64_t>::min()}).values<double>(),
            (std::vector<double>{0, 0, 0, 0}));
}

TEST(Eye, DtypeAndDevice) {
  const Array x = eye(2, {}, {.dtype = int32, .device = device1()});
  EXPECT_EQ(x.device(), device1());
  EXPECT_EQ(x.dtype(), int32);
  EXPECT_EQ(host_values<std::int64_t>(x), (std::vector<std::int64_t>{1, 0, 0, 1}));
  EXPECT_EQ(eye(2, {}, {.device = device2()}).dtype(), float32);
}

TEST(Eye, NegativeSizesRaise) {
  EXPECT_THROW(eye(-1), InvalidArgumentError);
  EXPECT_THROW(eye(2, -3), InvalidArgumentError);
}

// -- tril, triu ------------------------------------------------------------------------------

TEST(Triangles, LowerAndUpperWithOffsets) {
  const Array x = asarray({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
  using V = std::vector<std::int64_t>;
  EXPECT_EQ(tril(x).values<std::int64_t>(), (V{1, 0, 0, 4, 5, 0, 7, 8, 9}));
  EXPECT_EQ(tril(x, 1).values<std::int64_t>(), (V{1, 2, 0, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(triu(x).values<std::int64_t>(), (V{1, 2, 3, 0, 5, 6, 0, 0, 9}));
  EXPECT_EQ(triu(x, -1).values<std::int64_t>(), (V{1, 2, 3, 4, 5, 6, 0, 8, 9}));
  EXPECT_EQ(tril(x).dtype(), int64);
}

TEST(Triangles, ApplyToEachMatrixOfAStack) {
  const Array x = asarray({{{1.0, 2.0}, {3.0, 4.0}}, {{5.0, 6.0}, {7.0, 8.0}}});
  EXPECT_EQ(tril(x).values<double>(), (std::vector<double>{1, 0, 3, 4, 5, 0, 7, 8}));
  EXPECT_EQ(triu(x).values<double>(), (std::vector<double>{1, 2, 0, 4, 5, 6, 0, 8}));
}

TEST(Triangles, StayOnTheInputsDevice) {
  const Array x = ones({2, 2}, {.device = device1()});
  for (const Array& y : {tril(x), triu(x)}) {
    EXPECT_EQ(y.device(), device1());
    EXPECT_THROW(y.values<double>(), HostAccessError);
  }
  EXPECT_EQ(host_values<double>(tril(x)), (std::vector<double>{1, 0, 1, 1}));
  EXPECT_TRUE(
      contains(tril(x).provenance().describe(device1()), "tril() kept its input's device device1"));
}

TEST(Triangles, NeedTwoDimensions) {
  EXPECT_THROW(tril(zeros(3)), InvalidArgumentError);
  EXPECT_THROW(triu(asarray(1.0)), InvalidArgumentError);
}

// -- meshgrid --------------------------------------------------------------------------------

TEST(Meshgrid, CartesianIndexingSwapsTheFirstTwoAxes) {
  const std::vector<Array> grids = meshgrid({asarray({1, 2, 3}), asarray({4, 5})});
  ASSERT_EQ(grids.size(), 2u);
  EXPECT_EQ(grids[0].shape(), (Shape{2, 3}));
  EXPECT_EQ(grids[0].values<std::int64_t>(), (std::vector<std::int64_t>{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(grids[1].values<std::int64_t>(), (std::vector<std::int64_t>{4, 4, 4, 5, 5, 5}));
}

TEST(Meshgrid, MatrixIndexing) {
  const std::vector<Array> grids =
      meshgrid({asarray({1, 2, 3}), asarray({4, 5})}, {.indexing = "ij"});
  EXPECT_EQ(grids[0].shape(), (Shape{3, 2}));
  EXPECT_EQ(grids[0].values<std::int64_t>(), (std::vector<std::int64_t>{1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(grids[1].values<std::int64_t>(), (std::vector<std::int64_t>{4, 5, 4, 5, 4, 5}));
}

TEST(Meshgrid, ThreeArraysCartesian) {
  const std::vector<Array> grids =
      meshgrid({asarray({1.0, 2.0}), asarray({3.0}), asarray({5.0, 6.0})});
  EXPECT_EQ(grids[0].shape(), (Shape{1, 2, 2}));
  EXPECT_EQ(grids[0].values<double>(), (std::vector<double>{1, 1, 2, 2}));
  EXPECT_EQ(grids[1].values<double>(), (std::vector<double>{3, 3, 3, 3}));
  EXPECT_EQ(grids[2].values<double>(), (std::vector<double>{5, 6, 5, 6}));
}

TEST(Meshgrid, StaysOnTheInputsDevice) {
  const Array x = arange(3, {.device = device1()});
  const Array y = arange(2, {.device = device1()});
  for (const Array& grid : meshgrid({x, y})) {
    EXPECT_EQ(grid.device(), device1());
    EXPECT_THROW(grid.values<std::int64_t>(), HostAccessError);
  }
  EXPECT_TRUE(meshgrid({}).empty());
}

TEST(Meshgrid, MixedDevicesRaiseBeforeAnyOtherCheck) {
  const Array x = arange(3, {.device = device1()});
  const Array y = arange(2, {.device = device2()});
  EXPECT_THROW(meshgrid({x, y}), DeviceMismatchError);
  EXPECT_THROW(meshgrid({x, y}, {.indexing = "bad"}), DeviceMismatchError);
  EXPECT_THROW(meshgrid({x, zeros({2, 2}, {.device = device2()})}), DeviceMismatchError);
}

TEST(Meshgrid, RejectsBadInput) {
  const Array x = arange(3);
  EXPECT_THROW(meshgrid({x, x}, {.indexing = "ji"}), InvalidArgumentError);
  EXPECT_THROW(meshgrid({x, zeros({2, 2}, {.dtype = int64})}), InvalidArgumentError);
  EXPECT_THROW(meshgrid({x, arange(2.0)}), DTypeError);
  EXPECT_THROW(meshgrid({asarray({true, false})}), DTypeError);
}

}  // namespace
}  // namespace strict
