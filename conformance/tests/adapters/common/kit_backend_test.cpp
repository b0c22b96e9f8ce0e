// The in-process adapter kit's own backend: "toy", a fake library of arrays that know their
// device, written as a third C++ backend would be: a description (ToyBackend), a table of how to
// run and spell each operation, and a dialect for reproductions. The kit supplies the session,
// the run loop, argument binding and the reproduction's shape.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpp_reproduction.hpp"
#include "in_process_adapter.hpp"
#include "in_process_backend.hpp"
#include "operation_table.hpp"
#include "program_builders.hpp"

// Its own namespace: in the unity build it shares a file with other tests.
namespace conformance::kit_backend_test {
namespace {

using namespace adapter_support;
using testing::step;
using testing::zeros_on;

namespace toy {
struct Device {
  std::string name;
  friend bool operator==(const Device&, const Device&) = default;
};
struct Array {
  Device device;
  std::vector<double> values;
};
struct DeviceMismatch : std::runtime_error {  // toy's ValueError
  using std::runtime_error::runtime_error;
};
}  // namespace toy

struct ToyBackend;

// A step's arguments as toy takes them.
class ToyCall : public ValueReader {
 public:
  ToyCall(const Arguments& arguments, Session<ToyBackend>& session);
  const toy::Array& array(std::string_view name) const;
  toy::Device device(std::string_view name) const;

 private:
  Session<ToyBackend>& session_;
};

// The same arguments as C++ source text.
class ToyCppCall {
 public:
  ToyCppCall(const Arguments& arguments, const CppNames& names)
      : arguments_(arguments), names_(names) {}
  std::string array(std::string_view name) const {
    return cpp_variable(std::get<StepRef>(arguments_.at(name)), names_);
  }

 private:
  const Arguments& arguments_;
  const CppNames& names_;
};

struct ToyBackend {
  static constexpr std::string_view library = "toy";
  using Array = toy::Array;
  using Device = toy::Device;
  using Call = ToyCall;
  using CppCall = ToyCppCall;
  struct State {};

