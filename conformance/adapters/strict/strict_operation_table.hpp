// strict's operation table (the kit's operation_table.hpp): for each operation, the strict call
// that runs it and the C++ text a reproduction writes for it, side by side. Shared by the files
// that fill it, one per group of functions, as strict's headers are grouped.
#pragma once

#include <fmt/format.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "strict_cpp_text.hpp"
#include "strict_session.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {

using OperationTable = adapter_support::OperationTable<StrictBackend>;
using Run = OperationTable::Run;
using Spell = OperationTable::Spell;
using adapter_support::CppExpression;
using adapter_support::CppResult;

// What a run gives.
inline CallResult one(strict::Array array) {
  return {.arrays = {std::move(array)}};
}
inline CallResult many(std::vector<strict::Array> arrays) {
  return {.arrays = std::move(arrays)};
}
inline CallResult value(nlohmann::json json) {
  return {.value = std::move(json)};
}

// What a spelling gives: the C++ text of one array, of several, or of a value.
inline CppExpression array_text(std::string text) {
  return {.result = CppResult::array, .text = std::move(text)};
}
inline CppExpression arrays_text(std::string text) {
  return {.result = CppResult::arrays, .text = std::move(text)};
}
inline CppExpression value_text(std::string text) {
  return {.result = CppResult::value, .text = std::move(text)};
}

// "strict::name(arguments)", leaving out empty arguments.
inline std::string function_call(std::string_view name,
                                 std::initializer_list<std::string> arguments) {
  return fmt::format("strict::{}({})", name, argument_list(arguments));
}

inline std::string or_nullopt(const std::optional<std::string>& text) {
  return text.value_or("std::nullopt");
}

// Functions of an array and AxisOptions (axis=, keepdims=): max, mean, min; all, any.
using AxisFunction = strict::Array (*)(const strict::Array&, const strict::AxisOptions&);
void add_axis_functions(OperationTable& table,
                        std::initializer_list<std::pair<const char*, AxisFunction>> functions);

// The groups of operations, each filling its part of the table from its own
// strict_operations_<group>.cpp (as torch's adapter does, torch_operations_<group>.cpp).
void add_elementwise(OperationTable& table);        // abs ... trunc, the element-wise functions
void add_operators(OperationTable& table);          // __add__, __radd__, __iadd__, __eq__, ...
void add_creation(OperationTable& table);           // arange ... zeros_like, from_dlpack
void add_statistical(OperationTable& table);        // max, mean, min, prod, sum, std, var, ...
void add_joining(OperationTable& table);            // matmul, concat, stack, reshape
void add_inspection(OperationTable& table);         // __array_namespace_info__ and its methods
void add_array_members(OperationTable& table);      // to_device, device, dtype, shape, ...
void add_harness(OperationTable& table);            // harness.set_default_device, observe, ...
void add_manipulation(OperationTable& table);       // broadcast_*, expand_dims, flip, ...
void add_searching_sorting(OperationTable& table);  // argmax, nonzero, unique_*, sort, take
void add_indexing_member(OperationTable& table);    // __getitem__, __setitem__, T, __bool__
void add_linalg(OperationTable& table);             // the linalg extension
void add_fft(OperationTable& table);                // the fft extension

}  // namespace conformance::strict_internal
