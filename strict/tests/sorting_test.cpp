// sort and argsort: ascending and descending order, stability, NaNs, axes, bad input and the
// device rules.
#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "strict/sorting.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;
using testing::zeros_of;

using testing::nan;

TEST(Sort, AscendingAlongTheLastAxisByDefault) {
  const Array sorted = sort(make({{3, 1, 2}, {0, 9, -4}}, int32));
  EXPECT_EQ(sorted.shape(), (Shape{2, 3}));
  EXPECT_EQ(sorted.dtype(), int32);
  EXPECT_EQ(host_values<int>(sorted), (std::vector<int>{1, 2, 3, -4, 0, 9}));
  const Array order = argsort(make({{3, 1, 2}, {0, 9, -4}}, int32));
  EXPECT_EQ(order.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(order), (std::vector<std::int64_t>{1, 2, 0, 2, 0, 1}));
}

TEST(Sort, AlongAnotherAxis) {
  const Array x = make({{3, 1}, {0, 9}, {2, 5}}, float32);
  EXPECT_EQ(host_values<float>(sort(x, {.axis = 0})), (std::vector<float>{0, 1, 2, 5, 3, 9}));
  EXPECT_EQ(host_values<std::int64_t>(argsort(x, {.axis = -2})),
            (std::vector<std::int64_t>{1, 0, 2, 2, 0, 1}));
}

TEST(Sort, DescendingKeepsEqualValuesInTheirOrder) {
  const Array x = make({2, 7, 2, 7, 1}, int64);
  EXPECT_EQ(host_values<int>(sort(x, {.descending = true})), (std::vector<int>{7, 7, 2, 2, 1}));
  // "stable: ... must maintain the relative order of x values which compare as equal".
  EXPECT_EQ(host_values<std::int64_t>(argsort(x, {.descending = true})),
            (std::vector<std::int64_t>{1, 3, 0, 2, 4}));
  EXPECT_EQ(host_values<std::int64_t>(argsort(x)), (std::vector<std::int64_t>{4, 0, 2, 1, 3}));
  EXPECT_EQ(host_values<std::int64_t>(argsort(x, {.stable = false})),
            (std::vector<std::int64_t>{4, 0, 2, 1, 3}));
}

TEST(Sort, NaNsGoLastInBothOrders) {
  const Array x = make({nan, 1.0, -2.0, nan, 0.5}, float64);
  EXPECT_EQ(host_values<std::int64_t>(argsort(x)), (std::vector<std::int64_t>{2, 4, 1, 0, 3}));
  EXPECT_EQ(host_values<std::int64_t>(argsort(x, {.descending = true})),
            (std::vector<std::int64_t>{1, 4, 2, 0, 3}));
  const std::vector<double> sorted = host_values<double>(sort(x));
  EXPECT_EQ((std::vector<double>(sorted.begin(), sorted.begin() + 3)),
            (std::vector<double>{-2.0, 0.5, 1.0}));
  EXPECT_TRUE(std::isnan(sorted[3]));
  EXPECT_TRUE(std::isnan(sorted[4]));
}

TEST(Sort, SignedZerosCompareEqual) {
  // -0 == +0, so a stable sort keeps them in their order.
  const std::vector<double> sorted = host_values<double>(sort(make({0.0, -0.0, -1.0}, float64)));
  EXPECT_EQ(sorted, (std::vector<double>{-1.0, 0.0, 0.0}));
  EXPECT_FALSE(std::signbit(sorted[1]));
  EXPECT_TRUE(std::signbit(sorted[2]));
}

TEST(Sort, EmptyArraysSortToEmptyArrays) {
  EXPECT_EQ(sort(zeros_of({0, 3}, float64)).shape(), (Shape{0, 3}));
  EXPECT_EQ(argsort(zeros_of({2, 0}, int8)).shape(), (Shape{2, 0}));
}

TEST(Sort, BadInputRaises) {
  EXPECT_THROW(sort(make({true, false}, bool_)), DTypeError);
  EXPECT_THROW(argsort(make({std::complex<double>(1, 0)}, complex128)), DTypeError);
  EXPECT_THROW(sort(zeros_of({2, 3}, float64), {.axis = 2}), InvalidArgumentError);
  EXPECT_THROW(argsort(zeros_of({2, 3}, float64), {.axis = -3}), InvalidArgumentError);
  EXPECT_THROW(sort(make(1.0, float64)), InvalidArgumentError);  // a 0-d x has no axis -1
}

std::vector<double> as_values(const std::vector<int>& codes) {
  // Few distinct values, so that ties (and -0 beside +0) are common, and NaNs.
  std::vector<double> values;
  for (const int code : codes)
    values.push_back(code == 0 ? nan : code == 1 ? -0.0 : code == 2 ? 0.0 : code / 2.0);
  return values;
}

