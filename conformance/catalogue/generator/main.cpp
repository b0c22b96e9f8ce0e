// catalogue_generator SIGNATURES_JSON OUTPUT_CPP: the build step that writes the catalogue's table
// as C++ (derived from the signatures and facts.cpp), so that no program reads the JSON file or
// pays for parsing it (400 kB: 8 ms in Release, 190 ms under the sanitizers, in every process).
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "derive.hpp"

namespace {

using catalogue::derive::DerivedCatalogue;

// A string literal; `{}` for an empty view, as the fields' defaults are.
std::string literal(std::string_view text) {
  if (text.empty()) return "{}";
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

std::string boolean(bool value) {
  return value ? "true" : "false";
}

// Positionals or keywords: the same two fields.
template <class Parameters>
void write_parameters(std::ostream& out, const Parameters& parameters) {
  const char* separator = "";
  for (const auto& p : parameters) {
    out << separator << "{.name = " << literal(p.name)
        << ", .default_value = " << literal(p.default_value) << "}";
    separator = ", ";
  }
}

// One entry, every field spelled out in declaration order (designated initializers).
void write_operation(std::ostream& out, const catalogue::Operation& op) {
  out << "    {.name = " << literal(op.name) << ",\n"
      << "     .ns = Namespace::" << catalogue::name(op.ns) << ",\n"
      << "     .since_version = " << literal(op.since_version) << ",\n"
      << "     .spec_section = " << literal(op.spec_section) << ",\n"
      << "     .rule = DeviceRule::" << catalogue::name(op.rule) << ",\n"
      << "     .arrays = {";
  const char* separator = "";
  for (const auto& a : op.arrays) {
    out << separator << "{.name = " << literal(a.name)
        << ", .dtype_category = " << literal(a.dtype_category) << ", .min_ndim = " << a.min_ndim
        << ", .may_be_scalar = " << boolean(a.may_be_scalar)
        << ", .scalar_since = " << literal(a.scalar_since)
        << ", .variadic = " << boolean(a.variadic) << ", .optional = " << boolean(a.optional)
        << "}";
    separator = ",\n                ";
  }
  out << "},\n     .positionals = {";
  write_parameters(out, op.positionals);
  out << "},\n     .keywords = {";
  write_parameters(out, op.keywords);
  out << "},\n     .has_device_keyword = " << boolean(op.has_device_keyword) << ",\n"
      << "     .device_since = " << literal(op.device_since) << "},\n";
}

std::string source_of(const DerivedCatalogue& derived) {
  std::ostringstream out;
  out << "// Written by catalogue_generator from the spec's signatures and generator/facts.cpp.\n"
      << "#include \"derived.hpp\"\n\n"
      << "namespace catalogue::detail {\n\n"
      << "std::vector<Operation> derived_operations() {\n  return {\n";
  for (const auto& op : derived.operations())
    write_operation(out, op);
  out << "  };\n}\n\n"
      << "std::vector<std::string_view> derived_several_array_results() {\n  return {";
  const char* separator = "";
  for (const auto name : derived.several_array_results()) {
    out << separator << literal(name);
    separator = ", ";
  }
  out << "};\n}\n\n}  // namespace catalogue::detail\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: catalogue_generator SIGNATURES_JSON OUTPUT_CPP\n";
    return 2;
  }
  std::string source;
  try {
    std::ifstream in(argv[1]);
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[1]);
    const DerivedCatalogue derived(nlohmann::json::parse(in), catalogue::derive::operation_facts());
    source = source_of(derived);
  } catch (const std::exception& error) {
    std::cerr << "catalogue_generator: " << error.what() << "\n";
    return 1;
  }
  std::ofstream out(argv[2], std::ios::trunc);
  out << source;
  out.close();
  if (!out) {
    std::cerr << "catalogue_generator: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
