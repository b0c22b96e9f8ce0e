// Device rules of the element-wise functions: results stay on their inputs' device, arrays on
// different devices raise DeviceMismatchError before anything else (0-d arrays too), and the
// provenance of a result points back at the input's origin.
#include <functional>
#include <string>
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

using Binary = std::function<Array(const ArrayOrScalar&, const ArrayOrScalar&)>;

// One function of every category; each accepts float64, bool or int64 inputs as listed.
struct BinaryCase {
  std::string name;
  Binary function;
  DType dtype;
};
const std::vector<BinaryCase> binary_cases = {
    {"add", add, float64},
    {"divide", divide, float64},
    {"floor_divide", floor_divide, int64},
    {"remainder", remainder, float64},
    {"pow", pow, float64},
    {"maximum", maximum, float64},
    {"atan2", atan2, float64},
    {"logaddexp", logaddexp, float64},
    {"equal", equal, float64},
    {"less_equal", less_equal, float64},
    {"logical_xor", logical_xor, bool_},
    {"bitwise_and", bitwise_and, int64},
    {"bitwise_right_shift", bitwise_right_shift, int64},
};

TEST(ElementwiseDevices, BinaryResultsStayOnTheInputsDevice) {
  for (const Device device : {device1(), device2()}) {
    for (const BinaryCase& c : binary_cases) {
      const Array x = make({1, 2}, c.dtype, device);
      const Array result = c.function(x, x);
      EXPECT_EQ(result.device(), device) << c.name;
      EXPECT_EQ(result.provenance().rule, PlacementRule::input_arrays) << c.name;
      EXPECT_EQ(result.provenance().operation, c.name);
      EXPECT_THROW((void)result.scalars(), HostAccessError) << c.name;
    }
  }
}

TEST(ElementwiseDevices, UnaryResultsStayOnTheInputsDevice) {
  const Array x = make({0.25, 0.5}, float64, device2());
  for (const Array& result :
       {abs(x), sin(x), sqrt(x), isnan(x), round(x), sign(x), real(x), signbit(x), negative(x),
        logical_not(make({true}, bool_, device2()))}) {
    EXPECT_EQ(result.device(), device2());
    EXPECT_THROW((void)result.scalars(), HostAccessError);
  }
  EXPECT_EQ(host_values<double>(square(x)), (std::vector<double>{0.0625, 0.25}));
}

TEST(ElementwiseDevices, ProvenanceKeepsTheOriginOfTheInput) {
  const Array x = make({1.0}, float64, device1());
  const Array chained = exp(add(multiply(x, 2.0), 1.0));
  EXPECT_EQ(chained.provenance().operation, "exp");
  EXPECT_EQ(chained.provenance().origin.operation, "asarray");
  EXPECT_EQ(chained.provenance().origin.rule, PlacementRule::explicit_argument);
}

TEST(ElementwiseDevices, MixedDevicesRaiseNamingBothDevices) {
  for (const BinaryCase& c : binary_cases) {
    const Array on_device1 = make({1, 2}, c.dtype, device1());
    const Array on_device2 = make({1, 2}, c.dtype, device2());
    try {
      (void)c.function(on_device1, on_device2);
      ADD_FAILURE() << c.name << " combined device1 and device2";
    } catch (const DeviceMismatchError& e) {
      EXPECT_TRUE(contains(e.what(), c.name + "()"));
      EXPECT_TRUE(contains(e.what(), "device1"));
      EXPECT_TRUE(contains(e.what(), "device2"));
    }
  }
}

TEST(ElementwiseDevices, AZeroDimensionalArrayOnAnotherDeviceRaisesToo) {
  // 0-d arrays are arrays: no exemption from the device rule.
  const Array x = make({1.0, 2.0}, float64, device1());
  const Array zero_d = make(1.0, float64, Device::cpu());
  EXPECT_THROW(add(x, zero_d), DeviceMismatchError);
  EXPECT_THROW(add(zero_d, x), DeviceMismatchError);
  EXPECT_THROW(less(zero_d, x), DeviceMismatchError);
}

TEST(ElementwiseDevices, TheDeviceCheckComesBeforeDtypeAndShapeChecks) {
  // Mixed devices are reported even when the dtypes or shapes would also be wrong.
  EXPECT_THROW(add(make({1}, int8, device1()), make({1.0}, float64, device2())),
               DeviceMismatchError);
  EXPECT_THROW(add(make({1.0, 2.0}, float64, device1()), make({1.0, 2.0, 3.0}, float64, device2())),
               DeviceMismatchError);
  EXPECT_THROW(logical_and(make({1.0}, float64, device1()), make({true}, bool_, device2())),
               DeviceMismatchError);
}

TEST(ElementwiseDevices, MovingAnOperandFirstFixesTheMismatch) {
  const Array x = make({1.0, 2.0}, float64, device1());
  const Array y = make({3.0, 4.0}, float64, device2());
  const Array sum = add(x, y.to_device(device1()));
  EXPECT_EQ(sum.device(), device1());
  EXPECT_EQ(host_values<double>(sum), (std::vector<double>{4.0, 6.0}));
}

TEST(ElementwiseDevices, BroadcastingWorksOnAnyDevice) {
  const Array column = make({{1.0}, {2.0}}, float64, device2());
  const Array row = make({10.0, 20.0, 30.0}, float64, device2());
  const Array sum = add(column, row);
  EXPECT_EQ(sum.device(), device2());
  EXPECT_EQ(sum.shape(), (Shape{2, 3}));
  EXPECT_EQ(host_values<double>(sum), (std::vector<double>{11, 21, 31, 12, 22, 32}));
  const Array zero_d = make(5.0, float64, device2());
  EXPECT_EQ(host_values<double>(subtract(row, zero_d)), (std::vector<double>{5, 15, 25}));
  EXPECT_THROW(add(make({1.0, 2.0}, float64), make({1.0, 2.0, 3.0}, float64)),
               InvalidArgumentError);
}

}  // namespace
}  // namespace strict
