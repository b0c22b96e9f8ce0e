// The strict adapter: its handshake, and hand-written programs whose outcomes are known.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "catalogue/catalogue.hpp"
#include "conformance/strict_adapter.hpp"
#include "program_builders.hpp"

namespace conformance {
namespace {

bool lists(const Handshake& handshake, std::string_view op) {
  const auto& operations = handshake.operations;
  return std::find(operations.begin(), operations.end(), op) != operations.end();
}

using testing::array_on;
using testing::step;

ProgramOutcome run(std::vector<Step> steps) {
  return make_strict_adapter()->run(Program{.steps = std::move(steps)});
}

class StrictAdapterTest : public ::testing::Test {
 protected:
  std::unique_ptr<Adapter> adapter = make_strict_adapter();
};

TEST_F(StrictAdapterTest, HandshakeDescribesStrictsDevices) {
  const Handshake& handshake = adapter->handshake();
  EXPECT_EQ(handshake.implementation, "strict");
  EXPECT_EQ(handshake.library, "strict");
  EXPECT_EQ(handshake.library_version, "0.1.0");
  EXPECT_EQ(handshake.spec_version, "2025.12");
  ASSERT_EQ(handshake.devices.size(), 3u);
  EXPECT_EQ(handshake.devices[0].repr, "cpu");
  EXPECT_EQ(handshake.devices[1].repr, "device1");
  EXPECT_EQ(handshake.devices[2].repr, "device2");
  EXPECT_EQ(handshake.default_device, 0);
  EXPECT_EQ(handshake.devices[0].default_float_dtype, "float64");
  EXPECT_EQ(handshake.devices[2].default_float_dtype, "float32");
  EXPECT_EQ(handshake.devices[2].default_integer_dtype, "int64");
  EXPECT_EQ(handshake.devices[0].dtypes.size(), 13u);
  EXPECT_NE(
      std::find(handshake.devices[2].dtypes.begin(), handshake.devices[2].dtypes.end(), "float64"),
      handshake.devices[2].dtypes.end());
}

TEST_F(StrictAdapterTest, HandshakeClaimsEveryFeature) {
  const Features& features = adapter->handshake().features;
  EXPECT_TRUE(features.device_attribute);
  EXPECT_TRUE(features.to_device);
  EXPECT_TRUE(features.namespace_info);
  EXPECT_TRUE(features.set_default_device);
  EXPECT_TRUE(features.dlpack);
}

TEST_F(StrictAdapterTest, HandshakeListsWhatStrictHasAndNothingElse) {
  const Handshake& handshake = adapter->handshake();
  for (std::string_view op : {"add",
                              "zeros",
                              "asarray",
                              "astype",
                              "where",
                              "sum",
                              "cumulative_sum",
                              "matmul",
                              "concat",
                              "stack",
                              "reshape",
                              "from_dlpack",
                              "meshgrid",
                              "info.devices",
                              "info.default_dtypes",
                              "array.__add__",
                              "array.__ge__",
                              "array.__neg__",
                              "array.to_device",
                              "array.device",
                              "array.__dlpack_device__",
                              "array.__iadd__",
                              "array.__irshift__",
                              "array.__ipow__",
                              "array.__ifloordiv__",
                              "array.__imatmul__",
                              "array.__pow__",
                              "array.__matmul__",
                              "sort",
                              "linalg.solve",
                              "fft.fft",
                              "isdtype",
                              "array.__getitem__",
                              "array.T"}) {
    EXPECT_TRUE(lists(handshake, op)) << op;
  }
  // The constructor and the harness's own steps.
  for (std::string_view op : {"array.__init__", "harness.observe"}) {
    EXPECT_FALSE(lists(handshake, op)) << op;
  }
  for (const std::string& op : handshake.operations) {
    const bool in_place = op.starts_with("array.__i") && op != "array.__invert__";
    EXPECT_TRUE(in_place || catalogue::find_operation(op) != nullptr) << op;
  }
}

TEST(StrictAdapter, RefusesFaultsItDoesNotHave) {
  EXPECT_THROW(make_strict_adapter({.fault = "no-such-fault"}), std::invalid_argument);
}

TEST(StrictAdapter, ResultOfAddStaysOnItsInputsDevice) {
  const ProgramOutcome outcome =
      run({array_on(1, {1, 2}), array_on(1, {10, 20}), step("add", {StepRef{0}, StepRef{1}})});
  ASSERT_EQ(outcome.status, RunStatus::completed);
  ASSERT_EQ(outcome.steps.size(), 3u);
  const StepOutcome& added = outcome.steps[2];
  ASSERT_EQ(added.status, StepStatus::ok) << added.message;
  ASSERT_EQ(added.arrays.size(), 1u);
  EXPECT_EQ(added.arrays[0].device, 1);
  EXPECT_EQ(added.arrays[0].device_repr, "device1");
  EXPECT_EQ(added.arrays[0].dtype, "float64");
  EXPECT_EQ(added.arrays[0].shape, (std::vector<std::int64_t>{2}));
  EXPECT_EQ(added.arrays[0].values, (std::vector<double>{11, 22}));
}

TEST(StrictAdapter, MixedDeviceAddRaisesValueError) {
  const ProgramOutcome outcome =
      run({array_on(0, {1}), array_on(1, {2}), step("add", {StepRef{0}, StepRef{1}})});
  const StepOutcome& added = outcome.steps[2];
  EXPECT_EQ(added.status, StepStatus::raised);
  EXPECT_EQ(added.exception_type, "ValueError");
  EXPECT_NE(added.message.find("device1"), std::string::npos) << added.message;
  EXPECT_TRUE(added.arrays.empty());
}

TEST(StrictAdapter, MixedInPlaceAddRaisesAndLeavesTheTargetUnchanged) {
  const ProgramOutcome outcome = run({array_on(1, {1, 2}), array_on(2, {5, 5}),
                                      step("array.__iadd__", {StepRef{0}, StepRef{1}}),
                                      step("harness.observe", {StepRef{0}})});
  EXPECT_EQ(outcome.steps[2].status, StepStatus::raised);
  EXPECT_EQ(outcome.steps[2].exception_type, "ValueError");
  const StepOutcome& observed = outcome.steps[3];
  ASSERT_EQ(observed.status, StepStatus::ok) << observed.message;
  ASSERT_EQ(observed.arrays.size(), 1u);
  EXPECT_EQ(observed.arrays[0].device, 1);
  EXPECT_EQ(observed.arrays[0].values, (std::vector<double>{1, 2}));
}

TEST(StrictAdapter, InPlaceAddChangesTheArrayLaterStepsRead) {
  const ProgramOutcome outcome =
      run({array_on(2, {1, 2}), step("array.__iadd__", {StepRef{0}, std::int64_t{3}}),
           step("harness.observe", {StepRef{0}}), step("multiply", {StepRef{0}, std::int64_t{2}})});
  ASSERT_EQ(outcome.steps[1].status, StepStatus::ok) << outcome.steps[1].message;
  EXPECT_EQ(outcome.steps[1].arrays.at(0).values, (std::vector<double>{4, 5}));
  EXPECT_EQ(outcome.steps[2].arrays.at(0).values, (std::vector<double>{4, 5}));
  EXPECT_EQ(outcome.steps[2].arrays.at(0).device, 2);
  EXPECT_EQ(outcome.steps[3].arrays.at(0).values, (std::vector<double>{8, 10}));
}

TEST(StrictAdapter, ReflectedOperatorTakesTheScalarOnTheLeft) {
  const ProgramOutcome outcome =
      run({array_on(1, {1, 2}), step("array.__sub__", {std::int64_t{10}, StepRef{0}})});
  ASSERT_EQ(outcome.steps[1].status, StepStatus::ok) << outcome.steps[1].message;
  EXPECT_EQ(outcome.steps[1].arrays.at(0).values, (std::vector<double>{9, 8}));
  EXPECT_EQ(outcome.steps[1].arrays.at(0).device, 1);
}

TEST(StrictAdapter, ToDeviceMovesTheValues) {
  const ProgramOutcome outcome =
      run({array_on(1, {3, 4}, "int32"), step("array.to_device", {StepRef{0}, DeviceIndex{2}})});
  const StepOutcome& moved = outcome.steps[1];
  ASSERT_EQ(moved.status, StepStatus::ok) << moved.message;
  EXPECT_EQ(moved.arrays.at(0).device, 2);
  EXPECT_EQ(moved.arrays.at(0).dtype, "int32");
  EXPECT_EQ(moved.arrays.at(0).values, (std::vector<double>{3, 4}));
}

TEST(StrictAdapter, ToDeviceWithAStreamReportsStrictsRefusal) {
  const ProgramOutcome outcome =
      run({array_on(0, {1}), step("array.to_device", {StepRef{0}, DeviceIndex{1}},
                                  {{.name = "stream", .value = std::int64_t{7}}})});
  EXPECT_EQ(outcome.steps[1].status, StepStatus::raised);
  EXPECT_EQ(outcome.steps[1].exception_type, "ValueError");
}

TEST(StrictAdapter, SetDefaultDeviceLastsForOneProgram) {
  auto adapter = make_strict_adapter();
  const Step zeros = step("zeros", {IntTuple{{2}}});
  const ProgramOutcome first =
      adapter->run(Program{.steps = {step("harness.set_default_device", {DeviceIndex{2}}), zeros}});
  ASSERT_EQ(first.steps[0].status, StepStatus::ok) << first.steps[0].message;
  ASSERT_EQ(first.steps[1].status, StepStatus::ok) << first.steps[1].message;
  EXPECT_EQ(first.steps[1].arrays.at(0).device, 2);
  EXPECT_EQ(first.steps[1].arrays.at(0).dtype, "float32");  // device2's default float

  const ProgramOutcome second = adapter->run(Program{.steps = {zeros}});
  ASSERT_EQ(second.steps[0].status, StepStatus::ok) << second.steps[0].message;
  EXPECT_EQ(second.steps[0].arrays.at(0).device, 0);
  EXPECT_EQ(second.steps[0].arrays.at(0).dtype, "float64");
}

TEST(StrictAdapter, UnknownOperationsAndKeywordsAreUnsupported) {
  const ProgramOutcome outcome =
      run({step("frobnicate", {}), array_on(0, {3, 1}), step("array.__init__", {StepRef{1}}),
           step("zeros", {IntTuple{{2}}}, {{.name = "order", .value = std::int64_t{0}}})});
  EXPECT_EQ(outcome.steps[0].status, StepStatus::unsupported);
  EXPECT_NE(outcome.steps[0].message.find("frobnicate"), std::string::npos);
  EXPECT_EQ(outcome.steps[2].status, StepStatus::unsupported);
  EXPECT_NE(outcome.steps[2].message.find("__init__"), std::string::npos);
  EXPECT_EQ(outcome.steps[3].status, StepStatus::unsupported);
  EXPECT_NE(outcome.steps[3].message.find("order"), std::string::npos) << outcome.steps[3].message;
}

// **=, //= and @= have no C++ operator; strict's named functions run them, in place.
TEST(StrictAdapter, InPlaceFormsCxxCannotSpellWriteIntoTheTarget) {
  const ProgramOutcome outcome =
      run({array_on(1, {3, -7}), step("array.__ipow__", {StepRef{0}, std::int64_t{2}}),
           step("array.__ifloordiv__", {StepRef{0}, std::int64_t{4}}),
           step("harness.observe", {StepRef{0}})});
  for (std::size_t i = 1; i < 4; ++i)
    ASSERT_EQ(outcome.steps[i].status, StepStatus::ok) << i << ": " << outcome.steps[i].message;
  // [3, -7] ** 2 = [9, 49]; // 4 = [2, 12]; the target stays on devices[1].
  EXPECT_EQ(outcome.steps[3].arrays.at(0).values, (std::vector<double>{2, 12}));
  EXPECT_EQ(outcome.steps[3].arrays.at(0).device, 1);
  const ProgramOutcome matmul = run(
      {step("asarray", {Data{.values = {1, 2, 3, 4}, .shape = {2, 2}}}),
       step("asarray", {Data{.values = {0, 1, 1, 0}, .shape = {2, 2}}}),
       step("array.__imatmul__", {StepRef{0}, StepRef{1}}), step("harness.observe", {StepRef{0}})});
  ASSERT_EQ(matmul.steps[2].status, StepStatus::ok) << matmul.steps[2].message;
  // [[1, 2], [3, 4]] @ [[0, 1], [1, 0]] = [[2, 1], [4, 3]].
  EXPECT_EQ(matmul.steps[3].arrays.at(0).values, (std::vector<double>{2, 1, 4, 3}));
}

TEST(StrictAdapter, InvalidDeviceRaisesValueError) {
  const ProgramOutcome outcome =
      run({step("zeros", {IntTuple{{2}}}, {{.name = "device", .value = InvalidDevice{}}}),
           step("harness.set_default_device", {InvalidDevice{}})});
  for (const StepOutcome& raised : outcome.steps) {
    EXPECT_EQ(raised.status, StepStatus::raised);
    EXPECT_EQ(raised.exception_type, "ValueError");
    EXPECT_NE(raised.message.find("not-a-device"), std::string::npos) << raised.message;
  }
}

TEST(StrictAdapter, StepsReadingAMissingResultDoNotRun) {
  const ProgramOutcome outcome =
      run({array_on(0, {1}), array_on(1, {1}), step("add", {StepRef{0}, StepRef{1}}),
           step("negative", {StepRef{2}}), step("negative", {StepRef{7}})});
  EXPECT_EQ(outcome.steps[2].status, StepStatus::raised);
  EXPECT_EQ(outcome.steps[3].status, StepStatus::not_run);
  EXPECT_EQ(outcome.steps[4].status, StepStatus::not_run);
}

TEST(StrictAdapter, KeywordAndPositionalFormsAgree) {
  const ProgramOutcome outcome =
      run({step("full", {IntTuple{{2}}, 1.5}, {{.name = "device", .value = DeviceIndex{1}}}),
           step("full", {},
                {{.name = "shape", .value = IntTuple{{2}}},
                 {.name = "fill_value", .value = 1.5},
                 {.name = "device", .value = DeviceIndex{1}}})});
  ASSERT_EQ(outcome.steps[0].status, StepStatus::ok) << outcome.steps[0].message;
  EXPECT_EQ(outcome.steps[0].arrays, outcome.steps[1].arrays);
  EXPECT_EQ(outcome.steps[0].arrays.at(0).device, 1);
}

TEST(StrictAdapter, InspectionAndAttributesReportValues) {
  const ProgramOutcome outcome =
      run({step("info.devices", {}), step("info.default_device", {}),
           step("info.default_dtypes", {}, {{.name = "device", .value = DeviceIndex{2}}}),
           step("info.dtypes", {}, {{.name = "kind", .value = DTypeName{"real floating"}}}),
           array_on(1, {1, 2}), step("array.__dlpack_device__", {StepRef{4}}),
           step("array.device", {StepRef{4}}), step("array.shape", {StepRef{4}}), array_on(1, {0}),
           step("harness.compare_devices", {StepRef{4}, StepRef{8}})});
  for (const StepOutcome& s : outcome.steps)
    EXPECT_EQ(s.status, StepStatus::ok) << s.message;
  EXPECT_EQ(outcome.steps[0].value, nlohmann::json({0, 1, 2}));
  EXPECT_EQ(outcome.steps[1].value, 0);
  EXPECT_EQ(outcome.steps[2].value.at("real floating"), "float32");
  EXPECT_EQ(outcome.steps[3].value, nlohmann::json({"float32", "float64"}));
  EXPECT_EQ(outcome.steps[5].value, nlohmann::json({9, 0}));  // (kDLVPI, 0) for device1
  EXPECT_EQ(outcome.steps[6].value, 1);
  EXPECT_EQ(outcome.steps[7].value, nlohmann::json({2}));
  EXPECT_EQ(
      outcome.steps[9].value,
      nlohmann::json({{"eq", true}, {"eq_swapped", true}, {"ne", false}, {"hash_equal", true}}));
}

TEST(StrictAdapter, SeveralResultsAreReportedAndReferencedByOutput) {
  const ProgramOutcome outcome =
      run({array_on(2, {1, 2}), array_on(2, {1, 2, 3}), step("meshgrid", {RefList{{{0}, {1}}}}),
           step("sum", {StepRef{2, 1}})});
  ASSERT_EQ(outcome.steps[2].status, StepStatus::ok) << outcome.steps[2].message;
  ASSERT_EQ(outcome.steps[2].arrays.size(), 2u);
  EXPECT_EQ(outcome.steps[2].arrays[1].shape, (std::vector<std::int64_t>{3, 2}));
  ASSERT_EQ(outcome.steps[3].status, StepStatus::ok) << outcome.steps[3].message;
  EXPECT_EQ(outcome.steps[3].arrays.at(0).values, (std::vector<double>{12}));
  EXPECT_EQ(outcome.steps[3].arrays.at(0).device, 2);
}

}  // namespace
}  // namespace conformance
