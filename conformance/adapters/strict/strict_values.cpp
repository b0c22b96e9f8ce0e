// Program values as strict arguments, and strict arrays as reports.
#include "strict_values.hpp"

#include <fmt/format.h>

#include <cmath>
#include <exception>
#include <variant>

namespace conformance::strict_internal {
namespace {

using adapter_support::is_none;

std::optional<strict::Scalar> as_scalar(const Value& value) {
  if (const auto* b = std::get_if<bool>(&value)) return strict::Scalar(*b);
  if (const auto* i = std::get_if<std::int64_t>(&value)) return strict::Scalar(*i);
  if (const auto* d = std::get_if<double>(&value)) return strict::Scalar(*d);
  return std::nullopt;
}

}  // namespace

strict::Array& resolve(const StepRef& ref, Session& session) {
  return adapter_support::resolve_reference(ref, session.results);
}

strict::Array& Call::array(std::string_view name) const {
  const Value& value = arguments_.at(name);
  const auto* ref = std::get_if<StepRef>(&value);
  if (ref == nullptr) cannot_take(name, value, "an array");
  return resolve(*ref, session_);
}

std::vector<strict::Array> Call::arrays(std::string_view name) const {
  const Value& value = arguments_.at(name);
  const auto* list = std::get_if<RefList>(&value);
  if (list == nullptr) cannot_take(name, value, "a list of arrays");
  std::vector<strict::Array> arrays;
  for (const StepRef& ref : list->refs)
    arrays.push_back(resolve(ref, session_));
  return arrays;
}

strict::ArrayOrScalar Call::operand(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (const auto* ref = std::get_if<StepRef>(&value)) return resolve(*ref, session_);
  if (auto scalar = as_scalar(value)) return *scalar;
  cannot_take(name, value, "an array or a Python scalar");
}

std::optional<strict::ArrayOrScalar> Call::optional_operand(std::string_view name) const {
  if (is_none(arguments_.find(name))) return std::nullopt;
  return operand(name);
}

strict::Scalar Call::scalar(std::string_view name) const {
  const Value& value = arguments_.at(name);
  if (auto scalar = as_scalar(value)) return *scalar;
  cannot_take(name, value, "a Python scalar");
}

std::optional<strict::Scalar> Call::optional_scalar(std::string_view name) const {
  if (is_none(arguments_.find(name))) return std::nullopt;
  return scalar(name);
}

std::optional<strict::Device> Call::device(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  if (const auto* index = std::get_if<DeviceIndex>(value)) {
    if (index->index < 0 || static_cast<std::size_t>(index->index) >= session_.devices.size()) {
      throw Unsupported(fmt::format("devices[{}] does not exist: strict lists {} devices",
                                    index->index, session_.devices.size()));
    }
    return session_.devices[index->index];
  }
  // strict's own answer to a device that does not exist: UnsupportedDeviceError (ValueError).
  if (std::holds_alternative<InvalidDevice>(*value)) return strict::Device("not-a-device");
  cannot_take(name, *value, "a device");
}

std::optional<strict::DType> dtype_named(std::string_view name) {
  return strict::parse_dtype(name);
}

std::optional<strict::DType> Call::dtype(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  const auto* dtype = std::get_if<DTypeName>(value);
  if (dtype == nullptr) cannot_take(name, *value, "a dtype");
  auto parsed = dtype_named(dtype->name);
  if (!parsed) throw Unsupported(fmt::format("strict has no dtype '{}'", dtype->name));
  return parsed;
}

strict::DType Call::required_dtype(std::string_view name) const {
  auto parsed = dtype(name);
  if (!parsed) cannot_take(name, arguments_.at(name), "a dtype");
  return *parsed;
}

std::optional<strict::DTypeKind> Call::dtype_kind(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  // A kind travels as a DTypeName holding the kind's name ("real floating").
  const auto* kind = std::get_if<DTypeName>(value);
  if (kind == nullptr) cannot_take(name, *value, "a dtype kind");
  for (auto candidate : {strict::DTypeKind::bool_, strict::DTypeKind::signed_integer,
                         strict::DTypeKind::unsigned_integer, strict::DTypeKind::integral,
                         strict::DTypeKind::real_floating, strict::DTypeKind::complex_floating,
                         strict::DTypeKind::numeric}) {
    if (strict::name(candidate) == kind->name) return candidate;
  }
  throw Unsupported(fmt::format("strict has no dtype kind '{}'", kind->name));
}

std::optional<strict::Stream> Call::stream(std::string_view name) const {
  const Value* value = arguments_.find(name);
  if (is_none(value)) return std::nullopt;
  // strict's devices have no streams, so any stream is one strict rejects; an int is its handle.
  if (const auto* handle = std::get_if<std::int64_t>(value))
    return strict::Stream{static_cast<std::intptr_t>(*handle)};
  return strict::Stream{};
}

std::vector<strict::Scalar> literal_values(const Data& data, std::optional<strict::DType> dtype) {
  const bool as_bool = dtype == strict::DType::bool_;
  std::vector<strict::Scalar> values;
  values.reserve(data.values.size());
  for (double v : data.values) {
    if (as_bool)
      values.emplace_back(v != 0.0);
    else if (std::trunc(v) == v && std::abs(v) < 9.0e15)
      values.emplace_back(static_cast<std::int64_t>(v));
    else
      values.emplace_back(v);
  }
  return values;
}

int device_index(strict::Device device, const std::vector<strict::Device>& devices) {
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i] == device) return static_cast<int>(i);
  return kUnlistedDevice;
}

ArrayReport report(const strict::Array& array, const std::vector<strict::Device>& devices) {
  ArrayReport out;
  out.device = device_index(array.device(), devices);
  out.device_repr = std::string(array.device().name());
  out.dtype = std::string(strict::name(array.dtype()));
  out.shape = array.shape();
  try {
    // Data off the host is read only through a copy to cpu (strict raises HostAccessError).
    const strict::Array host =
        array.device().is_host() ? array : array.to_device(strict::Device::cpu());
    std::vector<double> values;
    for (const strict::Scalar& s : host.scalars())
      values.push_back(s.as<double>());
    out.values = std::move(values);
  } catch (const std::exception&) {
    out.values = std::nullopt;  // unreadable: report the placement alone
  }
  return out;
}

}  // namespace conformance::strict_internal
