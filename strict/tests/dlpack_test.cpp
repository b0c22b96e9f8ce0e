// DLPack: each device's __dlpack_device__ pair, and from_dlpack's device and copy rules.
#include <set>
#include <utility>
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

// Fake devices are kDLVPI (9), a simulator's memory, which no array library imports: each consumer
// at hand refuses it cleanly, where kDLOpenCL (4) made torch abort the process.
TEST(DlpackDevice, HostIsCpuOthersAreNumberedSimulatedDevices) {
  EXPECT_EQ(dlpack_device(zeros(1)), (DLPackDevice{1, 0}));
  EXPECT_EQ(dlpack_device(zeros(1, {.device = device1()})), (DLPackDevice{9, 0}));
  EXPECT_EQ(dlpack_device(zeros(1, {.device = device2()})), (DLPackDevice{9, 1}));
  enable_device("no_float64");
  EXPECT_EQ(dlpack_device(Device("no_float64")), (DLPackDevice{9, 2}));
  set_device_enabled("no_float64", false);
}

TEST(DlpackDevice, ThePairIdentifiesTheDevice) {
  std::set<std::pair<int, int>> pairs;
  for (Device device : enabled_devices()) {
    const DLPackDevice pair = dlpack_device(device);
    pairs.insert({pair.device_type, pair.device_id});
    EXPECT_EQ(device_from_dlpack(pair), device);
  }
  EXPECT_EQ(pairs.size(), enabled_devices().size());
}

TEST(DlpackDevice, UnknownPairsRaiseBufferError) {
  EXPECT_THROW(device_from_dlpack({2, 0}), BufferError);  // kDLCUDA
  EXPECT_THROW(device_from_dlpack({1, 7}), BufferError);
}

class FromDlpack : public ::testing::Test {
 protected:
  void SetUp() override { reset_transfer_counts(); }
  const Array x = asarray({1.0, 2.0}, {.device = device1()});
};

TEST_F(FromDlpack, WithoutDeviceStaysOnXsDeviceAndSharesMemory) {
  const Array y = from_dlpack(x);
  EXPECT_EQ(y.device(), device1());
  EXPECT_TRUE(y.shares_storage_with(x));
  EXPECT_TRUE(contains(y.provenance().describe(y.device()),
                       "from_dlpack() kept its input's device device1"));
  EXPECT_TRUE(from_dlpack(x, {.copy = false}).shares_storage_with(x));
  EXPECT_EQ(transfer_counts().size(), 0u);
}

TEST_F(FromDlpack, CopyTrueMakesANewBufferOnTheSameDevice) {
  const Array y = from_dlpack(x, {.copy = true});
  EXPECT_EQ(y.device(), device1());
  EXPECT_FALSE(y.shares_storage_with(x));
  EXPECT_EQ(transfer_counts().size(), 0u);
  EXPECT_EQ(host_values<double>(y), (std::vector<double>{1.0, 2.0}));
}

TEST_F(FromDlpack, AnotherDeviceCopiesAndCountsATransfer) {
  const Array y = from_dlpack(x, {.device = cpu()});
  EXPECT_EQ(y.device(), cpu());
  EXPECT_FALSE(y.shares_storage_with(x));
  EXPECT_EQ(y.values<double>(), (std::vector<double>{1.0, 2.0}));
  EXPECT_EQ(transfer_count(device1(), cpu()), 1u);
  EXPECT_TRUE(contains(y.provenance().describe(y.device()), "from_dlpack() with device=cpu"));
}

TEST_F(FromDlpack, AnotherDeviceWithCopyFalseRaisesBufferError) {
  EXPECT_THROW(from_dlpack(x, {.device = device2(), .copy = false}), BufferError);
  EXPECT_EQ(transfer_counts().size(), 0u);
}

TEST_F(FromDlpack, ADtypeTheTargetDeviceCannotHoldRaises) {
  enable_device("no_float64");
  EXPECT_THROW(from_dlpack(x, {.device = Device("no_float64")}), UnsupportedDTypeError);
  set_device_enabled("no_float64", false);
}

}  // namespace
}  // namespace strict
