// The inspection namespace, __array_namespace_info__(): devices, the default device, dtypes per
// device and kind, default dtypes per device, capabilities.
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using strict::testing::cpu;
using strict::testing::device1;
using strict::testing::device2;

TEST(Info, DevicesAreTheEnabledOnes) {
  const Info info = array_namespace_info();
  EXPECT_EQ(info.devices(), (std::vector<Device>{cpu(), device1(), device2()}));
  enable_device("no_x64");
  EXPECT_EQ(info.devices(), (std::vector<Device>{cpu(), device1(), device2(), Device("no_x64")}));
  set_device_enabled("no_x64", false);
  EXPECT_EQ(info.devices().size(), 3u);
}

TEST(Info, EveryListedDeviceIsAValidDeviceArgument) {
  for (Device device : array_namespace_info().devices()) {
    EXPECT_EQ(zeros(1, {.device = device}).device(), device);
  }
}

TEST(Info, DefaultDeviceFollowsTheScopedOverrideThenTheGlobalDefault) {
  const Info info = array_namespace_info();
  EXPECT_EQ(info.default_device(), cpu());
  {
    const DefaultDeviceGuard guard(device2());
    EXPECT_EQ(info.default_device(), device2());
    EXPECT_EQ(zeros(1).device(), info.default_device());
  }
  EXPECT_EQ(info.default_device(), cpu());
  set_global_default_device(device1());
  EXPECT_EQ(info.default_device(), device1());
  EXPECT_EQ(zeros(1).device(), info.default_device());
  set_global_default_device(cpu());
}

TEST(Info, DefaultDtypesPerDevice) {
  const Info info = array_namespace_info();
  const DefaultDTypes host = info.default_dtypes(cpu());
  EXPECT_EQ(host.real_floating, float64);
  EXPECT_EQ(host.complex_floating, complex128);
  EXPECT_EQ(host.integral, int64);
  EXPECT_EQ(host.indexing, int64);
  const DefaultDTypes second = info.default_dtypes(device2());
  EXPECT_EQ(second.real_floating, float32);
  EXPECT_EQ(second.complex_floating, complex64);
  EXPECT_EQ(second.integral, int64);
  EXPECT_EQ(second.indexing, int64);
}

TEST(Info, DefaultDtypesWithoutDeviceAreThoseOfTheCurrentDevice) {
  const Info info = array_namespace_info();
  EXPECT_EQ(info.default_dtypes().real_floating, float64);
  const DefaultDeviceGuard guard(device2());
  EXPECT_EQ(info.default_dtypes().real_floating, float32);
  EXPECT_EQ(info.dtypes(std::nullopt, DTypeKind::real_floating),
            (std::vector<DType>{float32, float64}));
}

TEST(Info, DtypesOfADevice) {
  const Info info = array_namespace_info();
  EXPECT_EQ(info.dtypes().size(), 13u);
  EXPECT_EQ(info.dtypes(device1()).size(), 13u);
  enable_device("no_float64");
  const std::vector<DType> expected = {bool_,  int8,   int16,  int32,   int64,    uint8,
                                       uint16, uint32, uint64, float32, complex64};
  EXPECT_EQ(info.dtypes(Device("no_float64")), expected);
  EXPECT_EQ(info.dtypes(Device("no_float64"), DTypeKind::real_floating),
            (std::vector<DType>{float32}));
  set_device_enabled("no_float64", false);
}

TEST(Info, DtypesOfAKind) {
  const Info info = array_namespace_info();
  EXPECT_EQ(info.dtypes(cpu(), DTypeKind::bool_), (std::vector<DType>{bool_}));
  EXPECT_EQ(info.dtypes(cpu(), DTypeKind::signed_integer),
            (std::vector<DType>{int8, int16, int32, int64}));
  EXPECT_EQ(info.dtypes(cpu(), DTypeKind::unsigned_integer),
            (std::vector<DType>{uint8, uint16, uint32, uint64}));
  EXPECT_EQ(info.dtypes(cpu(), DTypeKind::complex_floating),
            (std::vector<DType>{complex64, complex128}));
  EXPECT_EQ(info.dtypes(cpu(), DTypeKind::numeric).size(), 12u);
  enable_device("no_x64");
  EXPECT_EQ(info.dtypes(Device("no_x64"), DTypeKind::integral),
            (std::vector<DType>{int8, int16, int32, uint8, uint16, uint32}));
  set_device_enabled("no_x64", false);
}

TEST(Info, DtypesOfATupleOfKindsIsTheirUnion) {
  const Info info = array_namespace_info();
  EXPECT_EQ(
      info.dtypes(cpu(), std::vector<DTypeKind>{DTypeKind::bool_, DTypeKind::complex_floating}),
      (std::vector<DType>{bool_, complex64, complex128}));
  EXPECT_EQ(info.dtypes(cpu(), std::vector<DTypeKind>{}).size(), 0u);
}

TEST(Info, Capabilities) {
  const Capabilities capabilities = array_namespace_info().capabilities();
  EXPECT_TRUE(capabilities.boolean_indexing);
  EXPECT_TRUE(capabilities.data_dependent_shapes);
  // strict's shapes have no limit on dimensions, which the standard spells None.
  EXPECT_FALSE(capabilities.max_dimensions.has_value());
}

}  // namespace
}  // namespace strict
