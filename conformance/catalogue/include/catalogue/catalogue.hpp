// The op catalogue: every function, method, operator and attribute of the Array API standard
// (2025.12, the newest version) that the suite knows, with the device rule it follows, what makes
// a valid call, and the spec version each of them (and each device keyword or Python-scalar
// operand) first appeared in, so that a library is judged by the version it declares.
//
// It is the single source of truth (docs/DESIGN.md section 2): the generator, the oracle, the
// adapters' dispatch, the coverage report and the tracker's grouping all read it. A function that
// an implementation lacks is still listed here and reported `unsupported`; it never vanishes. The
// build derives it from the spec's signatures and a line of facts per operation (generator/).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace catalogue {

// Where the result of an operation must live, as the standard's device rules say.
enum class DeviceRule {
  creation,     // no array input; the result goes to `device=` (default device when None)
  like,         // *_like, asarray of an array, astype, from_dlpack: input's device unless device=
  propagate,    // one array input; the result is on its device
  multi_input,  // two or more array inputs: all on one device (result there) or raise
  transfer,     // array.to_device: the result is on the requested device
  info,         // inspection API and dtype functions: no array result
  host,         // reads metadata or converts to a host value (__bool__, .device, __dlpack__, ...)
};

enum class Namespace { main, linalg, fft, array_method, array_operator, array_attribute, info };

// An array argument and what makes a valid call with it.
struct ArrayParameter {
  std::string_view name{};
  // The spec's wording, one of: "any", "boolean", "integer", "integer or boolean", "numeric",
  // "real numeric", "floating", "real floating", "complex floating".
  std::string_view dtype_category = "any";
  int min_ndim = 0;            // the least rank that makes a valid call
  bool may_be_scalar = false;  // a Python scalar is allowed in its place (2024.12 binary ops)
  // The first version allowing the scalar, when later than the operation's (functions of 2021.12
  // took scalars from 2024.12; searchsorted's x2 from 2025.12). Empty: the operation's version.
  std::string_view scalar_since{};
  bool variadic = false;  // *arrays, or a sequence of arrays
  bool optional = false;  // has a default (None): the call may leave it out
};

// A parameter that is not an array. An empty default_value means the parameter is required.
struct KeywordParameter {
  std::string_view name{};
  std::string_view default_value{};
};

// A non-array positional-only parameter (shape, fill_value, n, ...): not a keyword, but a call
// needs it, so the generator must know it.
struct PositionalParameter {
  std::string_view name{};
  std::string_view default_value{};
};

struct Operation {
  // As in the signatures file: "add", "linalg.solve", "fft.fft", "array.__add__", "info.devices".
  std::string_view name{};
  Namespace ns = Namespace::main;
  std::string_view since_version{};  // first spec version that has it, e.g. "2021.12"
  std::string_view spec_section{};   // stub file, e.g. src/array_api_stubs/_2024_12/fft.py
  DeviceRule rule = DeviceRule::propagate;
  std::vector<ArrayParameter> arrays{};  // in signature order; `self` first for array members
  std::vector<PositionalParameter> positionals{};
  std::vector<KeywordParameter> keywords{};  // keyword-only and positional-or-keyword, not arrays
  bool has_device_keyword = false;
  // The first version with the device keyword, when later than the operation's (astype and
  // from_dlpack gained theirs in 2023.12). Empty: the operation's version.
  std::string_view device_since{};
};

// The spec versions, oldest first, and the newest (the one this catalogue describes).
const std::vector<std::string_view>& spec_versions();
std::string_view newest_spec_version();

// When a parameter or keyword entered the standard (the entry's field, or the operation's).
std::string_view scalar_since(const Operation& op, const ArrayParameter& parameter);
std::string_view device_keyword_since(const Operation& op);

// An in-place operator of the array object and the binary operator it applies.
struct InPlaceOperator {
  std::string name;  // "array.__iadd__"
  std::string base;  // "array.__add__"
};

// The standard's 13 in-place operators, in the spec's order (array_object.rst).
const std::vector<InPlaceOperator>& in_place_operators();

// The binary operator of an in-place operator ("array.__iadd__" -> "array.__add__"), or "".
std::string_view in_place_base(std::string_view op);

// The element-wise functions an adapter maps name for name (elementwise_functions.py): those of
// one array and nothing else (abs, ..., trunc: 38 in 2025.12) and those of two arrays and nothing
// else (add, ..., subtract: 28). clip, the one with keywords, is in neither. Catalogue order.
const std::vector<std::string_view>& unary_elementwise_functions();
const std::vector<std::string_view>& binary_elementwise_functions();

// Whether an operation returns a tuple of arrays ("Tuple[array, ...]" in its signature: meshgrid,
// unstack, linalg.svd, unique_all, ...), so that a later step reads one element of it.
bool returns_several_arrays(std::string_view op);

// Every operation, sorted by namespace group (main, linalg, fft, info, array), then by name.
const std::vector<Operation>& operations();

// The operation with this name, or nullptr.
const Operation* find_operation(std::string_view name);

std::string_view name(DeviceRule rule);
std::string_view name(Namespace ns);

}  // namespace catalogue
