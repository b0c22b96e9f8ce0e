// Reproductions in Python. Each step of a program is already Python-like text (program.hpp's
// to_string); the script defines the few names that text uses beyond the namespace (`devices`,
// `INVALID_DEVICE`, `harness`), replays the steps before the one under test as the harness run
// went (a step that raised there is wrapped, one that did not run is left out), and ends in the
// check of the step under test.
#include "conformance/python_reproduction.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string_view>

#include "catalogue/catalogue.hpp"

namespace conformance {
namespace {

std::string variable(int index) {
  return fmt::format("x{}", index);
}

// A Python string literal of any text.
std::string python_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        else
          out += c;
    }
  }
  return out + "\"";
}

// Text for one line: line breaks become spaces (messages and reprs may hold them).
std::string one_line(std::string_view text) {
  std::string out(text);
  std::replace_if(
      out.begin(), out.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return out;
}

// `text` as comment lines of at most about 100 columns, the first after `lead`, the others
// indented under it.
std::string comment(std::string_view lead, std::string_view text) {
  constexpr std::size_t kWidth = 98;
  std::istringstream words{one_line(text)};
  std::string out = fmt::format("# {}", lead);
  std::size_t column = out.size();
  std::string word;
  bool first = true;
  while (words >> word) {
    if (!first && column + 1 + word.size() > kWidth) {
      out += "\n#  ";
      column = 3;
    } else if (!first || !lead.empty()) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    first = false;
  }
  return out + "\n";
}

// Every line of `text` (one or more statements) behind `indent`.
std::string indented(std::string_view text, std::string_view indent) {
  std::string out;
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);)
    out += line.empty() ? "\n" : fmt::format("{}{}\n", indent, line);
  return out;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

bool listed(int device, const Handshake& handshake) {
  return device >= 0 && static_cast<std::size_t>(device) < handshake.devices.size();
}

std::string expected_sentence(const Expectation& expectation, const Handshake& handshake) {
  switch (expectation.kind) {
    case ExpectKind::on_device:
      return fmt::format("a result on devices[{}] ({})", expectation.device,
                         listed(expectation.device, handshake)
                             ? handshake.devices[expectation.device].repr
                             : "a device the library does not list");
    case ExpectKind::raises:
      return expectation.exceptions.empty()
                 ? "an exception"
                 : fmt::format("an exception ({})", fmt::join(expectation.exceptions, " or "));
    case ExpectKind::either:
      return "a result on any device, or an exception (implementation-defined)";
    case ExpectKind::no_array:
      if (!expectation.python_check.empty())
        return "an answer that passes the assertions at the end";
      return "nothing: no device rule applies";
  }
  return "";
}

bool uses_invalid_device(const Step& step) {
  const auto invalid = [](const Value& value) {
    return std::holds_alternative<InvalidDevice>(value);
  };
  return std::any_of(step.args.begin(), step.args.end(), invalid) ||
         std::any_of(step.kwargs.begin(), step.kwargs.end(),
                     [&](const Keyword& keyword) { return invalid(keyword.value); });
}

void write_header(std::string& out, const PythonSetup& setup, const Handshake& handshake,
                  const Expectation& expectation, int step) {
  out += fmt::format(
      "# A reproduction for {}, written by the conformance harness.\n#\n",
      handshake.implementation.empty() ? "python:" + setup.module : handshake.implementation);
  out += comment(fmt::format("Rule ({}):", name(expectation.level)), expectation.rule);
  if (!expectation.citation.empty()) out += comment("Spec:", expectation.citation);
  out += comment(fmt::format("Expected at x{}:", step), expected_sentence(expectation, handshake));
  out += "#\n";
  out += fmt::format("# Run: /usr/bin/python3 repro.py  (module: {})\n", setup.module);
  out += "# Exit status 1 (an AssertionError): the rule is broken; 0: it holds.\n";
  out += comment("",
                 "It asserts placement only (where results land, or that the call raises), as "
                 "the expectation does; the value comparisons some checks add (transfers, DLPack "
                 "devices, info queries) are the harness's alone.");
  out += "import warnings\n\nwarnings.simplefilter(\"ignore\")\n";
  out += indented(setup.setup, "");
  out += fmt::format("\ndevices = list({})\n", setup.devices);
  if (!setup.peer_setup.empty()) {
    // The peer's setup names its namespace `xp` as well: it runs in a function of its own.
    out += fmt::format("\n\ndef peer_namespace():  # --peer {}\n{}    return xp, list({})\n\n\n",
                       setup.peer_module, indented(setup.peer_setup, "    "), setup.peer_devices);
    out += "peer, peer_devices = peer_namespace()\n";
  }
  out += fmt::format("RULE = {}\n", python_string(one_line(expectation.rule)));
  out += fmt::format("EXPECTED = {}\n", python_string(expected_sentence(expectation, handshake)));
}