// sort and argsort of a random 2-D float64 array along either axis agree with a stable sort of
// each line by value, NaNs last in their order, ties (and -0 with +0) kept in their order.
RC_GTEST_PROP(Sort, AgreesWithAStableSortOfEachLine, ()) {
  const int rows = *rc::gen::inRange(1, 5);
  const int columns = *rc::gen::inRange(0, 7);
  const std::vector<double> values = as_values(*rc::gen::container<std::vector<int>>(
      static_cast<std::size_t>(rows * columns), rc::gen::inRange(0, 8)));
  const std::int64_t axis = *rc::gen::inRange(0, 2);
  const bool descending = *rc::gen::arbitrary<bool>();
  std::vector<NestedSequence> items(values.begin(), values.end());
  const Array x =
      reshape(asarray(NestedSequence(std::move(items)), {.dtype = float64}), Shape{rows, columns});
  const auto sorted = host_values<double>(sort(x, {.axis = axis, .descending = descending}));
  const auto order =
      host_values<std::int64_t>(argsort(x, {.axis = axis, .descending = descending}));
  const int lines = axis == 0 ? columns : rows;
  const int extent = axis == 0 ? rows : columns;
  const auto at = [&](int line, int k) {
    return static_cast<std::size_t>(axis == 0 ? k * columns + line : line * columns + k);
  };
  for (int line = 0; line < lines; ++line) {
    std::vector<int> expected(static_cast<std::size_t>(extent));
    std::iota(expected.begin(), expected.end(), 0);
    std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
      const double u = values[at(line, a)];
      const double v = values[at(line, b)];
      if (std::isnan(u) || std::isnan(v)) return !std::isnan(u) && std::isnan(v);
      return descending ? v < u : u < v;
    });
    for (int k = 0; k < extent; ++k) {
      const double want = values[at(line, expected[static_cast<std::size_t>(k)])];
      const double got = sorted[at(line, k)];
      RC_ASSERT(order[at(line, k)] == expected[static_cast<std::size_t>(k)]);
      RC_ASSERT((std::isnan(want) ? std::isnan(got)
                                  : got == want && std::signbit(got) == std::signbit(want)));
    }
  }
}

// stable=False: "the returned array may or may not maintain the relative order of x values which
// compare as equal", so only the order is asserted: each sorted value is in order (NaNs last), the
// values are x's own, and argsort is a permutation that puts x in that order. Lines long enough
// for an introsort's partitioning, with many ties.
RC_GTEST_PROP(Sort, UnstableSortsPutEachLineInOrder, ()) {
  const std::vector<double> values = as_values(*rc::gen::container<std::vector<int>>(
      static_cast<std::size_t>(*rc::gen::inRange(0, 300)), rc::gen::inRange(0, 8)));
  const bool descending = *rc::gen::arbitrary<bool>();
  std::vector<NestedSequence> items(values.begin(), values.end());
  const Array x = asarray(NestedSequence(std::move(items)), {.dtype = float64});
  const SortOptions options{.descending = descending, .stable = false};
  const auto sorted = host_values<double>(sort(x, options));
  const auto order = host_values<std::int64_t>(argsort(x, options));
  const auto in_order = [&](double u, double v) {  // u may come before v
    if (std::isnan(v)) return true;
    return !std::isnan(u) && (descending ? v <= u : u <= v);
  };
  std::vector<bool> seen(values.size(), false);
  for (std::size_t k = 0; k < values.size(); ++k) {
    const auto index = static_cast<std::size_t>(order[k]);
    RC_ASSERT(index < values.size());
    RC_ASSERT(!seen[index]);
    seen[index] = true;
    if (k > 0) {
      RC_ASSERT(in_order(sorted[k - 1], sorted[k]));
      RC_ASSERT(in_order(values[static_cast<std::size_t>(order[k - 1])], values[index]));
    }
  }
  const auto bits = [](std::vector<double> v) {  // the multiset of values, each by its bits
    std::vector<std::uint64_t> out;
    for (const double d : v)
      out.push_back(std::isnan(d) ? 0x7ff8000000000000U : std::bit_cast<std::uint64_t>(d));
    std::sort(out.begin(), out.end());
    return out;
  };
  RC_ASSERT(bits(sorted) == bits(values));
}

// Equal integers are the same value, so sort may order them unstably: the result is still the
// stable sort's.
RC_GTEST_PROP(Sort, IntegerLinesEqualTheirStableSort, ()) {
  const auto values = *rc::gen::container<std::vector<std::int64_t>>(
      static_cast<std::size_t>(*rc::gen::inRange(0, 300)), rc::gen::inRange<std::int64_t>(-5, 5));
  const bool descending = *rc::gen::arbitrary<bool>();
  std::vector<NestedSequence> items(values.begin(), values.end());
  const Array x = asarray(NestedSequence(std::move(items)), {.dtype = int64});
  std::vector<std::int64_t> expected = values;
  std::stable_sort(expected.begin(), expected.end(),
                   [&](std::int64_t a, std::int64_t b) { return descending ? b < a : a < b; });
  RC_ASSERT(host_values<std::int64_t>(sort(x, {.descending = descending})) == expected);
}

TEST(SortDevices, ResultsStayOnTheInputsDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array x = make({3, 1, 2}, int16, device);
    const Array sorted = sort(x);
    EXPECT_EQ(sorted.device(), device);
    EXPECT_EQ(sorted.provenance().operation, "sort");
    EXPECT_EQ(host_values<int>(sorted), (std::vector<int>{1, 2, 3}));
    const Array order = argsort(x, {.descending = true});
    EXPECT_EQ(order.device(), device);
    EXPECT_EQ(order.provenance().operation, "argsort");
    EXPECT_EQ(host_values<std::int64_t>(order), (std::vector<std::int64_t>{0, 2, 1}));
    EXPECT_THROW(order.scalars(), HostAccessError);
  }
}

TEST(SortDevices, IndicesHaveTheDevicesDefaultIndexDType) {
  enable_device("no_x64");
  EXPECT_EQ(argsort(make({3, 1}, int8, Device("no_x64"))).dtype(), int32);
  set_device_enabled("no_x64", false);
}

}  // namespace
}  // namespace strict