  static std::string unmapped(std::string_view op) { return fmt::format("toy has no {}", op); }
  static ArrayReport report(const toy::Array& array, const std::vector<toy::Device>& devices) {
    ArrayReport out{.device_repr = array.device.name,
                    .dtype = "float64",
                    .shape = {static_cast<std::int64_t>(array.values.size())},
                    .values = array.values};
    for (std::size_t i = 0; i < devices.size(); ++i)
      if (devices[i] == array.device) out.device = static_cast<int>(i);
    return out;
  }
  static StepOutcome outcome_of(const std::exception& error) {
    const bool mismatch = dynamic_cast<const toy::DeviceMismatch*>(&error) != nullptr;
    return {.status = StepStatus::raised,
            .exception_type = mismatch ? "ValueError" : "RuntimeError",
            .message = error.what()};
  }
};

ToyCall::ToyCall(const Arguments& arguments, Session<ToyBackend>& session)
    : ValueReader(arguments, ToyBackend::library), session_(session) {}

const toy::Array& ToyCall::array(std::string_view name) const {
  const auto* ref = std::get_if<StepRef>(&arguments_.at(name));
  if (ref == nullptr) throw Unsupported(fmt::format("'{}' is no array", name));
  return resolve_reference(*ref, session_.results);
}

toy::Device ToyCall::device(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return session_.devices.front();  // toy's default device
  if (const auto* index = std::get_if<DeviceIndex>(value)) return session_.devices.at(index->index);
  cannot_take(name, *value, "a device");
}

// How toy runs and spells each operation it has.
const OperationTable<ToyBackend>& toy_table() {
  using Result = CallResult<toy::Array>;
  static const OperationTable<ToyBackend> table = [] {
    OperationTable<ToyBackend> table;
    auto array_text = [](std::string text) { return CppExpression{.text = std::move(text)}; };
    table.add(
        "zeros",
        [](const ToyCall& call) {
          const auto shape = call.shape("shape");
          const auto size = shape.empty() ? 1 : shape.front();
          return Result{.arrays = {{call.device("device"), std::vector<double>(size, 0.0)}}};
        },
        not_spelled);
    table.add(
        "add",
        [](const ToyCall& call) {
          const toy::Array& a = call.array("x1");
          const toy::Array& b = call.array("x2");
          if (!(a.device == b.device)) throw toy::DeviceMismatch("add: arrays on two devices");
          return Result{.arrays = {{a.device, a.values}}};
        },
        [array_text](const ToyCppCall& call) {
          return array_text(fmt::format("toy::add({}, {})", call.array("x1"), call.array("x2")));
        });
    table.add(
        "array.to_device",
        [](const ToyCall& call) {
          return Result{.arrays = {{call.device("device"), call.array("self").values}}};
        },
        not_spelled);
    table.add(
        "negative", [](const ToyCall&) -> Result { std::abort(); },  // toy's bug: it crashes
        not_spelled);
    table.add(
        "harness.observe", [](const ToyCall& call) { return Result{.arrays = {call.array("x")}}; },
        [array_text](const ToyCppCall& call) { return array_text(call.array("x")); });
    return table;
  }();
  return table;
}

const std::vector<toy::Device> kDevices = {{"cpu"}, {"gpu"}};

ProgramOutcome run(const Program& program) {
  return adapter_support::run_program<ToyBackend>(toy_table(), program, kDevices);
}

TEST(KitBackend, RunsEachStepThroughTheTable) {
  const ProgramOutcome outcome =
      run({.steps = {zeros_on(1, {3}), zeros_on(1, {3}), step("add", {StepRef{0}, StepRef{1}})}});
  ASSERT_EQ(outcome.steps.size(), 3u);
  EXPECT_EQ(outcome.steps[2].status, StepStatus::ok) << outcome.steps[2].message;
  EXPECT_EQ(outcome.steps[2].arrays.at(0).device, 1);
  EXPECT_EQ(outcome.steps[2].arrays.at(0).device_repr, "gpu");
}

TEST(KitBackend, ReportsRaisedUnsupportedAndNotRun) {
  const ProgramOutcome outcome =
      run({.steps = {zeros_on(0, {2}), zeros_on(1, {2}), step("add", {StepRef{0}, StepRef{1}}),
                     step("harness.observe", {StepRef{2}}), step("sin", {StepRef{0}}),
                     step("add", {StepRef{0}}, {{.name = "bogus", .value = true}})}});
  ASSERT_EQ(outcome.steps.size(), 6u);
  EXPECT_EQ(outcome.steps[2].status, StepStatus::raised);
  EXPECT_EQ(outcome.steps[2].exception_type, "ValueError");
  EXPECT_EQ(outcome.steps[3].status, StepStatus::not_run);
  EXPECT_EQ(outcome.steps[4].status, StepStatus::unsupported);
  EXPECT_EQ(outcome.steps[4].message, "toy has no sin");
  EXPECT_EQ(outcome.steps[5].status, StepStatus::unsupported) << "a keyword add lacks";
  EXPECT_EQ(toy_table().mapped_operations(),
            (std::vector<std::string>{"add", "negative", "zeros", "array.to_device"}));
}

TEST(KitBackend, TakesEachOperationOnce) {
  OperationTable<ToyBackend> table;
  const auto run = [](const ToyCall&) { return CallResult<toy::Array>{}; };
  table.add("add", run, not_spelled);
  EXPECT_THROW(table.add("add", run, not_spelled), std::logic_error);
}

const CppDialect& toy_dialect() {
  static const CppDialect dialect{
      .library = "toy",
      .title = "toy",
      .array_type = "toy::Array",
      .exception_type = "toy::Error",
      .build_comment = "//   c++ repro.cpp -ltoy\n",
      .includes = "#include <toy.hpp>\n",
      .helpers = "",
      .device = [](std::string_view name) { return fmt::format("toy::Device(\"{}\")", name); },
      .spell =
          [](const Step& step, const CppNames& names) {
            return spell_step<ToyBackend>(toy_table(), step, names);
          }};
  return dialect;
}

// The reproduction's shape is the kit's: toy's table says how to spell each step.
TEST(KitBackend, WritesReproductionsInItsDialect) {
  const Program program{
      .steps = {zeros_on(0, {2}), zeros_on(1, {2}), step("add", {StepRef{0}, StepRef{1}})}};
  const Expectation expectation{.kind = ExpectKind::raises, .exceptions = {"ValueError"}};
  const std::string source = write_cpp_reproduction(toy_dialect(), program, 2, expectation,
                                                    {"cpu", "gpu"}, run(program).steps);
  EXPECT_NE(source.find("// A reproduction for toy"), std::string::npos) << source;
  EXPECT_NE(source.find("// left out: it cannot be written in C++ (no C++ spelling is written "
                        "for zeros yet)"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("toy::Array x2 = toy::add(x0, x1);"), std::string::npos) << source;
  EXPECT_NE(source.find("if (python_name(error) != \"ValueError\")"), std::string::npos) << source;
  EXPECT_NE(source.find("} catch (const toy::Error& error) {"), std::string::npos) << source;
}

InProcessParts<ToyBackend> toy_parts() {
  return {
      .table = toy_table(),
      .dialect = toy_dialect(),
      .identity = {.implementation = "toy", .library = "toy"},
      .devices = kDevices,
      .describe = [](const toy::Device& device) { return DeviceDescription{.repr = device.name}; },
      .default_device = toy::Device{"gpu"},
      .setup =
          [](const std::vector<std::string>& devices) {
            return fmt::format("  toy::use({}, {});\n", devices.at(0), devices.at(1));
          }};
}

// The Adapter is the kit's too: toy's parts make the handshake, runs and reproductions.
TEST(KitBackend, IsAnAdapterFromItsParts) {
  InProcessAdapter<ToyBackend> adapter(toy_parts());
  const Handshake& handshake = adapter.handshake();
  EXPECT_EQ(handshake.implementation, "toy");
  ASSERT_EQ(handshake.devices.size(), 2u);
  EXPECT_EQ(handshake.devices[1].repr, "gpu");
  EXPECT_EQ(handshake.default_device, 1);
  EXPECT_EQ(handshake.operations, toy_table().mapped_operations());

  const Program program{
      .steps = {zeros_on(0, {2}), zeros_on(0, {2}), step("add", {StepRef{0}, StepRef{1}})}};
  const ProgramOutcome outcome = adapter.run(program);
  ASSERT_EQ(outcome.steps.size(), 3u);
  EXPECT_EQ(outcome.steps[2].status, StepStatus::ok);
  const std::string source =
      adapter.reproduction(program, 2, {.kind = ExpectKind::on_device, .device = 0});
  EXPECT_NE(source.find("  toy::use(cpu, gpu);\n"), std::string::npos) << source;
  EXPECT_NE(source.find("toy::Array x2 = toy::add(x0, x1);"), std::string::npos) << source;
}

// Isolated, a crash ends the forked child, not the run; the reproduction of the crashing step
// still knows how the steps before it went.
TEST(KitBackend, IsolatesACrashInAForkedChild) {
  InProcessParts<ToyBackend> parts = toy_parts();
  parts.isolation_timeout_ms = 10000;
  InProcessAdapter<ToyBackend> adapter(std::move(parts));
  const Program program{.steps = {zeros_on(0, {2}), step("negative", {StepRef{0}})}};
  const ProgramOutcome crashed = adapter.run(program);
  EXPECT_EQ(crashed.status, RunStatus::crash);
  EXPECT_NE(crashed.detail.find("killed by signal"), std::string::npos) << crashed.detail;

  const ProgramOutcome next = adapter.run({.steps = {zeros_on(1, {2})}});
  ASSERT_EQ(next.status, RunStatus::completed) << "a fresh child serves the next program";
  EXPECT_EQ(next.steps.at(0).arrays.at(0).device, 1);

  const std::string source =
      adapter.reproduction(program, 1, {.kind = ExpectKind::on_device, .device = 0});
  EXPECT_NE(source.find("no C++ spelling is written for negative yet"), std::string::npos)
      << source;
}

// Isolated, the adapter takes batches sent ahead and answers them in any order, each once. A
// crash in one ends that batch at the crash and the batches sent behind it run again, in a fresh
// child, when asked for.
TEST(KitBackend, AnswersBatchesSentAheadInAnyOrder) {
  InProcessParts<ToyBackend> parts = toy_parts();
  parts.isolation_timeout_ms = 10000;
  InProcessAdapter<ToyBackend> adapter(std::move(parts));
  ASSERT_TRUE(adapter.prefers_batches());
  ASSERT_TRUE(adapter.runs_ahead());
  const Program on_cpu{.steps = {zeros_on(0, {2})}};
  const Program on_gpu{.steps = {zeros_on(1, {3})}};
  const Program crashes{.steps = {zeros_on(0, {2}), step("negative", {StepRef{0}})}};

  const std::vector<Program> first{on_cpu, on_gpu};
  const std::vector<Program> second{on_gpu};
  adapter.send_ahead(first);
  adapter.send_ahead(second);
  const auto second_outcomes = adapter.run_batch(second);  // read after the first's replies
  const auto first_outcomes = adapter.run_batch(first);
  ASSERT_EQ(first_outcomes.size(), 2u);
  ASSERT_EQ(second_outcomes.size(), 1u);
  EXPECT_EQ(first_outcomes[0].steps.at(0).arrays.at(0).device, 0);
  EXPECT_EQ(first_outcomes[1].steps.at(0).arrays.at(0).shape, (std::vector<std::int64_t>{3}));
  EXPECT_EQ(second_outcomes[0].steps.at(0).arrays.at(0).device, 1);

  const std::vector<Program> with_crash{on_cpu, crashes, on_gpu};
  const std::vector<Program> behind{on_gpu, on_cpu};
  adapter.send_ahead(with_crash);
  adapter.send_ahead(behind);
  const auto behind_outcomes = adapter.run_batch(behind);
  ASSERT_EQ(behind_outcomes.size(), 2u) << "run again in a fresh child";
  EXPECT_EQ(behind_outcomes[1].steps.at(0).arrays.at(0).device, 0);
  EXPECT_EQ(adapter.run_batch(with_crash).size(), 1u) << "answered up to the crash";
  EXPECT_EQ(adapter.run(crashes).status, RunStatus::crash) << "which runs alone";
  EXPECT_EQ(adapter.run(on_gpu).status, RunStatus::completed);
}

}  // namespace
}  // namespace conformance::kit_backend_test
