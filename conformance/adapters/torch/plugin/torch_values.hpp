// Program values as libtorch arguments (StepRef -> the Tensor, DeviceIndex -> at::Device, ...),
// and tensors as ArrayReports.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "call_arguments.hpp"
#include "conformance/outcome.hpp"
#include "torch_session.hpp"

namespace conformance::torch_internal {

using adapter_support::Arguments;
using adapter_support::Unsupported;

// One call's arguments, read as the libtorch types a parameter needs. Every reader throws
// Unsupported for a value libtorch cannot take there (a dtype where a shape belongs), NotRun for
// a reference to a missing result, and lets libtorch's own errors through.
class Call : public adapter_support::ValueReader {
 public:
  Call(const Arguments& arguments, Session& session)
      : ValueReader(arguments, "libtorch"), session_(session) {}

  Session& session() const { return session_; }

  // The tensor itself (not a copy), so in-place operators change what later steps read.
  at::Tensor& tensor(std::string_view name) const;
  std::vector<at::Tensor> tensors(std::string_view name) const;  // a RefList
  // A tensor, or a Python scalar as torch's Python binding passes one where a Tensor is due: a
  // 0-d cpu tensor marked as a wrapped number (weak in type promotion, exempt from device
  // checks).
  at::Tensor operand(std::string_view name) const;
  std::optional<at::Tensor> optional_operand(std::string_view name) const;
  bool is_scalar(std::string_view name) const;  // the argument is a Python scalar
  at::Scalar scalar(std::string_view name) const;
  std::optional<at::Scalar> optional_scalar(std::string_view name) const;
  std::optional<at::Device> device(std::string_view name = "device") const;
  std::optional<at::ScalarType> dtype(std::string_view name = "dtype") const;
  at::ScalarType required_dtype(std::string_view name) const;
  // dtype= and device= as TensorOptions: only what the call gives is set.
  at::TensorOptions options() const;

 private:
  Session& session_;
};

// libtorch 1.13 takes c10::optional, which is not std::optional.
template <class T>
c10::optional<T> c10_optional(const std::optional<T>& value) {
  return value ? c10::optional<T>(*value) : c10::nullopt;
}

// The tensor a reference names; throws NotRun when that step produced no such tensor.
at::Tensor& resolve(const StepRef& ref, Session& session);

// Literal data as a cpu tensor: int64 when every value is integral, bool for a bool dtype,
// the default float dtype otherwise, as torch.asarray types Python lists; `dtype` when given.
at::Tensor literal_tensor(const Data& data, std::optional<at::ScalarType> dtype);

// A Python scalar as torch's binding wraps it.
at::Tensor wrapped_scalar(const at::Scalar& scalar);

// Device, dtype, shape and (for tensors with data) values.
ArrayReport report(const at::Tensor& tensor, const std::vector<at::Device>& devices);

}  // namespace conformance::torch_internal
