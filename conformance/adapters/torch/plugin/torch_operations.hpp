// libtorch's operation table (the kit's operation_table.hpp): for each operation the adapter maps,
// the libtorch call that runs it and the C++ text a reproduction writes for it, side by side.
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
#include "torch_cpp_call.hpp"
#include "torch_session.hpp"
#include "torch_values.hpp"

namespace conformance::torch_internal {

using OperationTable = adapter_support::OperationTable<TorchBackend>;
using adapter_support::CppExpression;
using adapter_support::CppResult;

// What a run gives.
inline CallResult one(at::Tensor tensor) {
  return {.arrays = {std::move(tensor)}};
}
inline CallResult many(std::vector<at::Tensor> tensors) {
  return {.arrays = std::move(tensors)};
}
inline CallResult value(nlohmann::json json) {
  return {.value = std::move(json)};
}

// What a spelling gives: the C++ text of one tensor, or of a value.
inline CppExpression tensor_text(std::string text) {
  return {.result = CppResult::array, .text = std::move(text)};
}
inline CppExpression value_text(std::string text) {
  return {.result = CppResult::value, .text = std::move(text)};
}

// The groups of the catalogue, each in its own torch_operations_<group>.cpp.

// functions, operators, in-place operators
void add_elementwise_operations(OperationTable& table);
// zeros, asarray, *_like, astype, from_dlpack
void add_creation_operations(OperationTable& table);
// to_device, .device, __dlpack_device__, the harness's own
void add_member_operations(OperationTable& table);
// concat, stack, reshape, flip, ...
void add_manipulation_operations(OperationTable& table);
// argmax, nonzero, unique_*, sort, take
void add_searching_sorting_operations(OperationTable& table);
// sum, mean, max, cumulative_sum, ...
void add_statistical_operations(OperationTable& table);
// __getitem__, __setitem__, T, __int__, __dlpack__, can_cast, ...
void add_indexing_operations(OperationTable& table);
// matmul, tensordot, linalg.*
void add_linalg_operations(OperationTable& table);
// fft.*
void add_fft_operations(OperationTable& table);

// Every operation the adapter maps, as catalogue names in catalogue order, then the in-place
// operators ("array.__iadd__", ...). The harness's own operations are not listed.
const std::vector<std::string>& torch_operations();

// Every operation's run and spelling, the harness's own included. A run throws Unsupported,
// NotRun, or whatever libtorch throws; a spelling throws Unsupported where it has no text.
const OperationTable& torch_table();

}  // namespace conformance::torch_internal
