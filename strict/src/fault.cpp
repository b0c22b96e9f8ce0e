// The fault table and the switch that selects one (strict/fault.hpp).
#include "strict/fault.hpp"

#include <array>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace strict::fault {
namespace {

using enum Fault;

constexpr std::array<FaultInfo, 23> kFaults{{
    {asarray_ignores_input_device, "asarray_ignores_input_device",
     "https://github.com/pytorch/pytorch/issues/150199",
     "asarray(x) of an array x with device=None lands on default_device(), not on x.device",
     "like"},
    {like_uses_default_device, "like_uses_default_device",
     "https://github.com/cupy/cupy/issues/3457",
     "empty_like/zeros_like/ones_like/full_like with device=None use default_device(), not "
     "x.device",
     "like"},
    {eye_ignores_device, "eye_ignores_device",
     "https://github.com/data-apis/array-api-compat/issues/337",
     "eye(..., device=d) ignores device= and lands on default_device()", "explicit"},
    {matmul_transfers_silently, "matmul_transfers_silently",
     "https://github.com/pytorch/pytorch/pull/139437",
     "matmul of arrays on two devices copies x2 to x1's device instead of raising", "mixed"},
    {concat_transfers_silently, "concat_transfers_silently",
     "https://github.com/pytorch/pytorch/pull/139437",
     "concat of arrays on several devices copies them to the first one's device instead of "
     "raising",
     "mixed"},
    {stack_transfers_silently, "stack_transfers_silently",
     "https://github.com/pytorch/pytorch/pull/139437",
     "stack of arrays on several devices copies them to the first one's device instead of raising",
     "mixed"},
    {zero_d_exempt_from_mixed, "zero_d_exempt_from_mixed",
     "https://github.com/pytorch/pytorch/issues/38205",
     "elementwise functions and operators let a 0-d operand on another device through (torch's "
     "CPU scalars)",
     "mixed_0d"},
    {to_device_is_noop, "to_device_is_noop",
     "device-semantics.md §4 (array-api-compat's dask to_device stub)",
     "x.to_device(d) returns x unchanged, on its own device", "transfer"},
    {default_device_not_in_devices, "default_device_not_in_devices",
     "https://github.com/jax-ml/jax/issues/27606",
     "info.default_device() answers a device that info.devices() does not list", "info"},
    {from_dlpack_loses_device, "from_dlpack_loses_device",
     "https://github.com/data-apis/array-api-strict/issues/219",
     "from_dlpack(x) without device= lands on cpu whatever x's device (array-api-strict 2.6.1)",
     "dlpack"},
    {reductions_on_default_device, "reductions_on_default_device",
     "https://github.com/scipy/scipy/issues/22680",
     "sum/prod/mean/max/min/std/var/all/any put their result on default_device(), not the "
     "input's device",
     "propagate"},
    {astype_drops_device, "astype_drops_device",
     "https://github.com/data-apis/array-api-compat/issues/226",
     "astype(x, dtype) with device=None lands on default_device(), not on x.device", "like"},
    {setitem_transfers_silently, "setitem_transfers_silently",
     "https://github.com/data-apis/array-api-strict/issues/207",
     "x[key] = v with v on another device copies v over instead of raising", "mixed"},
    {nonzero_on_default_device, "nonzero_on_default_device",
     "https://github.com/dask/dask/issues/7482",
     "nonzero(x) returns its index arrays on default_device(), not on x's device", "propagate"},
    {unique_on_default_device, "unique_on_default_device",
     "https://github.com/dask/dask/issues/7482",
     "unique_all/unique_counts/unique_inverse/unique_values return their arrays on "
     "default_device()",
     "propagate"},
    {device_equality_ignores_index, "device_equality_ignores_index",
     "device-semantics.md §7 P1 (a device == that compares the device type only)",
     "Device == compares only whether both devices are the host, so device1 == device2 while "
     "their hashes differ",
     "device_object"},
    {transfer_corrupts_values, "transfer_corrupts_values",
     "device-semantics.md §7 P10 (an unsynchronised copy to an accelerator)",
     "a copy onto a non-host device leaves the first element unwritten (zero)", "transfer"},
    {in_place_writes_before_raising, "in_place_writes_before_raising",
     "https://github.com/data-apis/array-api-strict/issues/102",
     "x op= y with y on another device writes into x, then raises", "mixed"},
    {scalar_operand_on_default_device, "scalar_operand_on_default_device",
     "https://github.com/data-apis/array-api/pull/919",
     "array op Python-scalar puts the result on default_device(), not the array's device",
     "propagate"},
    {creation_ignores_scoped_default, "creation_ignores_scoped_default",
     "https://github.com/jax-ml/jax/issues/10959",
     "creation functions without device= ignore a scoped default device (DefaultDeviceGuard) and "
     "use the global one",
     "default"},
    {from_dlpack_ignores_device, "from_dlpack_ignores_device",
     "https://github.com/cupy/cupy/issues/9848",
     "from_dlpack(x, device=d) ignores device= and stays on x's device", "dlpack"},
    {from_dlpack_copy_false_copies, "from_dlpack_copy_false_copies",
     "https://github.com/pytorch/pytorch/issues/108408",
     "from_dlpack(x, device=other, copy=False) copies across devices instead of raising", "dlpack"},
    {getitem_index_transfers_silently, "getitem_index_transfers_silently",
     "https://github.com/data-apis/array-api/pull/1005",
     "x[idx] with an integer index array on another device copies idx over instead of raising",
     "mixed"},
}};

std::string join_names() {
  std::string names;
  for (const FaultInfo& one : kFaults)
    names += (names.empty() ? "" : ", ") + std::string(one.name);
  return names;
}

}  // namespace

std::span<const FaultInfo> all() {
  return kFaults;
}

const FaultInfo& info(Fault fault) {
  return kFaults.at(static_cast<std::size_t>(fault));
}

std::optional<Fault> parse(std::string_view name) {
  for (const FaultInfo& one : kFaults)
    if (one.name == name) return one.fault;
  return std::nullopt;
}

std::string_view valid_names() {
  static const std::string names = join_names();
  return names;
}

namespace detail {

std::atomic<int> state{kUnread};

int read_environment() {
  // Once per process: later calls see the stored state (or the same error).
  static const int from_environment = [] {
    const char* name = std::getenv("STRICT_FAULT");
    if (name == nullptr || *name == '\0') return kNone;
    const std::optional<Fault> fault = parse(name);
    if (!fault) {
      throw std::invalid_argument(
          fmt::format("STRICT_FAULT={}: no such fault; valid names: {}", name, valid_names()));
    }
    return static_cast<int>(*fault);
  }();
  int expected = kUnread;
  state.compare_exchange_strong(expected, from_environment, std::memory_order_relaxed);
  return state.load(std::memory_order_relaxed);
}

}  // namespace detail

ScopedFault::ScopedFault(std::optional<Fault> fault) : previous_(detail::current()) {
  detail::state.store(fault ? static_cast<int>(*fault) : detail::kNone, std::memory_order_relaxed);
}

ScopedFault::~ScopedFault() {
  detail::state.store(previous_, std::memory_order_relaxed);
}

}  // namespace strict::fault
