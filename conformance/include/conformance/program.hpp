// Programs are data (docs/DESIGN.md section 2): a short list of steps, each an operation of the
// catalogue applied to literal values and to the results of earlier steps. Every adapter runs the
// same programs; RapidCheck builds and shrinks them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace conformance {

// The array result of an earlier step (`output` picks one of several, e.g. meshgrid's).
struct StepRef {
  int step = 0;
  int output = 0;
  friend bool operator==(const StepRef&, const StepRef&) = default;
};

// A device, as an index into the adapter's device list (its handshake).
struct DeviceIndex {
  int index = 0;
  friend bool operator==(const DeviceIndex&, const DeviceIndex&) = default;
};

// Something passed as `device=` that is no device of the library: it must be rejected.
struct InvalidDevice {
  friend bool operator==(const InvalidDevice&, const InvalidDevice&) = default;
};

// A dtype by its standard name ("float32", "bool", ...).
struct DTypeName {
  std::string name{};
  friend bool operator==(const DTypeName&, const DTypeName&) = default;
};

// A nested sequence literal, row-major. Values are small integers (exact in every dtype) or, for
// bool data, 0 and 1.
struct Data {
  std::vector<double> values{};
  std::vector<std::int64_t> shape{};
  friend bool operator==(const Data&, const Data&) = default;
};

// A tuple of integers (a shape, an axis tuple).
struct IntTuple {
  std::vector<std::int64_t> values{};
  friend bool operator==(const IntTuple&, const IntTuple&) = default;
};

// A list of earlier results, for sequence parameters (concat, stack, meshgrid).
struct RefList {
  std::vector<StepRef> refs{};
  friend bool operator==(const RefList&, const RefList&) = default;
};

// A value in a call. std::monostate is Python's None; bool, int64 and double are Python scalars.
using Value = std::variant<std::monostate, bool, std::int64_t, double, StepRef, RefList,
                           DeviceIndex, InvalidDevice, DTypeName, Data, IntTuple>;

struct Keyword {
  std::string name{};
  Value value{};
  friend bool operator==(const Keyword&, const Keyword&) = default;
};

// Operations beyond the catalogue that a program needs; every adapter implements them.
namespace harness_op {
// Sets the library's default device for the rest of the program (args: DeviceIndex). Adapters
// without a way to do that report the step unsupported.
inline constexpr std::string_view set_default_device = "harness.set_default_device";
// Reports an earlier array's current state (args: StepRef): device, dtype, shape and values.
inline constexpr std::string_view observe = "harness.observe";
// Reports how two earlier arrays' `.device` objects compare (args: StepRef a, StepRef b): value
// {"eq": a == b, "eq_swapped": b == a, "ne": a != b, "hash_equal": hash(a) == hash(b)}.
inline constexpr std::string_view compare_devices = "harness.compare_devices";
}  // namespace harness_op

struct Step {
  // A catalogue name ("add", "array.__add__", "zeros", "info.devices", "array.to_device"), an
  // in-place operator ("array.__iadd__"), or one of harness_op.
  std::string op{};
  std::vector<Value> args{};
  std::vector<Keyword> kwargs{};
  // Whether the check judges this step. Steps that only build inputs are not judged: their own
  // checks do that, so a failure is reported by the family it belongs to.
  bool under_test = true;
  // Runs in the --peer namespace, not the implementation's (JSON "namespace": "peer", absent
  // otherwise): its DeviceIndex values and its results' devices index the peer's devices. Only
  // dlpack_between.* programs have such steps: they hand a peer array to the implementation.
  bool peer = false;
  friend bool operator==(const Step&, const Step&) = default;
};

struct Program {
  std::vector<Step> steps{};
  // Whether the check compares array values (transfer.*, an in-place call's target). An adapter
  // must report them then and may leave them out otherwise: the Python adapter does, since reading
  // values back was a third of its time.
  bool read_values = false;
  friend bool operator==(const Program&, const Program&) = default;
};

// The value of a keyword, or nullptr.
const Value* find_keyword(const Step& step, std::string_view name);

// Every earlier result a step reads, in argument order (keywords included).
std::vector<StepRef> references(const Step& step);

// Python-like text: "x2 = xp.add(x0, x1, device=devices[1])", one line per step.
std::string to_string(const Value& value);
std::string to_string(const Step& step, int index);
std::string to_string(const Program& program);

void to_json(nlohmann::json& j, const Value& value);
void from_json(const nlohmann::json& j, Value& value);
void to_json(nlohmann::json& j, const Step& step);
void from_json(const nlohmann::json& j, Step& step);
void to_json(nlohmann::json& j, const Program& program);
void from_json(const nlohmann::json& j, Program& program);

}  // namespace conformance
