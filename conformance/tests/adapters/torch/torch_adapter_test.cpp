// The torch adapter against facts of libtorch 1.13 measured with small C++ programs (its row is
// kept in reports/debian12-libtorch/README.md): what mixing cpu and meta does, what meta cannot
// do, and how the adapter reports it. Skipped, saying why, in a build without the plugin (no
// libtorch found, or -DADC_WITH_TORCH=OFF).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "conformance/torch_adapter.hpp"
#include "program_builders.hpp"
#include "torch_plugin_available.hpp"

namespace {

using namespace conformance;
using conformance::testing::array_on;
using conformance::testing::step;
using conformance::testing::zeros_on;
using ::testing::HasSubstr;

constexpr int kCpu = 0;
constexpr int kMeta = 1;

class TorchAdapter : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    ADC_REQUIRE_TORCH_PLUGIN_OR_SKIP();
    adapter_ = make_torch_adapter({.isolate = GetParam(), .timeout_ms = 20000});
  }

  // The outcome of the program's last step, which must have completed.
  StepOutcome last_step(const Program& program) {
    const ProgramOutcome outcome = adapter_->run(program);
    EXPECT_EQ(outcome.status, RunStatus::completed) << outcome.detail;
    return outcome.steps.empty() ? StepOutcome{} : outcome.steps.back();
  }

  // A two-input operation on arrays of the given shapes, the first on `first`, the second on
  // `second`.
  StepOutcome mixed(const std::string& op, int first, std::vector<std::int64_t> first_shape,
                    int second, std::vector<std::int64_t> second_shape) {
    return last_step({.steps = {zeros_on(first, std::move(first_shape)),
                                zeros_on(second, std::move(second_shape)),
                                step(op, {StepRef{0, 0}, StepRef{1, 0}})}});
  }

  StepOutcome joined(const std::string& op, int first, int second) {
    return last_step({.steps = {zeros_on(first, {2}), zeros_on(second, {2}),
                                step(op, {RefList{{StepRef{0, 0}, StepRef{1, 0}}}})}});
  }

  std::unique_ptr<Adapter> adapter_;
};

void expect_on(const StepOutcome& outcome, int device) {
  ASSERT_EQ(outcome.status, StepStatus::ok) << outcome.exception_type << ": " << outcome.message;
  ASSERT_EQ(outcome.arrays.size(), 1u);
  EXPECT_EQ(outcome.arrays[0].device, device) << outcome.arrays[0].device_repr;
}

void expect_device_error(const StepOutcome& outcome) {
  EXPECT_EQ(outcome.status, StepStatus::raised);
  EXPECT_EQ(outcome.exception_type, "RuntimeError");
  EXPECT_THAT(outcome.message, HasSubstr("Expected all tensors to be on the same device"));
}

TEST_P(TorchAdapter, HandshakeListsCpuAndMetaWithCpuTheDefault) {
  const Handshake& handshake = adapter_->handshake();
  EXPECT_EQ(handshake.library, "torch");
  EXPECT_EQ(handshake.implementation, GetParam() ? "torch" : "torch:no-fork");
  ASSERT_EQ(handshake.devices.size(), 2u);
  EXPECT_EQ(handshake.devices[kCpu].repr, "cpu");
  EXPECT_EQ(handshake.devices[kMeta].repr, "meta");
  EXPECT_EQ(handshake.default_device, kCpu);
  EXPECT_EQ(handshake.devices[kCpu].default_float_dtype, "float32");
  EXPECT_FALSE(handshake.features.namespace_info);  // C++ has no __array_namespace_info__
}

TEST_P(TorchAdapter, MixedCpuAndMetaElementwiseRaises) {
  expect_device_error(mixed("add", kCpu, {2}, kMeta, {2}));
  expect_device_error(mixed("add", kMeta, {2}, kCpu, {2}));
  expect_device_error(mixed("maximum", kCpu, {2}, kMeta, {2}));
  expect_device_error(mixed("array.__iadd__", kCpu, {2}, kMeta, {2}));
  expect_device_error(mixed("equal", kMeta, {2}, kCpu, {2}));
}

