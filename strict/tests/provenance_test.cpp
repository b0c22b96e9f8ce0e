// Provenance: where an array's device was chosen, and how mixed-device errors report it.
#include <gtest/gtest.h>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;

TEST(Provenance, CreationRecordsTheRuleAndTheCallersLine) {
  const Array x = zeros({2});
  const int line = __LINE__ - 1;
  EXPECT_EQ(x.provenance().operation, "zeros");
  EXPECT_EQ(x.provenance().rule, PlacementRule::global_default);
  const std::string text = x.provenance().describe(x.device());
  EXPECT_TRUE(contains(text, "zeros() with device=None -> global default device cpu"));
  EXPECT_TRUE(contains(text, fmt::format("provenance_test.cpp:{}", line)));
}

TEST(Provenance, ExplicitDeviceIsRecorded) {
  const Array x = zeros({2}, {.device = device1()});
  EXPECT_EQ(x.provenance().rule, PlacementRule::explicit_argument);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "zeros() with device=device1"));
}

TEST(Provenance, PropagationKeepsTheOrigin) {
  const Array x = zeros({2}, {.device = device2()});
  const Array y = sin(add(x, 1.0));
  EXPECT_EQ(y.provenance().operation, "sin");
  EXPECT_EQ(y.provenance().rule, PlacementRule::input_arrays);
  EXPECT_EQ(y.provenance().origin.operation, "zeros");
  const std::string text = y.provenance().describe(y.device());
  EXPECT_TRUE(contains(text, "sin() kept its input's device device2"));
  EXPECT_TRUE(contains(text, "zeros() with device=device2"));
}

TEST(Provenance, TransferIsAnOrigin) {
  const Array x = zeros({2}).to_device(device1());
  EXPECT_EQ(x.provenance().rule, PlacementRule::transfer);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "to_device() to device1"));
}

TEST(Provenance, MixedDeviceErrorNamesFunctionDevicesAndBothOrigins) {
  const Array a = zeros({2}, {.device = device1()});
  const Array b = zeros({2});
  try {
    add(a, b);
    FAIL() << "mixed-device add did not raise";
  } catch (const DeviceMismatchError& e) {
    const std::string text = e.what();
    EXPECT_TRUE(contains(text, "add()"));
    EXPECT_TRUE(contains(text, "x1 is on device1"));
    EXPECT_TRUE(contains(text, "x2 is on cpu"));
    EXPECT_TRUE(contains(text, "zeros() with device=device1"));
    EXPECT_TRUE(contains(text, "zeros() with device=None -> global default device cpu"));
    EXPECT_EQ(e.kind(), ErrorKind::device_mismatch);
    EXPECT_EQ(python_exception_name(e.kind()), "ValueError");
  }
}

TEST(Provenance, ScopedDefaultIsRecorded) {
  const DefaultDeviceGuard guard(device2());
  const Array x = zeros({1});
  EXPECT_EQ(x.device(), device2());
  EXPECT_EQ(x.provenance().rule, PlacementRule::scoped_default);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "scoped default device device2"));
}

}  // namespace
}  // namespace strict
