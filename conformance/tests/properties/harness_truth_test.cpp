// No false failures: behaviours of real libraries that are no device bug must not fail a device
// check. Each test wraps strict so it behaves as a library seen on a GPU host did
// (reports/gpu/README.md), and asserts the check does not fail, then that the same check still
// fails when the behaviour is a device bug after all.
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include "conformance/check.hpp"
#include "wrapped_strict.hpp"

namespace conformance {
namespace {

CheckResult run_by_id(std::string_view id, Adapter& adapter, std::uint64_t seed = 1) {
  for (const auto& check : all_checks())
    if (check.info.id == id) {
      CheckContext context{
          .adapter = adapter, .examples = 100, .seed = seed, .reproduce = {}, .spec_version = {}};
      return check.run(context);
    }
  throw std::runtime_error("no check " + std::string(id));
}

void raise(StepOutcome& result, std::string type, std::string message) {
  result.status = StepStatus::raised;
  result.exception_type = std::move(type);
  result.message = std::move(message);
  result.arrays.clear();
}

// torch on CUDA: "bitwise_and_cuda" not implemented for 'UInt16'. A kernel missing for a dtype on
// one device raises there for every program, all inputs on that device: not a device rule.
TEST(HarnessTruth, AKernelMissingOnOneDeviceIsNoDeviceFailure) {
  WrongAdapter adapter("sin has no kernel on device1", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "sin" && !o.steps[i].arrays.empty() && o.steps[i].arrays[0].device == 1)
        raise(o.steps[i], "NotImplementedError", "\"sin_device1\" not implemented for 'Float'");
  });
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    const auto result = run_by_id("propagate.sin", adapter, seed);
    EXPECT_EQ(name(result.status), "pass") << "seed " << seed << ": " << result.reason;
  }
}

// The same raise only where devices mix is the device rule's doing (a raise where the standard
// wants a result is judged against the program with everything on the result's device).
TEST(HarnessTruth, ARaiseOnlyWhenDevicesDifferStillFails) {
  WrongAdapter adapter(
      "asarray(x, device=d) raises across devices", [](const Program& p, ProgramOutcome& o) {
        for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
          const auto refs = references(p.steps[i]);
          if (p.steps[i].op != "asarray" || refs.empty() || o.steps[i].arrays.empty()) continue;
          const auto& source = o.steps[static_cast<std::size_t>(refs.front().step)];
          if (!source.arrays.empty() && source.arrays[0].device != o.steps[i].arrays[0].device)
            raise(o.steps[i], "ValueError", "Received incompatible devices for jitted computation");
        }
      });
  EXPECT_EQ(name(run_by_id("explicit.asarray", adapter).status), "fail");
}

// CuPy: asarray/zeros take no device=. Checks whose inputs need device= cannot run: unsupported,
// with the reason, never `error` (RapidCheck giving up) and never `fail`.
TEST(HarnessTruth, InputsThatNeedAnAbsentDeviceKeywordMakeTheCheckUnsupported) {
  WrongAdapter adapter("no device= keyword", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i) {
      if (find_keyword(p.steps[i], "device") == nullptr) continue;
      o.steps[i] = StepOutcome{};
      o.steps[i].status = StepStatus::unsupported;
      o.steps[i].message = p.steps[i].op + " takes no keyword device=";
    }
  });
  for (const auto* id :
       {"host.array.dtype", "host.array.__bool__", "device_object.in_devices",
        "device_object.eq.reflexive", "dlpack.dlpack_device.valid", "dlpack.__dlpack__.same_device",
        "dtype_functions.finfo.array_on_any_device", "dtype_functions.can_cast.array_device",
        "info.dtypes.creatable", "info.default_dtypes.match", "explicit.zeros", "propagate.add"}) {
    const auto result = run_by_id(id, adapter);
    EXPECT_EQ(name(result.status), "unsupported") << id << ": " << result.reason;
    EXPECT_NE(result.reason.find("takes no keyword device="), std::string::npos)
        << id << ": " << result.reason;
  }
}

}  // namespace
}  // namespace conformance

