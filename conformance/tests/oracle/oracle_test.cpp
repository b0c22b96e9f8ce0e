// The oracle, written from the spec's sentences (quoted per test), with hand-built outcomes:
// no implementation is involved.
#include <gtest/gtest.h>

#include "conformance/oracle.hpp"

namespace conformance {
namespace {

StepOutcome ok_on(int device, std::string dtype = "float64") {
  StepOutcome outcome;
  outcome.status = StepStatus::ok;
  outcome.arrays.push_back({.device = device,
                            .device_repr = "d" + std::to_string(device),
                            .dtype = std::move(dtype),
                            .shape = {2},
                            .values = std::vector<double>{1, 2}});
  return outcome;
}

StepOutcome raised_with(std::string type) {
  StepOutcome outcome;
  outcome.status = StepStatus::raised;
  outcome.exception_type = std::move(type);
  outcome.message = "boom";
  return outcome;
}

Step tested_step(std::string op, std::vector<Value> args, std::vector<Keyword> kwargs = {}) {
  return Step{.op = std::move(op),
              .args = std::move(args),
              .kwargs = std::move(kwargs),
              .under_test = true};
}

Step input(int device) {
  return tested_step("asarray", {Data{{1, 2}, {2}}}, {{"device", DeviceIndex{device}}});
}

const std::vector<std::string> kDevices = {"cpu", "device1", "device2"};

// "Respect explicit device assignment (i.e. if the input to the device= keyword is not None,
// guarantee that the array is created on the given device, and raise an exception otherwise)."
TEST(Oracle, ExplicitDeviceKeywordNamesTheResultDevice) {
  const Program program{{tested_step("zeros", {IntTuple{{2}}}, {{"device", DeviceIndex{2}}})}};
  const auto expectation = expect(program, 0, {}, 0);
  EXPECT_EQ(expectation.kind, ExpectKind::on_device);
  EXPECT_EQ(expectation.device, 2);
  EXPECT_EQ(expectation.level, Level::should);
  EXPECT_NE(expectation.citation.find("Respect explicit device assignment"), std::string::npos);
}

TEST(Oracle, AnInvalidDeviceMustRaise) {
  const Program program{{tested_step("ones", {IntTuple{{2}}}, {{"device", InvalidDevice{}}})}};
  EXPECT_EQ(expect(program, 0, {}, 0).kind, ExpectKind::raises);
}

// "Use a default for device=None which is consistent between functions within the same library."
TEST(Oracle, CreationWithoutDeviceUsesTheDefaultDevice) {
  const Program program{{tested_step("arange", {std::int64_t{3}})}};
  const auto expectation = expect(program, 0, {}, 1);
  EXPECT_EQ(expectation.kind, ExpectKind::on_device);
  EXPECT_EQ(expectation.device, 1);
}

// 2025.12 lets default_device() be None: then no placement can be demanded.
TEST(Oracle, NoDefaultDeviceMeansEitherOutcome) {
  const Program program{{tested_step("ones", {IntTuple{{1}}})}};
  EXPECT_EQ(expect(program, 0, {}, std::nullopt).kind, ExpectKind::either);
}

TEST(Oracle, SettingTheDefaultDeviceMovesCreation) {
  const Program program{{tested_step("harness.set_default_device", {DeviceIndex{2}}),
                         tested_step("zeros", {IntTuple{{2}}})}};
  StepOutcome set;
  set.status = StepStatus::ok;
  EXPECT_EQ(expect(program, 1, {set}, 0).device, 2);
  // A failed setter changes nothing.
  EXPECT_EQ(expect(program, 1, {raised_with("ValueError")}, 0).device, 0);
}

// asarray: "If device is None and obj is an array, the output array device must be inferred
// from obj."
TEST(Oracle, AsarrayOfAnArrayKeepsItsDevice) {
  const Program program{{input(1), tested_step("asarray", {StepRef{0, 0}})}};
  const auto expectation = expect(program, 1, {ok_on(1)}, 0);
  EXPECT_EQ(expectation.kind, ExpectKind::on_device);
  EXPECT_EQ(expectation.device, 1);
  EXPECT_EQ(expectation.level, Level::must);
}

// The oracle judges each step by where its inputs actually are, not where they were asked for.
TEST(Oracle, JudgesAgainstWhereInputsActuallyLanded) {
  const Program program{{input(1), tested_step("zeros_like", {StepRef{0, 0}})}};
  EXPECT_EQ(expect(program, 1, {ok_on(2)}, 0).device, 2);
}

TEST(Oracle, LikeWithDeviceKeywordGoesThere) {
  const Program program{
      {input(1), tested_step("ones_like", {StepRef{0, 0}}, {{"device", DeviceIndex{0}}})}};
  EXPECT_EQ(expect(program, 1, {ok_on(1)}, 2).device, 0);
}

// "Preserve device assignment as much as possible (e.g. output arrays from a function are
// expected to be on the same device as input arrays to the function)."
TEST(Oracle, UnaryResultsStayOnTheInputDevice) {
  const Program program{{input(2), tested_step("sin", {StepRef{0, 0}})}};
  EXPECT_EQ(expect(program, 1, {ok_on(2)}, 0).device, 2);
}

// The 2025.12 precedence: inputs beat a default device set by the user.
TEST(Oracle, InputsBeatASetDefaultDevice) {
  const Program program{{tested_step("harness.set_default_device", {DeviceIndex{0}}), input(1),
                         tested_step("sum", {StepRef{1, 0}})}};
  StepOutcome set;
  set.status = StepStatus::ok;
  EXPECT_EQ(expect(program, 2, {set, ok_on(1)}, 2).device, 1);
}

// "Raise an exception if an operation involves arrays on different devices."
TEST(Oracle, MixedDevicesMustRaise) {
  const Program program{{input(0), input(1), tested_step("add", {StepRef{0, 0}, StepRef{1, 0}})}};
  const auto expectation = expect(program, 2, {ok_on(0), ok_on(1)}, 0);
  EXPECT_EQ(expectation.kind, ExpectKind::raises);
  EXPECT_TRUE(expectation.exceptions.empty());  // the spec names no exception type
}

TEST(Oracle, PythonScalarsDoNotCountAsDevices) {
  const Program program{{input(1), tested_step("multiply", {StepRef{0, 0}, 2.0})}};
  EXPECT_EQ(expect(program, 1, {ok_on(1)}, 0).device, 1);
}

TEST(Oracle, SequenceArgumentsAreInputsToo) {
  const Program program{
      {input(1), input(2), tested_step("concat", {RefList{{StepRef{0, 0}, StepRef{1, 0}}}})}};
  EXPECT_EQ(expect(program, 2, {ok_on(1), ok_on(2)}, 0).kind, ExpectKind::raises);
  EXPECT_EQ(expect(program, 2, {ok_on(2), ok_on(2)}, 0).device, 2);
}

TEST(Oracle, InPlaceOperatorsFollowTheirBinaryOperator) {
  const Program program{
      {input(0), input(1), tested_step("array.__iadd__", {StepRef{0, 0}, StepRef{1, 0}})}};
  EXPECT_EQ(expect(program, 2, {ok_on(0), ok_on(1)}, 0).kind, ExpectKind::raises);
}

// to_device: "Copy the array from the device on which it currently resides to the specified
// device."
TEST(Oracle, ToDeviceLandsOnItsTarget) {
  const Program program{
      {input(0), tested_step("array.to_device", {StepRef{0, 0}, DeviceIndex{2}})}};
  const auto expectation = expect(program, 1, {ok_on(0)}, 0);
  EXPECT_EQ(expectation.device, 2);
  EXPECT_EQ(expectation.level, Level::must);
}

TEST(Oracle, ToDeviceWithAStreamIsImplementationDefined) {
  const Program program{{input(0), tested_step("array.to_device", {StepRef{0, 0}, DeviceIndex{2}},
                                               {{"stream", std::int64_t{1}}})}};
  EXPECT_EQ(expect(program, 1, {ok_on(0)}, 0).kind, ExpectKind::either);
}

// from_dlpack: "If device is None and x supports DLPack, the output array must be on the same
// device as x"; copy=False across devices: BufferError (copy paragraph) or ValueError (Raises).
TEST(Oracle, FromDlpackKeepsTheDeviceAndRefusesCrossDeviceNoCopy) {
  const Program keep{{input(1), tested_step("from_dlpack", {StepRef{0, 0}})}};
  EXPECT_EQ(expect(keep, 1, {ok_on(1)}, 0).device, 1);
  const Program no_copy{{input(1), tested_step("from_dlpack", {StepRef{0, 0}},
                                               {{"device", DeviceIndex{0}}, {"copy", false}})}};
  const auto expectation = expect(no_copy, 1, {ok_on(1)}, 0);
  EXPECT_EQ(expectation.kind, ExpectKind::raises);
  EXPECT_EQ(expectation.exceptions, (std::vector<std::string>{"BufferError", "ValueError"}));
  // The same device needs no copy: no raise demanded.
  const Program same{{input(1), tested_step("from_dlpack", {StepRef{0, 0}},
                                            {{"device", DeviceIndex{1}}, {"copy", false}})}};
  EXPECT_EQ(expect(same, 1, {ok_on(1)}, 0).kind, ExpectKind::on_device);
}

// astype(copy=False) with a matching dtype and another device: the text is silent.
TEST(Oracle, AstypeCopyFalseAcrossDevicesIsImplementationDefined) {
  const Program program{{input(1), tested_step("astype", {StepRef{0, 0}, DTypeName{"float64"}},
                                               {{"device", DeviceIndex{0}}, {"copy", false}})}};
  EXPECT_EQ(expect(program, 1, {ok_on(1)}, 0).kind, ExpectKind::either);
}

TEST(Oracle, InspectionAndHarnessStepsHaveNoDeviceRule) {
  const Program program{
      {tested_step("info.devices", {}), tested_step("harness.observe", {StepRef{0, 0}})}};
  EXPECT_EQ(expect(program, 0, {}, 0).kind, ExpectKind::no_array);
}

TEST(Oracle, AStepReadingAMissingResultIsNotJudged) {
  const Program program{{input(0), tested_step("sin", {StepRef{0, 0}})}};
  EXPECT_EQ(expect(program, 1, {raised_with("ValueError")}, 0).kind, ExpectKind::no_array);
}

TEST(Judge, OnDevice) {
  Expectation on{.kind = ExpectKind::on_device, .device = 1};
  EXPECT_EQ(judge(on, ok_on(1), kDevices).verdict, Verdict::pass);
  const auto wrong = judge(on, ok_on(0), kDevices);
  EXPECT_EQ(wrong.verdict, Verdict::fail);
  EXPECT_EQ(wrong.expected, "a result on devices[1] (device1)");
  EXPECT_EQ(wrong.actual, "a result on devices[0] (cpu)");
  EXPECT_EQ(judge(on, raised_with("ValueError"), kDevices).verdict, Verdict::raised);
  EXPECT_EQ(judge(on, ok_on(kUnlistedDevice), kDevices).verdict, Verdict::fail);
}

TEST(Judge, Raises) {
  Expectation any{.kind = ExpectKind::raises};
  EXPECT_EQ(judge(any, raised_with("RuntimeError"), kDevices).verdict, Verdict::pass);
  EXPECT_EQ(judge(any, ok_on(0), kDevices).verdict, Verdict::fail);
  Expectation typed{.kind = ExpectKind::raises, .exceptions = {"BufferError", "ValueError"}};
  EXPECT_EQ(judge(typed, raised_with("ValueError"), kDevices).verdict, Verdict::pass);
  EXPECT_EQ(judge(typed, raised_with("TypeError"), kDevices).verdict, Verdict::fail);
}

TEST(Judge, EitherAndUnsupported) {
  Expectation either{.kind = ExpectKind::either};
  EXPECT_EQ(judge(either, raised_with("ValueError"), kDevices).verdict, Verdict::pass);
  EXPECT_EQ(judge(either, ok_on(2), kDevices).verdict, Verdict::pass);
  StepOutcome missing;
  missing.status = StepStatus::unsupported;
  EXPECT_EQ(judge(either, missing, kDevices).verdict, Verdict::unsupported);
}

TEST(Judge, EveryResultOfAMultiOutputStepCounts) {
  Expectation on{.kind = ExpectKind::on_device, .device = 1};
  auto two = ok_on(1);
  two.arrays.push_back(ok_on(0).arrays.front());
  EXPECT_EQ(judge(on, two, kDevices).verdict, Verdict::fail);
}

}  // namespace
}  // namespace conformance
