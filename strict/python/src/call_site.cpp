// Provenance in Python terms: strict asks, when a device is chosen or data moves, where its
// caller is; strict_xp answers with the innermost Python frame outside the strict_xp package, so
// an error names the user's file and line instead of a line of this binding.
#include <filesystem>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "strict/provenance.hpp"

namespace strict_xp {
namespace {

// What a code object says about its frames, worked out once per code object.
struct CodeFacts {
  const char* file;     // interned: lives as long as the process
  bool inside_package;  // a frame of strict_xp itself, skipped
};

struct CallSiteState {
  std::string package_dir;  // ".../strict_xp/", where the package's Python files live
  std::unordered_set<std::string> file_names;
  // Keyed by code object; each key holds a reference, so no other code object reuses its address.
  std::unordered_map<PyCodeObject*, CodeFacts> codes;
  bool enabled = true;
};
CallSiteState& state() {
  static auto* instance = new CallSiteState();  // never destroyed: used until the interpreter ends
  return *instance;
}

// A path relative to the working directory when it is below it (what a user reads and types),
// else the path as Python has it.
std::string display_path(const std::string& path) {
  std::error_code error;
  const auto cwd = std::filesystem::current_path(error);
  if (!error && path.size() > 1 && path.front() == '/') {
    const auto relative = std::filesystem::path(path).lexically_relative(cwd);
    if (!relative.empty() && *relative.begin() != "..") return relative.string();
  }
  return path;
}

const CodeFacts& facts_of(PyCodeObject* code) {
  auto& s = state();
  if (auto found = s.codes.find(code); found != s.codes.end()) return found->second;
  const std::string file =
      py::str(py::handle(reinterpret_cast<PyObject*>(code)).attr("co_filename"));
  const bool inside = !s.package_dir.empty() && file.rfind(s.package_dir, 0) == 0;
  const char* interned = s.file_names.insert(display_path(file)).first->c_str();
  Py_INCREF(code);
  return s.codes.emplace(code, CodeFacts{interned, inside}).first->second;
}

std::optional<strict::CodeLocation> python_call_site() {
  if (!state().enabled || !PyGILState_Check()) return std::nullopt;
  PyFrameObject* frame = PyEval_GetFrame();  // borrowed
  // Each PyFrame_GetBack is a new reference; the first frame is borrowed, so hold one of our own.
  Py_XINCREF(frame);
  while (frame != nullptr) {
    PyCodeObject* code = PyFrame_GetCode(frame);  // new reference
    const CodeFacts& facts = facts_of(code);
    Py_DECREF(code);
    if (!facts.inside_package) {
      const int line = PyFrame_GetLineNumber(frame);
      Py_DECREF(frame);
      return strict::CodeLocation(facts.file, static_cast<std::uint_least32_t>(line));
    }
    PyFrameObject* back = PyFrame_GetBack(frame);
    Py_DECREF(frame);
    frame = back;
  }
  return std::nullopt;
}

}  // namespace

void bind_call_site(py::module_& m) {
  strict::set_call_site_provider(python_call_site);
  // __init__.py tells where the package lives, so its own frames are skipped.
  m.def(
      "_set_package_dir", [](const std::string& dir) { state().package_dir = dir; },
      py::arg("dir"));
  // For the benchmark: provenance's cost is measured by turning the lookup off.
  m.def(
      "_set_python_call_sites", [](bool on) { state().enabled = on; }, py::arg("on"));
}

}  // namespace strict_xp
