// Creation under the default device: the global default, DefaultDeviceGuard and its nesting, and
// the precedence explicit device= > input arrays > scoped default > global default.
#include <complex>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using strict::testing::contains;
using strict::testing::cpu;
using strict::testing::device1;
using strict::testing::device2;

// Every test leaves the process-wide default as it found it, even when an expectation fails.
class DefaultDevice : public ::testing::Test {
 protected:
  void TearDown() override { set_global_default_device(cpu()); }
};

// Every creation function without input arrays, called with device=None.
std::vector<Array> created_without_device() {
  return {empty(2),          zeros(2), ones(2),         full(2, 1.5), arange(3),
          linspace(0, 1, 3), eye(2),   asarray({1, 2}), asarray(2.5)};
}

TEST_F(DefaultDevice, GuardPlacesEveryCreationFunctionOnItsDevice) {
  const DefaultDeviceGuard guard(device1());
  for (const Array& x : created_without_device()) {
    EXPECT_EQ(x.device(), device1()) << x.provenance().describe(x.device());
    EXPECT_THROW(x.scalars(), HostAccessError);
  }
}

TEST_F(DefaultDevice, GuardProvenanceNamesTheScopedDefault) {
  const DefaultDeviceGuard guard(device1());
  const Array x = zeros(3);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()),
                       "zeros() with device=None -> scoped default device device1 "
                       "(DefaultDeviceGuard)"));
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "default_device_test.cpp"));
}

TEST_F(DefaultDevice, GuardUsesTheDefaultDtypesOfItsDevice) {
  const DefaultDeviceGuard guard(device2());
  EXPECT_EQ(zeros(2).dtype(), float32);
  EXPECT_EQ(full(2, std::complex<double>(1, 1)).dtype(), complex64);
  EXPECT_EQ(arange(2).dtype(), int64);
  EXPECT_EQ(asarray({1.5}).dtype(), float32);
  EXPECT_EQ(linspace(0, 1, 2).dtype(), float32);
  EXPECT_EQ(eye(2).dtype(), float32);
}

TEST_F(DefaultDevice, GuardsNestAndRestore) {
  {
    const DefaultDeviceGuard outer(device1());
    EXPECT_EQ(zeros(1).device(), device1());
    {
      const DefaultDeviceGuard inner(device2());
      EXPECT_EQ(zeros(1).device(), device2());
    }
    EXPECT_EQ(zeros(1).device(), device1());
  }
  EXPECT_EQ(zeros(1).device(), cpu());
  EXPECT_FALSE(scoped_default_device().has_value());
}

TEST_F(DefaultDevice, ExplicitDeviceBeatsTheGuard) {
  const DefaultDeviceGuard guard(device2());
  const Array x = zeros(3, {.device = cpu()});
  EXPECT_EQ(x.device(), cpu());
  EXPECT_EQ(x.dtype(), float64);  // cpu's default, not device2's
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "zeros() with device=cpu"));
  EXPECT_EQ(asarray({1.5}, {.device = device1()}).device(), device1());
  EXPECT_EQ(arange(3, {.device = cpu()}).device(), cpu());
}

TEST_F(DefaultDevice, InputArraysBeatTheGuard) {
  const Array x = ones({2, 2}, {.device = device1()});
  const Array v = arange(2, {.device = device1()});
  const DefaultDeviceGuard guard(device2());
  EXPECT_EQ(zeros_like(x).device(), device1());
  EXPECT_EQ(empty_like(x).device(), device1());
  EXPECT_EQ(ones_like(x).device(), device1());
  EXPECT_EQ(full_like(x, 3.0).device(), device1());
  EXPECT_EQ(asarray(x).device(), device1());
  EXPECT_EQ(asarray(x, {.dtype = float32}).device(), device1());
  EXPECT_EQ(tril(x).device(), device1());
  EXPECT_EQ(triu(x).device(), device1());
  EXPECT_EQ(astype(x, float32).device(), device1());
  EXPECT_EQ(from_dlpack(x).device(), device1());
  for (const Array& grid : meshgrid({v, v}))
    EXPECT_EQ(grid.device(), device1());
}

TEST_F(DefaultDevice, GlobalDefaultPlacesCreationAndUsesItsDtypes) {
  set_global_default_device(device2());
  const Array x = zeros(3);
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.dtype(), float32);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()),
                       "zeros() with device=None -> global default device device2"));
  for (const Array& y : created_without_device())
    EXPECT_EQ(y.device(), device2());
}

TEST_F(DefaultDevice, GuardBeatsTheGlobalDefault) {
  set_global_default_device(device2());
  {
    const DefaultDeviceGuard guard(device1());
    EXPECT_EQ(ones(1).device(), device1());
  }
  EXPECT_EQ(ones(1).device(), device2());
}

}  // namespace
}  // namespace strict
