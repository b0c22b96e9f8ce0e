// Reproductions in C++ over ATen: the kit's writer (cpp_reproduction.hpp) in libtorch's dialect,
// a complete program using only <ATen/ATen.h> (and <ATen/DLConvertor.h>) that rebuilds a
// program's steps as the libtorch calls the adapter makes (torch_operations_*.cpp). No torch
// header is needed to write one.
#pragma once

#include "cpp_reproduction.hpp"

namespace conformance::torch_internal {

const adapter_support::CppDialect& torch_dialect();

}  // namespace conformance::torch_internal
