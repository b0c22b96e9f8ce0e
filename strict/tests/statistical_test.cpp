// The statistical functions: values, axes, dtypes of the results, and the device rules.
#include <cmath>
#include <complex>
#include <limits>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;
using testing::make;

// [[1, 2, 3], [4, 5, 6]]: sums along axis 0 are [5, 7, 9], along axis 1 [6, 15].
Array two_by_three(DType dtype = float64, Device device = Device::cpu()) {
  return make({{1, 2, 3}, {4, 5, 6}}, dtype, device);
}

TEST(Sum, OverAllAxesGivesAZeroDimensionalArray) {
  const Array s = sum(two_by_three());
  EXPECT_EQ(s.shape(), Shape{});
  EXPECT_EQ(host_values<double>(s), std::vector<double>{21});
}

// Floating sums are pairwise, as NumPy's: 2^20 float32 tenths sum to within 1e-5 of 104857.6
// (a float32 loop in order is off by 1 %); mean and var sum the same way.
TEST(Sum, FloatingSumsArePairwiseSoTheirErrorStaysSmall) {
  const Array tenths = full({1 << 20}, 0.1, {.dtype = float32});
  const double total = host_values<float>(sum(tenths))[0];
  EXPECT_NEAR(total, 104857.6, 104857.6 * 1e-5);
  float in_order = 0.0F;
  for (int i = 0; i < (1 << 20); ++i)
    in_order += 0.1F;
  EXPECT_GT(std::abs(in_order - 104857.6), 104857.6 * 5e-3);  // what the test would catch
  // The same values in blocks that split unevenly (not a multiple of 8 or 128).
  const Array ones = full({1000003}, 1.0, {.dtype = float32});
  EXPECT_EQ(host_values<float>(sum(ones))[0], 1000003.0F);
}

TEST(Sum, AlongOneAxisNegativeAxesCountFromTheEnd) {
  EXPECT_EQ(host_values<double>(sum(two_by_three(), {.axis = Axes{0}})),
            (std::vector<double>{5, 7, 9}));
  const Array last = sum(two_by_three(), {.axis = Axes{-1}});
  EXPECT_EQ(last.shape(), Shape{2});
  EXPECT_EQ(host_values<double>(last), (std::vector<double>{6, 15}));
}

TEST(Sum, TupleOfAxesWithKeepdims) {
  const Array s = sum(two_by_three(), {.axis = Axes{0, 1}, .keepdims = true});
  EXPECT_EQ(s.shape(), (Shape{1, 1}));
  EXPECT_EQ(host_values<double>(s), std::vector<double>{21});
  const Array kept = sum(two_by_three(), {.axis = Axes{1}, .keepdims = true});
  EXPECT_EQ(kept.shape(), (Shape{2, 1}));
}

