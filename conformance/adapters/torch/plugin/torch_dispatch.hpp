// Operation names to libtorch calls: the operations the adapter maps, and how each is called.
//
// The rule for the mapping: each standard operation calls the ATen function (or Tensor method)
// with the standard's meaning, of the same name where ATen has one with that meaning
// (`at::add`), else the nearest (`concat` -> `at::cat`, `equal` -> `at::eq`, `to_device` ->
// `Tensor::to`). A Python scalar goes in as torch's Python binding passes it (a wrapped 0-d cpu
// tensor). Nothing here checks devices: what libtorch does with them is what is measured.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "conformance/program.hpp"
#include "torch_session.hpp"
#include "torch_values.hpp"

namespace conformance::torch_internal {

using HandlerTable = adapter_support::HandlerTable<TorchBackend>;

inline CallResult one(at::Tensor tensor) {
  return {.arrays = {std::move(tensor)}};
}
inline CallResult many(std::vector<at::Tensor> tensors) {
  return {.arrays = std::move(tensors)};
}
inline CallResult value(nlohmann::json json) {
  return {.value = std::move(json)};
}

// The groups of the catalogue, each in its own torch_dispatch_<group>.cpp.
void add_elementwise_handlers(HandlerTable& table);  // functions, operators, in-place operators
void add_creation_handlers(HandlerTable& table);     // zeros, asarray, *_like, astype, from_dlpack
void add_member_handlers(HandlerTable& table);  // to_device, .device, __dlpack_device__, harness
void add_manipulation_handlers(HandlerTable& table);       // concat, stack, reshape, flip, ...
void add_searching_sorting_handlers(HandlerTable& table);  // argmax, nonzero, unique_*, sort
void add_statistical_handlers(HandlerTable& table);        // sum, mean, max, cumulative_sum, ...
void add_indexing_handlers(HandlerTable& table);           // __getitem__, __setitem__, take
void add_linalg_handlers(HandlerTable& table);             // matmul, tensordot, linalg.*
void add_fft_handlers(HandlerTable& table);                // fft.*

// Every operation the adapter maps, as catalogue names in catalogue order, then the in-place
// operators ("array.__iadd__", ...). The harness's own operations are not listed.
const std::vector<std::string>& torch_operations();

// Every operation's call, the harness's own included. A handler throws Unsupported, NotRun, or
// whatever libtorch throws.
const HandlerTable& torch_handlers();

}  // namespace conformance::torch_internal
