// Inspectable signatures: pybind11 writes each function's signature into the first line of its
// docstring ("asarray(obj: handle, /, *, dtype: handle = None, ...) -> object"), which help()
// shows but inspect.signature() cannot read. CPython reads a built-in's signature from a first
// line "name(parameters)\n--\n\n" (its __text_signature__), so after the module is made every
// pybind11 function's docstring is rewritten to that form: the same parameters, kinds and
// defaults, with pybind11's annotations (C++ types) left out. The signature therefore says what
// the binding accepts; tests/test_signatures.py holds it to the standard's.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "bindings.hpp"

namespace strict_xp {
namespace {

// A parameter list: its parameters, split at their top-level commas (brackets and quotes nest),
// and where the ")" that closes it is.
struct ParameterList {
  std::vector<std::string> parameters{};
  std::size_t close = 0;  // in the text it was read from
};

// The list whose "(" is text[open]; nullopt when nothing closes it.
std::optional<ParameterList> read_parameter_list(std::string_view text, std::size_t open) {
  ParameterList list;
  const auto add = [&](std::size_t start, std::size_t end) {
    const auto part = text.substr(start, end - start);
    const auto first = part.find_first_not_of(' ');
    if (first != std::string_view::npos) list.parameters.emplace_back(part.substr(first));
  };
  int depth = 0;
  char quote = 0;
  std::size_t start = open + 1;
  for (std::size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        add(start, i);
        list.close = i;
        return list;
      }
    } else if (c == ',' && depth == 1) {
      add(start, i);
      start = i + 1;
    }
  }
  return std::nullopt;
}

// "name: annotation = default" -> "name=default"; "/", "*", "*args" unchanged. nullopt when a
// default is no Python literal (a repr such as <object at 0x...>), which a text signature cannot
// hold.
std::optional<std::string> plain_parameter(const std::string& parameter,
                                           std::string_view varargs_name) {
  if (parameter == "/" || parameter == "*") return parameter;
  if (parameter.starts_with("**")) return parameter.substr(0, parameter.find(':'));
  if (parameter.starts_with("*"))
    return varargs_name.empty() ? parameter.substr(0, parameter.find(':'))
                                : "*" + std::string(varargs_name);
  const auto equals = parameter.find(" = ");
  const std::string head = parameter.substr(0, equals);
  std::string plain = head.substr(0, head.find(':'));
  if (equals != std::string::npos) {
    const std::string value = parameter.substr(equals + 3);
    if (value.empty() || value.front() == '<') return std::nullopt;
    plain += "=" + value;
  }
  return plain;
}

// pybind11 names a py::args parameter `args`: the standard's name for each, where it has one.
std::string_view varargs_name(std::string_view function) {
  if (function == "broadcast_arrays" || function == "meshgrid") return "arrays";
  if (function == "broadcast_shapes") return "shapes";
  if (function == "result_type") return "arrays_and_dtypes";
  return "";
}

// The docstring with its pybind11 signature line as a text signature, or nullopt.
std::optional<std::string> with_text_signature(std::string_view name, std::string_view doc) {
  if (!doc.starts_with(std::string(name) + "(") || doc.find("\n--\n") != std::string_view::npos)
    return std::nullopt;
  const auto list = read_parameter_list(doc, name.size());
  if (!list) return std::nullopt;
  std::vector<std::string> plain;
  for (const auto& parameter : list->parameters) {
    auto converted = plain_parameter(parameter, varargs_name(name));
    if (!converted) return std::nullopt;
    plain.push_back(std::move(*converted));
  }
  // pybind11 never takes a method's self by keyword: it is positional-only.
  if (!plain.empty() && plain.front() == "self" &&
      std::find(plain.begin(), plain.end(), "/") == plain.end())
    plain.insert(plain.begin() + 1, "/");
  // What follows the signature line ("-> type", then the docstring proper).
  std::string_view rest = doc.substr(list->close + 1);
  const auto line_end = rest.find('\n');
  rest = line_end == std::string_view::npos ? std::string_view() : rest.substr(line_end);
  while (!rest.empty() && rest.front() == '\n')
    rest.remove_prefix(1);
  return fmt::format("{}({})\n--\n\n{}", name, fmt::join(plain, ", "), rest);
}

// Rewrites one pybind11 built-in's docstring in place (pybind11 frees it with std::free).
void rewrite(PyObject* function) {
  if (!PyCFunction_Check(function)) return;
  // pybind11's functions carry their record as self: in a capsule up to pybind11 2.x, as an object
  // of pybind11's function record type from 3.0 on (the wheel's build requirement). Others are
  // left alone.
  PyObject* self = PyCFunction_GET_SELF(function);
  if (self == nullptr) return;
  const bool record =
      PyCapsule_CheckExact(self) ||
      std::strstr(Py_TYPE(self)->tp_name, "pybind11_detail_function_record") != nullptr;
  if (!record) return;
  PyMethodDef* definition = reinterpret_cast<PyCFunctionObject*>(function)->m_ml;
  if (definition->ml_doc == nullptr) return;
  const auto doc = with_text_signature(definition->ml_name, definition->ml_doc);
  if (!doc) return;
  char* copy = strdup(doc->c_str());
  if (copy == nullptr) throw std::bad_alloc();
  std::free(const_cast<char*>(definition->ml_doc));
  definition->ml_doc = copy;
}

void rewrite_all(py::handle space) {
  // A module's __dict__ is a dict, a class's a mappingproxy: both have items().
  for (const auto item : space.attr("__dict__").attr("items")()) {
    PyObject* value = item.cast<py::tuple>()[1].ptr();
    // A class's methods are instancemethods around the built-in.
    if (PyInstanceMethod_Check(value)) value = PyInstanceMethod_GET_FUNCTION(value);
    rewrite(value);
  }
}

}  // namespace

void install_text_signatures(const std::vector<py::handle>& namespaces) {
  for (const auto space : namespaces)
    rewrite_all(space);
}

}  // namespace strict_xp
