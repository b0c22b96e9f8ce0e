// Tests of the program generators: every catalogue operation yields a well-formed call, placements
// and dtypes follow the options and the handshake, literal data are small integers, random
// programs only reference earlier results and listed operations, and (on strict) every generated
// one-device call is valid: it runs without raising.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "conformance/generate.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"
#include "conformance/strict_adapter.hpp"
#include "shape_palette.hpp"

namespace {

using conformance::Data;
using conformance::DeviceDescription;
using conformance::DeviceIndex;
using conformance::DTypeName;
using conformance::Handshake;
using conformance::InvalidDevice;
using conformance::Program;
using conformance::RefList;
using conformance::Step;
using conformance::StepRef;
using conformance::Value;
namespace generate = conformance::generate;

constexpr int kDevices = 3;
constexpr int kNoFloat64 = 2;  // the test handshake's device without float64/complex128

// cpu and device1 hold every dtype; no_float64 lacks float64 and complex128 (like Apple MPS).
Handshake test_handshake() {
  const auto all = generate::dtypes_in_category("any");
  std::vector<std::string> no_float64;
  for (const auto& dtype : all)
    if (dtype != "float64" && dtype != "complex128") no_float64.push_back(dtype);
  Handshake handshake{.implementation = "test", .library = "test"};
  handshake.devices = {DeviceDescription{.repr = "cpu",
                                         .dtypes = all,
                                         .default_float_dtype = "float64",
                                         .default_integer_dtype = "int64"},
                       DeviceDescription{.repr = "device1",
                                         .dtypes = all,
                                         .default_float_dtype = "float32",
                                         .default_integer_dtype = "int64"},
                       DeviceDescription{.repr = "no_float64",
                                         .dtypes = no_float64,
                                         .default_float_dtype = "float32",
                                         .default_integer_dtype = "int64"}};
  handshake.default_device = 0;
  for (const auto& op : catalogue::operations())
    handshake.operations.emplace_back(op.name);
  for (const auto& [op, base] : catalogue::in_place_operators())
    handshake.operations.push_back(op);
  return handshake;
}

// Every operation the generator must handle: the catalogue and the in-place operators.
std::vector<std::string> all_operations() {
  std::vector<std::string> ops;
  for (const auto& op : catalogue::operations())
    ops.emplace_back(op.name);
  for (const auto& [op, base] : catalogue::in_place_operators())
    ops.push_back(op);
  return ops;
}

const catalogue::Operation& entry_of(const std::string& op) {
  const std::string_view base = catalogue::in_place_base(op);
  return *catalogue::find_operation(base.empty() ? op : base);
}

// Whether an operation can take two array inputs (a sequence counts as two).
bool can_mix(const std::string& op) {
  int arrays = 0;
  for (const auto& p : entry_of(op).arrays)
    arrays += p.variadic ? 2 : 1;
  return arrays >= 2;
}

// A setup step's device, dtype and shape.
struct InputSetup {
  int device = 0;
  std::string dtype{};
  std::vector<std::int64_t> shape{};
};

template <class T>
const T* keyword(const Step& step, std::string_view name) {
  const Value* value = conformance::find_keyword(step, name);
  return value == nullptr ? nullptr : std::get_if<T>(value);
}

std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t n = 1;
  for (auto d : shape)
    n *= d;
  return n;
}

// Literal data: one value per element, small integers exact in every dtype, 0/1 for bool,
// non-negative for unsigned dtypes.
void check_data(const Data& data, std::string_view dtype) {
  RC_ASSERT(static_cast<std::int64_t>(data.values.size()) == element_count(data.shape));
  for (const double v : data.values) {
    RC_ASSERT(v == std::floor(v));
    RC_ASSERT(v >= -3.0 && v <= 3.0);
    if (dtype == "bool") RC_ASSERT(v == 0.0 || v == 1.0);
    if (dtype.starts_with("uint")) RC_ASSERT(v >= 0.0);
  }
}

