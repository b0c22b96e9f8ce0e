// The transfer guard: allow (the default), log with call sites, disallow before any data moves;
// and the call-site provider a language binding installs.
#include <gtest/gtest.h>

#include "strict/transfer.hpp"
#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::contains;
using testing::device1;
using testing::device2;

class TransferGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    reset_transfer_counts();
    clear_transfer_log();
  }
};

TEST_F(TransferGuardTest, AllowsAndCountsByDefault) {
  EXPECT_EQ(transfer_policy(), TransferPolicy::allow);
  const Array x = zeros({2});
  (void)x.to_device(device1());
  EXPECT_EQ(transfer_count(Device::cpu(), device1()), 1u);
  EXPECT_TRUE(transfer_log().empty());
}

TEST_F(TransferGuardTest, DisallowRaisesBeforeAnythingMoves) {
  const Array x = zeros({2});
  TransferGuard guard(TransferPolicy::disallow);
  try {
    (void)x.to_device(device1());
    FAIL() << "to_device() across devices ran under disallow";
  } catch (const TransferError& e) {
    EXPECT_TRUE(contains(e.what(), "to_device(): a transfer from cpu to device1"));
    EXPECT_TRUE(contains(e.what(), "transfer_guard_test.cpp:"));
    EXPECT_EQ(e.kind(), ErrorKind::transfer_disallowed);
  }
  EXPECT_THROW((void)asarray(x, {.device = device2()}), TransferError);
  EXPECT_THROW((void)astype(x, float32, {.device = device2()}), TransferError);
  EXPECT_THROW((void)from_dlpack(x, {.device = device2()}), TransferError);
  EXPECT_EQ(transfer_count(Device::cpu(), device1()), 0u);
  EXPECT_EQ(transfer_count(Device::cpu(), device2()), 0u);
  // Same-device calls are no transfer.
  EXPECT_NO_THROW((void)x.to_device(Device::cpu()));
  EXPECT_NO_THROW((void)asarray(x, {.device = Device::cpu()}));
}

TEST_F(TransferGuardTest, LogRecordsEachTransferWithItsCallSite) {
  const Array x = zeros({2}, {.device = device1()});
  {
    TransferGuard guard(TransferPolicy::log);
    (void)x.to_device(device2());
    const int line = __LINE__ - 1;
    const auto log = transfer_log();
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].operation, "to_device");
    EXPECT_EQ(log[0].source, device1());
    EXPECT_EQ(log[0].destination, device2());
    EXPECT_TRUE(contains(log[0].location.file, "transfer_guard_test.cpp"));
    EXPECT_EQ(log[0].location.line, static_cast<std::uint_least32_t>(line));
  }
  EXPECT_EQ(transfer_policy(), TransferPolicy::allow);  // the guard restored it
  (void)x.to_device(device2());
  EXPECT_EQ(transfer_log().size(), 1u);
  EXPECT_EQ(transfer_count(device1(), device2()), 2u);
}

TEST_F(TransferGuardTest, GuardsNest) {
  TransferGuard outer(TransferPolicy::disallow);
  {
    TransferGuard inner(TransferPolicy::allow);
    EXPECT_NO_THROW((void)zeros({1}).to_device(device1()));
  }
  EXPECT_THROW((void)zeros({1}).to_device(device1()), TransferError);
}

std::optional<CodeLocation> binding_location() {
  return CodeLocation("test_stats.py", 12);
}
std::optional<CodeLocation> no_location() {
  return std::nullopt;
}

TEST(CallSiteProvider, ItsAnswerReplacesTheCppLocation) {
  set_call_site_provider(binding_location);
  const Array x = zeros({2}, {.device = device1()});
  set_call_site_provider(nullptr);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "at test_stats.py:12"));
}

TEST(CallSiteProvider, NoAnswerFallsBackToTheCppLocation) {
  set_call_site_provider(no_location);
  const Array x = zeros({2});
  set_call_site_provider(nullptr);
  EXPECT_TRUE(contains(x.provenance().describe(x.device()), "transfer_guard_test.cpp:"));
}

}  // namespace
}  // namespace strict
