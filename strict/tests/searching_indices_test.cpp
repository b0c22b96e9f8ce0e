// argmax, argmin, count_nonzero, nonzero, searchsorted: values, index dtypes, bad input and the
// device rules.
#include <complex>
#include <limits>

#include <gtest/gtest.h>

#include "strict/searching_indices.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

using testing::nan;
using c128 = std::complex<double>;

// -- argmax, argmin ----------------------------------------------------------------------------

TEST(ArgExtremum, FlattenedArrayGivesAZeroDimensionalIndex) {
  const Array x = make({{3, 9, 1}, {9, 0, 2}}, int32);
  const Array largest = argmax(x);
  EXPECT_EQ(largest.shape(), Shape{});
  EXPECT_EQ(largest.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(largest), (std::vector<std::int64_t>{1}));  // first 9
  EXPECT_EQ(host_values<std::int64_t>(argmin(x)), (std::vector<std::int64_t>{4}));
}

TEST(ArgExtremum, AlongAnAxis) {
  const Array x = make({{3, 9, 1}, {4, 0, 2}}, float32);
  const Array columns = argmax(x, {.axis = 0});
  EXPECT_EQ(columns.shape(), Shape{3});
  EXPECT_EQ(host_values<std::int64_t>(columns), (std::vector<std::int64_t>{1, 0, 1}));
  const Array rows = argmin(x, {.axis = -1});
  EXPECT_EQ(host_values<std::int64_t>(rows), (std::vector<std::int64_t>{2, 1}));
}

TEST(ArgExtremum, KeepdimsKeepsSingletonDimensions) {
  const Array x = make({{3, 9, 1}, {4, 0, 2}}, int64);
  const Array rows = argmax(x, {.axis = 1, .keepdims = true});
  EXPECT_EQ(rows.shape(), (Shape{2, 1}));
  EXPECT_EQ(host_values<std::int64_t>(rows), (std::vector<std::int64_t>{1, 0}));
  const Array all = argmin(x, {.keepdims = true});
  EXPECT_EQ(all.shape(), (Shape{1, 1}));
  EXPECT_EQ(host_values<std::int64_t>(all), (std::vector<std::int64_t>{4}));
}