// Checks the shape of a call() program and returns its setups by step index: the last step is
// the call under test; every earlier one is asarray(Data, dtype=, device=) of a dtype its device
// holds; every reference points backwards.
std::map<int, InputSetup> check_call_structure(const Program& program, const std::string& op,
                                               const Handshake& handshake) {
  RC_LOG() << conformance::to_string(program) << "\n";
  RC_ASSERT(!program.steps.empty());
  const Step& last = program.steps.back();
  RC_ASSERT(last.op == op);
  RC_ASSERT(last.under_test);
  std::map<int, InputSetup> setups;
  for (std::size_t i = 0; i + 1 < program.steps.size(); ++i) {
    const Step& step = program.steps[i];
    RC_ASSERT(step.op == "asarray");
    RC_ASSERT(!step.under_test);
    RC_ASSERT(step.args.size() == 1u);
    const auto* data = std::get_if<Data>(&step.args[0]);
    const auto* dtype = keyword<DTypeName>(step, "dtype");
    const auto* device = keyword<DeviceIndex>(step, "device");
    RC_ASSERT(data != nullptr);
    RC_ASSERT(dtype != nullptr);
    RC_ASSERT(device != nullptr);
    RC_ASSERT(device->index >= 0 && device->index < static_cast<int>(handshake.devices.size()));
    const auto& held = handshake.devices[static_cast<std::size_t>(device->index)].dtypes;
    RC_ASSERT(std::find(held.begin(), held.end(), dtype->name) != held.end());
    check_data(*data, dtype->name);
    setups[static_cast<int>(i)] = InputSetup{device->index, dtype->name, data->shape};
  }
  for (std::size_t i = 0; i < program.steps.size(); ++i)
    for (const StepRef& ref : conformance::references(program.steps[i]))
      RC_ASSERT(ref.step >= 0 && ref.step < static_cast<int>(i));
  return setups;
}

// The Python scalars of the call fit the dtype of the arrays beside them: bool with bool arrays,
// int with integer or floating ones, float with floating ones.
void check_scalar_kinds(const Program& program, const std::map<int, InputSetup>& setups) {
  const Step& last = program.steps.back();
  const catalogue::Operation& op = entry_of(last.op);
  // Elementwise operands only (an index or a repeat count is no operand).
  const bool elementwise = std::all_of(op.arrays.begin(), op.arrays.end(), [](const auto& p) {
    return p.min_ndim == 0 && !p.variadic;
  });
  if (op.rule != catalogue::DeviceRule::multi_input || !elementwise ||
      last.op == "array.__getitem__" || last.op == "array.__setitem__")
    return;
  // where's condition is bool whatever x1 and x2 are; clip's and setitem's bounds are keywords.
  const std::size_t first = last.op == "where" ? 1 : 0;
  std::set<std::string> dtypes;
  for (std::size_t i = first; i < last.args.size(); ++i)
    if (const auto* ref = std::get_if<StepRef>(&last.args[i]))
      dtypes.insert(setups.at(ref->step).dtype);
  if (dtypes.size() != 1) return;
  const std::string& dtype = *dtypes.begin();
  const bool floating = dtype.starts_with("float") || dtype.starts_with("complex");
  for (std::size_t i = first; i < last.args.size(); ++i) {
    if (std::holds_alternative<bool>(last.args[i])) RC_ASSERT(dtype == "bool");
    if (std::holds_alternative<double>(last.args[i])) RC_ASSERT(floating);
    if (std::holds_alternative<std::int64_t>(last.args[i])) RC_ASSERT(dtype != "bool");
  }
}

// Devices of the arrays the call reads (arguments and keywords, sequences included).
std::set<int> input_devices(const Program& program, const std::map<int, InputSetup>& setups) {
  std::set<int> devices;
  for (const StepRef& ref : conformance::references(program.steps.back()))
    devices.insert(setups.at(ref.step).device);
  return devices;
}

generate::CallOptions draw_one_device_options() {
  const auto keyword =
      *rc::gen::element(generate::DeviceKeyword::omitted, generate::DeviceKeyword::drawn,
                        generate::DeviceKeyword::invalid);
  const auto device = *rc::gen::maybe(rc::gen::inRange(0, kDevices));
  return generate::CallOptions{.placement = generate::Placement::one_device,
                               .device = device ? std::optional<int>(*device) : std::nullopt,
                               .python_scalars = *rc::gen::arbitrary<bool>(),
                               .device_keyword = keyword};
}

// ---- Building blocks ---------------------------------------------------------------------------

