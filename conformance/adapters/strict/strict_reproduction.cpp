// Reproductions in C++. The program is replayed first, so that the reproduction knows which
// earlier steps raised (kept, their exception caught) and which did not run (left out); then each
// step becomes one statement under its Python-like text, and the step under test is checked
// against the expectation.
#include "strict_reproduction.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "strict_cpp_calls.hpp"
#include "strict_cpp_text.hpp"
#include "strict_run.hpp"

namespace conformance::strict_internal {
namespace {

std::string variable(int index) {
  return fmt::format("x{}", index);
}

// The declaration of a step's result.
std::string declaration(const CppExpression& expression, int index) {
  switch (expression.result) {
    case CppResult::array:
      return fmt::format("strict::Array {} = {};", variable(index), expression.text);
    case CppResult::arrays:
      return fmt::format("std::vector<strict::Array> {} = {};", variable(index), expression.text);
    case CppResult::value:
      return fmt::format("[[maybe_unused]] auto {} = {};", variable(index), expression.text);
    case CppResult::in_place:
      return fmt::format("strict::Array {} = ({});", variable(index), expression.text);
    case CppResult::default_guard:
      return fmt::format("strict::DefaultDeviceGuard guard{}({});", index, expression.text);
  }
  return "";
}

// The statement of a step whose result nothing reads (it raised in the replay).
std::string discarded(const CppExpression& expression, int index) {
  switch (expression.result) {
    case CppResult::in_place:
      return expression.text + ";";
    case CppResult::default_guard:
      return declaration(expression, index);
    default:
      return fmt::format("(void){};", expression.text);
  }
}

// The lines that check the step under test: inside its try block (`checks`) and in its catch
// block (`on_exception`), then after both (`after`).
struct UnderTest {
  std::vector<std::string> checks;
  std::vector<std::string> on_exception;
  std::string after = "return kept();";
};

UnderTest check_lines(const Expectation& expectation, const CppExpression& expression, int index,
                      const std::vector<std::string>& devices) {
  UnderTest lines;
  const std::string x = variable(index);
  const bool arrays = expression.result == CppResult::arrays;
  const bool array =
      expression.result == CppResult::array || expression.result == CppResult::in_place;
  switch (expectation.kind) {
    case ExpectKind::on_device: {
      const bool listed =
          expectation.device >= 0 && static_cast<std::size_t>(expectation.device) < devices.size();
      const std::string device =
          listed ? cpp_device(devices[expectation.device]) : cpp_device("<unlisted>");
      if (array) {
        lines.checks.push_back(fmt::format("if ({}.device() != {})", x, device));
        lines.checks.push_back(
            fmt::format("  return broken(\"a result on \" + name_of({}.device()));", x));
      } else if (arrays) {
        lines.checks.push_back(fmt::format("for (const strict::Array& result : {})", x));
        lines.checks.push_back(fmt::format("  if (result.device() != {})", device));
        lines.checks.push_back("    return broken(\"a result on \" + name_of(result.device()));");
      }
      lines.on_exception.push_back("return broken(\"raised \" + exception_of(error));");
      break;
    }
    case ExpectKind::raises: {
      if (array) {
        lines.checks.push_back(fmt::format(
            "return broken(\"no exception: a result on \" + name_of({}.device()));", x));
      } else {
        lines.checks.push_back("return broken(\"no exception\");");
      }
      if (!expectation.exceptions.empty()) {
        lines.on_exception.push_back(
            "const std::string_view raised = strict::python_exception_name(error.kind());");
        std::vector<std::string> differs;
        for (const std::string& name : expectation.exceptions)
          differs.push_back(fmt::format("raised != {}", cpp_string_literal(name)));
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
  out += "// A reproduction for strict, written by the conformance harness.\n//\n";
  out += fmt::format("// Rule ({}): {}\n", name(expectation.level), expectation.rule);
  if (!expectation.citation.empty()) out += fmt::format("// Spec: {}\n", expectation.citation);
  out += fmt::format("// Expected at x{}: {}\n//\n", step,
                     expected_sentence(expectation, devices, "strict"));
  out +=
      "// Build and run from the repository root, after building strict into build/:\n"
      "//   c++ -std=c++20 -I strict/include repro.cpp build/strict/libstrict.a -lfmt -o repro\n"
      "//   ./repro\n"
      "// Exit status 1: the rule is broken (the program prints what happened); 0: it holds.\n"
      "#include <cstdio>\n"
      "#include <cstdlib>\n\n"
      "#include <strict/strict.hpp>\n\n"
      "namespace {\n\n";
  out += fmt::format("constexpr const char* kRule = {};\n", cpp_string_literal(expectation.rule));
  out += fmt::format("constexpr const char* kExpected = {};\n\n",
                     cpp_string_literal(expected_sentence(expectation, devices, "strict")));
  out +=
      "std::string name_of(strict::Device device) {\n"
      "  return std::string(device.name());\n"
      "}\n\n"
      "std::string exception_of(const strict::Error& error) {\n"
      "  return std::string(strict::python_exception_name(error.kind())) + \": \" + "
      "error.what();\n"
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
      "}\n\n";
}

void write_setup(std::string& out, const std::vector<std::string>& devices,
                 const std::string& default_device) {
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
  if (default_device != "cpu") {
    out += fmt::format("  strict::set_global_default_device({});\n", cpp_device(default_device));
  }
}

void write_lines(std::string& out, const std::vector<std::string>& lines, std::string_view indent) {
  for (const std::string& line : lines)
    out += fmt::format("{}{}\n", indent, line);
}

}  // namespace

std::string write_reproduction(const Program& program, int step, const Expectation& expectation,
                               const std::vector<strict::Device>& devices,
                               strict::Device default_device) {
  CppNames names;
  for (strict::Device device : devices)
    names.devices.emplace_back(device.name());
  Program prefix;
  if (!program.steps.empty()) {
    step = std::clamp(step, 0, static_cast<int>(program.steps.size()) - 1);
    prefix.steps.assign(program.steps.begin(), program.steps.begin() + step + 1);
  }
  for (const Step& s : prefix.steps)
    names.several_results.push_back(s.op == "meshgrid");
  const ProgramOutcome replay = run_program(prefix, devices);

  std::string out;
  write_header(out, expectation, step, names.devices);
  out += "}  // namespace\n\nint reproduce() {\n";
  write_setup(out, names.devices, std::string(default_device.name()));
  for (int i = 0; i + 1 < static_cast<int>(prefix.steps.size()); ++i) {
    const StepOutcome& outcome = replay.steps[i];
    out += fmt::format("  // {}\n", to_string(prefix.steps[i], i));
    if (outcome.status == StepStatus::not_run || outcome.status == StepStatus::unsupported) {
      out += fmt::format("  // left out: {} in the harness run ({})\n", name(outcome.status),
                         outcome.message);
      continue;
    }
    try {
      const CppExpression expression = cpp_call(prefix.steps[i], names);
      if (outcome.status == StepStatus::raised) {
        out += fmt::format("  // raised {} in the harness run; kept for what it may change\n",
                           outcome.exception_type);
        out += fmt::format("  try {{\n    {}\n  }} catch (const strict::Error&) {{\n  }}\n",
                           discarded(expression, i));
      } else {
        out += fmt::format("  {}\n", declaration(expression, i));
      }
    } catch (const Unsupported& error) {
      out += fmt::format("  // left out: it cannot be written in C++ ({})\n", error.what());
    }
  }

  if (prefix.steps.empty()) {
    out += "  // The program has no steps.\n  return kept();\n";
  } else {
    const Step& last = prefix.steps.back();
    const StepOutcome& outcome = replay.steps.back();
    out += fmt::format("  // {}    <- the step under test\n", to_string(last, step));
    try {
      if (outcome.status == StepStatus::not_run)
        throw Unsupported(fmt::format("it did not run in the harness: {}", outcome.message));
      const CppExpression expression = cpp_call(last, names);
      const UnderTest lines = check_lines(expectation, expression, step, names.devices);
      out += fmt::format("  try {{\n    {}\n", declaration(expression, step));
      write_lines(out, lines.checks, "    ");
      out += "  } catch (const strict::Error& error) {\n";
      write_lines(out, lines.on_exception, "    ");
      out += fmt::format("  }}\n  {}\n", lines.after);
    } catch (const Unsupported& error) {
      out += fmt::format("  // not reproducible in C++: {}\n", error.what());
      out += fmt::format("  std::puts({});\n  return EXIT_SUCCESS;\n",
                         cpp_string_literal(fmt::format("the step under test cannot be "
                                                        "reproduced: {}",
                                                        error.what())));
    }
  }
  out +=
      "}\n\n"
      "int main() {\n"
      "  try {\n"
      "    return reproduce();\n"
      "  } catch (const strict::Error& error) {\n"
      "    // The harness ran every earlier step without an exception escaping.\n"
      "    std::printf(\"an earlier step raised, unlike in the harness run: %s\\n\",\n"
      "                exception_of(error).c_str());\n"
      "    return 2;\n"
      "  }\n"
      "}\n";
  return out;
}

}  // namespace conformance::strict_internal
