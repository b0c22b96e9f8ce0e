// A step's arguments matched to the parameter names of its operation, so that the in-process
// adapters' dispatch and reproduction writers read `device` or `x2` whether the program passed
// it by position or by keyword, as a Python call would. Shared by the strict and torch adapters.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "conformance/program.hpp"

namespace conformance::adapter_support {

// A step that the library's C++ API cannot express (an operation, keyword or argument kind it
// lacks): the step is reported unsupported with this message.
class Unsupported : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A step that reads a result no earlier step produced: it is reported not_run.
class NotRun : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Arguments {
 public:
  // The value bound to `name`, or nullptr when the call leaves it out.
  const Value* find(std::string_view name) const;
  // The value bound to `name`; throws Unsupported when the call leaves it out.
  const Value& at(std::string_view name) const;
  // A value passed explicitly as None counts as left out.
  bool given(std::string_view name) const;

 private:
  friend Arguments bind(const Step& step);
  std::vector<std::pair<std::string, Value>> values_;
};

// Binds positional arguments in the order of the operation's parameters (the catalogue's array
// parameters, then its positional parameters, then its keywords: the Python signature order) and
// keywords by name. A variadic array parameter takes a RefList, or every remaining positional
// reference (meshgrid(x0, x1)). Throws Unsupported for a keyword the operation lacks, too many
// positional arguments, or an argument given twice.
Arguments bind(const Step& step);

// The parameter names of an operation in signature order; in-place operators take those of
// their binary operator. Empty for an operation neither the catalogue nor the harness knows.
std::vector<std::string> parameter_names(std::string_view op);

// Reads a call's arguments that are no array (shapes, axes, ints, bools, numbers) as every
// in-process adapter needs them; each adapter's Call adds the readers of its own types. Every
// reader throws Unsupported for a value of another kind, naming `library`.
class ValueReader {
 public:
  ValueReader(const Arguments& arguments, std::string_view library)
      : arguments_(arguments), library_(library) {}

  const Arguments& arguments() const { return arguments_; }
  bool given(std::string_view name) const { return arguments_.given(name); }

  std::vector<std::int64_t> shape(std::string_view name) const;  // a tuple, or an int n for (n,)
  std::optional<std::vector<std::int64_t>> axes(std::string_view name) const;  // int or tuple
  std::optional<std::int64_t> optional_integer(std::string_view name) const;
  std::int64_t integer(std::string_view name, std::int64_t otherwise) const;
  std::optional<bool> optional_boolean(std::string_view name) const;
  bool boolean(std::string_view name, bool otherwise) const;
  double number(std::string_view name, double otherwise) const;

 protected:
  [[noreturn]] void cannot_take(std::string_view name, const Value& value,
                                std::string_view what) const;

  const Arguments& arguments_;
  std::string_view library_;
};

// Whether `op` is one of the harness's own operations (harness.observe, ...): every adapter has
// them, and handshakes do not list them.
bool is_harness_operation(std::string_view op);

// What a value is, for messages: "None", "an int", "an array reference", ...
std::string_view kind_of(const Value& value);

// Whether a parameter is left out or passed as None.
bool is_none(const Value* value);

// Throws Unsupported: "argument 'x' is a dtype, where <library> takes an array".
[[noreturn]] void cannot_take(std::string_view parameter, const Value& value, std::string_view what,
                              std::string_view library);

// The first reference of `step` to an array that `results` (per earlier step, its array results)
// does not hold, as a message ("it reads x2, which has no array result"), or "".
template <class Results>
std::string missing_reference(const Step& step, const Results& results) {
  for (const StepRef& ref : references(step)) {
    const bool exists = ref.step >= 0 && static_cast<std::size_t>(ref.step) < results.size() &&
                        ref.output >= 0 &&
                        static_cast<std::size_t>(ref.output) < results[ref.step].size();
    if (!exists) return "it reads x" + std::to_string(ref.step) + ", which has no array result";
  }
  return "";
}

// The array `ref` names in `results` (per earlier step, its array results); throws NotRun when
// that step produced no such array.
template <class Results>
auto& resolve_reference(const StepRef& ref, Results& results) {
  const bool exists = ref.step >= 0 && static_cast<std::size_t>(ref.step) < results.size() &&
                      ref.output >= 0 &&
                      static_cast<std::size_t>(ref.output) < results[ref.step].size();
  if (!exists) {
    const std::string name = ref.output == 0 ? fmt::format("x{}", ref.step)
                                             : fmt::format("x{}[{}]", ref.step, ref.output);
    throw NotRun(fmt::format("it reads {}, which has no array result", name));
  }
  return results[ref.step][ref.output];
}

// The operations an adapter's dispatch table names, for its handshake: catalogue operations in
// catalogue order, then the in-place operators. Harness operations are left out. Throws
// std::logic_error for a name that is none of these (a typo would hide an operation).
std::vector<std::string> operations_in_catalogue_order(const std::vector<std::string>& names);

}  // namespace conformance::adapter_support
