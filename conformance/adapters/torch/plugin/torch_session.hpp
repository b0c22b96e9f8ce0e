// libtorch as a backend of the in-process adapter kit (in_process_backend.hpp): tensors and
// devices, and how a step's outcome is reported. A fresh Session per program, so nothing leaks
// from one program to the next.
#pragma once

#include <ATen/ATen.h>

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "in_process_backend.hpp"

namespace conformance::torch_internal {

class Call;     // torch_values.hpp
class CppCall;  // torch_cpp_call.hpp

// A step that reads a result no earlier step produced: it is reported not_run.
using adapter_support::NotRun;

struct TorchBackend {
  static constexpr std::string_view library = "libtorch";
  using Array = at::Tensor;
  using Device = at::Device;
  using Call = torch_internal::Call;
  using CppCall = torch_internal::CppCall;
  struct State {};

  static std::string unmapped(std::string_view op);
  static ArrayReport report(const at::Tensor& tensor, const std::vector<at::Device>& devices);
  // The Python exception torch's binding raises for it; unsupported where the device cannot run
  // the operation at all (meta's missing kernels).
  static StepOutcome outcome_of(const std::exception& error);
};

using Session = adapter_support::Session<TorchBackend>;
using CallResult = adapter_support::CallResult<at::Tensor>;

}  // namespace conformance::torch_internal
