// The harness's own power: each check family, run against a deliberately wrong adapter, must
// fail with a counterexample of at most 3 steps. The wrong adapters wrap strict and rewrite what
// it reports, the way a library with that bug would behave as far as the harness can see.
#include <algorithm>
#include <functional>
#include <memory>

#include <gtest/gtest.h>

#include "catalogue/catalogue.hpp"
#include "conformance/check.hpp"
#include "conformance/strict_adapter.hpp"
#include "conformance/tracker.hpp"
#include "program_builders.hpp"
#include "schema_validation.hpp"
#include "wrapped_strict.hpp"

namespace conformance {
namespace {

using conformance::testing::library_steps;

const Check& check(std::string_view id) {
  for (const auto& one : all_checks())
    if (one.info.id == id) return one;
  throw std::runtime_error("no check " + std::string(id));
}

CheckResult run(std::string_view id, WrongAdapter& adapter, std::uint64_t seed = 1) {
  CheckContext context{
      .adapter = adapter, .examples = 100, .seed = seed, .reproduce = {}, .spec_version = {}};
  return check(id).run(context);
}

// Asserts the check fails, over three seeds, with a counterexample of at most `most` steps.
void expect_caught(std::string_view id, WrongAdapter& adapter, std::size_t most = 3) {
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    const auto result = run(id, adapter, seed);
    ASSERT_EQ(name(result.status), "fail") << id << " seed " << seed << ": " << result.reason;
    ASSERT_TRUE(result.failure.has_value());
    EXPECT_LE(library_steps(result.failure->program), most) << id << " seed " << seed << ":\n"
                                                            << to_string(result.failure->program);
    EXPECT_FALSE(result.reproduce.empty());
    EXPECT_FALSE(result.failure->reproduction.empty());
  }
}

catalogue::DeviceRule rule_of(const std::string& op) {
  const auto* entry = catalogue::find_operation(op);
  return entry ? entry->rule : catalogue::DeviceRule::info;
}

bool has_device_keyword(const Step& step) {
  return find_keyword(step, "device") != nullptr;
}

void for_tested_steps(const Program& program, ProgramOutcome& outcome,
                      const std::function<void(const Step&, StepOutcome&, std::size_t)>& visit) {
  for (std::size_t i = 0; i < program.steps.size() && i < outcome.steps.size(); ++i)
    if (program.steps[i].under_test) visit(program.steps[i], outcome.steps[i], i);
}

void move_arrays(StepOutcome& outcome, const ArrayReport& where) {
  for (auto& array : outcome.arrays) {
    array.device = where.device;
    array.device_repr = where.device_repr;
  }
}

ArrayReport on_cpu() {
  return {.device = 0, .device_repr = "cpu"};
}

const ArrayReport* input_report(const Step& step, const ProgramOutcome& outcome) {
  const auto refs = references(step);
  if (refs.empty()) return nullptr;
  const auto& source = outcome.steps.at(static_cast<std::size_t>(refs.front().step));
  return source.arrays.empty() ? nullptr : &source.arrays.front();
}

// A mixed-device raise turned into a silent result on the first input's device.
void silently_transfer(const Step& step, StepOutcome& result, const ProgramOutcome& outcome) {
  if (result.status != StepStatus::raised || result.message.find("device") == std::string::npos)
    return;
  const ArrayReport* first = input_report(step, outcome);
  if (first == nullptr) return;
  result.status = StepStatus::ok;
  result.exception_type.clear();
  result.message.clear();
  result.arrays = {*first};
}

TEST(HarnessPower, PropagateCatchesResultsOnTheDefaultDevice) {
  WrongAdapter adapter("results on the default device", [](const Program& p, ProgramOutcome& o) {
    for_tested_steps(p, o, [](const Step& step, StepOutcome& result, std::size_t) {
      if (rule_of(step.op) == catalogue::DeviceRule::propagate) move_arrays(result, on_cpu());
    });
  });
  expect_caught("propagate.sin", adapter);
  expect_caught("propagate.sum", adapter);
}

TEST(HarnessPower, MixedAndRandomProgramsCatchSilentTransfers) {
  WrongAdapter adapter("never raises on mixed devices", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      silently_transfer(p.steps[i], o.steps[i], o);
  });
  expect_caught("mixed.add", adapter);
  expect_caught("mixed.matmul", adapter);
  expect_caught("mixed.array.__mul__", adapter);
  expect_caught("program.random", adapter);
}