TEST(GenerateBasics, DtypesInCategoryFollowTheSpecCategories) {
  EXPECT_EQ(generate::dtypes_in_category("real floating"),
            (std::vector<std::string>{"float32", "float64"}));
  EXPECT_EQ(generate::dtypes_in_category("complex floating"),
            (std::vector<std::string>{"complex64", "complex128"}));
  EXPECT_EQ(generate::dtypes_in_category("boolean"), (std::vector<std::string>{"bool"}));
  EXPECT_EQ(generate::dtypes_in_category("any").size(), 13u);
  EXPECT_EQ(generate::dtypes_in_category("integer").size(), 8u);
  EXPECT_EQ(generate::dtypes_in_category("integer or boolean").size(), 9u);
  EXPECT_EQ(generate::dtypes_in_category("numeric").size(), 12u);
  EXPECT_EQ(generate::dtypes_in_category("real numeric").size(), 10u);
  EXPECT_EQ(generate::dtypes_in_category("floating").size(), 4u);
  EXPECT_TRUE(generate::dtypes_in_category("no such category").empty());
}

RC_GTEST_PROP(GenerateBasics, ShapesStayWithinTheirBounds, ()) {
  const int min_ndim = *rc::gen::inRange(0, 3);
  const int max_ndim = *rc::gen::inRange(min_ndim, 4);
  const auto shape = *generate::shape(min_ndim, max_ndim);
  RC_ASSERT(static_cast<int>(shape.size()) >= min_ndim);
  RC_ASSERT(static_cast<int>(shape.size()) <= max_ndim);
  for (auto dim : shape)
    RC_ASSERT(dim >= 0 && dim <= 3);
}

RC_GTEST_PROP(GenerateBasics, DataAreSmallIntegersOfTheDtype, ()) {
  const auto dtype = *rc::gen::elementOf(generate::dtypes_in_category("any"));
  const auto shape = *generate::shape(0);
  const Data data = *generate::data(shape, dtype);
  RC_ASSERT(data.shape == shape);
  check_data(data, dtype);
}

// ---- call() ------------------------------------------------------------------------------------

TEST(GenerateCall, EveryOperationYieldsAWellFormedOneDeviceCall) {
  const Handshake handshake = test_handshake();
  for (const auto& op : all_operations()) {
    const bool ok = rc::check(op, [&] {
      const auto options = draw_one_device_options();
      const Program program = *generate::call(op, options, handshake);
      const auto setups = check_call_structure(program, op, handshake);
      const auto devices = input_devices(program, setups);
      RC_ASSERT(devices.size() <= 1u);
      if (options.device && !devices.empty()) RC_ASSERT(*devices.begin() == *options.device);
      check_scalar_kinds(program, setups);
      // Setups are only built for the call: each is read by it.
      RC_ASSERT(conformance::references(program.steps.back()).size() >= setups.size());

      const Step& last = program.steps.back();
      const Value* device_keyword = conformance::find_keyword(last, "device");
      if (!entry_of(op).has_device_keyword ||
          options.device_keyword == generate::DeviceKeyword::omitted) {
        RC_ASSERT(device_keyword == nullptr);
      } else if (options.device_keyword == generate::DeviceKeyword::invalid) {
        RC_ASSERT(device_keyword != nullptr &&
                  std::holds_alternative<InvalidDevice>(*device_keyword));
      } else {
        RC_ASSERT(device_keyword != nullptr &&
                  std::holds_alternative<DeviceIndex>(*device_keyword));
      }
    });
    EXPECT_TRUE(ok) << op;
  }
}

TEST(GenerateCall, InputsOnADeviceWithoutFloat64HaveNone) {
  const Handshake handshake = test_handshake();
  for (const auto& op : all_operations()) {
    const bool ok = rc::check(op, [&] {
      const generate::CallOptions options{.device = kNoFloat64};
      const Program program = *generate::call(op, options, handshake);
      for (const auto& [step, setup] : check_call_structure(program, op, handshake)) {
        RC_ASSERT(setup.device == kNoFloat64);
        RC_ASSERT(setup.dtype != "float64" && setup.dtype != "complex128");
      }
    });
    EXPECT_TRUE(ok) << op;
  }
}

TEST(GenerateCall, MixedPlacementPutsTwoInputsOnDifferentDevices) {
  const Handshake handshake = test_handshake();
  for (const auto& op : all_operations()) {
    if (!can_mix(op)) continue;
    const bool ok = rc::check(op, [&] {
      const generate::CallOptions options{.placement = generate::Placement::mixed_devices,
                                          .python_scalars = *rc::gen::arbitrary<bool>()};
      const Program program = *generate::call(op, options, handshake);
      const auto setups = check_call_structure(program, op, handshake);
      RC_ASSERT(input_devices(program, setups).size() >= 2u);
    });
    EXPECT_TRUE(ok) << op;
  }
}

