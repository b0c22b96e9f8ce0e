// The Device value type and the device registry.
#include <unordered_set>

#include <gtest/gtest.h>

#include "strict/strict.hpp"

namespace strict {
namespace {

TEST(Device, DefaultSetIsCpuDevice1Device2) {
  const std::vector<Device> devices = enabled_devices();
  ASSERT_EQ(devices.size(), 3u);
  EXPECT_EQ(devices[0].name(), "cpu");
  EXPECT_EQ(devices[1].name(), "device1");
  EXPECT_EQ(devices[2].name(), "device2");
}

TEST(Device, EqualityAndHashFollowTheName) {
  EXPECT_EQ(Device("device1"), Device("device1"));
  EXPECT_NE(Device("device1"), Device("device2"));
  EXPECT_EQ(Device("cpu"), Device::cpu());
  std::unordered_set<Device> set{Device("device1"), Device("device1"), Device("cpu")};
  EXPECT_EQ(set.size(), 2u);
}

TEST(Device, FormatsAsItsName) {
  EXPECT_EQ(fmt::format("{}", Device("device2")), "device2");
}

TEST(Device, UnknownNameRaisesAndListsTheDevices) {
  try {
    Device("gpu");
    FAIL() << "Device(\"gpu\") did not raise";
  } catch (const UnsupportedDeviceError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown device 'gpu'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cpu, device1, device2"), std::string::npos) << e.what();
  }
}

TEST(Device, BuiltInExtraDevicesAreOffUntilEnabled) {
  EXPECT_THROW(Device("no_float64"), UnsupportedDeviceError);
  enable_device("no_float64");
  const Device d("no_float64");
  EXPECT_FALSE(d.supports(float64));
  EXPECT_FALSE(d.supports(complex128));
  EXPECT_TRUE(d.supports(float32));
  EXPECT_EQ(d.spec().default_dtypes.real_floating, float32);
  set_device_enabled("no_float64", false);
  EXPECT_THROW(Device("no_float64"), UnsupportedDeviceError);
}

TEST(Device, NoX64HasNo64BitTypes) {
  enable_device("no_x64");
  const Device d("no_x64");
  for (DType t : {float64, complex128, int64, uint64})
    EXPECT_FALSE(d.supports(t)) << name(t);
  EXPECT_EQ(d.spec().default_dtypes.integral, int32);
  EXPECT_EQ(d.spec().default_dtypes.indexing, int32);
  set_device_enabled("no_x64", false);
}

TEST(Device, Device2DefaultsToFloat32ButHoldsFloat64) {
  const Device d("device2");
  EXPECT_TRUE(d.supports(float64));
  EXPECT_EQ(d.spec().default_dtypes.real_floating, float32);
  EXPECT_EQ(d.spec().default_dtypes.complex_floating, complex64);
}

TEST(Device, RegisterDeviceAddsAnEnabledDevice) {
  const Device d = register_device(
      {"tpu_like", {float32, complex64, int32, bool_}, {float32, complex64, int32, int32}, false});
  EXPECT_EQ(Device("tpu_like"), d);
  EXPECT_THROW(register_device({"tpu_like", {}, {}, false}), InvalidArgumentError);
  // Off again: tests that draw from enabled_devices() (device_properties_test.cpp) expect the
  // default set, whatever order the unity build registers the tests in.
  set_device_enabled("tpu_like", false);
}

TEST(Device, RegisterRejectsDefaultsTheDeviceCannotHold) {
  EXPECT_THROW(register_device({"broken", {float32}, {}, false}), UnsupportedDTypeError);
}

TEST(Device, OnlyCpuIsHost) {
  EXPECT_TRUE(Device::cpu().is_host());
  EXPECT_FALSE(Device("device1").is_host());
}

}  // namespace
}  // namespace strict
