// The forms of --impl and the adapter each one makes.
#include "adapter_factory.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
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
    "strict, strict:fault=NAME, torch, torch:no-fork, python:<module>, python:<module>@<route>";
constexpr std::string_view kFaultPrefix = "strict:fault=";
constexpr std::string_view kPythonPrefix = "python:";

std::unique_ptr<Adapter> make_strict(const std::string& spec, std::string fault) {
  try {
    return make_strict_adapter(StrictAdapterOptions{.fault = std::move(fault)});
  } catch (const std::exception& error) {
    throw UsageError(fmt::format("--impl {}: {}", spec, error.what()));
  }
}

// The routes of the Python adapter besides eager, the default (its routes/ package).
constexpr std::array<std::string_view, 3> kPythonRoutes = {"jit", "compile", "lazy"};

}  // namespace

bool is_python_route(std::string_view route) {
  return std::find(kPythonRoutes.begin(), kPythonRoutes.end(), route) != kPythonRoutes.end();
}

std::string route_names() {
  return fmt::format("eager (the default), {}", fmt::join(kPythonRoutes, ", "));
}

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
    // python:<module>@<route>: no module name has an "@".
    std::string_view module = text.substr(kPythonPrefix.size());
    std::string route;
    if (const auto at = module.find('@'); at != std::string_view::npos) {
      route = std::string(module.substr(at + 1));
      module = module.substr(0, at);
      if (module.empty() || !is_python_route(route))
        throw UsageError(fmt::format("--impl {}: {} is no route; the routes are {}", spec,
                                     route.empty() ? "nothing" : "'" + route + "'", route_names()));
      if (!settings.peer.empty())
        throw UsageError(fmt::format(
            "--impl {}: --peer runs two namespaces in one process, which only the eager route "
            "does",
            spec));
    }
    try {
      return make_python_adapter(PythonAdapterOptions{.module = std::string(module),
                                                      .peer = settings.peer,
                                                      .route = route,
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
