// Reproductions in C++ over ATen: the shared writer (cpp_reproduction.hpp) in libtorch's dialect.
// Each step becomes the call the adapter makes, as its entry in the operation table spells it
// (torch_operations_*.cpp).
#include "torch_reproduction.hpp"

#include "cpp_reproduction.hpp"
#include "torch_cpp_call.hpp"
#include "torch_operations.hpp"

namespace conformance::torch_internal {

const adapter_support::CppDialect& torch_dialect() {
  static const adapter_support::CppDialect dialect{
      .library = "torch",
      .title = "libtorch (C++)",
      .array_type = "at::Tensor",
      .exception_type = "std::exception",
      .build_comment =
          "// Build and run (Debian: apt-get install libtorch-dev):\n"
          "//   g++ -std=c++17 repro.cpp -isystem /usr/include/torch/csrc/api/include "
          "\\\n"
          "//       -ltorch -ltorch_cpu -lc10 -o repro && ./repro\n"
          "// or against a torch wheel's libtorch (pip install torch):\n"
          "//   T=$(python -c 'import os, torch; print(os.path.dirname(torch.__file__))')\n"
          "//   g++ -std=c++17 repro.cpp -isystem $T/include -isystem "
          "$T/include/torch/csrc/api/include \\\n"
          "//       -L$T/lib -Wl,-rpath,$T/lib -ltorch -ltorch_cpu -lc10 -o repro && ./repro\n",
      .includes =
          "#include <ATen/ATen.h>\n"
          "#include <ATen/DLConvertor.h>\n"
          "#include <ATen/ScalarOps.h>\n\n"
          "#include <cstdio>\n"
          "#include <cstdlib>\n"
          "#include <string>\n"
          "#include <vector>\n",
      .helpers =
          "std::string name_of(const c10::Device& device) {\n"
          "  return device.str();\n"
          "}\n\n"
          "// The exception torch's Python binding raises for this one.\n"
          "std::string python_name(const std::exception& error) {\n"
          "  if (dynamic_cast<const c10::IndexError*>(&error)) return \"IndexError\";\n"
          "  if (dynamic_cast<const c10::ValueError*>(&error)) return \"ValueError\";\n"
          "  if (dynamic_cast<const c10::TypeError*>(&error)) return \"TypeError\";\n"
          "  if (dynamic_cast<const c10::NotImplementedError*>(&error)) return "
          "\"NotImplementedError\";\n"
          "  return \"RuntimeError\";\n"
          "}\n\n"
          "std::string exception_of(const std::exception& error) {\n"
          "  const auto* c10_error = dynamic_cast<const c10::Error*>(&error);\n"
          "  return python_name(error) + \": \" +\n"
          "         (c10_error ? c10_error->what_without_backtrace() : error.what());\n"
          "}\n\n",
      .device = cpp_device,
      .spell = [](const Step& step, const adapter_support::CppNames& names) {
        return adapter_support::spell_step<TorchBackend>(torch_table(), step, names);
      }};
  return dialect;
}

}  // namespace conformance::torch_internal