TEST(HarnessPower, MixedCatchesZeroDimensionalExemptions) {
  WrongAdapter adapter("0-d operands mix freely", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      bool zero_d = false;
      for (const auto& ref : references(p.steps[i])) {
        const auto& source = o.steps[static_cast<std::size_t>(ref.step)];
        if (!source.arrays.empty() && source.arrays.front().shape.empty()) zero_d = true;
      }
      if (zero_d) silently_transfer(p.steps[i], o.steps[i], o);
    }
  });
  // P18 has its own family: the exemption shows there, and only there.
  expect_caught("mixed_0d.add", adapter);
  expect_caught("mixed_0d.array.__iadd__", adapter);
  expect_caught("mixed_0d.where", adapter, 4);  // three inputs, then the call
  EXPECT_EQ(name(run("mixed.add", adapter).status), "pass");
}

TEST(HarnessPower, MixedCatchesInPlaceOperatorsThatWriteBeforeRaising) {
  WrongAdapter adapter("in-place writes then raises", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 1; i < p.steps.size() && i < o.steps.size(); ++i) {
      if (p.steps[i].op != "harness.observe" || o.steps[i - 1].status != StepStatus::raised)
        continue;
      for (auto& array : o.steps[i].arrays)
        if (array.values)
          for (auto& v : *array.values)
            v += 1;
    }
  });
  expect_caught("mixed.array.__iadd__", adapter);
}

TEST(HarnessPower, ExplicitCatchesAnIgnoredDeviceKeyword) {
  WrongAdapter adapter("device= ignored", [](const Program& p, ProgramOutcome& o) {
    for_tested_steps(p, o, [](const Step& step, StepOutcome& result, std::size_t) {
      if (rule_of(step.op) == catalogue::DeviceRule::creation && has_device_keyword(step))
        move_arrays(result, on_cpu());
    });
  });
  expect_caught("explicit.zeros", adapter);
  expect_caught("explicit.linspace", adapter);
}

// JAX's D2 (reports/pypi): an array made without device= is "uncommitted", asarray(x,
// device=x.device) returns it as it is, and an uncommitted array moves silently to where it is
// used with another array.
TEST(HarnessPower, ExplicitCatchesAsarrayLeavingAnArrayUncommitted) {
  WrongAdapter adapter("asarray(x, device=x.device) stays uncommitted", [](const Program& p,
                                                                           ProgramOutcome& o) {
    std::vector<bool> uncommitted(p.steps.size(), false);
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      const Step& step = p.steps[i];
      const auto refs = references(step);
      if (step.op == "asarray" && !has_device_keyword(step)) {
        uncommitted[i] = refs.empty() || uncommitted[static_cast<std::size_t>(refs.front().step)];
      } else if (step.op == "asarray" && !refs.empty()) {
        const ArrayReport* input = input_report(step, o);
        uncommitted[i] = uncommitted[static_cast<std::size_t>(refs.front().step)] &&
                         input != nullptr && !o.steps[i].arrays.empty() &&
                         o.steps[i].arrays.front().device == input->device;
      }
      const bool floating = std::any_of(refs.begin(), refs.end(), [&](const StepRef& ref) {
        return uncommitted[static_cast<std::size_t>(ref.step)];
      });
      if (step.op != "asarray" && floating) silently_transfer(step, o.steps[i], o);
    }
  });
  expect_caught("explicit.asarray.of_an_array", adapter, 4);  // made, placed twice, then used
  EXPECT_EQ(name(run("explicit.asarray", adapter).status), "pass");
}

TEST(HarnessPower, LikeCatchesLikeFunctionsUsingTheDefaultDevice) {
  WrongAdapter adapter("*_like on the default device", [](const Program& p, ProgramOutcome& o) {
    for_tested_steps(p, o, [](const Step& step, StepOutcome& result, std::size_t) {
      if (step.op.ends_with("_like") && !has_device_keyword(step)) move_arrays(result, on_cpu());
    });
  });
  expect_caught("like.zeros_like", adapter);
}

TEST(HarnessPower, DefaultCatchesCreationAwayFromTheDefaultDevice) {
  WrongAdapter adapter("zeros ignores the default", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "zeros" && !has_device_keyword(p.steps[i]))
        move_arrays(o.steps[i], {.device = 1, .device_repr = "device1"});
  });
  expect_caught("default.zeros", adapter);
  expect_caught("default.consistent", adapter);
}