TEST_P(TorchAdapter, AOneElementCpuArrayIsNotExempt) {
  expect_device_error(mixed("add", kCpu, {1}, kMeta, {2}));
}

TEST_P(TorchAdapter, ZeroDimensionalCpuTensorMixesWithMeta) {
  // TensorIterator's CPU-scalar exception: the result is on meta.
  expect_on(mixed("add", kCpu, {}, kMeta, {2, 3}), kMeta);
  expect_on(mixed("add", kMeta, {2, 3}, kCpu, {}), kMeta);
  expect_on(mixed("multiply", kMeta, {2}, kCpu, {}), kMeta);
  // A 0-d meta tensor gets no such exemption.
  expect_device_error(mixed("add", kMeta, {}, kCpu, {2, 3}));
}

TEST_P(TorchAdapter, MatmulOfCpuAndMetaIsSilentlyMeta) {
  expect_on(mixed("matmul", kCpu, {2, 2}, kMeta, {2, 2}), kMeta);
  expect_on(mixed("matmul", kMeta, {2, 2}, kCpu, {2, 2}), kMeta);
  expect_on(mixed("matmul", kCpu, {3, 2, 2}, kMeta, {2, 2}), kMeta);
}

TEST_P(TorchAdapter, ConcatAndStackOfCpuAndMetaAreSilentlyMeta) {
  expect_on(joined("concat", kCpu, kMeta), kMeta);
  expect_on(joined("stack", kMeta, kCpu), kMeta);
}

TEST_P(TorchAdapter, MetaToCpuIsUnsupportedWithTorchsReason) {
  const StepOutcome outcome =
      last_step({.steps = {zeros_on(kMeta, {2}),
                           step("array.to_device", {StepRef{0, 0}, DeviceIndex{kCpu}})}});
  EXPECT_EQ(outcome.status, StepStatus::unsupported);
  EXPECT_THAT(outcome.message, HasSubstr("Cannot copy out of meta tensor"));
}

TEST_P(TorchAdapter, CpuToMetaLandsOnMetaWithoutValues) {
  const ProgramOutcome outcome =
      adapter_->run({.steps = {array_on(kCpu, {1, 2}),
                               step("array.to_device", {StepRef{0, 0}, DeviceIndex{kMeta}})}});
  ASSERT_EQ(outcome.steps.size(), 2u);
  ASSERT_EQ(outcome.steps[0].arrays.size(), 1u);
  EXPECT_EQ(outcome.steps[0].arrays[0].values, (std::vector<double>{1, 2}));
  expect_on(outcome.steps[1], kMeta);
  EXPECT_EQ(outcome.steps[1].arrays[0].values, std::nullopt);  // meta tensors hold no data
  EXPECT_EQ(outcome.steps[1].arrays[0].dtype, "float64");
}

TEST_P(TorchAdapter, ExplicitDeviceIsRespectedAndAnUnknownOneRaises) {
  expect_on(last_step({.steps = {zeros_on(kMeta, {2})}}), kMeta);
  const StepOutcome invalid = last_step(
      {.steps = {step("zeros", {IntTuple{{2}}}, {{.name = "device", .value = InvalidDevice{}}})}});
  EXPECT_EQ(invalid.status, StepStatus::raised);
}

TEST_P(TorchAdapter, OperationsTheAdapterDoesNotMapAreUnsupported) {
  const StepOutcome outcome = last_step({.steps = {step("info.devices", {})}});
  EXPECT_EQ(outcome.status, StepStatus::unsupported);
  EXPECT_THAT(outcome.message, HasSubstr("maps no info.devices"));
}

INSTANTIATE_TEST_SUITE_P(ForkedAndInProcess, TorchAdapter, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "forked" : "in_process"; });

}  // namespace
