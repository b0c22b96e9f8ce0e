// Reproductions in C++ over ATen. The program was replayed first, so the reproduction knows which
// earlier steps raised (kept, their exception caught) and which did not run (left out); each step
// becomes one statement under its Python-like text, and the step under test is checked against
// the expectation.
#include "torch_reproduction.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cpp_source.hpp"
#include "torch_cpp_text.hpp"

namespace conformance::torch_internal {
namespace {

using adapter_support::cpp_string_literal;
using adapter_support::expected_sentence;
using adapter_support::Unsupported;

std::string variable(int index) {
  return fmt::format("x{}", index);
}

std::string declaration(const CppExpression& expression, int index) {
  switch (expression.result) {
    case CppResult::tensor:
      return fmt::format("at::Tensor {} = {};", variable(index), expression.text);
    case CppResult::tensors:
      return fmt::format("std::vector<at::Tensor> {} = {};", variable(index), expression.text);
    case CppResult::value:
      return fmt::format("[[maybe_unused]] auto {} = {};", variable(index), expression.text);
    case CppResult::in_place:
      return fmt::format("at::Tensor {} = {};", variable(index), expression.text);
  }
  return "";
}

struct UnderTest {
  std::vector<std::string> checks;
  std::vector<std::string> on_exception;
};

UnderTest check_lines(const Expectation& expectation, const CppExpression& expression, int index,
                      const std::vector<std::string>& devices) {
  UnderTest lines;
  const std::string x = variable(index);
  const bool tensor =
      expression.result == CppResult::tensor || expression.result == CppResult::in_place;
  const bool tensors = expression.result == CppResult::tensors;
  switch (expectation.kind) {
    case ExpectKind::on_device: {
      const bool listed =
          expectation.device >= 0 && static_cast<std::size_t>(expectation.device) < devices.size();
      const std::string device = cpp_device(listed ? devices[expectation.device] : "<unlisted>");
      if (tensor) {
        lines.checks.push_back(fmt::format("if ({}.device() != {})", x, device));
        lines.checks.push_back(
            fmt::format("  return broken(\"a result on \" + {}.device().str());", x));
      } else if (tensors) {
        lines.checks.push_back(fmt::format("for (const at::Tensor& result : {})", x));
        lines.checks.push_back(fmt::format("  if (result.device() != {})", device));
        lines.checks.push_back("    return broken(\"a result on \" + result.device().str());");
      }
      lines.on_exception.push_back("return broken(\"raised \" + exception_of(error));");
      break;
    }
    case ExpectKind::raises: {
      lines.checks.push_back(
          tensor
              ? fmt::format("return broken(\"no exception: a result on \" + {}.device().str());", x)
              : "return broken(\"no exception\");");
      if (!expectation.exceptions.empty()) {
        std::vector<std::string> differs;
        for (const std::string& name : expectation.exceptions)
          differs.push_back(fmt::format("python_name(error) != {}", cpp_string_literal(name)));
        lines.on_exception.push_back(fmt::format("if ({})", fmt::join(differs, " && ")));
        lines.on_exception.push_back("  return broken(\"raised \" + exception_of(error));");
      }
      lines.on_exception.push_back("return kept();");
      break;
    }
    case ExpectKind::either:
    case ExpectKind::no_array:
      lines.on_exception.push_back(
          "std::printf(\"raised %s (allowed here)\\n\", exception_of(error).c_str());");
      break;
  }
  return lines;
}

void write_header(std::string& out, const Expectation& expectation, int step,
                  const std::vector<std::string>& devices) {
  out += "// A reproduction for libtorch (C++), written by the conformance harness.\n//\n";
  out += fmt::format("// Rule ({}): {}\n", name(expectation.level), expectation.rule);
  if (!expectation.citation.empty()) out += fmt::format("// Spec: {}\n", expectation.citation);
  out += fmt::format("// Expected at x{}: {}\n//\n", step,
                     expected_sentence(expectation, devices, "torch"));
  out +=
      "// Build and run (Debian: apt-get install libtorch-dev):\n"
      "//   g++ -std=c++17 repro.cpp -isystem /usr/include/torch/csrc/api/include \\\n"
      "//       -ltorch -ltorch_cpu -lc10 -o repro && ./repro\n"
      "// Exit status 1: the rule is broken (the program prints what happened); 0: it holds.\n"
      "#include <ATen/ATen.h>\n"
      "#include <ATen/DLConvertor.h>\n"
      "#include <ATen/ScalarOps.h>\n\n"
      "#include <cstdio>\n"
      "#include <cstdlib>\n"
      "#include <string>\n"
      "#include <vector>\n\n"
      "namespace {\n\n";
  out += fmt::format("constexpr const char* kRule = {};\n", cpp_string_literal(expectation.rule));
  out += fmt::format("constexpr const char* kExpected = {};\n\n",
                     cpp_string_literal(expected_sentence(expectation, devices, "torch")));
  out +=
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
      "}\n\n"
      "// Prints the broken rule and what happened instead.\n"
      "int broken(const std::string& actual) {\n"
      "  std::printf(\"broken rule: %s\\n  expected: %s\\n  actual: %s\\n\", kRule, kExpected,\n"
      "              actual.c_str());\n"
      "  return EXIT_FAILURE;\n"
      "}\n\n"
      "int kept() {\n"
      "  std::printf(\"rule kept: %s\\n\", kRule);\n"
      "  return EXIT_SUCCESS;\n"
      "}\n\n"
      "}  // namespace\n\n";
}

void write_lines(std::string& out, const std::vector<std::string>& lines, std::string_view indent) {
  for (const std::string& line : lines)
    out += fmt::format("{}{}\n", indent, line);
}

}  // namespace

std::string write_reproduction(const Program& program, int step, const Expectation& expectation,
                               const std::vector<std::string>& devices,
                               const std::vector<StepOutcome>& replay) {
  CppNames names{.devices = devices, .several_results = {}};
  Program prefix;
  if (!program.steps.empty()) {
    step = std::clamp(step, 0, static_cast<int>(program.steps.size()) - 1);
    prefix.steps.assign(program.steps.begin(), program.steps.begin() + step + 1);
  }
  for (const Step& s : prefix.steps)
    names.several_results.push_back(s.op == "meshgrid" || s.op == "broadcast_arrays" ||
                                    s.op == "unstack" || s.op == "nonzero" ||
                                    s.op.starts_with("unique_"));

  std::string out;
  write_header(out, expectation, step, names.devices);
  out += "int reproduce() {\n";
  for (int i = 0; i + 1 < static_cast<int>(prefix.steps.size()); ++i) {
    const StepOutcome* outcome = static_cast<std::size_t>(i) < replay.size() ? &replay[i] : nullptr;
    out += fmt::format("  // {}\n", to_string(prefix.steps[i], i));
    if (outcome == nullptr || outcome->status == StepStatus::not_run ||
        outcome->status == StepStatus::unsupported) {
      out += fmt::format("  // left out: {} in the harness run{}\n",
                         outcome ? name(outcome->status) : "not replayed",
                         outcome ? " (" + outcome->message + ")" : "");
      continue;
    }
    try {
      const CppExpression expression = cpp_call(prefix.steps[i], names);
      if (outcome->status == StepStatus::raised) {
        out += fmt::format("  // raised {} in the harness run; kept for what it may change\n",
                           outcome->exception_type);
        out +=
            fmt::format("  try {{\n    (void)({});\n  }} catch (const std::exception&) {{\n  }}\n",
                        expression.text);
      } else {
        out += fmt::format("  {}\n", declaration(expression, i));
      }
    } catch (const Unsupported& error) {
      out += fmt::format("  // left out: {}\n", error.what());
    }
  }
  if (prefix.steps.empty()) {
    out += "  // The program has no steps.\n  return kept();\n";
  } else {
    const Step& last = prefix.steps.back();
    out += fmt::format("  // {}    <- the step under test\n", to_string(last, step));
    try {
      const CppExpression expression = cpp_call(last, names);
      const UnderTest lines = check_lines(expectation, expression, step, names.devices);
      out += fmt::format("  try {{\n    {}\n", declaration(expression, step));
      write_lines(out, lines.checks, "    ");
      out += "  } catch (const std::exception& error) {\n";
      write_lines(out, lines.on_exception, "    ");
      out += "  }\n  return kept();\n";
    } catch (const Unsupported& error) {
      out += fmt::format("  // not reproducible in C++: {}\n", error.what());
      out += fmt::format("  std::puts({});\n  return EXIT_SUCCESS;\n",
                         cpp_string_literal(fmt::format(
                             "the step under test cannot be reproduced: {}", error.what())));
    }
  }
  out +=
      "}\n\n"
      "int main() {\n"
      "  try {\n"
      "    return reproduce();\n"
      "  } catch (const std::exception& error) {\n"
      "    // The harness ran every earlier step kept here without an exception escaping.\n"
      "    std::printf(\"an earlier step raised, unlike in the harness run: %s\\n\",\n"
      "                exception_of(error).c_str());\n"
      "    return 2;\n"
      "  }\n"
      "}\n";
  return out;
}

}  // namespace conformance::torch_internal
