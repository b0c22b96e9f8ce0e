// Program values as libtorch arguments, and tensors as reports.
#include "torch_values.hpp"

#include <ATen/ScalarOps.h>
#include <fmt/format.h>

#include <cmath>
#include <variant>

#include "torch_names.hpp"

namespace conformance::torch_internal {
namespace {

constexpr std::int64_t kMaxValues = 4096;

using adapter_support::is_none;

std::optional<at::Scalar> as_scalar(const Value& value) {
  if (const auto* b = std::get_if<bool>(&value)) return at::Scalar(*b);
  if (const auto* i = std::get_if<std::int64_t>(&value)) return at::Scalar(*i);
  if (const auto* d = std::get_if<double>(&value)) return at::Scalar(*d);
  return std::nullopt;
}

}  // namespace

at::Tensor& resolve(const StepRef& ref, Session& session) {
  return adapter_support::resolve_reference(ref, session.results);
}

at::Tensor wrapped_scalar(const at::Scalar& scalar) {
  return at::native::wrapped_scalar_tensor(scalar);
}

at::Tensor& Call::tensor(std::string_view name) const {
  const Value& value = arguments_.at(name);
  const auto* ref = std::get_if<StepRef>(&value);
  if (ref == nullptr) cannot_take(name, value, "a tensor");
  return resolve(*ref, session_);
}

std::vector<at::Tensor> Call::tensors(std::string_view name) const {
  const Value& value = arguments_.at(name);
  const auto* list = std::get_if<RefList>(&value);
  if (list == nullptr) cannot_take(name, value, "a list of tensors");
  std::vector<at::Tensor> tensors;
  for (const StepRef& ref : list->refs)
    tensors.push_back(resolve(ref, session_));
  return tensors;
}

at::Tensor Call::operand(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (const auto* ref = std::get_if<StepRef>(&value)) return resolve(*ref, session_);
  if (auto scalar = as_scalar(value)) return wrapped_scalar(*scalar);
  cannot_take(name, value, "a tensor or a Python scalar");
}

std::optional<at::Tensor> Call::optional_operand(std::string_view name) const {
  if (is_none(arguments_.find(name))) return std::nullopt;
  return operand(name);
}

bool Call::is_scalar(std::string_view name) const {
  const Value* value = arguments_.find(name);
  return value != nullptr && as_scalar(*value).has_value();
}

at::Scalar Call::scalar(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (auto scalar = as_scalar(value)) return *scalar;
  cannot_take(name, value, "a Python scalar");
}

std::optional<at::Scalar> Call::optional_scalar(std::string_view name) const {
  if (is_none(arguments_.find(name))) return std::nullopt;
  return scalar(name);
}

std::optional<at::Device> Call::device(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* index = std::get_if<DeviceIndex>(value)) {
    if (index->index < 0 || static_cast<std::size_t>(index->index) >= session_.devices.size()) {
      throw Unsupported(fmt::format("devices[{}] does not exist: libtorch lists {} devices",
                                    index->index, session_.devices.size()));
    }
    return session_.devices[index->index];
  }
  // The nearest C++ has to passing something that is no device: a device string libtorch does
  // not know, which raises where the call is made.
  if (std::holds_alternative<InvalidDevice>(*value)) return at::Device(std::string("not-a-device"));
  cannot_take(name, *value, "a device");
}

std::optional<at::ScalarType> Call::dtype(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  const auto* dtype = std::get_if<DTypeName>(value);
  if (dtype == nullptr) cannot_take(name, *value, "a dtype");
  auto parsed = scalar_type_named(dtype->name);
  if (!parsed) throw Unsupported(fmt::format("libtorch has no dtype '{}'", dtype->name));
  return parsed;
}

at::ScalarType Call::required_dtype(std::string_view name) const {
  auto parsed = dtype(name);
  if (!parsed) cannot_take(name, arguments_.at(name), "a dtype");
  return *parsed;
}

at::TensorOptions Call::options() const {
  at::TensorOptions options;
  if (auto type = dtype()) options = options.dtype(*type);
  if (auto where = device()) options = options.device(*where);
  return options;
}

at::Tensor literal_tensor(const Data& data, std::optional<at::ScalarType> dtype) {
  bool integral = true;
  for (double v : data.values)
    integral = integral && std::trunc(v) == v && std::abs(v) < 9.0e15;
  const at::ScalarType literal_type = integral ? at::kLong : at::get_default_dtype_as_scalartype();
  at::Tensor values = at::tensor(at::ArrayRef<double>(data.values), at::kDouble);
  values = values.reshape(data.shape).to(dtype.value_or(literal_type));
  return values;
}

ArrayReport report(const at::Tensor& tensor, const std::vector<at::Device>& devices) {
  ArrayReport out;
  out.device = device_index(tensor.device(), devices);
  out.device_repr = tensor.device().str();
  out.dtype = dtype_name(tensor.scalar_type());
  out.shape.assign(tensor.sizes().begin(), tensor.sizes().end());
  if (tensor.is_meta()) return out;  // meta tensors hold no data: no values to report
  try {
    at::Tensor host = tensor.detach().resolve_conj().resolve_neg();
    if (host.is_complex()) host = at::real(host);
    host = host.to(at::kCPU, at::kDouble).contiguous();
    // As the Python adapter reports them: JSON has no NaN or infinity, and big arrays are
    // placed, not compared.
    if (host.numel() > kMaxValues || !at::isfinite(host).all().item<bool>()) return out;
    const double* data = host.data_ptr<double>();
    out.values = std::vector<double>(data, data + host.numel());
  } catch (const std::exception&) {
    out.values = std::nullopt;  // unreadable: report the placement alone
  }
  return out;
}

}  // namespace conformance::torch_internal