// Samples of a generator at spread sizes, reproducibly.
template <class T>
std::vector<T> samples(const rc::Gen<T>& gen, int count) {
  std::vector<T> out;
  for (int i = 0; i < count; ++i)
    out.push_back(gen(rc::Random(static_cast<std::uint64_t>(i) + 1), i % 100).value());
  return out;
}

// The standard exempts no 0-d operand from the device rules, so mixed calls include some.
TEST(GenerateCall, MixedElementwiseCallsSometimesHaveA0dInput) {
  const Handshake handshake = test_handshake();
  const generate::CallOptions options{.placement = generate::Placement::mixed_devices};
  for (const char* op : {"add", "array.__add__", "where"}) {
    int with_0d = 0;
    for (const Program& program : samples(generate::call(op, options, handshake), 300)) {
      for (const Step& step : program.steps)
        if (!step.under_test && std::get<Data>(step.args[0]).shape.empty()) ++with_0d;
    }
    EXPECT_GT(with_0d, 0) << op;
  }
}

// mixed.* is the ground of operands with at least one dimension, variadic inputs included: a 0-d
// operand there is mixed_0d's ground, and shrinking to one made a 0-d exemption look like a
// missing check (a mixed.broadcast_arrays counterexample of two 0-d arrays).
TEST(GenerateCall, MixedCallsWithout0dHaveNo0dArrayOfAnyOperation) {
  const Handshake handshake = test_handshake();
  const generate::CallOptions options{.placement = generate::Placement::mixed_devices,
                                      .zero_d = generate::ZeroD::never,
                                      .python_scalars = false};
  std::vector<std::string> ops;
  for (const auto& op : catalogue::operations())
    if (op.rule == catalogue::DeviceRule::multi_input) ops.emplace_back(op.name);
  for (const auto& [op, base] : catalogue::in_place_operators())
    ops.push_back(op);
  for (const auto& op : ops) {
    int inputs = 0;
    const auto gen = generate::call(op, options, handshake);
    for (int i = 0; i < 200; ++i) {
      Program program;
      try {
        program = gen(rc::Random(static_cast<std::uint64_t>(i) + 1), i % 100).value();
      } catch (const rc::GenerationFailure&) {
        continue;  // no mixed placement for this draw
      }
      for (const Step& step : program.steps) {
        if (step.under_test || step.op != "asarray" || step.args.empty()) continue;
        const auto* data = std::get_if<Data>(&step.args[0]);
        if (data == nullptr) continue;
        ++inputs;
        EXPECT_FALSE(data->shape.empty()) << op << ": " << to_string(program);
        if (data->shape.empty()) break;
      }
    }
    EXPECT_GT(inputs, 0) << op;
  }
}

TEST(GenerateCall, InPlaceOperandsKeepTheTargetsDtypeAndShape) {
  const Handshake handshake = test_handshake();
  for (const auto& [op, base] : catalogue::in_place_operators()) {
    const bool ok = rc::check(op, [&] {
      const Program program = *generate::call(op, generate::CallOptions{}, handshake);
      const auto setups = check_call_structure(program, op, handshake);
      const Step& last = program.steps.back();
      RC_ASSERT(last.args.size() == 2u);
      const auto* self = std::get_if<StepRef>(&last.args[0]);
      RC_ASSERT(self != nullptr);
      const InputSetup& target = setups.at(self->step);
      if (const auto* other = std::get_if<StepRef>(&last.args[1])) {
        const InputSetup& value = setups.at(other->step);
        RC_ASSERT(value.dtype == target.dtype);
        RC_ASSERT(value.shape == target.shape || value.shape.empty());
      }
    });
    EXPECT_TRUE(ok) << op;
  }
}

TEST(GenerateCall, SometimesUsesPythonScalarsAndNeverWhenTheyAreOff) {
  const Handshake handshake = test_handshake();
  const auto count_scalars = [&](bool allowed) {
    int scalars = 0;
    const generate::CallOptions options{.python_scalars = allowed};
    for (const Program& program : samples(generate::call("add", options, handshake), 200))
      for (const Value& arg : program.steps.back().args)
        if (!std::holds_alternative<StepRef>(arg)) ++scalars;
    return scalars;
  };
  EXPECT_GT(count_scalars(true), 0);
  EXPECT_EQ(count_scalars(false), 0);
}

// ---- The shape palette (a handshake's compiles_per_shape) ------------------------------------

