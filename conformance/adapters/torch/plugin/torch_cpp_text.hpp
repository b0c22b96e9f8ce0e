// A step as the C++ statement the adapter's call amounts to (torch_dispatch_*.cpp), for
// reproductions: "at::add(x0, x1)", "x0.to(at::Device(\"meta\"))". Knows no torch type.
#pragma once

#include <string>
#include <vector>

#include "call_arguments.hpp"
#include "conformance/program.hpp"

namespace conformance::torch_internal {

enum class CppResult {
  tensor,    // an at::Tensor
  tensors,   // a std::vector<at::Tensor>
  value,     // anything else (auto)
  in_place,  // a Tensor method that changes its object and returns it
};

struct CppExpression {
  std::string text{};
  CppResult result = CppResult::tensor;
};

// What the names in a reproduction refer to.
struct CppNames {
  std::vector<std::string> devices;   // the handshake's devices: DeviceIndex i is devices[i]
  std::vector<bool> several_results;  // per step: its variable is a std::vector<at::Tensor>
};

// The expression for one step. Throws adapter_support::Unsupported for a step no spelling is
// written for (the reproduction then says so).
CppExpression cpp_call(const Step& step, const CppNames& names);

// at::Device("meta")
std::string cpp_device(const std::string& name);

}  // namespace conformance::torch_internal
