// Turns an --impl SPEC into an adapter: strict | strict:fault=NAME | torch | python:<module>.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "conformance/adapter.hpp"

namespace conformance::app {

// What out-of-process adapters need beside the spec.
struct AdapterSettings {
  std::string python = "/usr/bin/python3";
  int timeout_ms = 10000;
  std::string peer{};  // --peer's module, without "python:" ("": none)
};

// The routes a python: implementation can take besides eager (python:<module>@<route>, --route),
// and all of them for messages: "eager" (the default, one step at a time), "jit" (jax.jit),
// "compile" (torch.compile), "lazy" (dask: the graph built, computed once at the end).
bool is_python_route(std::string_view route);
std::string route_names();

// Throws UsageError for a spec of no known form, for an adapter this build lacks, or when the
// adapter refuses its options (an unknown fault, say).
std::unique_ptr<Adapter> make_adapter(const std::string& spec, const AdapterSettings& settings);

}  // namespace conformance::app