// The names the steps' text uses beyond the namespace, written only when some step uses them.
void write_harness_names(std::string& out, const PythonSetup& setup,
                         const std::vector<Step>& steps) {
  if (std::any_of(steps.begin(), steps.end(), uses_invalid_device)) {
    out +=
        "\n\n# Passed as device=: no device of the library, so the call must reject it.\n"
        "class InvalidDevice:\n"
        "    def __repr__(self):\n"
        "        return \"INVALID_DEVICE\"\n\n\n"
        "INVALID_DEVICE = InvalidDevice()\n";
  }
  const bool harness_steps = std::any_of(
      steps.begin(), steps.end(), [](const Step& step) { return step.op.starts_with("harness."); });
  if (!harness_steps) return;
  out +=
      "\n\n# The harness's own steps, as its Python adapter runs them.\n"
      "class harness:\n"
      "    @staticmethod\n"
      "    def observe(x):\n"
      "        return x\n\n"
      "    @staticmethod\n"
      "    def set_default_device(device):\n";
  if (setup.set_default_device) {
    out += indented(replace_all(*setup.set_default_device, "{device}", "device"), "        ");
  } else {
    out += fmt::format("        raise NotImplementedError({})\n",
                       python_string(setup.module + " has no way to set the default device"));
  }
  out +=
      "\n    @staticmethod\n"
      "    def compare_devices(a, b):\n"
      "        value = {\"eq\": a.device == b.device, \"eq_swapped\": b.device == a.device,\n"
      "                 \"ne\": a.device != b.device}\n"
      "        try:\n"
      "            value[\"hash_equal\"] = hash(a.device) == hash(b.device)\n"
      "        except TypeError:  # unhashable: the data model asks nothing of its hash\n"
      "            value[\"hashable\"] = False\n"
      "        return value\n\n";
}

// How the step under test is checked: the call goes in a try block, `on_exception` in its
// except block (`error` is the exception), `on_result` after the try (or in its else block).
struct UnderTest {
  std::vector<std::string> on_exception{};
  std::vector<std::string> on_result{};
};

UnderTest check_lines(const Expectation& expectation, const Handshake& handshake, const Step& step,
                      int index) {
  const std::string x = variable(index);
  const bool several = catalogue::returns_several_arrays(step.op);
  const std::string raised = "{RULE}: expected {EXPECTED}; raised {type(error).__name__}: {error}";
  UnderTest lines;
  switch (expectation.kind) {
    case ExpectKind::on_device: {
      lines.on_exception.push_back(
          fmt::format("raise AssertionError(\n        f\"{}\") from error", raised));
      if (!listed(expectation.device, handshake)) {
        lines.on_result.push_back(
            "raise AssertionError(f\"{RULE}: expected {EXPECTED}, which no result can be on\")");
        break;
      }
      const std::string device = fmt::format("devices[{}]", expectation.device);
      if (several) {
        lines.on_result.push_back(fmt::format("for result in {}:", x));
        lines.on_result.push_back(
            fmt::format("    assert result.device == {}, f\"{{RULE}}: expected {{EXPECTED}}, got "
                        "{{result.device}}\"",
                        device));
      } else {
        // A function that returns something other than an array (torch.equal: a bool) breaks
        // the rule too; say so rather than fail on the attribute.
        lines.on_result.push_back(
            fmt::format("assert hasattr({0}, \"device\"), f\"{{RULE}}: expected {{EXPECTED}}, got "
                        "{{type({0}).__name__}} {{{0}!r}}, not an array\"",
                        x));
        lines.on_result.push_back(fmt::format(
            "assert {0}.device == {1}, f\"{{RULE}}: expected {{EXPECTED}}, got {{{0}.device}}\"", x,
            device));
      }
      lines.on_result.push_back("print(f\"rule kept: {RULE}\")");
      break;
    }
    case ExpectKind::raises: {
      if (!expectation.exceptions.empty()) {
        std::vector<std::string> names;
        for (const std::string& exception : expectation.exceptions)
          names.push_back(python_string(exception));
        lines.on_exception.push_back(
            fmt::format("if type(error).__name__ not in ({}{}):", fmt::join(names, ", "),
                        names.size() == 1 ? "," : ""));
        lines.on_exception.push_back(
            fmt::format("    raise AssertionError(\n            f\"{}\") from error", raised));
      }
      lines.on_exception.push_back(
          "print(f\"rule kept: {RULE}; raised {type(error).__name__}: {error}\")");
      lines.on_result.push_back(
          fmt::format("raise AssertionError(f\"{{RULE}}: expected {{EXPECTED}}; got {}\")",
                      several ? fmt::format("results on {{[result.device for result in {}]}}", x)
                              : fmt::format("a result on {{{}.device}}", x)));
      break;
    }
    case ExpectKind::either:
    case ExpectKind::no_array:
      if (!expectation.python_check.empty()) {
        // A rule about the answer's value: an answer is due, and the judge's statements say
        // whether it is right.
        lines.on_exception.push_back(
            fmt::format("raise AssertionError(\n        f\"{}\") from error", raised));
        for (const std::string& line : expectation.python_check)
          lines.on_result.push_back(line);
        lines.on_result.push_back("print(f\"rule kept: {RULE}\")");
        break;
      }
      lines.on_exception.push_back(fmt::format(
          "print(f\"{} raised {{type(error).__name__}}: {{error}} (expected {{EXPECTED}})\")", x));
      lines.on_result.push_back(
          fmt::format("print(f\"{0} = {{{0}!r}} (expected {{EXPECTED}})\")", x));
      break;
  }
  return lines;
}

