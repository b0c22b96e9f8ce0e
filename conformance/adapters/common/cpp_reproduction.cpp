// The shape of every C++ reproduction: a header saying which rule and how to build, each earlier
// step as one statement under its Python-like text (kept in a try block when it raised in the
// harness run, left out with the reason when it did not run or cannot be spelled), then the step
// under test checked against the expectation.
#include "cpp_reproduction.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "call_arguments.hpp"
#include "catalogue/catalogue.hpp"
#include "cpp_source.hpp"

namespace conformance::adapter_support {
namespace {

std::string variable(int index) {
  return fmt::format("x{}", index);
}

std::string declaration(const CppDialect& dialect, const CppExpression& expression, int index) {
  switch (expression.result) {
    case CppResult::array:
      return fmt::format("{} {} = {};", dialect.array_type, variable(index), expression.text);
    case CppResult::arrays:
      return fmt::format("std::vector<{}> {} = {};", dialect.array_type, variable(index),
                         expression.text);
    case CppResult::value:
      return fmt::format("[[maybe_unused]] auto {} = {};", variable(index), expression.text);
    case CppResult::in_place:
      return fmt::format("{} {} = ({});", dialect.array_type, variable(index), expression.text);
    case CppResult::default_guard:
      return fmt::format("strict::DefaultDeviceGuard guard{}({});", index, expression.text);
  }
  return "";
}

// The statement of a step that raised in the harness run: nothing reads its result.
std::string discarded(const CppDialect& dialect, const CppExpression& expression, int index) {
  switch (expression.result) {
    case CppResult::in_place:
      return expression.text + ";";
    case CppResult::default_guard:
      return declaration(dialect, expression, index);
    default:
      return fmt::format("(void)({});", expression.text);
  }
}

// The lines that check the step under test: inside its try block and in its catch block.
struct UnderTest {
  std::vector<std::string> checks;
  std::vector<std::string> on_exception;
};

UnderTest check_lines(const CppDialect& dialect, const Expectation& expectation,
                      const CppExpression& expression, int index,
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
          dialect.device(listed ? devices[expectation.device] : "<unlisted>");
      if (array) {
        lines.checks.push_back(fmt::format("if ({}.device() != {})", x, device));
        lines.checks.push_back(
            fmt::format("  return broken(\"a result on \" + name_of({}.device()));", x));
      } else if (arrays) {
        lines.checks.push_back(fmt::format("for (const {}& result : {})", dialect.array_type, x));
        lines.checks.push_back(fmt::format("  if (result.device() != {})", device));
        lines.checks.push_back("    return broken(\"a result on \" + name_of(result.device()));");
      }
      lines.on_exception.push_back("return broken(\"raised \" + exception_of(error));");
      break;
    }
    case ExpectKind::raises: {
      lines.checks.push_back(
          array ? fmt::format(
                      "return broken(\"no exception: a result on \" + name_of({}.device()));", x)
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

void write_header(std::string& out, const CppDialect& dialect, const Expectation& expectation,
                  int step, const std::vector<std::string>& devices) {
  const std::string expected = expected_sentence(expectation, devices, dialect.library);
  out += fmt::format("// A reproduction for {}, written by the conformance harness.\n//\n",
                     dialect.title);
  out += fmt::format("// Rule ({}): {}\n", name(expectation.level), expectation.rule);
  if (!expectation.citation.empty()) out += fmt::format("// Spec: {}\n", expectation.citation);
  out += fmt::format("// Expected at x{}: {}\n//\n", step, expected);
  out += dialect.build_comment;
  out += "// Exit status 1: the rule is broken (the program prints what happened); 0: it holds.\n";
  out += dialect.includes;
  out += "\nnamespace {\n\n";
  out += fmt::format("constexpr const char* kRule = {};\n", cpp_string_literal(expectation.rule));
  out += fmt::format("constexpr const char* kExpected = {};\n\n", cpp_string_literal(expected));
  out += dialect.helpers;
  out +=
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

void write_earlier_step(std::string& out, const CppDialect& dialect, const Step& step, int index,
                        const StepOutcome* outcome, const CppNames& names) {
  out += fmt::format("  // {}\n", to_string(step, index));
  if (outcome == nullptr || outcome->status == StepStatus::not_run ||
      outcome->status == StepStatus::unsupported) {
    out += outcome == nullptr ? "  // left out: not replayed\n"
                              : fmt::format("  // left out: {} in the harness run ({})\n",
                                            name(outcome->status), outcome->message);
    return;
  }
  try {
    const CppExpression expression = dialect.spell(step, names);
    if (outcome->status == StepStatus::raised) {
      out += fmt::format("  // raised {} in the harness run; kept for what it may change\n",
                         outcome->exception_type);
      out += fmt::format("  try {{\n    {}\n  }} catch (const {}&) {{\n  }}\n",
                         discarded(dialect, expression, index), dialect.exception_type);
    } else {
      out += fmt::format("  {}\n", declaration(dialect, expression, index));
    }
  } catch (const Unsupported& error) {
    out += fmt::format("  // left out: it cannot be written in C++ ({})\n", error.what());
  }
}

void write_step_under_test(std::string& out, const CppDialect& dialect, const Step& step, int index,
                           const StepOutcome* outcome, const Expectation& expectation,
                           const CppNames& names) {
  out += fmt::format("  // {}    <- the step under test\n", to_string(step, index));
  try {
    if (outcome != nullptr && outcome->status == StepStatus::not_run)
      throw Unsupported(fmt::format("it did not run in the harness: {}", outcome->message));
    const CppExpression expression = dialect.spell(step, names);
    const UnderTest lines = check_lines(dialect, expectation, expression, index, names.devices);
    out += fmt::format("  try {{\n    {}\n", declaration(dialect, expression, index));
    write_lines(out, lines.checks, "    ");
    out += fmt::format("  }} catch (const {}& error) {{\n", dialect.exception_type);
    write_lines(out, lines.on_exception, "    ");
    out += "  }\n  return kept();\n";
  } catch (const Unsupported& error) {
    out += fmt::format("  // not reproducible in C++: {}\n", error.what());
    out += fmt::format("  std::puts({});\n  return EXIT_SUCCESS;\n",
                       cpp_string_literal(fmt::format(
                           "the step under test cannot be reproduced: {}", error.what())));
  }
}

}  // namespace

CppNames cpp_names(const Program& program, std::vector<std::string> devices) {
  CppNames names{.devices = std::move(devices), .several_results = {}};
  for (const Step& step : program.steps)
    names.several_results.push_back(catalogue::returns_several_arrays(step.op));
  return names;
}

Program program_through(const Program& program, int step) {
  Program prefix;
  if (program.steps.empty()) return prefix;
  step = std::clamp(step, 0, static_cast<int>(program.steps.size()) - 1);
  prefix.steps.assign(program.steps.begin(), program.steps.begin() + step + 1);
  return prefix;
}

std::string cpp_variable(const StepRef& ref, const CppNames& names) {
  const bool several = ref.step >= 0 &&
                       static_cast<std::size_t>(ref.step) < names.several_results.size() &&
                       names.several_results[ref.step];
  return several || ref.output != 0 ? fmt::format("x{}[{}]", ref.step, ref.output)
                                    : fmt::format("x{}", ref.step);
}

std::string write_cpp_reproduction(const CppDialect& dialect, const Program& program, int step,
                                   const Expectation& expectation,
                                   const std::vector<std::string>& devices,
                                   const std::vector<StepOutcome>& replay,
                                   const std::string& setup) {
  const Program prefix = program_through(program, step);
  if (!prefix.steps.empty()) step = static_cast<int>(prefix.steps.size()) - 1;  // clamped
  const CppNames names = cpp_names(prefix, devices);
  const auto outcome_of = [&replay](int i) {
    return static_cast<std::size_t>(i) < replay.size() ? &replay[i] : nullptr;
  };

  std::string out;
  write_header(out, dialect, expectation, step, names.devices);
  out += "int reproduce() {\n";
  out += setup;
  for (int i = 0; i + 1 < static_cast<int>(prefix.steps.size()); ++i)
    write_earlier_step(out, dialect, prefix.steps[i], i, outcome_of(i), names);
  if (prefix.steps.empty()) {
    out += "  // The program has no steps.\n  return kept();\n";
  } else {
    write_step_under_test(out, dialect, prefix.steps.back(), step, outcome_of(step), expectation,
                          names);
  }
  out += fmt::format(
      "}}\n\n"
      "int main() {{\n"
      "  try {{\n"
      "    return reproduce();\n"
      "  }} catch (const {}& error) {{\n"
      "    // The harness ran every earlier step kept here without an exception escaping.\n"
      "    std::printf(\"an earlier step raised, unlike in the harness run: %s\\n\",\n"
      "                exception_of(error).c_str());\n"
      "    return 2;\n"
      "  }}\n"
      "}}\n",
      dialect.exception_type);
  return out;
}

}  // namespace conformance::adapter_support
