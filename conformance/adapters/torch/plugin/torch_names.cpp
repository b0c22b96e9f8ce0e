// Tables between libtorch's enums and the harness's names.
#include "torch_names.hpp"

#include <c10/util/Exception.h>

#include <array>
#include <utility>

#include "conformance/outcome.hpp"

namespace conformance::torch_internal {
namespace {

constexpr std::array<std::pair<std::string_view, at::ScalarType>, 10> kStandardTypes = {{
    {"bool", at::kBool},
    {"int8", at::kChar},
    {"int16", at::kShort},
    {"int32", at::kInt},
    {"int64", at::kLong},
    {"uint8", at::kByte},
    {"float32", at::kFloat},
    {"float64", at::kDouble},
    {"complex64", at::kComplexFloat},
    {"complex128", at::kComplexDouble},
}};

// Enough to recognise an error; libtorch's dispatcher errors list every backend (several KB).
constexpr std::size_t kMaxMessage = 400;

constexpr std::array<std::string_view, 6> kDeviceLimits = {
    "with arguments from the 'Meta' backend", "Cannot copy out of meta tensor",
    "Unknown device type meta for Dlpack",    "The register_meta function for",
    "cannot be called on meta tensors",       "Cannot pack tensors on meta"};

}  // namespace

std::string dtype_name(at::ScalarType type) {
  for (const auto& [name, candidate] : kStandardTypes)
    if (candidate == type) return std::string(name);
  return c10::toString(type);
}

std::optional<at::ScalarType> scalar_type_named(std::string_view name) {
  for (const auto& [candidate, type] : kStandardTypes)
    if (candidate == name) return type;
  return std::nullopt;
}

std::vector<std::string> standard_dtype_names() {
  std::vector<std::string> names;
  for (const auto& [name, type] : kStandardTypes)
    names.emplace_back(name);
  return names;
}

std::string python_exception_name(const std::exception& error) {
  // torch/csrc/Exceptions.h maps these c10 errors to Python exceptions of the same name.
  if (dynamic_cast<const c10::IndexError*>(&error) != nullptr) return "IndexError";
  if (dynamic_cast<const c10::ValueError*>(&error) != nullptr) return "ValueError";
  if (dynamic_cast<const c10::TypeError*>(&error) != nullptr) return "TypeError";
  if (dynamic_cast<const c10::NotImplementedError*>(&error) != nullptr)
    return "NotImplementedError";
  if (dynamic_cast<const c10::LinAlgError*>(&error) != nullptr) return "LinAlgError";
  if (dynamic_cast<const c10::Error*>(&error) != nullptr) return "RuntimeError";
  if (dynamic_cast<const std::out_of_range*>(&error) != nullptr) return "IndexError";
  if (dynamic_cast<const std::invalid_argument*>(&error) != nullptr) return "ValueError";
  return "RuntimeError";
}

std::string exception_message(const std::exception& error) {
  const auto* c10_error = dynamic_cast<const c10::Error*>(&error);
  std::string message = c10_error != nullptr ? c10_error->what_without_backtrace() : error.what();
  if (message.size() > kMaxMessage) message = message.substr(0, kMaxMessage) + "...";
  return message;
}

bool is_device_limit(std::string_view message) {
  for (std::string_view fragment : kDeviceLimits)
    if (message.find(fragment) != std::string_view::npos) return true;
  return false;
}

int device_index(const at::Device& device, const std::vector<at::Device>& devices) {
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const at::Device& listed = devices[i];
    const auto index = [](const at::Device& d) { return d.has_index() ? d.index() : 0; };
    if (listed.type() == device.type() && index(listed) == index(device))
      return static_cast<int>(i);
  }
  return kUnlistedDevice;
}

}  // namespace conformance::torch_internal