// `call`: the statement that runs the step and defines its variable (its own text, eagerly).
void write_step_under_test(std::string& out, const Expectation& expectation,
                           const Handshake& handshake, const Step& step, int index,
                           const std::string& call) {
  const UnderTest lines = check_lines(expectation, handshake, step, index);
  out += fmt::format("try:\n{}except Exception as error:\n", indented(call, "    "));
  for (const std::string& line : lines.on_exception)
    out += fmt::format("    {}\n", line);
  // After a try whose except block always leaves, the checks read best unindented.
  const bool except_leaves =
      expectation.kind == ExpectKind::on_device || !expectation.python_check.empty();
  if (!except_leaves) out += "else:\n";
  for (const std::string& line : lines.on_result)
    out += fmt::format("{}{}\n", except_leaves ? "" : "    ", line);
}

// The harness run's outcome of step `index`, or nullptr where the replay did not reach it.
const StepOutcome* replayed_outcome(const std::vector<StepOutcome>& replayed, int index) {
  return static_cast<std::size_t>(index) < replayed.size() ? &replayed[index] : nullptr;
}

// Whether every earlier result the step reads is defined by the script so far.
bool reads_only(const Step& step, const std::set<int>& defined) {
  const std::vector<StepRef> refs = references(step);
  return std::all_of(refs.begin(), refs.end(),
                     [&](const StepRef& ref) { return defined.contains(ref.step); });
}

// Whether the jit route makes the step outside the compiled function, as one of its arguments:
// an asarray of literal data with dtype= (and device=) that is not under test (the Python
// adapter's only_builds_an_input).
bool made_outside(const Step& step) {
  if (step.op != "asarray" || step.under_test || step.peer || step.args.size() != 1 ||
      !std::holds_alternative<Data>(step.args[0]))
    return false;
  bool dtype = false;
  for (const Keyword& keyword : step.kwargs) {
    if (keyword.name != "dtype" && keyword.name != "device") return false;
    dtype = dtype || keyword.name == "dtype";
  }
  return dtype;
}

// A step replayed as the harness run went: kept, wrapped (it raised), or left out (it did not
// run, or reads what the script does not define). Returns whether it defines its variable.
bool write_replayed(std::string& out, const Step& step, int index, const StepOutcome* outcome,
                    const std::set<int>& defined) {
  const std::string text = to_string(step, index);
  if (outcome != nullptr &&
      (outcome->status == StepStatus::not_run || outcome->status == StepStatus::unsupported)) {
    out += comment(fmt::format("left out ({} in the harness run: {}):", name(outcome->status),
                               one_line(outcome->message)),
                   text);
    return false;
  }
  if (!reads_only(step, defined)) {
    out += comment("left out (it reads a result this script does not define):", text);
    return false;
  }
  if (outcome != nullptr && outcome->status == StepStatus::raised) {
    out += fmt::format(
        "# raised {} in the harness run; kept for what it may change\n"
        "try:\n    {}\nexcept Exception as error:\n    print(\"{} raised\", "
        "type(error).__name__)\n",
        outcome->exception_type, text, variable(index));
    return false;
  }
  out += text + "\n";
  return true;
}

// How a compiled route's reproduction spells its compiler.
struct Compiler {
  std::string import{};     // "import jax"
  std::string decorator{};  // "@jax.jit"
  std::string name{};       // "jax.jit"
};

