// The array object: storage per device, host reads, explicit transfers and their counters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;
using testing::host_values;

TEST(Array, KnowsItsShapeDtypeAndDevice) {
  const Array x = zeros({2, 3}, {.dtype = int32, .device = device1()});
  EXPECT_EQ(x.shape(), (Shape{2, 3}));
  EXPECT_EQ(x.ndim(), 2);
  EXPECT_EQ(x.size(), 6);
  EXPECT_EQ(x.dtype(), int32);
  EXPECT_EQ(x.device(), device1());
}

TEST(Array, HostReadsWorkOnCpu) {
  const Array x = add(zeros({3}, {.dtype = int64}), 7);
  EXPECT_EQ(x.values<std::int64_t>(), (std::vector<std::int64_t>{7, 7, 7}));
}

TEST(Array, HostReadsOffTheHostRaiseAndSayWhatToDo) {
  const Array x = zeros({3}, {.device = device1()});
  try {
    (void)x.scalars();
    FAIL() << "reading a device1 array from the host did not raise";
  } catch (const HostAccessError& e) {
    EXPECT_TRUE(contains(e.what(), "device device1"));
    EXPECT_TRUE(contains(e.what(), "to_device"));
  }
  EXPECT_THROW((void)x.values<double>(), HostAccessError);
}

TEST(Array, ToDeviceMovesAndKeepsValuesAndDtype) {
  const Array x = add(zeros({2}, {.dtype = float32}), 2.5);
  const Array moved = x.to_device(device2());
  EXPECT_EQ(moved.device(), device2());
  EXPECT_EQ(moved.dtype(), float32);
  EXPECT_FALSE(moved.shares_storage_with(x));
  const Array back = to_device(moved, Device::cpu());
  EXPECT_EQ(back.values<float>(), (std::vector<float>{2.5f, 2.5f}));
}

TEST(Array, ToDeviceOnTheSameDeviceReturnsTheArrayItself) {
  const Array x = zeros({2}, {.device = device1()});
  EXPECT_TRUE(x.to_device(device1()).shares_storage_with(x));
}

TEST(Array, ToDeviceRejectsAStream) {
  const Array x = zeros({2});
  EXPECT_THROW((void)x.to_device(device1(), Stream{42}), InvalidArgumentError);
}

TEST(Array, ToDeviceRejectsADtypeTheTargetCannotHold) {
  enable_device("no_float64");
  const Array x = zeros({2}, {.dtype = float64});
  EXPECT_THROW((void)x.to_device(Device("no_float64")), UnsupportedDTypeError);
  set_device_enabled("no_float64", false);
}

TEST(Array, TransfersAreCountedPerPair) {
  reset_transfer_counts();
  const Array x = zeros({2});
  (void)x.to_device(device1());
  (void)x.to_device(device1());
  (void)x.to_device(Device::cpu());
  EXPECT_EQ(transfer_count(Device::cpu(), device1()), 2u);
  EXPECT_EQ(transfer_count(Device::cpu(), Device::cpu()), 1u);
  EXPECT_EQ(transfer_count(device1(), Device::cpu()), 0u);
  const std::vector<TransferCount> counts = transfer_counts();
  ASSERT_EQ(counts.size(), 2u);
  reset_transfer_counts();
  EXPECT_EQ(transfer_count(Device::cpu(), device1()), 0u);
  EXPECT_TRUE(transfer_counts().empty());
}

TEST(Array, EachDeviceAccountsForItsBytes) {
  const std::int64_t before1 = bytes_in_use(device1());
  const std::int64_t before2 = bytes_in_use(device2());
  {
    const Array x = zeros({10}, {.dtype = float64, .device = device1()});
    EXPECT_EQ(bytes_in_use(device1()) - before1, 80);
    {
      const Array y = zeros({4}, {.dtype = int16, .device = device2()});
      EXPECT_EQ(bytes_in_use(device2()) - before2, 8);
      const Array alias = y;  // a handle, not a copy
      EXPECT_EQ(bytes_in_use(device2()) - before2, 8);
    }
    EXPECT_EQ(bytes_in_use(device2()), before2);
  }
  EXPECT_EQ(bytes_in_use(device1()), before1);
}

TEST(Array, CachedLargeBlocksAreNotCountedAsInUse) {
  const std::int64_t before = bytes_in_use(device1());
  for (int i = 0; i < 3; ++i) {
    const Array big = zeros({1 << 18}, {.dtype = float64, .device = device1()});  // 2 MiB
    EXPECT_EQ(bytes_in_use(device1()) - before, 2 << 20);
    EXPECT_EQ(host_values<double>(add(big, 1.0))[12345], 1.0);  // reused blocks hold fresh values
  }
  EXPECT_EQ(bytes_in_use(device1()), before);
  release_cached_memory();
  EXPECT_EQ(bytes_in_use(device1()), before);
}

// A large block comes fresh from the system or reused from the cache (dirty: another array's
// values, which zeros(), empty() and eye() must clear): either way the new array holds what was
// asked for, and a fill of -0.0 keeps its sign.
TEST(Array, LargeArraysHoldTheirValuesWhetherTheirBlockIsFreshOrReused) {
  constexpr std::int64_t n = 1 << 18;  // 2 MiB of float64: a cached block
  const auto all_equal = [](const Array& x, double value) {
    const std::vector<double> values = host_values<double>(x);
    return std::all_of(values.begin(), values.end(), [&](double v) {
      return v == value && std::signbit(v) == std::signbit(value);
    });
  };
  for (const bool fresh : {true, false}) {
    release_cached_memory();
    if (!fresh) (void)full({n}, 7.0, {.device = device1()});  // freed into the cache, dirty
    EXPECT_TRUE(all_equal(zeros({n}, {.device = device1()}), 0.0)) << fresh;
    if (!fresh) (void)full({n}, 7.0, {.device = device1()});
    EXPECT_TRUE(all_equal(empty({n}, {.device = device1()}), 0.0)) << fresh;
    if (!fresh) (void)full({n}, 7.0, {.device = device1()});
    EXPECT_TRUE(all_equal(full({n}, -0.0, {.device = device1()}), -0.0)) << fresh;
    if (!fresh) (void)full({n}, 7.0, {.device = device1()});
    const Array identity = eye(1 << 9, std::nullopt, {.device = device1()});  // 2 MiB
    EXPECT_EQ(host_values<double>(sum(identity)), std::vector<double>{512.0}) << fresh;
  }
  release_cached_memory();
}

TEST(Array, NegativeExtentsRaise) {
  EXPECT_THROW((void)zeros({2, -1}), InvalidArgumentError);
}

TEST(Array, EmptyAndZeroDimensionalArraysExist) {
  const Array empty = zeros({0, 3});
  EXPECT_EQ(empty.size(), 0);
  EXPECT_TRUE(empty.scalars().empty());
  const Array scalar = zeros({});
  EXPECT_EQ(scalar.ndim(), 0);
  EXPECT_EQ(scalar.size(), 1);
  EXPECT_EQ(scalar.to_device(device1()).to_device(Device::cpu()).values<double>(),
            std::vector<double>{0.0});
}

}  // namespace
}  // namespace strict
