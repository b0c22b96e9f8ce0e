// getitem and setitem: basic, integer-array and boolean-array keys, the errors of bad keys, and
// the device rules (index arrays and values on another device raise; a raising setitem leaves
// its target unchanged).
#include "strict/item_access.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

// [[0, 1, 2], [3, 4, 5]]
Array matrix(Device device = Device::cpu()) {
  return make({{0, 1, 2}, {3, 4, 5}}, int64, device);
}

// [10, 11, 12, 13, 14]
Array vector5(Device device = Device::cpu()) {
  return make({10, 11, 12, 13, 14}, int64, device);
}

std::vector<std::int64_t> values_of(const Array& x) {
  return host_values<std::int64_t>(x);
}

// ---- Basic indexing ------------------------------------------------------------------------

TEST(Getitem, IntegersSelectOneElementAsA0dArray) {
  const Array element = getitem(matrix(), {1, 2});
  EXPECT_EQ(element.shape(), Shape{});
  EXPECT_EQ(element.dtype(), int64);
  EXPECT_EQ(values_of(element), (std::vector<std::int64_t>{5}));
  EXPECT_EQ(values_of(getitem(matrix(), {-2, -1})), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(values_of(getitem(vector5(), 3)), (std::vector<std::int64_t>{13}));
}

TEST(Getitem, SlicesKeepTheirDimension) {
  const Array row = getitem(matrix(), {-1, Slice{}});
  EXPECT_EQ(row.shape(), Shape{3});
  EXPECT_EQ(values_of(row), (std::vector<std::int64_t>{3, 4, 5}));
  const Array flipped = getitem(matrix(), {Slice{.step = -1}, Slice{.start = 1}});
  EXPECT_EQ(flipped.shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of(flipped), (std::vector<std::int64_t>{4, 5, 1, 2}));
}

TEST(Getitem, SlicesFollowPythonBoundsAndDefaults) {
  auto slice = [](Slice s) { return values_of(getitem(vector5(), s)); };
  EXPECT_EQ(slice({.start = 1, .stop = -1}), (std::vector<std::int64_t>{11, 12, 13}));
  EXPECT_EQ(slice({.start = -10, .stop = 100, .step = 2}), (std::vector<std::int64_t>{10, 12, 14}));
  EXPECT_EQ(slice({.step = -2}), (std::vector<std::int64_t>{14, 12, 10}));
  EXPECT_EQ(slice({.start = 10, .stop = -10, .step = -1}),
            (std::vector<std::int64_t>{14, 13, 12, 11, 10}));
  EXPECT_EQ(slice({.start = 3, .stop = 1}), (std::vector<std::int64_t>{}));
  EXPECT_EQ(slice({.step = std::numeric_limits<std::int64_t>::min()}),
            (std::vector<std::int64_t>{14}));
  EXPECT_EQ(getitem(vector5(), Slice{.start = 3, .stop = 3}).shape(), Shape{0});
}

TEST(Getitem, EllipsisAndNewAxis) {
  const Array column = getitem(matrix(), {ellipsis, 0});
  EXPECT_EQ(column.shape(), Shape{2});
  EXPECT_EQ(values_of(column), (std::vector<std::int64_t>{0, 3}));
  const Array expanded = getitem(matrix(), {newaxis, 1, ellipsis});
  EXPECT_EQ(expanded.shape(), (Shape{1, 3}));
  EXPECT_EQ(values_of(expanded), (std::vector<std::int64_t>{3, 4, 5}));
  EXPECT_EQ(getitem(matrix(), {Slice{}, newaxis, Slice{}, newaxis}).shape(), (Shape{2, 1, 3, 1}));
}

TEST(Getitem, ZeroDimensionalArrays) {
  const Array scalar = make(7, int32);
  EXPECT_EQ(getitem(scalar, IndexKey{}).shape(), Shape{});
  EXPECT_EQ(host_values<int>(getitem(scalar, IndexKey{})), (std::vector<int>{7}));
  EXPECT_EQ(getitem(scalar, ellipsis).shape(), Shape{});
  EXPECT_EQ(getitem(scalar, newaxis).shape(), Shape{1});
}

TEST(Getitem, ASliceIsAViewAndIntegersOnlyACopy) {
  // Views are covered in views_test.cpp; here only which keys give one.
  Array x = vector5();
  Array first = getitem(x, Slice{.stop = 2});
  EXPECT_TRUE(first.is_view());
  Array element = getitem(x, 1);
  EXPECT_FALSE(element.is_view());
  setitem(element, IndexKey{}, 99);
  EXPECT_EQ(values_of(x), (std::vector<std::int64_t>{10, 11, 12, 13, 14}));
}

// The kind of an error, which names the Python exception strict_xp raises for it.
template <typename Call>
ErrorKind kind_of_error(Call call) {
  try {
    call();
  } catch (const Error& e) {
    return e.kind();
  }
  ADD_FAILURE() << "no exception";
  return ErrorKind::invalid_argument;
}

TEST(Getitem, BadBasicKeysRaise) {
  // "This specification does not require bounds checking": strict checks, with Python's
  // IndexError.
  EXPECT_THROW(getitem(matrix(), {2, 0}), IndexError);
  EXPECT_THROW(getitem(matrix(), {0, -4}), IndexError);
  EXPECT_THROW(getitem(zeros({0}), 0), IndexError);
  // A zero step is Python's ValueError, as slice.indices raises.
  EXPECT_EQ(kind_of_error([] { getitem(vector5(), Slice{.step = 0}); }),
            ErrorKind::invalid_argument);
  // indexing.rst: "An IndexError exception must be raised if the number of provided single-axis
  // indexing expressions (excluding None) is greater than N", "should be raised" if less
  // (without an ellipsis), and "must be raised if more than one ellipsis is provided".
  EXPECT_THROW(getitem(matrix(), {0, 0, 0}), IndexError);
  EXPECT_THROW(getitem(matrix(), 0), IndexError);
  EXPECT_THROW(getitem(matrix(), {ellipsis, 0, ellipsis}), IndexError);
  EXPECT_EQ(python_exception_name(kind_of_error([] { getitem(matrix(), 0); })), "IndexError");
  try {
    getitem(matrix(), {0, 5});
    FAIL() << "no exception";
  } catch (const IndexError& e) {
    EXPECT_TRUE(
        contains(e.what(), "__getitem__(): index 5 is out of bounds for axis 1 with size 3"));
  }
}

// ---- Integer array indexing ----------------------------------------------------------------

TEST(Getitem, IntegerArrayGathersWithDuplicatesAndNegatives) {
  const Array picked = getitem(vector5(), make({4, -1, 0, 4}, int32));
  EXPECT_EQ(picked.shape(), Shape{4});
  EXPECT_EQ(values_of(picked), (std::vector<std::int64_t>{14, 14, 10, 14}));
  EXPECT_EQ(getitem(vector5(), make({{1, 2}, {3, 0}}, uint8)).shape(), (Shape{2, 2}));
  EXPECT_EQ(getitem(vector5(), zeros_of({0}, int64)).shape(), Shape{0});
}

TEST(Getitem, IntegerArraysAndIntegersBroadcastTogether) {
  // rows [0, 1] with columns [[2], [0]]: coordinates (0,2) (1,2) / (0,0) (1,0).
  const Array picked = getitem(matrix(), {make({0, 1}, int64), make({{2}, {0}}, int64)});
  EXPECT_EQ(picked.shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of(picked), (std::vector<std::int64_t>{2, 5, 0, 3}));
  const Array row = getitem(matrix(), {1, make({0, 2}, int16)});
  EXPECT_EQ(values_of(row), (std::vector<std::int64_t>{3, 5}));
  // A 0-d index array is an integer index: the result is 0-d.
  EXPECT_EQ(getitem(matrix(), {make(1, int64), make(1, int64)}).shape(), Shape{});
  // An array of one element broadcasts as its one value, and shapes the result.
  EXPECT_EQ(values_of(getitem(matrix(), {make({1}, int64), make({0, 2}, int64)})),
            (std::vector<std::int64_t>{3, 5}));
  const Array one_by_two = getitem(matrix(), {make({{-1}}, int64), make({2, 0}, int64)});
  EXPECT_EQ(one_by_two.shape(), (Shape{1, 2}));
  EXPECT_EQ(values_of(one_by_two), (std::vector<std::int64_t>{5, 3}));
}

TEST(Getitem, BadIntegerArrayKeysRaise) {
  EXPECT_THROW(getitem(vector5(), make({1.0, 2.0}, float64)), DTypeError);
  EXPECT_THROW(getitem(vector5(), make({5}, int64)), IndexError);
  EXPECT_THROW(getitem(vector5(), make({-6}, int64)), IndexError);
  // 2^64 - 1 is no int64: out of bounds, not -1.
  EXPECT_THROW(getitem(vector5(), astype(make({-1}, int64), uint64)), IndexError);
  // Combined with a slice (unspecified): strict raises ValueError. Fewer than one per dimension:
  // multi-axis indexing's IndexError. Index arrays that do not broadcast: ValueError.
  EXPECT_EQ(kind_of_error([] {
              getitem(matrix(), {Slice{}, make({0}, int64)});
            }),
            ErrorKind::invalid_argument);
  EXPECT_THROW(getitem(matrix(), make({0}, int64)), IndexError);
  EXPECT_EQ(kind_of_error([] {
              getitem(matrix(), {make({0, 1}, int64), make({0, 1, 2}, int64)});
            }),
            ErrorKind::invalid_argument);
}

// ---- Boolean array indexing ----------------------------------------------------------------

TEST(Getitem, MaskSelectsTrueElementsInRowMajorOrder) {
  const Array mask = make({{true, false, true}, {false, false, true}}, bool_);
  const Array picked = getitem(matrix(), mask);
  EXPECT_EQ(picked.shape(), Shape{3});
  EXPECT_EQ(values_of(picked), (std::vector<std::int64_t>{0, 2, 5}));
  // A mask of the leading dimensions selects rows.
  const Array rows = getitem(matrix(), make({false, true}, bool_));
  EXPECT_EQ(rows.shape(), (Shape{1, 3}));
  EXPECT_EQ(values_of(rows), (std::vector<std::int64_t>{3, 4, 5}));
}

TEST(Getitem, ZeroDimensionalMaskAddsADimension) {
  EXPECT_EQ(getitem(matrix(), make(true, bool_)).shape(), (Shape{1, 2, 3}));
  EXPECT_EQ(values_of(getitem(matrix(), make(true, bool_))),
            (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(getitem(matrix(), make(false, bool_)).shape(), (Shape{0, 2, 3}));
}

TEST(Getitem, BadMasksRaise) {
  // A mask whose dimensions do not match, and (indexing.rst: "If N < M, then an IndexError
  // exception must be raised") one of higher rank than the array.
  EXPECT_THROW(getitem(matrix(), make({true, false, true}, bool_)), IndexError);
  EXPECT_THROW(getitem(vector5(), zeros_of({5, 1}, bool_)), IndexError);
  // "The prohibition against combining boolean array indices with other single-axis indexing
  // expressions includes the use of None."
  EXPECT_THROW(getitem(matrix(), {make({true, false}, bool_), 0}), InvalidArgumentError);
  EXPECT_THROW(getitem(matrix(), {newaxis, make({true, false}, bool_)}), InvalidArgumentError);
}

// ---- Devices --------------------------------------------------------------------------------

TEST(Getitem, ResultStaysOnTheArraysDevice) {
  const Array basic = getitem(matrix(device1()), {Slice{}, 1});
  EXPECT_EQ(basic.device(), device1());
  EXPECT_EQ(basic.provenance().operation, "__getitem__");
  EXPECT_EQ(values_of(basic), (std::vector<std::int64_t>{1, 4}));
  EXPECT_THROW(basic.scalars(), HostAccessError);
  const Array masked = getitem(matrix(device2()), make({true, false}, bool_, device2()));
  EXPECT_EQ(masked.device(), device2());
  EXPECT_EQ(values_of(masked), (std::vector<std::int64_t>{0, 1, 2}));
  const Array gathered = getitem(vector5(device1()), make({0, 4}, int64, device1()));
  EXPECT_EQ(gathered.device(), device1());
  EXPECT_EQ(values_of(gathered), (std::vector<std::int64_t>{10, 14}));
}

TEST(Getitem, IndexArraysOnAnotherDeviceRaise) {
  EXPECT_THROW(getitem(vector5(device1()), make({0}, int64)), DeviceMismatchError);
  EXPECT_THROW(getitem(matrix(), make({true, false}, bool_, device1())), DeviceMismatchError);
  // 0-d index arrays are not exempt.
  EXPECT_THROW(getitem(matrix(device1()), {0, make(1, int64, device2())}), DeviceMismatchError);
  try {
    getitem(matrix(device1()), {0, make(1, int64, device2())});
    FAIL() << "no exception";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "__getitem__()"));
    EXPECT_TRUE(contains(e.what(), "key[1]"));
  }
}

// ---- setitem --------------------------------------------------------------------------------

TEST(Setitem, WritesAPythonScalarIntoTheSelection) {
  Array x = zeros_of({2, 3}, float64);
  const Array alias = x;
  Array& returned = setitem(x, {0, Slice{}}, 1.5);
  EXPECT_TRUE(returned.shares_storage_with(x));
  EXPECT_EQ(host_values<double>(alias), (std::vector<double>{1.5, 1.5, 1.5, 0, 0, 0}));
  setitem(x, {Slice{}, -1}, 2);
  EXPECT_EQ(host_values<double>(x), (std::vector<double>{1.5, 1.5, 2, 0, 0, 2}));
}

TEST(Setitem, ArrayValuesBroadcastToTheSelection) {
  Array x = zeros_of({2, 3}, int32);
  setitem(x, {Slice{}, 1}, make({7, 8}, int32));
  EXPECT_EQ(host_values<int>(x), (std::vector<int>{0, 7, 0, 0, 8, 0}));
  setitem(x, {1, Slice{}}, make(9, int8));  // int8 promotes to int32
  EXPECT_EQ(host_values<int>(x), (std::vector<int>{0, 7, 0, 9, 9, 9}));
  setitem(x, ellipsis, make({1, 2, 3}, int32));
  EXPECT_EQ(host_values<int>(x), (std::vector<int>{1, 2, 3, 1, 2, 3}));
  // A value of the selection's own shape, in x's dtype and in one that promotes to it.
  setitem(x, {Slice{}, Slice{.start = 1}}, make({{4, 5}, {6, 7}}, int32));
  EXPECT_EQ(host_values<int>(x), (std::vector<int>{1, 4, 5, 1, 6, 7}));
  setitem(x, {Slice{.step = -1}, Slice{.stop = 2}}, make({{-1, -2}, {-3, -4}}, int16));
  EXPECT_EQ(host_values<int>(x), (std::vector<int>{-3, -4, 5, -1, -2, 7}));
}

TEST(Setitem, MaskAndIntegerArrayKeys) {
  Array x = matrix();
  setitem(x, make({{true, false, false}, {false, true, false}}, bool_), -1);
  EXPECT_EQ(values_of(x), (std::vector<std::int64_t>{-1, 1, 2, 3, -1, 5}));
  Array y = zeros_of({3}, int64);
  // Duplicate indices: the last write wins (strict's choice; the standard leaves the order open).
  setitem(y, make({0, 2, 0}, int64), make({1, 2, 3}, int64));
  EXPECT_EQ(values_of(y), (std::vector<std::int64_t>{3, 0, 2}));
  Array z = make(1.0, float32);
  setitem(z, IndexKey{}, 4.0);
  EXPECT_EQ(host_values<float>(z), (std::vector<float>{4}));
}

// Runs `write` expecting `Error`, then checks that x still holds `before`.
template <class Error, class Write>
void expect_unchanged(Array& x, Write write) {
  const std::vector<Scalar> before = x.to_device(Device::cpu()).scalars();
  EXPECT_THROW(write(), Error);
  EXPECT_EQ(x.to_device(Device::cpu()).scalars(), before);
}

TEST(Setitem, BadValuesRaiseAndLeaveTheTargetUnchanged) {
  Array x = matrix();
  // A float into an integer array; an int out of range; a dtype that does not promote to x's.
  expect_unchanged<DTypeError>(x, [&] { setitem(x, {0, 0}, 1.5); });
  Array small = zeros_of({2}, uint8);
  expect_unchanged<InvalidArgumentError>(small, [&] { setitem(small, 0, 300); });
  expect_unchanged<DTypeError>(x, [&] { setitem(x, {0, 0}, make(1.0, float64)); });
  Array f32 = zeros_of({2}, float32);
  expect_unchanged<DTypeError>(f32, [&] { setitem(f32, 0, make(1.0, float64)); });
  // A value that does not broadcast to the selection.
  expect_unchanged<InvalidArgumentError>(x, [&] { setitem(x, {0, Slice{}}, make({1, 2}, int64)); });
  expect_unchanged<InvalidArgumentError>(x, [&] {
    setitem(x, {0, Slice{}}, make({{{1, 2, 3}}}, int64));
  });
}

TEST(Setitem, BadKeysRaiseAndLeaveTheTargetUnchanged) {
  Array x = matrix();
  expect_unchanged<InvalidArgumentError>(x, [&] { setitem(x, {0, 3}, 1); });
  // An out-of-bounds index after valid ones in the same index array.
  Array v = vector5();
  expect_unchanged<InvalidArgumentError>(v, [&] { setitem(v, make({0, 1, 7}, int64), 0); });
  // newaxis is not part of a __setitem__ key.
  expect_unchanged<InvalidArgumentError>(x, [&] { setitem(x, {newaxis, 0, 0}, 1); });
}

TEST(Setitem, ValuesAndIndexArraysOnAnotherDeviceRaiseAndLeaveTheTargetUnchanged) {
  Array x = matrix(device1());
  expect_unchanged<DeviceMismatchError>(x, [&] { setitem(x, {0, 0}, make(9, int64, device2())); });
  expect_unchanged<DeviceMismatchError>(x, [&] { setitem(x, {0, 0}, make(9, int64)); });
  expect_unchanged<DeviceMismatchError>(x, [&] {
    setitem(x, make({true, false}, bool_, Device::cpu()), 9);
  });
  try {
    setitem(x, {0, 0}, make(9, int64, device2()));
    FAIL() << "no exception";
  } catch (const DeviceMismatchError& e) {
    EXPECT_TRUE(contains(e.what(), "__setitem__()"));
    EXPECT_TRUE(contains(e.what(), "value"));
  }
}

TEST(Setitem, WritesOnANonHostDevice) {
  Array x = matrix(device1());
  setitem(x, {1, Slice{}}, make(0, int64, device1()));
  setitem(x, make({{false, true, false}, {false, false, false}}, bool_, device1()), 8);
  EXPECT_EQ(x.device(), device1());
  EXPECT_EQ(values_of(x), (std::vector<std::int64_t>{0, 8, 2, 0, 0, 0}));
}

}  // namespace
}  // namespace strict