namespace conformance {
namespace {

// torch's meta device holds no data: a transfer's values cannot be compared there. With every
// device but the default one data-less, no case of transfer.keeps_data can compare values: skip,
// with the reason, never a pass that compared nothing and never a fail.
void drop_values_off_the_default_device(const Program&, ProgramOutcome& outcome) {
  for (auto& step : outcome.steps)
    for (auto& array : step.arrays)
      if (array.device != 0) array.values.reset();
}

TEST(HarnessTruth, ValueChecksOnDataLessDevicesAreSkipped) {
  WrongAdapter adapter("devices other than cpu hold no data", drop_values_off_the_default_device);
  const auto result = run_by_id("transfer.keeps_data", adapter);
  EXPECT_EQ(name(result.status), "skip") << result.reason;
  EXPECT_NE(result.reason.find("holds no values to compare"), std::string::npos) << result.reason;
  // Transfers between readable copies still compare values.
  EXPECT_EQ(name(run_by_id("transfer.same_device", adapter).status), "pass");
}

TEST(HarnessTruth, ValuesChangedByATransferStillFail) {
  WrongAdapter adapter("to_device doubles the values", [](const Program& p, ProgramOutcome& o) {
    for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
      if (p.steps[i].op == "array.to_device")
        for (auto& array : o.steps[i].arrays)
          if (array.values)
            for (double& value : *array.values)
              value = 2 * value + 1;
  });
  EXPECT_EQ(name(run_by_id("transfer.keeps_data", adapter).status), "fail");
}

// CuPy's Device is unhashable (hash() raises TypeError). Python's data model asks equal hashes
// only of hashable objects, and the standard asks only for == and !=: the hash check is
// unsupported, never failed, and the other comparison checks still judge == and !=.
void device_comparisons(const Program& p, ProgramOutcome& o,
                        const std::function<void(nlohmann::json&)>& change) {
  for (std::size_t i = 0; i < p.steps.size() && i < o.steps.size(); ++i)
    if (p.steps[i].op == harness_op::compare_devices && o.steps[i].status == StepStatus::ok)
      change(o.steps[i].value);
}

TEST(HarnessTruth, UnhashableDevicesAreNoHashFailure) {
  WrongAdapter adapter("unhashable devices", [](const Program& p, ProgramOutcome& o) {
    device_comparisons(p, o, [](nlohmann::json& value) {
      value.erase("hash_equal");
      value["hashable"] = false;
      value["hash_error"] = "TypeError: unhashable type: 'Device'";
    });
  });
  const auto result = run_by_id("device_object.hash", adapter);
  EXPECT_EQ(name(result.status), "unsupported") << result.reason;
  EXPECT_NE(result.reason.find("unhashable"), std::string::npos) << result.reason;
  for (const auto* id : {"device_object.eq.reflexive", "device_object.eq.symmetric",
                         "device_object.ne.negates_eq", "device_object.eq.distinguishes"})
    EXPECT_EQ(name(run_by_id(id, adapter).status), "pass") << id;
}

// Hashable devices are still held to it: equal devices with different hashes, or a hash() that
// raises something other than TypeError, fail.
TEST(HarnessTruth, HashableDevicesWithDifferentHashesStillFail) {
  WrongAdapter different("equal devices hash apart", [](const Program& p, ProgramOutcome& o) {
    device_comparisons(p, o, [](nlohmann::json& value) { value["hash_equal"] = false; });
  });
  EXPECT_EQ(name(run_by_id("device_object.hash", different).status), "fail");
  WrongAdapter raising("hash() raises", [](const Program& p, ProgramOutcome& o) {
    device_comparisons(p, o, [](nlohmann::json& value) {
      value.erase("hash_equal");
      value["hash_error"] = "RuntimeError: no hash today";
    });
  });
  const auto result = run_by_id("device_object.hash", raising);
  EXPECT_EQ(name(result.status), "fail");
  EXPECT_NE(result.failure ? result.failure->actual.find("RuntimeError") : std::string::npos,
            std::string::npos);
}

// ndonnx lists no complex dtype: no call of imag (complex floating only) can be made. The check
// is unsupported with that reason, not an `error` of the harness.
class WithoutComplexDtypes : public WrongAdapter {
 public:
  WithoutComplexDtypes()
      : WrongAdapter("no complex dtypes", [](const Program&, ProgramOutcome&) {}) {
    handshake_ = WrongAdapter::handshake();
    for (auto& device : handshake_.devices)
      std::erase_if(device.dtypes, [](const std::string& d) { return d.starts_with("complex"); });
  }
  const Handshake& handshake() const override { return handshake_; }

 private:
  Handshake handshake_;
};

TEST(HarnessTruth, AnOperationWithNoListedDtypeIsUnsupported) {
  WithoutComplexDtypes adapter;
  const auto result = run_by_id("propagate.imag", adapter);
  EXPECT_EQ(name(result.status), "unsupported") << result.reason;
  EXPECT_NE(result.reason.find("holds a dtype the standard"), std::string::npos) << result.reason;
  EXPECT_EQ(name(run_by_id("propagate.real", adapter).status), "pass");
}

}  // namespace
}  // namespace conformance
