// strict's dialect of the kit's reproduction writer, and the setup its reproductions start with.
#include "strict_reproduction.hpp"

#include <fmt/format.h>

#include "strict_cpp_text.hpp"
#include "strict_operations.hpp"

namespace conformance::strict_internal {

const adapter_support::CppDialect& strict_dialect() {
  static const adapter_support::CppDialect dialect{
      .library = "strict",
      .title = "strict",
      .array_type = "strict::Array",
      .exception_type = "strict::Error",
      .build_comment =
          "// Build and run from the repository root, after building strict into build/:\n"
          "//   c++ -std=c++20 -I strict/include repro.cpp build/strict/libstrict.a -lfmt -o "
          "repro\n"
          "//   ./repro\n",
      .includes = "#include <cstdio>\n#include <cstdlib>\n\n#include <strict/strict.hpp>\n",
      .helpers =
          "std::string name_of(strict::Device device) {\n"
          "  return std::string(device.name());\n"
          "}\n\n"
          "std::string python_name(const strict::Error& error) {\n"
          "  return std::string(strict::python_exception_name(error.kind()));\n"
          "}\n\n"
          "std::string exception_of(const strict::Error& error) {\n"
          "  return python_name(error) + \": \" + error.what();\n"
          "}\n\n",
      .device = cpp_device,
      .spell = [](const Step& step, const CppNames& names) {
        return adapter_support::spell_step<StrictBackend>(strict_table(), step, names);
      }};
  return dialect;
}

std::string reproduction_setup(const std::vector<std::string>& devices,
                               std::string_view default_device) {
  std::string out;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const std::string& device = devices[i];
    if (device == "cpu" || device == "device1" || device == "device2") continue;
    if (device == "no_float64" || device == "no_x64") {
      out += fmt::format("  strict::enable_device({});\n", cpp_string_literal(device));
    } else {
      out += fmt::format(
          "  // devices[{}] is {}, registered by the harness's process: register it here too.\n", i,
          cpp_string_literal(device));
    }
  }
  if (default_device != "cpu")
    out += fmt::format("  strict::set_global_default_device({});\n", cpp_device(default_device));
  return out;
}

}  // namespace conformance::strict_internal
