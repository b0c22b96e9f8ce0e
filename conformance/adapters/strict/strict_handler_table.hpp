// The table from operation names to the code that calls strict, shared by the files that fill
// it (one per group of functions, as strict's headers are grouped).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "strict_session.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {

using HandlerTable = adapter_support::HandlerTable<StrictBackend>;
using Handler = HandlerTable::mapped_type;

inline CallResult one(strict::Array array) {
  return {.arrays = {std::move(array)}};
}
inline CallResult many(std::vector<strict::Array> arrays) {
  return {.arrays = std::move(arrays)};
}
inline CallResult value(nlohmann::json json) {
  return {.value = std::move(json)};
}

// The groups of issue #4, each in its own strict_dispatch_<group>.cpp.
void add_manipulation_handlers(HandlerTable& table);       // broadcast_*, expand_dims, flip, ...
void add_searching_sorting_handlers(HandlerTable& table);  // argmax, nonzero, unique_*, sort, take
void add_indexing_member_handlers(HandlerTable& table);    // __getitem__, __setitem__, T, __bool__
void add_linalg_handlers(HandlerTable& table);             // the linalg extension
void add_fft_handlers(HandlerTable& table);                // the fft extension

}  // namespace conformance::strict_internal
