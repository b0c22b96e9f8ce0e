// Operation names to C++ source text: the strict call a reproduction makes for a step, the
// counterpart of strict_dispatch.hpp.
#pragma once

#include <string>

#include "conformance/program.hpp"
#include "strict_cpp_text.hpp"

namespace conformance::strict_internal {

using adapter_support::CppExpression;
using adapter_support::CppResult;

// The expression for one step. Throws Unsupported where strict_dispatch would.
CppExpression cpp_call(const Step& step, const CppNames& names);

}  // namespace conformance::strict_internal