TEST(Sum, EmptyTupleOfAxesReducesNothing) {
  const Array s = sum(two_by_three(), {.axis = Axes{}});
  EXPECT_EQ(s.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<double>(s), (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

TEST(Sum, EmptyArrayAndZeroDimensionalArray) {
  EXPECT_EQ(host_values<double>(sum(zeros({0}))), std::vector<double>{0});
  const Array rows = sum(zeros({0, 3}), {.axis = Axes{0}});
  EXPECT_EQ(rows.shape(), Shape{3});
  EXPECT_EQ(host_values<double>(rows), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(host_values<double>(sum(asarray(5.0))), std::vector<double>{5});
}

TEST(Sum, SmallIntegersWidenToTheDefaultIntegerDType) {
  // 100 + 100 does not fit int8: the default integer dtype (int64 on cpu) holds it.
  const Array s = sum(make({100, 100}, int8));
  EXPECT_EQ(s.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(s), std::vector<std::int64_t>{200});
  EXPECT_EQ(sum(make({200, 200}, uint8)).dtype(), uint64);
  EXPECT_EQ(host_values<std::uint64_t>(sum(make({200, 200}, uint8))),
            std::vector<std::uint64_t>{400});
  EXPECT_EQ(sum(make({1, 2}, int64)).dtype(), int64);
  EXPECT_EQ(sum(make({1, 2}, uint64)).dtype(), uint64);
  EXPECT_EQ(sum(make({1.5, 2.0}, float32)).dtype(), float32);
  EXPECT_EQ(host_values<float>(sum(make({1.5, 2.0}, float32))), std::vector<float>{3.5f});
}

TEST(Sum, ExplicitDTypeIsTheResultDType) {
  const Array s = sum(make({100, 100}, int8), {.dtype = int16});
  EXPECT_EQ(s.dtype(), int16);
  EXPECT_EQ(host_values<std::int16_t>(s), std::vector<std::int16_t>{200});
  EXPECT_EQ(sum(make({1, 2}, int32), {.dtype = float64}).dtype(), float64);
  // A float that does not fit the asked-for integer dtype saturates instead of being undefined.
  EXPECT_EQ(host_values<int>(sum(make({1e10}, float64), {.dtype = int8})), std::vector<int>{127});
}

TEST(Sum, DefaultIntegerDTypeIsTheInputDevicesOne) {
  enable_device("no_x64");
  const Device no_x64("no_x64");
  const Array s = sum(make({100, 100}, int8, no_x64));
  EXPECT_EQ(s.dtype(), int32);
  EXPECT_EQ(s.device(), no_x64);
  EXPECT_EQ(host_values<std::int32_t>(s), std::vector<std::int32_t>{200});
  EXPECT_EQ(sum(make({1, 2}, uint8, no_x64)).dtype(), uint32);
  EXPECT_EQ(prod(make({1, 2}, int16, no_x64)).dtype(), int32);
  EXPECT_EQ(cumulative_sum(make({1, 2}, int8, no_x64)).dtype(), int32);
  // An explicit dtype the device cannot hold is refused.
  EXPECT_THROW(sum(make({1, 2}, int8, no_x64), {.dtype = int64}), UnsupportedDTypeError);
  set_device_enabled("no_x64", false);
}

TEST(Sum, RejectsNonNumericAndComplexToRealDTypes) {
  EXPECT_THROW(sum(make({true, false}, bool_)), DTypeError);
  EXPECT_THROW(sum(two_by_three(), {.dtype = bool_}), DTypeError);
  EXPECT_THROW(sum(make({std::complex<double>(1, 1)}, complex128), {.dtype = float64}), DTypeError);
}

TEST(Prod, ValuesAlongAxesAndTheEmptyProduct) {
  EXPECT_EQ(host_values<double>(prod(two_by_three())), std::vector<double>{720});
  EXPECT_EQ(host_values<double>(prod(two_by_three(), {.axis = Axes{1}})),
            (std::vector<double>{6, 120}));
  EXPECT_EQ(host_values<double>(prod(zeros({0}))), std::vector<double>{1});
  const Array p = prod(make({10, 20}, int8));
  EXPECT_EQ(p.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(p), std::vector<std::int64_t>{200});
  EXPECT_EQ(prod(make({2, 3}, uint8)).dtype(), uint64);
  EXPECT_EQ(prod(make({2.0, 3.0}, float32)).dtype(), float32);
  EXPECT_THROW(prod(make({true}, bool_)), DTypeError);
}

TEST(Prod, ComplexValues) {
  // (1 + 2i)(3 + 4i) = 3 + 4i + 6i - 8 = -5 + 10i
  const Array p = prod(make({std::complex<double>(1, 2), std::complex<double>(3, 4)}, complex128));
  EXPECT_EQ(p.dtype(), complex128);
  EXPECT_EQ(host_values<std::complex<double>>(p),
            std::vector<std::complex<double>>{std::complex<double>(-5, 10)});
}

TEST(MaxMin, AlongAxesWithKeepdims) {
  EXPECT_EQ(host_values<double>(max(two_by_three())), std::vector<double>{6});
  EXPECT_EQ(host_values<double>(min(two_by_three())), std::vector<double>{1});
  EXPECT_EQ(host_values<double>(max(two_by_three(), {.axis = Axes{0}})),
            (std::vector<double>{4, 5, 6}));
  const Array m = min(two_by_three(), {.axis = Axes{-1}, .keepdims = true});
  EXPECT_EQ(m.shape(), (Shape{2, 1}));
  EXPECT_EQ(host_values<double>(m), (std::vector<double>{1, 4}));
  const Array small = max(make({-3, 7, 2}, int8));
  EXPECT_EQ(small.dtype(), int8);
  EXPECT_EQ(host_values<int>(small), std::vector<int>{7});
}

TEST(MaxMin, NaNPropagates) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(host_values<double>(max(make({1.0, nan, 3.0}, float64)))[0]));
  EXPECT_TRUE(std::isnan(host_values<double>(min(make({1.0, nan, 3.0}, float64)))[0]));
}

TEST(MaxMin, ZeroElementsRaiseBecauseThereIsNoIdentity) {
  EXPECT_THROW(max(zeros({0})), InvalidArgumentError);
  EXPECT_THROW(min(zeros({3, 0}), {.axis = Axes{1}}), InvalidArgumentError);
  // Reducing a non-empty axis of an empty array is fine: there is nothing to reduce.
  EXPECT_EQ(max(zeros({0, 3}), {.axis = Axes{1}}).shape(), Shape{0});
}

TEST(MaxMin, RejectComplexAndBadAxes) {
  EXPECT_THROW(max(make({std::complex<double>(1, 1)}, complex128)), DTypeError);
  EXPECT_THROW(min(two_by_three(), {.axis = Axes{2}}), InvalidArgumentError);
  EXPECT_THROW(min(two_by_three(), {.axis = Axes{-3}}), InvalidArgumentError);
  EXPECT_THROW(max(two_by_three(), {.axis = Axes{1, -1}}), InvalidArgumentError);
  EXPECT_THROW(max(asarray(1.0), {.axis = Axes{0}}), InvalidArgumentError);
}

TEST(Mean, RealAndComplexFloatingPoint) {
  EXPECT_EQ(host_values<double>(mean(two_by_three())), std::vector<double>{3.5});
  EXPECT_EQ(host_values<double>(mean(two_by_three(), {.axis = Axes{0}})),
            (std::vector<double>{2.5, 3.5, 4.5}));
  const Array f = mean(make({1.0, 2.0}, float32), {.keepdims = true});
  EXPECT_EQ(f.dtype(), float32);
  EXPECT_EQ(f.shape(), Shape{1});
  EXPECT_EQ(host_values<float>(f), std::vector<float>{1.5f});
  // mean of complex values is new in 2024.12: (1+2i + 3+4i) / 2 = 2+3i.
  const Array c = mean(make({std::complex<double>(1, 2), std::complex<double>(3, 4)}, complex128));
  EXPECT_EQ(c.dtype(), complex128);
  EXPECT_EQ(host_values<std::complex<double>>(c),
            std::vector<std::complex<double>>{std::complex<double>(2, 3)});
}

// spec/2024.12 mean leaves the precision of intermediates open; strict's mean is its sum (pairwise,
// in x's own precision) over N, as NumPy, PyTorch and JAX compute it, so a float32 mean of
// [max, max] overflows to inf as theirs do (SciPy's TestXP_Mean::test_dtype asserts it).
TEST(Mean, IsTheSumInItsOwnPrecisionOverN) {
  const float largest = std::numeric_limits<float>::max();
  const Array overflowing = make({largest, largest}, float32);
  EXPECT_EQ(host_values<float>(mean(overflowing)),
            std::vector<float>{std::numeric_limits<float>::infinity()});
  const Array tenths = full({1 << 20}, 0.1, {.dtype = float32});
  EXPECT_EQ(host_values<float>(mean(tenths)),
            std::vector<float>{host_values<float>(sum(tenths))[0] / static_cast<float>(1 << 20)});
  EXPECT_NEAR(host_values<float>(mean(tenths))[0], 0.1, 1e-6);
  const Array c = mean(make({std::complex<double>(1, 2), std::complex<double>(2, 5)}, complex64));
  EXPECT_EQ(c.dtype(), complex64);
  EXPECT_EQ(host_values<std::complex<float>>(c), (std::vector<std::complex<float>>{{1.5F, 3.5F}}));
}

TEST(Mean, OfZeroElementsIsNaN) {
  EXPECT_TRUE(std::isnan(host_values<double>(mean(zeros({0})))[0]));
}

TEST(Mean, RejectsIntegers) {
  EXPECT_THROW(mean(make({1, 2}, int64)), DTypeError);
}

TEST(VarStd, PopulationAndCorrected) {
  // [1, 2, 3, 4]: mean 2.5, squared deviations sum to 2.25 + 0.25 + 0.25 + 2.25 = 5.
  const Array x = make({1, 2, 3, 4}, float64);
  EXPECT_DOUBLE_EQ(host_values<double>(var(x))[0], 1.25);
  EXPECT_DOUBLE_EQ(host_values<double>(var(x, {.correction = 1}))[0], 5.0 / 3.0);
  EXPECT_DOUBLE_EQ(host_values<double>(std(x))[0], 1.118033988749895);
  EXPECT_DOUBLE_EQ(host_values<double>(std(x, {.correction = 1}))[0], 1.2909944487358056);
  EXPECT_TRUE(std::isnan(host_values<double>(var(x, {.correction = 4}))[0]));
}

TEST(VarStd, AlongAxesKeepsTheDType) {
  // Rows [1, 2, 3] and [4, 5, 6] both have variance 2/3; columns [1, 4] ... have 2.25.
  const Array rows = var(two_by_three(float32), {.axis = Axes{1}});
  EXPECT_EQ(rows.dtype(), float32);
  EXPECT_EQ(rows.shape(), Shape{2});
  EXPECT_FLOAT_EQ(host_values<float>(rows)[1], 2.0f / 3.0f);
  const Array columns = std(two_by_three(), {.axis = Axes{0}, .keepdims = true});
  EXPECT_EQ(columns.shape(), (Shape{1, 3}));
  EXPECT_EQ(host_values<double>(columns), (std::vector<double>{1.5, 1.5, 1.5}));
}

TEST(VarStd, RejectIntegerAndComplex) {
  EXPECT_THROW(var(make({1, 2}, int32)), DTypeError);
  EXPECT_THROW(std(make({std::complex<double>(1, 1)}, complex128)), DTypeError);
  EXPECT_THROW(var(two_by_three(), {.axis = Axes{5}}), InvalidArgumentError);
}

TEST(CumulativeSum, OneDimensionalWithAndWithoutInitial) {
  EXPECT_EQ(host_values<double>(cumulative_sum(make({1, 2, 3}, float64))),
            (std::vector<double>{1, 3, 6}));
  const Array initial = cumulative_sum(make({1, 2, 3}, float64), {.include_initial = true});
  EXPECT_EQ(initial.shape(), Shape{4});
  EXPECT_EQ(host_values<double>(initial), (std::vector<double>{0, 1, 3, 6}));
}

TEST(CumulativeSum, AlongAnAxisOfAMatrix) {
  const Array x = make({{1, 2}, {3, 4}}, float64);
  EXPECT_EQ(host_values<double>(cumulative_sum(x, {.axis = 1})), (std::vector<double>{1, 3, 3, 7}));
  EXPECT_EQ(host_values<double>(cumulative_sum(x, {.axis = -2})),
            (std::vector<double>{1, 2, 4, 6}));
  const Array initial = cumulative_sum(x, {.axis = 0, .include_initial = true});
  EXPECT_EQ(initial.shape(), (Shape{3, 2}));
  EXPECT_EQ(host_values<double>(initial), (std::vector<double>{0, 0, 1, 2, 4, 6}));
}

TEST(CumulativeSum, DTypes) {
  const Array widened = cumulative_sum(make({100, 100}, int8));
  EXPECT_EQ(widened.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(widened), (std::vector<std::int64_t>{100, 200}));
  EXPECT_EQ(cumulative_sum(make({1, 2}, uint16)).dtype(), uint64);
  EXPECT_EQ(cumulative_sum(make({1, 2}, float32)).dtype(), float32);
  EXPECT_EQ(cumulative_sum(make({1, 2}, int8), {.dtype = int16}).dtype(), int16);
  EXPECT_THROW(cumulative_sum(make({true}, bool_)), DTypeError);
}

TEST(CumulativeSum, AxisIsRequiredForMoreThanOneDimension) {
  EXPECT_THROW(cumulative_sum(two_by_three()), InvalidArgumentError);
  EXPECT_THROW(cumulative_sum(two_by_three(), {.axis = 2}), InvalidArgumentError);
  EXPECT_THROW(cumulative_sum(asarray(1.0)), InvalidArgumentError);
}

TEST(CumulativeSum, EmptyArray) {
  EXPECT_EQ(cumulative_sum(zeros({0})).shape(), Shape{0});
  const Array initial = cumulative_sum(zeros({0}), {.include_initial = true});
  EXPECT_EQ(host_values<double>(initial), std::vector<double>{0});
}

TEST(CumulativeProd, ValuesWithAndWithoutInitial) {
  EXPECT_EQ(host_values<double>(cumulative_prod(make({1, 2, 3}, float64))),
            (std::vector<double>{1, 2, 6}));
  EXPECT_EQ(
      host_values<double>(cumulative_prod(make({1, 2, 3}, float64), {.include_initial = true})),
      (std::vector<double>{1, 1, 2, 6}));
  const Array x = make({{1, 2}, {3, 4}}, int32);
  const Array rows = cumulative_prod(x, {.axis = 1});
  EXPECT_EQ(rows.dtype(), int64);
  EXPECT_EQ(host_values<std::int64_t>(rows), (std::vector<std::int64_t>{1, 2, 3, 12}));
  EXPECT_THROW(cumulative_prod(x), InvalidArgumentError);
}

// Every statistical function keeps its input's device ("Preserve device assignment").
TEST(StatisticalDevices, ResultsStayOnTheInputDevice) {
  for (const Device device : {device1(), device2()}) {
    const Array x = two_by_three(float64, device);
    const Array vector = make({1, 2, 3}, float64, device);
    for (const Array& result :
         {max(x), min(x), mean(x), sum(x), prod(x), std(x), var(x), cumulative_sum(vector),
          cumulative_prod(vector), sum(x, {.axis = Axes{0}})}) {
      EXPECT_EQ(result.device(), device) << result.provenance().operation;
    }
  }
  const Array s = sum(two_by_three(float64, device1()));
  EXPECT_EQ(s.provenance().operation, "sum");
  EXPECT_EQ(s.provenance().rule, PlacementRule::input_arrays);
  EXPECT_EQ(host_values<double>(s), std::vector<double>{21});
}

TEST(StatisticalDevices, HostReadOfADevice1ResultRaises) {
  const Array x = two_by_three(float64, device1());
  EXPECT_THROW(sum(x).values<double>(), HostAccessError);
  EXPECT_THROW(mean(x).scalars(), HostAccessError);
  EXPECT_THROW(cumulative_sum(x, {.axis = 0}).values<double>(), HostAccessError);
}

TEST(StatisticalDevices, ErrorMessagesNameTheFunction) {
  try {
    sum(two_by_three(), {.axis = Axes{3}});
    FAIL() << "sum() accepted axis 3 of a 2-d array";
  } catch (const InvalidArgumentError& e) {
    EXPECT_TRUE(contains(e.what(), "sum()"));
  }
}

}  // namespace
}  // namespace strict
