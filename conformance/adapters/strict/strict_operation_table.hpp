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

// The groups with a file of their own, strict_operations_<group>.cpp. The others (element-wise
// functions, operators, creation, statistical, joining, inspection, array members, the harness's
// steps) are in strict_operations.cpp.
void add_manipulation(OperationTable& table);       // broadcast_*, expand_dims, flip, ...
void add_searching_sorting(OperationTable& table);  // argmax, nonzero, unique_*, sort, take
void add_indexing_member(OperationTable& table);    // __getitem__, __setitem__, T, __bool__
void add_linalg(OperationTable& table);             // the linalg extension
void add_fft(OperationTable& table);                // the fft extension

}  // namespace conformance::strict_internal
