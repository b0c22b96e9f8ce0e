// C++ source text shared by the in-process adapters' reproduction writers.
#include "cpp_source.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace conformance::adapter_support {

std::string cpp_string_literal(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\x{:02x}", c);
        else
          out += c;
    }
  }
  return out + "\"";
}

std::string expected_sentence(const Expectation& expectation,
                              const std::vector<std::string>& devices, std::string_view library) {
  switch (expectation.kind) {
    case ExpectKind::on_device: {
      const bool listed =
          expectation.device >= 0 && static_cast<std::size_t>(expectation.device) < devices.size();
      return fmt::format(
          "a result on devices[{}] ({})", expectation.device,
          listed ? devices[expectation.device] : fmt::format("a device {} does not list", library));
    }
    case ExpectKind::raises:
      return expectation.exceptions.empty()
                 ? "an exception"
                 : fmt::format("an exception: {}", fmt::join(expectation.exceptions, " or "));
    case ExpectKind::either:
      return "a result on any device, or an exception (implementation-defined)";
    case ExpectKind::no_array:
      return "no device rule applies";
  }
  return "";
}

}  // namespace conformance::adapter_support