TEST(HarnessPower, TransferCatchesAToDeviceThatDoesNothing) {
  WrongAdapter adapter("to_device is a no-op", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.to_device")
        if (const ArrayReport* input = input_report(p.steps[i], o)) move_arrays(o.steps[i], *input);
  });
  expect_caught("transfer.lands", adapter);
  expect_caught("transfer.roundtrip", adapter);
}

TEST(HarnessPower, TransferCatchesCorruptedValues) {
  WrongAdapter adapter("to_device corrupts values", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.to_device")
        for (auto& array : o.steps[i].arrays)
          if (array.values && !array.values->empty()) array.values->front() += 1;
  });
  expect_caught("transfer.keeps_data", adapter);
}

TEST(HarnessPower, InfoCatchesADefaultDeviceOutsideDevices) {
  WrongAdapter adapter("default_device() not in devices()",
                       [](const Program& p, ProgramOutcome& o) {
                         for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
                           if (p.steps[i].op == "info.default_device")
                             o.steps[i].value = kUnlistedDevice;
                       });
  expect_caught("info.default_device.in_devices", adapter);
}

TEST(HarnessPower, InfoCatchesListedDtypesThatCannotBeCreated) {
  WrongAdapter adapter("float64 listed but refused", [](const Program& p, ProgramOutcome& o) {
    for_tested_steps(p, o, [](const Step& step, StepOutcome& result, std::size_t) {
      const auto* dtype = find_keyword(step, "dtype");
      if (step.op == "zeros" && dtype && std::get<DTypeName>(*dtype).name == "int16") {
        result.status = StepStatus::raised;
        result.exception_type = "ValueError";
        result.message = "int16 is not supported here";
        result.arrays.clear();
      }
    });
  });
  expect_caught("info.dtypes.creatable", adapter);
}

TEST(HarnessPower, DeviceObjectCatchesBrokenEquality) {
  WrongAdapter adapter("devices never equal", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "harness.compare_devices")
        o.steps[i].value = {{"eq", false}, {"ne", true}, {"hash_equal", true}};
  });
  expect_caught("device_object.eq.reflexive", adapter);
}

// One device, one pair. (Distinct devices may share one: fake devices in host memory are all
// (kDLCPU, 0), which dlpack.dlpack_device.distinct records and never fails.)
TEST(HarnessPower, DlpackCatchesTwoPairsForOneDevice) {
  WrongAdapter adapter("__dlpack_device__ id counts calls",
                       [](const Program& p, ProgramOutcome& o) {
                         for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
                           if (p.steps[i].op == "array.__dlpack_device__")
                             o.steps[i].value = {1, static_cast<int>(i)};
                       });
  // Agreement is a relation between two arrays: two arrays and two queries is its least program.
  expect_caught("dlpack.dlpack_device.agrees", adapter, 4);
}

TEST(HarnessPower, DlpackCatchesFromDlpackLosingTheDevice) {
  WrongAdapter adapter("from_dlpack lands on cpu", [](const Program& p, ProgramOutcome& o) {
    for_tested_steps(p, o, [](const Step& step, StepOutcome& result, std::size_t) {
      if (step.op == "from_dlpack") move_arrays(result, on_cpu());
    });
  });
  expect_caught("dlpack.from_dlpack.same_device", adapter);
}

// The step's result becomes an exception, as a library that cannot answer would report it.
void make_raise(StepOutcome& result, std::string message) {
  result.status = StepStatus::raised;
  result.exception_type = "RuntimeError";
  result.message = std::move(message);
  result.arrays.clear();
  result.value = nullptr;
}

// The first array argument of a step is on a device other than devices[0].
bool off_first_device(const Step& step, const ProgramOutcome& outcome) {
  const ArrayReport* x = input_report(step, outcome);
  return x != nullptr && x->device != 0;
}

TEST(HarnessPower, DtypeFunctionsCatchCanCastFailingOffTheFirstDevice) {
  WrongAdapter adapter("can_cast(array) raises off cpu", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "can_cast" && off_first_device(p.steps[i], o))
        make_raise(o.steps[i], "cannot read the dtype of a device array");
  });
  expect_caught("dtype_functions.can_cast.array_device", adapter);
}

TEST(HarnessPower, DtypeFunctionsCatchAWrongResultType) {
  WrongAdapter adapter("result_type answers another dtype",
                       [](const Program& p, ProgramOutcome& o) {
                         for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
                           if (p.steps[i].op == "result_type" && o.steps[i].value.is_string())
                             o.steps[i].value = o.steps[i].value == "bool" ? "int8" : "bool";
                       });
  expect_caught("dtype_functions.result_type.array_device", adapter);
}

