// The reproduction writer of the in-process adapters: a complete C++ program that rebuilds a
// program's steps as the library's own calls and exits 1, printing the broken rule, when the
// expectation is broken at the step under test (0 when it holds). Each backend describes its
// dialect (CppDialect) and spells each step (its table, operation_table.hpp); the program's
// shape is written here.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/expectation.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance::adapter_support {

// How a step's C++ expression is declared in a reproduction (T is the dialect's array type).
enum class CppResult {
  array,          // T xN = EXPR;
  arrays,         // std::vector<T> xN = EXPR;                (meshgrid, unstack, ...)
  value,          // [[maybe_unused]] auto xN = EXPR;          (info queries, attributes)
  in_place,       // T xN = (EXPR);                            (x0 += x1 changes and returns x0)
  default_guard,  // strict::DefaultDeviceGuard guardN(EXPR); (EXPR is the device)
};

struct CppExpression {
  CppResult result = CppResult::array;
  std::string text{};
};

// What the names in a reproduction refer to.
struct CppNames {
  std::vector<std::string> devices;   // the handshake's device names: DeviceIndex i is devices[i]
  std::vector<bool> several_results;  // per step: its variable is a std::vector of arrays
};

// The names for the steps of `program`: which variables hold several arrays comes from the
// catalogue (catalogue::returns_several_arrays).
CppNames cpp_names(const Program& program, std::vector<std::string> devices);

// The steps of `program` up to and including `step` (clamped to the program): what a
// reproduction of that step rebuilds, and what a backend replays to know how each step went.
Program program_through(const Program& program, int step);

// A step's result as a reproduction names it: "x2", or "x2[1]" for one of several arrays.
std::string cpp_variable(const StepRef& ref, const CppNames& names);

// What a backend's reproductions are written in.
struct CppDialect {
  std::string_view library;         // in the expected sentence: "strict", "torch"
  std::string_view title;           // "strict", "libtorch (C++)"
  std::string_view array_type;      // "strict::Array", "at::Tensor"
  std::string_view exception_type;  // what a failing call throws: "strict::Error"
  // Comment lines saying how to build and run the file ("// c++ ... -o repro").
  std::string_view build_comment;
  std::string_view includes;  // the #include lines
  // Functions the checks call, defined after kRule and kExpected: name_of(device) and
  // python_name(error) as std::string, exception_of(error) as "ValueError: message".
  std::string_view helpers;
  std::function<std::string(std::string_view device_name)> device;  // a device as an expression
  // The expression for one step; throws Unsupported for a step it cannot spell (the
  // reproduction then leaves it out, saying why).
  std::function<CppExpression(const Step&, const CppNames&)> spell;
};

// `devices` are the handshake's device names; `replay` the outcomes of at least the steps before
// `step` (which raised, which did not run); `setup` statements run before the first step.
std::string write_cpp_reproduction(const CppDialect& dialect, const Program& program, int step,
                                   const Expectation& expectation,
                                   const std::vector<std::string>& devices,
                                   const std::vector<StepOutcome>& replay,
                                   const std::string& setup = "");

}  // namespace conformance::adapter_support
