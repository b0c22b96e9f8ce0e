// The standard's searching (argmax, nonzero, searchsorted, where, ...), sorting (sort, argsort)
// and set functions (unique_*; the results of three of them are named tuples).
#include <fmt/format.h>
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "converters.hpp"

namespace strict_xp {
namespace {

strict::Side side_arg(std::string_view function, py::handle value) {
  const std::string side = str_arg(function, "side", value);
  if (side == "left") return strict::Side::left;
  if (side == "right") return strict::Side::right;
  throw py::value_error(
      fmt::format("{}(): side must be 'left' or 'right', not '{}'", function, side));
}

using ArgExtremum = strict::Array (*)(const strict::Array&, const strict::ArgExtremumOptions&);

// argmax, argmin: (x, /, *, axis=None, keepdims=False).
void def_arg_extremum(py::module_& m, const char* name, ArgExtremum function, const char* doc) {
  m.def(
      name,
      [name, function](py::handle x, py::handle axis, py::handle keepdims) {
        const strict::Array& array = array_arg(name, "x", x);
        return wrap(function(array, {.axis = optional_int_arg(name, "axis", axis),
                                     .keepdims = bool_arg(name, "keepdims", keepdims)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("keepdims") = false, doc);
}

using Sort = strict::Array (*)(const strict::Array&, const strict::SortOptions&);

// argsort, sort: (x, /, *, axis=-1, descending=False, stable=True).
void def_sort(py::module_& m, const char* name, Sort function, const char* doc) {
  m.def(
      name,
      [name, function](py::handle x, py::handle axis, py::handle descending, py::handle stable) {
        const strict::Array& array = array_arg(name, "x", x);
        return wrap(function(array, {.axis = int_arg(name, "axis", axis),
                                     .descending = bool_arg(name, "descending", descending),
                                     .stable = bool_arg(name, "stable", stable)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = -1,
      py::arg("descending") = false, py::arg("stable") = true, doc);
}

}  // namespace

void bind_searching_sorting_sets(py::module_& m) {
  def_arg_extremum(m, "argmax", &strict::argmax,
                   "The index of the first maximum along axis (None: flattened).");
  def_arg_extremum(m, "argmin", &strict::argmin,
                   "The index of the first minimum along axis (None: flattened).");

  m.def(
      "count_nonzero",
      [](py::handle x, py::handle axis, py::handle keepdims) {
        const strict::Array& array = array_arg("count_nonzero", "x", x);
        return wrap(strict::count_nonzero(
            array, {.axis = axes_arg("count_nonzero", axis),
                    .keepdims = bool_arg("count_nonzero", "keepdims", keepdims)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("keepdims") = false, "The number of non-zero elements along axis.");

  m.def(
      "nonzero",
      [](py::handle x) { return wrap_all(strict::nonzero(array_arg("nonzero", "x", x))); },
      py::arg("x"), py::pos_only(), "The indices of the non-zero elements, one array per axis.");

  m.def(
      "searchsorted",
      [](py::handle x1, py::handle x2, py::handle side, py::handle sorter) {
        const strict::Array& sorted = array_arg("searchsorted", "x1", x1);
        // 2025.12: "x2: Union[array, int, float]".
        const strict::ArrayOrScalar values = operand_arg("searchsorted", "x2", x2);
        return wrap(
            strict::searchsorted(sorted, values,
                                 {.side = side_arg("searchsorted", side),
                                  .sorter = optional_array_arg("searchsorted", "sorter", sorter)}));
      },
      py::arg("x1"), py::arg("x2"), py::pos_only(), py::kw_only(), py::arg("side") = "left",
      py::arg("sorter") = py::none(), "The indices at which x2's elements would go in sorted x1.");

  m.def(
      "isin",
      [](py::handle x1, py::handle x2, py::handle invert) {
        const strict::ArrayOrScalar elements = operand_arg("isin", "x1", x1);
        const strict::ArrayOrScalar values = operand_arg("isin", "x2", x2);
        return wrap(strict::isin(elements, values, {.invert = bool_arg("isin", "invert", invert)}));
      },
      py::arg("x1"), py::arg("x2"), py::pos_only(), py::kw_only(), py::arg("invert") = false,
      "For each element of x1, whether it is in x2 (not in it, with invert=True) (2025.12).");

  m.def(
      "where",
      [](py::handle condition, py::handle x1, py::handle x2) {
        const strict::Array& chosen = array_arg("where", "condition", condition);
        strict::ArrayOrScalar first = operand_arg("where", "x1", x1);
        strict::ArrayOrScalar second = operand_arg("where", "x2", x2);
        return wrap(strict::where(chosen, first, second));
      },
      py::arg("condition"), py::arg("x1"), py::arg("x2"), py::pos_only(),
      "x1 where condition is true, x2 elsewhere.");

  def_sort(m, "argsort", &strict::argsort, "The indices that sort x along axis.");
  def_sort(m, "sort", &strict::sort, "x sorted along axis.");

  // The standard's named tuples, as array-api-strict defines them; each function keeps its type
  // alive.
  const py::object namedtuple = py::module_::import("collections").attr("namedtuple");
  const py::object module_name = m.attr("__name__");
  const py::object unique_all_result = namedtuple(
      "UniqueAllResult", py::make_tuple("values", "indices", "inverse_indices", "counts"),
      py::arg("module") = module_name);
  const py::object unique_counts_result = namedtuple(
      "UniqueCountsResult", py::make_tuple("values", "counts"), py::arg("module") = module_name);
  const py::object unique_inverse_result =
      namedtuple("UniqueInverseResult", py::make_tuple("values", "inverse_indices"),
                 py::arg("module") = module_name);

  m.def(
      "unique_all",
      [unique_all_result](py::handle x) {
        return unique_all_result(
            *wrap_all(strict::unique_all(array_arg("unique_all", "x", x)).arrays()));
      },
      py::arg("x"), py::pos_only(),
      "The unique elements of x with their first indices, inverse indices and counts.");

  m.def(
      "unique_counts",
      [unique_counts_result](py::handle x) {
        return unique_counts_result(
            *wrap_all(strict::unique_counts(array_arg("unique_counts", "x", x)).arrays()));
      },
      py::arg("x"), py::pos_only(), "The unique elements of x and their counts.");

  m.def(
      "unique_inverse",
      [unique_inverse_result](py::handle x) {
        return unique_inverse_result(
            *wrap_all(strict::unique_inverse(array_arg("unique_inverse", "x", x)).arrays()));
      },
      py::arg("x"), py::pos_only(), "The unique elements of x and the inverse indices.");

  m.def(
      "unique_values",
      [](py::handle x) { return wrap(strict::unique_values(array_arg("unique_values", "x", x))); },
      py::arg("x"), py::pos_only(), "The unique elements of x.");
}

}  // namespace strict_xp