TEST(ArgExtremum, FirstOccurrenceWinsTies) {
  const Array x = make({2, 5, 5, 2}, uint8);
  EXPECT_EQ(host_values<std::int64_t>(argmax(x)), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(host_values<std::int64_t>(argmin(x)), (std::vector<std::int64_t>{0}));
}

TEST(ArgExtremum, FirstNaNIsTheExtreme) {
  const Array x = make({1.0, nan, 7.0, nan}, float64);
  EXPECT_EQ(host_values<std::int64_t>(argmax(x)), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(host_values<std::int64_t>(argmin(x)), (std::vector<std::int64_t>{1}));
}

TEST(ArgExtremum, ZeroDimensionalInputGivesIndexZero) {
  EXPECT_EQ(host_values<std::int64_t>(argmax(make(4, int16))), (std::vector<std::int64_t>{0}));
}

TEST(ArgExtremum, BadInputRaises) {
  EXPECT_THROW(argmax(make({true, false}, bool_)), DTypeError);
  EXPECT_THROW(argmin(make({c128(1, 0)}, complex128)), DTypeError);
  EXPECT_THROW(argmax(zeros_of({2, 3}, float64), {.axis = 2}), InvalidArgumentError);
  EXPECT_THROW(argmax(zeros_of({0}, float64)), InvalidArgumentError);
  EXPECT_THROW(argmin(zeros_of({2, 0}, float64), {.axis = 1}), InvalidArgumentError);
  // Reducing a non-empty axis of an empty array searches nothing and finds nothing.
  EXPECT_EQ(argmax(zeros_of({0, 3}, float64), {.axis = 1}).shape(), Shape{0});
}

// -- count_nonzero -----------------------------------------------------------------------------

TEST(CountNonzero, CountsOverEveryAxisByDefault) {
  const Array counted = count_nonzero(make({{0, 1, 2}, {3, 0, 0}}, int8));
  EXPECT_EQ(counted.shape(), Shape{});
  EXPECT_EQ(counted.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(counted), (std::vector<std::int64_t>{3}));
}

TEST(CountNonzero, AlongAxesWithKeepdims) {
  const Array x = make({{0, 1, 2}, {3, 0, 0}}, float32);
  EXPECT_EQ(host_values<std::int64_t>(count_nonzero(x, {.axis = Axes{0}})),
            (std::vector<std::int64_t>{1, 1, 1}));
  const Array kept = count_nonzero(x, {.axis = Axes{1}, .keepdims = true});
  EXPECT_EQ(kept.shape(), (Shape{2, 1}));
  EXPECT_EQ(host_values<std::int64_t>(kept), (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(host_values<std::int64_t>(count_nonzero(x, {.axis = Axes{0, 1}})),
            (std::vector<std::int64_t>{3}));
  EXPECT_THROW(count_nonzero(x, {.axis = Axes{0, -2}}), InvalidArgumentError);
}

TEST(CountNonzero, ComplexBoolAndNaN) {
  // "non-zero elements are those elements having at least one component (real or imaginary)
  // which is non-zero"; a bool counts when true; NaN is not zero.
  EXPECT_EQ(host_values<std::int64_t>(
                count_nonzero(make({c128(0, 0), c128(0, 2), c128(1, 0)}, complex64))),
            (std::vector<std::int64_t>{2}));
  EXPECT_EQ(host_values<std::int64_t>(count_nonzero(make({true, false, true}, bool_))),
            (std::vector<std::int64_t>{2}));
  EXPECT_EQ(host_values<std::int64_t>(count_nonzero(make({nan, 0.0, -0.0}, float64))),
            (std::vector<std::int64_t>{1}));
  EXPECT_EQ(host_values<std::int64_t>(count_nonzero(zeros_of({0}, int32))),
            (std::vector<std::int64_t>{0}));
}

// -- nonzero -----------------------------------------------------------------------------------

TEST(Nonzero, OneIndexArrayPerDimensionInRowMajorOrder) {
  const std::vector<Array> found = nonzero(make({{0, 5, 0}, {7, 0, 8}}, int32));
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].dtype(), int64);
  EXPECT_EQ(found[0].shape(), Shape{3});
  EXPECT_EQ(host_values<std::int64_t>(found[0]), (std::vector<std::int64_t>{0, 1, 1}));
  EXPECT_EQ(host_values<std::int64_t>(found[1]), (std::vector<std::int64_t>{1, 0, 2}));
}

TEST(Nonzero, ComplexBoolAndNothingFound) {
  const std::vector<Array> complex_found = nonzero(make({c128(0, 0), c128(0, -1)}, complex128));
  EXPECT_EQ(host_values<std::int64_t>(complex_found.at(0)), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(host_values<std::int64_t>(nonzero(make({false, true}, bool_)).at(0)),
            (std::vector<std::int64_t>{1}));
  const std::vector<Array> none = nonzero(zeros_of({2, 2}, float64));
  ASSERT_EQ(none.size(), 2u);
  EXPECT_EQ(none[1].shape(), Shape{0});
}

TEST(Nonzero, ZeroDimensionalInputRaises) {
  // "If x is zero-dimensional, the function must raise an exception."
  try {
    nonzero(make(1, int64));
    FAIL() << "nonzero() accepted a 0-d array";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "nonzero(): x is zero-dimensional"));
  }
}

// -- searchsorted ------------------------------------------------------------------------------

TEST(Searchsorted, LeftAndRightSides) {
  const Array x1 = make({1, 2, 2, 5}, int64);
  const Array x2 = make({{0, 2}, {3, 9}}, int64);
  const Array left = searchsorted(x1, x2);
  EXPECT_EQ(left.shape(), (Shape{2, 2}));
  EXPECT_EQ(left.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(left), (std::vector<std::int64_t>{0, 1, 3, 4}));
  EXPECT_EQ(host_values<std::int64_t>(searchsorted(x1, x2, {.side = Side::right})),
            (std::vector<std::int64_t>{0, 3, 3, 4}));
}

TEST(Searchsorted, ThroughASorter) {
  // x1 read through sorter is (1, 3, 6).
  const Array x1 = make({6, 1, 3}, float64);
  const Array sorter = make({1, 2, 0}, int32);
  EXPECT_EQ(
      host_values<std::int64_t>(searchsorted(x1, make({3, 4, 7}, float64), {.sorter = sorter})),
      (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_THROW(searchsorted(x1, make({3}, float64)), InvalidArgumentError);  // not sorted
  EXPECT_THROW(searchsorted(x1, make({3}, float64), {.sorter = make({1, 0, 2}, int32)}),
               InvalidArgumentError);
  EXPECT_THROW(searchsorted(x1, make({3}, float64), {.sorter = make({1, 2, 3}, int32)}),
               InvalidArgumentError);
  EXPECT_THROW(searchsorted(x1, make({3}, float64), {.sorter = make({1, 2}, int32)}),
               InvalidArgumentError);
  EXPECT_THROW(searchsorted(x1, make({3}, float64), {.sorter = make({1.0, 2.0, 0.0}, float64)}),
               DTypeError);
}

TEST(Searchsorted, NaNsSortLastAndDTypesMayDiffer) {
  const Array x1 = make({1.0, 2.5, nan}, float64);
  EXPECT_EQ(host_values<std::int64_t>(searchsorted(x1, make({nan, 3.0}, float64))),
            (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(
      host_values<std::int64_t>(searchsorted(x1, make({nan}, float64), {.side = Side::right})),
      (std::vector<std::int64_t>{3}));
  // Values compare exactly across dtypes: 2 < 2.5 and 3 > 2.5.
  EXPECT_EQ(host_values<std::int64_t>(searchsorted(x1, make({2, 3}, int8))),
            (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(host_values<std::int64_t>(searchsorted(zeros_of({0}, int32), make({3}, int32))),
            (std::vector<std::int64_t>{0}));
}

TEST(Searchsorted, BadInputRaises) {
  EXPECT_THROW(searchsorted(zeros_of({2, 2}, int64), make({1}, int64)), InvalidArgumentError);
  EXPECT_THROW(searchsorted(make(1, int64), make({1}, int64)), InvalidArgumentError);
  EXPECT_THROW(searchsorted(make({false, true}, bool_), make({true}, bool_)), DTypeError);
  EXPECT_THROW(searchsorted(make({1, 2}, int64), make({c128(1, 0)}, complex128)), DTypeError);
}

// -- device rules ------------------------------------------------------------------------------

TEST(SearchingIndicesDevices, ResultsStayOnTheInputsDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array x = make({{0, 4}, {6, 0}}, int32, device);
    const Array largest = argmax(x, {.axis = 1});
    EXPECT_EQ(largest.device(), device);
    EXPECT_EQ(largest.provenance().operation, "argmax");
    EXPECT_EQ(host_values<std::int64_t>(largest), (std::vector<std::int64_t>{1, 0}));
    EXPECT_EQ(argmin(x).device(), device);
    const Array counted = count_nonzero(x);
    EXPECT_EQ(counted.device(), device);
    EXPECT_EQ(counted.provenance().operation, "count_nonzero");
    for (const Array& index : nonzero(x)) {
      EXPECT_EQ(index.device(), device);
      EXPECT_EQ(index.provenance().operation, "nonzero");
    }
    const Array found = searchsorted(make({1, 3}, int32, device), make({2}, int32, device),
                                     {.sorter = make({0, 1}, int64, device)});
    EXPECT_EQ(found.device(), device);
    EXPECT_EQ(found.provenance().operation, "searchsorted");
    EXPECT_EQ(host_values<std::int64_t>(found), (std::vector<std::int64_t>{1}));
  }
}

TEST(SearchingIndicesDevices, HostReadsOfDeviceResultsRaise) {
  EXPECT_THROW(argmax(make({1, 2}, int32, device1())).values<std::int64_t>(), HostAccessError);
  EXPECT_THROW(nonzero(make({1, 2}, int32, device1())).at(0).scalars(), HostAccessError);
}

TEST(SearchingIndicesDevices, IndicesHaveTheDevicesDefaultIndexDType) {
  enable_device("no_x64");
  const Device narrow("no_x64");
  const Array x = make({0, 3, 1}, int32, narrow);
  EXPECT_EQ(argmax(x).dtype(), int32);
  EXPECT_EQ(argmin(x, {.axis = 0}).dtype(), int32);
  EXPECT_EQ(count_nonzero(x).dtype(), int32);
  EXPECT_EQ(nonzero(x).at(0).dtype(), int32);
  EXPECT_EQ(searchsorted(make({1, 3}, int32, narrow), x).dtype(), int32);
  EXPECT_EQ(host_values<std::int64_t>(nonzero(x).at(0)), (std::vector<std::int64_t>{1, 2}));
  set_device_enabled("no_x64", false);
}

TEST(SearchingIndicesDevices, MixedDevicesRaiseBeforeAnythingElse) {
  const Array x1 = make({1, 2}, int64, device1());
  EXPECT_THROW(searchsorted(x1, make({1}, int64, device2())), DeviceMismatchError);
  EXPECT_THROW(searchsorted(x1, make(1, int64)), DeviceMismatchError);  // 0-d is no exception
  EXPECT_THROW(searchsorted(x1, make({1}, int64, device1()), {.sorter = make({0, 1}, int64)}),
               DeviceMismatchError);
  // The device check comes first: a sorter of the wrong dtype on another device is a device error.
  try {
    searchsorted(x1, make({1}, int64, device1()), {.sorter = make({0.0, 1.0}, float64, device2())});
    FAIL() << "searchsorted() combined device1 and device2";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "sorter is on device2"));
  }
}

}  // namespace
}  // namespace strict
