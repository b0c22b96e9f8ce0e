// Program values as C++ source text for reproductions: StepRef -> "x2", DeviceIndex ->
// strict::Device("device1"), DTypeName -> strict::float32, Data -> a braced literal, ... The
// counterpart of strict_values.hpp, which makes the same values at run time.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "conformance/program.hpp"
#include "cpp_reproduction.hpp"
#include "cpp_source.hpp"
#include "strict_arguments.hpp"

namespace conformance::strict_internal {

using adapter_support::CppNames;

// One call's arguments as C++ expressions, read as Call (strict_values.hpp) reads them: the same
// values are Unsupported.
class CppCall {
 public:
  CppCall(const Arguments& arguments, const CppNames& names)
      : arguments_(arguments), names_(names) {}

  const Arguments& arguments() const { return arguments_; }
  bool given(std::string_view name) const { return arguments_.given(name); }
  bool is_array(std::string_view name) const;

  std::string array(std::string_view name) const;    // "x0", "x2[1]"
  std::string arrays(std::string_view name) const;   // "std::vector<strict::Array>{x0, x1}"
  std::string operand(std::string_view name) const;  // "x0" or a scalar literal
  std::optional<std::string> optional_operand(std::string_view name) const;
  std::string scalar(std::string_view name) const;
  std::optional<std::string> optional_scalar(std::string_view name) const;
  std::optional<std::string> device(std::string_view name = "device") const;
  std::optional<std::string> dtype(std::string_view name = "dtype") const;
  std::optional<std::string> dtype_kind(std::string_view name) const;
  std::string shape(std::string_view name) const;  // "{2, 3}"
  std::optional<std::string> axes(std::string_view name) const;
  std::optional<std::string> integer(std::string_view name) const;
  std::optional<std::string> boolean(std::string_view name) const;
  std::optional<std::string> number(std::string_view name) const;
  std::optional<std::string> stream(std::string_view name = "stream") const;
  // asarray's obj when it is literal data: the arguments before the options ("{{1, 2}, {3, 4}}",
  // or for empty data "std::vector<strict::Scalar>{}, {0, 2}").
  std::optional<std::string> literal(std::string_view name) const;

 private:
  const Arguments& arguments_;
  const CppNames& names_;
};

// "{.dtype = strict::float32, .device = strict::Device("device1")}" from the fields that are set,
// in the order given (the option struct's declaration order); "" when none is.
std::string designated(
    std::initializer_list<std::pair<std::string_view, std::optional<std::string>>> fields);

// The non-empty arguments, comma-separated: {"x0", "", "{.k = 1}"} -> "x0, {.k = 1}".
std::string argument_list(std::initializer_list<std::string> arguments);

using adapter_support::cpp_string_literal;
using adapter_support::expected_sentence;
std::string cpp_device(std::string_view name);  // strict::Device("name")

}  // namespace conformance::strict_internal