TEST(HarnessPower, DtypeFunctionsCatchFinfoAndIinfoOfArraysThatLie) {
  WrongAdapter adapter(
      "finfo/iinfo of an array say 16 bits", [](const Program& p, ProgramOutcome& o) {
        for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
          const bool info = p.steps[i].op == "finfo" || p.steps[i].op == "iinfo";
          if (info && input_report(p.steps[i], o) != nullptr && o.steps[i].value.is_object())
            o.steps[i].value["bits"] = 16;
        }
      });
  expect_caught("dtype_functions.finfo.array_on_any_device", adapter);
  expect_caught("dtype_functions.iinfo.array_on_any_device", adapter);
}

TEST(HarnessPower, DtypeFunctionsCatchAliasedDtypes) {
  WrongAdapter adapter("every dtype is every other", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "isdtype" && o.steps[i].status == StepStatus::ok)
        o.steps[i].value = true;
  });
  expect_caught("dtype_functions.isdtype.device_dtypes_distinct", adapter);
}

TEST(HarnessPower, HostCatchesConversionsThatRaiseOnTheDefaultDevice) {
  WrongAdapter adapter("host conversions raise", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      const auto& op = p.steps[i].op;
      if (op == "array.__bool__" || op == "array.__int__" || op == "array.__float__" ||
          op == "array.__complex__" || op == "array.__index__")
        make_raise(o.steps[i], "cannot convert");
    }
  });
  for (const char* id : {"host.array.__bool__", "host.array.__int__", "host.array.__float__",
                         "host.array.__complex__", "host.array.__index__"})
    expect_caught(id, adapter);
}

TEST(HarnessPower, HostCatchesConversionsThatGiveTheWrongValue) {
  WrongAdapter adapter("__int__ is off by one", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.__int__" && o.steps[i].value.is_number())
        o.steps[i].value = o.steps[i].value.get<double>() + 1;
  });
  expect_caught("host.array.__int__", adapter);
}

TEST(HarnessPower, HostCatchesANamespacePerDevice) {
  WrongAdapter adapter("another namespace off cpu", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.__array_namespace__" && off_first_device(p.steps[i], o))
        o.steps[i].value = "another_namespace";
  });
  // One namespace is a relation between two arrays: two arrays and two queries.
  expect_caught("host.array.__array_namespace__", adapter, 4);
}

TEST(HarnessPower, HostCatchesAttributesThatLieOffTheFirstDevice) {
  WrongAdapter adapter("attributes wrong off cpu", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      if (!off_first_device(p.steps[i], o) || o.steps[i].status != StepStatus::ok) continue;
      auto& value = o.steps[i].value;
      if (p.steps[i].op == "array.dtype") value = "float16";
      if (p.steps[i].op == "array.shape" && value.is_array()) value.push_back(1);
      if ((p.steps[i].op == "array.ndim" || p.steps[i].op == "array.size") && value.is_number())
        value = value.get<std::int64_t>() + 1;
    }
  });
  for (const char* id :
       {"host.array.dtype", "host.array.ndim", "host.array.shape", "host.array.size"})
    expect_caught(id, adapter);
}

TEST(HarnessPower, InspectionCatchesCapabilitiesThatDoNotHoldEverywhere) {
  WrongAdapter adapter("rank 4 only on cpu", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      const auto* device = find_keyword(p.steps[i], "device");
      if (p.steps[i].op == "zeros" && device && std::get<DeviceIndex>(*device).index != 0 &&
          !o.steps[i].arrays.empty() && o.steps[i].arrays[0].shape.size() >= 4)
        make_raise(o.steps[i], "too many dimensions on this device");
    }
  });
  expect_caught("info.capabilities.every_device", adapter);
}

TEST(HarnessPower, InspectionCatchesDtypesOfTheWrongDevice) {
  WrongAdapter adapter("dtypes() drops a dtype", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "info.dtypes" && p.steps[i].kwargs.empty() &&
          o.steps[i].value.is_array() && !o.steps[i].value.empty())
        o.steps[i].value.erase(o.steps[i].value.size() - 1);
  });
  expect_caught("info.__array_namespace_info__.current_device", adapter);
}