// The input shapes of 200 one-device calls of `op` at RapidCheck's full size (fixed seeds, so
// the test does not hang on the luck of a run), by rank.
std::map<std::size_t, std::set<std::vector<std::int64_t>>> input_shapes_by_rank(
    const std::string& op, const Handshake& handshake) {
  std::map<std::size_t, std::set<std::vector<std::int64_t>>> shapes;
  const auto gen = generate::call(op, generate::CallOptions{}, handshake);
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const Program program = gen(rc::Random(seed), 100).value();
    for (const Step& step : program.steps)
      if (!step.under_test)
        if (const auto* data = std::get_if<Data>(&step.args.at(0)))
          shapes[data->shape.size()].insert(data->shape);
  }
  return shapes;
}

TEST(GenerateCall, ALibraryThatCompilesPerShapeMeetsTwoShapesPerRankOneOfThemEmpty) {
  Handshake handshake = test_handshake();
  const auto free_shapes = input_shapes_by_rank("add", handshake);
  ASSERT_TRUE(free_shapes.contains(3));
  EXPECT_GT(free_shapes.at(3).size(), 2u);  // without the palette: any of 4^3
  handshake.compiles_per_shape = true;
  const auto palette_shapes = input_shapes_by_rank("add", handshake);
  EXPECT_EQ(palette_shapes.at(0).size(), 1u);
  for (std::size_t rank = 1; rank <= 3; ++rank) {
    ASSERT_TRUE(palette_shapes.contains(rank)) << rank;
    const auto& shapes = palette_shapes.at(rank);
    EXPECT_EQ(shapes.size(), 2u) << rank;
    EXPECT_EQ(std::count_if(shapes.begin(), shapes.end(),
                            [](const auto& shape) { return element_count(shape) == 0; }),
              1)
        << rank;
  }
}

TEST(GenerateCall, ThePaletteKeepsARecipesBoundsOnEachDimension) {
  using conformance::generate::detail::ShapePalette;
  using Shapes = std::vector<std::vector<std::int64_t>>;
  EXPECT_EQ(ShapePalette::shapes(0, 0, 3), (Shapes{{}}));
  EXPECT_EQ(ShapePalette::shapes(2, 0, 3), (Shapes{{0, 2}, {3, 1}}));
  EXPECT_EQ(ShapePalette::shapes(2, 1, 3), (Shapes{{1, 2}, {3, 1}}));  // non-empty asked for
  EXPECT_EQ(ShapePalette::shapes(1, 1, 1), (Shapes{{1}}));             // one shape left
  EXPECT_TRUE(ShapePalette::shapes(4, 0, 3).empty());  // beyond the palette: drawn as before
  EXPECT_FALSE(ShapePalette::active());
  {
    const ShapePalette palette(true);
    EXPECT_TRUE(ShapePalette::active());
  }
  EXPECT_FALSE(ShapePalette::active());
}

TEST(GenerateCall, UnknownOperationIsRejected) {
  EXPECT_THROW(generate::call("no_such_function", {}, test_handshake()), std::invalid_argument);
}

TEST(GenerateCall, MixedPlacementOfAOneInputOperationIsDiscarded) {
  const generate::CallOptions options{.placement = generate::Placement::mixed_devices};
  const auto gen = generate::call("sin", options, test_handshake());
  EXPECT_THROW(gen(rc::Random(1), 10).value(), rc::GenerationFailure);
}

// ---- random_program() --------------------------------------------------------------------------

// Checks what every random program must satisfy: steps under test, listed operations, references
// to earlier array results, devices in range, dtypes every device holds, integer data.
void check_random_program(const Program& program, const Handshake& handshake, int max_steps) {
  RC_LOG() << conformance::to_string(program) << "\n";
  RC_ASSERT(!program.steps.empty());
  RC_ASSERT(static_cast<int>(program.steps.size()) <= max_steps);
  const std::set<std::string> listed(handshake.operations.begin(), handshake.operations.end());
  for (std::size_t i = 0; i < program.steps.size(); ++i) {
    const Step& step = program.steps[i];
    RC_ASSERT(step.under_test);
    RC_ASSERT(listed.count(step.op) == 1u);
    for (const StepRef& ref : conformance::references(step)) {
      RC_ASSERT(ref.step >= 0 && ref.step < static_cast<int>(i));
      RC_ASSERT(ref.output == 0);
    }
    const auto check_device = [&](const Value& value) {
      if (const auto* device = std::get_if<DeviceIndex>(&value))
        RC_ASSERT(device->index >= 0 && device->index < static_cast<int>(handshake.devices.size()));
    };
    for (const Value& arg : step.args)
      check_device(arg);
    for (const auto& kw : step.kwargs)
      check_device(kw.value);
    if (const auto* dtype = keyword<DTypeName>(step, "dtype")) {
      // Dtypes every device holds: a result may move anywhere.
      for (const auto& device : handshake.devices)
        RC_ASSERT(std::find(device.dtypes.begin(), device.dtypes.end(), dtype->name) !=
                  device.dtypes.end());
    }
    if (step.op == "asarray" && !step.args.empty())
      if (const auto* data = std::get_if<Data>(&step.args[0]))
        check_data(*data, keyword<DTypeName>(step, "dtype")->name);
  }
}

