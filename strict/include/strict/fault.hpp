// Fault injection: deliberate device bugs, each modelled on a real bug class
// (docs/device-semantics.md section 6), that the conformance harness must detect. A fault is a
// small branch at the place in strict where the rule it breaks is applied; with no fault selected
// strict behaves exactly as without this file. Select one with the environment variable
// STRICT_FAULT=NAME (read once, at first use) or, in process, with ScopedFault.
#pragma once

#include <atomic>
#include <optional>
#include <span>
#include <string_view>

namespace strict::fault {

enum class Fault : int {
  asarray_ignores_input_device,
  like_uses_default_device,
  eye_ignores_device,
  matmul_transfers_silently,
  concat_transfers_silently,
  stack_transfers_silently,
  zero_d_exempt_from_mixed,
  to_device_is_noop,
  default_device_not_in_devices,
  from_dlpack_loses_device,
  reductions_on_default_device,
  astype_drops_device,
  setitem_transfers_silently,
  nonzero_on_default_device,
  unique_on_default_device,
  device_equality_ignores_index,
  transfer_corrupts_values,
  in_place_writes_before_raising,
  scalar_operand_on_default_device,
  creation_ignores_scoped_default,
  from_dlpack_ignores_device,
  from_dlpack_copy_false_copies,
  getitem_index_transfers_silently,
};

struct FaultInfo {
  Fault fault;
  std::string_view name;         // lower_snake_case, as STRICT_FAULT and strict:fault= take it
  std::string_view bug;          // upstream issue URL or a section of docs/device-semantics.md
  std::string_view description;  // what goes wrong, in one sentence
  std::string_view family;       // the conformance check family meant to catch it
};

// Every fault, in the order of the enum.
std::span<const FaultInfo> all();
const FaultInfo& info(Fault fault);
std::optional<Fault> parse(std::string_view name);
// "a, b, c": every name, for error messages.
std::string_view valid_names();

namespace detail {
// -1: no fault; >= 0: a Fault; kUnread: STRICT_FAULT not read yet.
inline constexpr int kNone = -1;
inline constexpr int kUnread = -2;
extern std::atomic<int> state;
// Reads STRICT_FAULT once (throws std::invalid_argument naming the valid names for an unknown
// one) and returns the state.
int read_environment();
inline int current() {
  const int value = state.load(std::memory_order_relaxed);
  return value == kUnread ? read_environment() : value;
}
}  // namespace detail

// The fault in force, if any.
inline std::optional<Fault> active() {
  const int value = detail::current();
  if (value < 0) return std::nullopt;
  return static_cast<Fault>(value);
}

// One relaxed atomic read on the path strict takes without faults.
inline bool is_active(Fault fault) {
  return detail::current() == static_cast<int>(fault);
}

// Activates one fault (or none) for its lifetime and restores the previous one.
class [[nodiscard]] ScopedFault {
 public:
  explicit ScopedFault(std::optional<Fault> fault);
  ~ScopedFault();
  ScopedFault(const ScopedFault&) = delete;
  ScopedFault& operator=(const ScopedFault&) = delete;

 private:
  int previous_;
};

}  // namespace strict::fault
