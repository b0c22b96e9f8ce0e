// Program values as C++ source text for reproductions: StepRef -> "x2", DeviceIndex ->
// at::Device("meta"), DTypeName -> at::kFloat, a Python scalar -> at::Scalar(...), ... The
// counterpart of torch_values.hpp, which makes the same values at run time. Knows no torch type.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "call_arguments.hpp"
#include "conformance/program.hpp"
#include "cpp_reproduction.hpp"

namespace conformance::torch_internal {

using adapter_support::Arguments;
using adapter_support::CppNames;

// One call's arguments as C++ expressions, read as Call (torch_values.hpp) reads them. Every
// reader throws Unsupported for a value it has no text for.
class CppCall {
 public:
  CppCall(const Arguments& arguments, const CppNames& names)
      : arguments_(arguments), names_(names) {}

  bool given(std::string_view name) const { return arguments_.given(name); }
  const Value& at(std::string_view name) const { return arguments_.at(name); }
  const Value* find(std::string_view name) const { return arguments_.find(name); }

  std::string ref(const StepRef& ref) const;         // "x2", "x2[1]"
  std::string tensor(std::string_view name) const;   // a StepRef
  std::string tensors(std::string_view name) const;  // "std::vector<at::Tensor>{x0, x1}"
  std::string scalar(std::string_view name) const;   // "at::Scalar(int64_t{2})"
  // A tensor, or a Python scalar as torch's Python binding passes one: a wrapped 0-d cpu tensor.
  std::string operand(std::string_view name) const;
  std::optional<std::string> device(std::string_view name = "device") const;
  std::optional<std::string> dtype(std::string_view name = "dtype") const;
  // dtype= and device= as TensorOptions: only what the call gives is set.
  std::string options() const;
  std::string shape(std::string_view name) const;  // "std::vector<int64_t>{2, 3}"
  std::optional<std::int64_t> integer(std::string_view name) const;
  std::optional<bool> boolean(std::string_view name) const;

 private:
  std::optional<std::string> scalar_text(const Value& value) const;

  const Arguments& arguments_;
  const CppNames& names_;
};

// The ATen function of a standard operation's name: "bitwise_not" for bitwise_invert, "eq" for
// equal, "cat" for concat; the rest are spelled as they are named.
std::string aten_name(std::string_view op);

// A double as a C++ floating literal: "2.0", "0.5", "1e+20", "nan".
std::string cpp_number(double value);

// at::Device("meta")
std::string cpp_device(std::string_view name);

}  // namespace conformance::torch_internal
