// The forms of --impl and the adapter each one makes.
#include "adapter_factory.hpp"

#include <fmt/format.h>

#include <exception>
#include <string_view>
#include <utility>

#include "conformance/python_adapter.hpp"
#include "conformance/strict_adapter.hpp"
#include "conformance/torch_adapter.hpp"
#include "usage_error.hpp"

namespace conformance::app {

namespace {

constexpr std::string_view kValidForms =
    "strict, strict:fault=NAME, torch, torch:no-fork, python:<module>";
constexpr std::string_view kFaultPrefix = "strict:fault=";
constexpr std::string_view kPythonPrefix = "python:";

std::unique_ptr<Adapter> make_strict(const std::string& spec, std::string fault) {
  try {
    return make_strict_adapter(StrictAdapterOptions{.fault = std::move(fault)});
  } catch (const std::exception& error) {
    throw UsageError(fmt::format("--impl {}: {}", spec, error.what()));
  }
}

}  // namespace

std::unique_ptr<Adapter> make_adapter(const std::string& spec, const AdapterSettings& settings) {
  const std::string_view text = spec;
  if (text == "strict") return make_strict(spec, "");
  if (text.starts_with(kFaultPrefix) && text.size() > kFaultPrefix.size())
    return make_strict(spec, std::string(text.substr(kFaultPrefix.size())));
  if (text == "torch" || text == "torch:no-fork") {
    try {
      return make_torch_adapter(
          TorchAdapterOptions{.isolate = text == "torch", .timeout_ms = settings.timeout_ms});
    } catch (const TorchSetupError& error) {
      throw UsageError(error.what());
    }
  }
  if (text.starts_with(kPythonPrefix) && text.size() > kPythonPrefix.size()) {
    try {
      return make_python_adapter(
          PythonAdapterOptions{.module = std::string(text.substr(kPythonPrefix.size())),
                               .peer = settings.peer,
                               .python = settings.python,
                               .timeout_ms = settings.timeout_ms});
    } catch (const PythonSetupError& error) {
      throw UsageError(error.what());
    }
  }
  throw UsageError(
      fmt::format("unknown implementation '{}' for --impl; valid forms: {}", spec, kValidForms));
}

}  // namespace conformance::app
