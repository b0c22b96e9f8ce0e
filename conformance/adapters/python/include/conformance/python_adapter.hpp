// The out-of-process adapter for Python namespaces (`--impl python:<module>`). A child
// interpreter runs array_api_adapter.py, which imports the namespace and speaks JSON lines; a
// crash, hang or unreadable reply in the child becomes a program outcome, and the next program
// gets a fresh child.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

#include "conformance/adapter.hpp"

namespace conformance {

struct PythonAdapterOptions {
  std::string module{};  // "numpy.array_api", "torch", ...
  // --peer: a second module loaded in the same child (dlpack_between.*); "" for none. A peer that
  // does not import is no setup error: the handshake says why (Handshake::peer_error).
  std::string peer{};
  // The route every program takes ("": eager, one step at a time; "jit": one function under
  // jax.jit). Sent in the handshake; the implementation is then "python:<module>@<route>".
  std::string route{};
  std::string python = "/usr/bin/python3";
  std::string script{};    // the adapter script; empty: find_python_adapter_script()
  int timeout_ms = 10000;  // per program (and for the handshake, with import time)
  std::size_t max_reply_bytes = 16u << 20;  // a longer reply line is a protocol error
};

// The adapter cannot start: the interpreter is missing, the module does not import, or it is no
// array namespace. what() is one line naming the cause.
class PythonSetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Starts the child and does the handshake. Throws PythonSetupError.
std::unique_ptr<Adapter> make_python_adapter(const PythonAdapterOptions& options);

// The adapter script: $ADC_PYTHON_ADAPTER if set, else array_api_adapter.py beside the running
// executable (a carried build), else the copy in the source tree this was built from.
std::string find_python_adapter_script();
// The library the child loads after importing torch to drop the C++ backtraces torch 1.13 builds
// in every error (quiet_torch_errors.cpp); "" when this build has none.
std::string find_quiet_torch_errors_library();

}  // namespace conformance
