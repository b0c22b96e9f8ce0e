// Reproductions in C++ over strict: the kit's writer (cpp_reproduction.hpp) in strict's dialect,
// a complete program using only <strict/strict.hpp>.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cpp_reproduction.hpp"

namespace conformance::strict_internal {

const adapter_support::CppDialect& strict_dialect();

// Statements giving the reproduction's process the harness's devices (by their handshake names)
// and default device.
std::string reproduction_setup(const std::vector<std::string>& devices,
                               std::string_view default_device);

}  // namespace conformance::strict_internal
