// A step as the C++ statement the adapter's call amounts to (torch_dispatch_*.cpp), for
// reproductions: "at::add(x0, x1)", "x0.to(at::Device(\"meta\"))". Knows no torch type.
#pragma once

#include <string>
#include <vector>

#include "call_arguments.hpp"
#include "conformance/program.hpp"
#include "cpp_reproduction.hpp"

namespace conformance::torch_internal {

using adapter_support::CppExpression;
using adapter_support::CppNames;
using adapter_support::CppResult;

// The expression for one step. Throws adapter_support::Unsupported for a step no spelling is
// written for (the reproduction then says so).
CppExpression cpp_call(const Step& step, const CppNames& names);

// at::Device("meta")
std::string cpp_device(const std::string& name);

}  // namespace conformance::torch_internal