RC_GTEST_PROP(GenerateRandom, StepsReferenceEarlierResultsAndListedOperations, ()) {
  const Handshake handshake = test_handshake();
  const int max_steps = *rc::gen::inRange(1, 12);
  check_random_program(*generate::random_program(handshake, max_steps), handshake, max_steps);
}

RC_GTEST_PROP(GenerateRandom, UsesOnlyTheOperationsAHandshakeLists, ()) {
  Handshake handshake = test_handshake();
  handshake.operations = {"asarray", "add", "sum", "array.to_device", "matmul", "concat"};
  check_random_program(*generate::random_program(handshake, 8), handshake, 8);
}

TEST(GenerateRandom, ProgramsMoveArraysAndSometimesMixDevices) {
  const Handshake handshake = test_handshake();
  int transfers = 0;
  int device_keywords = 0;
  int multi_step = 0;
  for (const Program& program : samples(generate::random_program(handshake, 8), 300)) {
    multi_step += program.steps.size() > 1 ? 1 : 0;
    for (const Step& step : program.steps) {
      transfers += step.op == "array.to_device" ? 1 : 0;
      device_keywords += conformance::find_keyword(step, "device") != nullptr ? 1 : 0;
    }
  }
  EXPECT_GT(multi_step, 0);
  EXPECT_GT(transfers, 0);
  EXPECT_GT(device_keywords, 0);
}

// ---- Validity on strict ------------------------------------------------------------------------

bool is_operation(const std::string& op) {
  return catalogue::find_operation(op) != nullptr || !catalogue::in_place_base(op).empty();
}

// Conversions to Python scalars read the data, which strict rightly refuses off the host device;
// __dlpack__ hands the memory to another library, which strict refuses for its fake devices
// (BufferError: no library can import them) unless dl_device asks for the host.
bool reads_data_on_host(const std::string& op) {
  return op == "array.__bool__" || op == "array.__complex__" || op == "array.__float__" ||
         op == "array.__int__" || op == "array.__index__" || op == "array.__dlpack__";
}

// A generated one-device call is a valid call: strict, which raises for every invalid one, runs
// it without raising, with or without a drawn device= keyword.
// The same with shapes from the palette (a library that compiles per shape gets those calls).
class GenerateValidity : public ::testing::TestWithParam<bool> {};

TEST_P(GenerateValidity, OneDeviceCallsRunOnStrictWithoutRaising) {
  auto adapter = conformance::make_strict_adapter();
  Handshake handshake = adapter->handshake();
  handshake.compiles_per_shape = GetParam();
  ASSERT_FALSE(handshake.operations.empty());
  for (const auto& op : handshake.operations) {
    if (!is_operation(op)) continue;
    const bool ok = rc::check(op, [&] {
      generate::CallOptions options{
          .python_scalars = true,
          .device_keyword =
              *rc::gen::element(generate::DeviceKeyword::omitted, generate::DeviceKeyword::drawn)};
      if (reads_data_on_host(op)) options.device = handshake.default_device.value_or(0);
      const Program program = *generate::call(op, options, handshake);
      RC_LOG() << conformance::to_string(program) << "\n";
      const conformance::ProgramOutcome outcome = adapter->run(program);
      RC_ASSERT(outcome.status == conformance::RunStatus::completed);
      RC_ASSERT(outcome.steps.size() == program.steps.size());
      for (const auto& step : outcome.steps) {
        RC_LOG() << conformance::name(step.status) << " " << step.exception_type << ": "
                 << step.message << "\n";
        RC_ASSERT(step.status == conformance::StepStatus::ok);
      }
    });
    EXPECT_TRUE(ok) << op;
  }
}

INSTANTIATE_TEST_SUITE_P(ShapesDrawnFreelyOrFromThePalette, GenerateValidity, ::testing::Bool());

}  // namespace