// A compiled route's program: its inputs made first, every other step in one function the
// compiler compiles, called once; the step under test's answer is the function's result (an
// array) or, for an answer that is no array (jax.jit returns only arrays), kept while it runs.
void write_compiled_program(std::string& out, const std::vector<Step>& steps,
                            const std::vector<StepOutcome>& replayed, int step,
                            const Expectation& expectation, const Handshake& handshake,
                            const Compiler& compiler) {
  std::set<int> defined;
  std::vector<std::string> parameters;
  out +=
      compiler.import + "\n\n# The inputs, made outside the compiled function (its arguments):\n";
  for (int i = 0; i < step; ++i)
    if (made_outside(steps[i]) &&
        write_replayed(out, steps[i], i, replayed_outcome(replayed, i), defined)) {
      defined.insert(i);
      parameters.push_back(variable(i));
    }
  const std::string x = variable(step);
  const bool array_answer =
      expectation.kind == ExpectKind::on_device || expectation.kind == ExpectKind::raises;
  std::string body;
  for (int i = 0; i < step; ++i)
    if (!made_outside(steps[i]) &&
        write_replayed(body, steps[i], i, replayed_outcome(replayed, i), defined))
      defined.insert(i);
  const Step& last = steps.back();
  if (!reads_only(last, defined)) {
    out += comment(fmt::format("{}  (not reproducible: it reads a result that an earlier step "
                               "did not produce)",
                               to_string(last, step)),
                   "");
    out +=
        "print(\"the step under test cannot be reproduced: it reads a result that an earlier "
        "step did not produce\")\n";
    return;
  }
  body += fmt::format("# The step under test:\n{}\n", to_string(last, step));
  body += array_answer ? fmt::format("return {}\n", x)
                       : fmt::format("answers[\"{0}\"] = {0}  # no array: kept while it runs\n", x);
  out += fmt::format(
      "\n# Every other step, as the harness's {} route runs them: one function under {}.\n",
      handshake.route, compiler.name);
  if (!array_answer) out += "answers = {}\n";
  out += fmt::format("\n\n{}\ndef program({}):\n{}\n\n", compiler.decorator,
                     fmt::join(parameters, ", "), indented(body, "    "));
  const std::string call =
      array_answer
          ? fmt::format("{} = program({})\n", x, fmt::join(parameters, ", "))
          : fmt::format("program({})\n{} = answers[\"{}\"]\n", fmt::join(parameters, ", "), x, x);
  write_step_under_test(out, expectation, handshake, last, step, call);
}

}  // namespace

std::string python_reproduction(const PythonSetup& setup, const Handshake& handshake,
                                const Program& program, const std::vector<StepOutcome>& replayed,
                                int step, const Expectation& expectation) {
  std::vector<Step> steps;
  if (!program.steps.empty()) {
    step = std::clamp(step, 0, static_cast<int>(program.steps.size()) - 1);
    steps.assign(program.steps.begin(), program.steps.begin() + step + 1);
  }
  std::string out;
  write_header(out, setup, handshake, expectation, step);
  write_harness_names(out, setup, steps);
  out += "\n";
  if (steps.empty()) {
    out +=
        "# The program has no steps.\nprint(\"nothing to reproduce: the program has no steps\")\n";
    return out;
  }

  if (handshake.route == "jit") {
    write_compiled_program(out, steps, replayed, step, expectation, handshake,
                           {.import = "import jax", .decorator = "@jax.jit", .name = "jax.jit"});
    return out;
  }
  if (handshake.route == "compile") {
    write_compiled_program(out, steps, replayed, step, expectation, handshake,
                           {.import = "import torch",
                            .decorator = "@torch.compile(backend=\"eager\", fullgraph=False)",
                            .name = "torch.compile"});
    return out;
  }

  // The lazy route builds the same graph step by step and computes it once, at the end.
  const bool lazy = handshake.route == "lazy";
  if (lazy) out += "import dask\n\n";

  // Variables the script defines so far: a step that raised or was left out defines none.
  std::set<int> defined;
  for (int i = 0; i < step; ++i)
    if (write_replayed(out, steps[i], i, replayed_outcome(replayed, i), defined)) defined.insert(i);

  const Step& last = steps.back();
  out += "\n# The step under test:\n";
  const bool did_not_run = static_cast<std::size_t>(step) < replayed.size() &&
                           replayed[step].status == StepStatus::not_run;
  if (did_not_run || !reads_only(last, defined)) {
    const std::string why = "it reads a result that an earlier step did not produce";
    out += comment(fmt::format("{}  (not reproducible: {})", to_string(last, step), why), "");
    out += fmt::format("print({})\n",
                       python_string("the step under test cannot be reproduced: " + why));
    return out;
  }
  std::string call = to_string(last, step) + "\n";
  if (lazy)
    call += fmt::format("dask.compute({})  # the lazy route's one compute, at the end\n",
                        variable(step));
  write_step_under_test(out, expectation, handshake, last, step, call);
  return out;
}

}  // namespace conformance