TEST(HarnessPower, DlpackCatchesAnExportOnTheWrongDevice) {
  // strict refuses to export its fake devices' memory (BufferError, which the check accepts);
  // this library exports every array instead, its capsule always on the CPU (as array-api-strict
  // exports its device1).
  WrongAdapter adapter("__dlpack__ always exports to cpu", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      if (p.steps[i].op != "array.__dlpack__") continue;
      StepOutcome& exported = o.steps[i];
      if (exported.status == StepStatus::raised) {
        exported = StepOutcome{};
        exported.status = StepStatus::ok;
        exported.value = nlohmann::json::object();
      }
      if (exported.value.is_object()) exported.value["device"] = {1, 0};
    }
  });
  expect_caught("dlpack.__dlpack__.same_device", adapter);
}

// And the other way round: strict itself passes each of these checks.
TEST(HarnessPower, StrictPassesTheChecksUsedAbove) {
  auto strict = make_strict_adapter();
  for (const auto* id : {"propagate.sin",
                         "propagate.sum",
                         "mixed.add",
                         "mixed.matmul",
                         "mixed.array.__mul__",
                         "mixed.array.__iadd__",
                         "program.random",
                         "explicit.zeros",
                         "explicit.linspace",
                         "explicit.asarray.of_an_array",
                         "like.zeros_like",
                         "default.zeros",
                         "default.consistent",
                         "transfer.lands",
                         "transfer.roundtrip",
                         "transfer.keeps_data",
                         "info.default_device.in_devices",
                         "info.dtypes.creatable",
                         "device_object.eq.reflexive",
                         "dlpack.dlpack_device.agrees",
                         "dlpack.from_dlpack.same_device",
                         "dlpack.__dlpack__.same_device",
                         "dtype_functions.can_cast.array_device",
                         "dtype_functions.result_type.array_device",
                         "dtype_functions.result_type.mixed_devices",
                         "dtype_functions.finfo.array_on_any_device",
                         "dtype_functions.iinfo.array_on_any_device",
                         "dtype_functions.isdtype.device_dtypes_distinct",
                         "host.array.__bool__",
                         "host.array.__int__",
                         "host.array.__float__",
                         "host.array.__complex__",
                         "host.array.__index__",
                         "host.array.__bool__.other_device",
                         "host.array.__array_namespace__",
                         "host.array.dtype",
                         "host.array.ndim",
                         "host.array.shape",
                         "host.array.size",
                         "info.capabilities.every_device",
                         "info.__array_namespace_info__.current_device"}) {
    CheckContext context{
        .adapter = *strict, .examples = 100, .seed = 1, .reproduce = {}, .spec_version = {}};
    const auto result = check(id).run(context);
    EXPECT_EQ(name(result.status), "pass")
        << id << ": " << result.reason
        << (result.failure ? "\n" + to_string(result.failure->program) + result.failure->actual
                           : "");
  }
}

}  // namespace
}  // namespace conformance

namespace conformance {
namespace {

// A real failure, counterexample and all, makes a tracker that validates against the schema.
TEST(HarnessPower, AFailureMakesAValidTracker) {
  WrongAdapter adapter("to_device is a no-op", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.to_device")
        if (const ArrayReport* input = input_report(p.steps[i], o)) move_arrays(o.steps[i], *input);
  });
  Tracker tracker;
  tracker.run.seed = 5;
  tracker.implementations.push_back({adapter.handshake(), {run("transfer.lands", adapter, 5)}});
  ASSERT_EQ(tracker.implementations[0].results[0].status, Status::fail);
  const auto path = testing::temp_path("wrong-adapter-tracker.json");
  write_tracker(tracker, path);
  const auto validation = testing::validate_tracker_file(path);
  EXPECT_EQ(validation.exit_code, 0) << validation.output;
}

// A recorded reproduce string replays the same shrunk counterexample.
TEST(HarnessPower, AReproduceStringReplaysTheFailure) {
  WrongAdapter adapter("to_device is a no-op", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.to_device")
        if (const ArrayReport* input = input_report(p.steps[i], o)) move_arrays(o.steps[i], *input);
  });
  const auto first = run("transfer.lands", adapter, 7);
  ASSERT_TRUE(first.failure.has_value());
  CheckContext replay{.adapter = adapter, .examples = 100, .seed = 7, .reproduce = first.reproduce};
  const auto again = check("transfer.lands").run(replay);
  ASSERT_TRUE(again.failure.has_value());
  EXPECT_EQ(again.failure->program, first.failure->program);
}

}  // namespace
}  // namespace conformance
