// The standard's statistical functions (max, mean, sum, std, cumulative_sum, ...) and utility
// functions (all, any, diff).
#include <optional>

#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "converters.hpp"

namespace strict_xp {
namespace {

template <typename Options>
using Reduction = strict::Array (*)(const strict::Array&, const Options&);

// max, mean, min, all, any: (x, /, *, axis=None, keepdims=False).
void def_axis_reduction(py::module_& m, const char* name, Reduction<strict::AxisOptions> function,
                        const char* doc) {
  m.def(
      name,
      [name, function](py::handle x, py::handle axis, py::handle keepdims) {
        const strict::Array& array = array_arg(name, "x", x);
        return wrap(function(array, {.axis = axes_arg(name, axis),
                                     .keepdims = bool_arg(name, "keepdims", keepdims)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("keepdims") = false, doc);
}

// prod, sum: (x, /, *, axis=None, dtype=None, keepdims=False).
void def_dtype_reduction(py::module_& m, const char* name,
                         Reduction<strict::ReductionOptions> function, const char* doc) {
  m.def(
      name,
      [name, function](py::handle x, py::handle axis, py::handle dtype, py::handle keepdims) {
        const strict::Array& array = array_arg(name, "x", x);
        // Converted in the order of the Python signature, so the first wrong argument is reported.
        std::optional<strict::Axes> axes = axes_arg(name, axis);
        std::optional<strict::DType> type = dtype_arg(name, dtype);
        return wrap(function(array, {.axis = std::move(axes),
                                     .keepdims = bool_arg(name, "keepdims", keepdims),
                                     .dtype = type}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("dtype") = py::none(), py::arg("keepdims") = false, doc);
}

// std, var: (x, /, *, axis=None, correction=0.0, keepdims=False).
void def_variance(py::module_& m, const char* name, Reduction<strict::VarianceOptions> function,
                  const char* doc) {
  m.def(
      name,
      [name, function](py::handle x, py::handle axis, py::handle correction, py::handle keepdims) {
        const strict::Array& array = array_arg(name, "x", x);
        return wrap(function(array, {.axis = axes_arg(name, axis),
                                     .correction = real_number_arg(name, "correction", correction),
                                     .keepdims = bool_arg(name, "keepdims", keepdims)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("correction") = 0.0, py::arg("keepdims") = false, doc);
}

// cumulative_prod, cumulative_sum: (x, /, *, axis=None, dtype=None, include_initial=False).
void def_cumulative(py::module_& m, const char* name, Reduction<strict::CumulativeOptions> function,
                    const char* doc) {
  m.def(
      name,
      [name, function](py::handle x, py::handle axis, py::handle dtype,
                       py::handle include_initial) {
        const strict::Array& array = array_arg(name, "x", x);
        return wrap(function(
            array, {.axis = optional_int_arg(name, "axis", axis),
                    .dtype = dtype_arg(name, dtype),
                    .include_initial = bool_arg(name, "include_initial", include_initial)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("dtype") = py::none(), py::arg("include_initial") = false, doc);
}

}  // namespace

void bind_statistics_and_utilities(py::module_& m) {
  def_cumulative(m, "cumulative_prod", &strict::cumulative_prod,
                 "The cumulative product of x along axis.");
  def_cumulative(m, "cumulative_sum", &strict::cumulative_sum,
                 "The cumulative sum of x along axis.");
  def_axis_reduction(m, "max", &strict::max, "The maximum of x along axis (None: every axis).");
  def_axis_reduction(m, "mean", &strict::mean,
                     "The arithmetic mean of x along axis (None: every axis).");
  def_axis_reduction(m, "min", &strict::min, "The minimum of x along axis (None: every axis).");
  def_dtype_reduction(m, "prod", &strict::prod, "The product of x along axis (None: every axis).");
  def_variance(m, "std", &strict::std,
               "The standard deviation of x along axis, with divisor N - correction.");
  def_dtype_reduction(m, "sum", &strict::sum, "The sum of x along axis (None: every axis).");
  def_variance(m, "var", &strict::var,
               "The variance of x along axis, with divisor N - correction.");
  def_axis_reduction(m, "all", &strict::all,
                     "Whether every element of x along axis is true (non-zero).");
  def_axis_reduction(m, "any", &strict::any,
                     "Whether some element of x along axis is true (non-zero).");

  m.def(
      "diff",
      [](py::handle x, py::handle axis, py::handle n, py::handle prepend, py::handle append) {
        const strict::Array& array = array_arg("diff", "x", x);
        return wrap(strict::diff(array, {.axis = int_arg("diff", "axis", axis),
                                         .n = int_arg("diff", "n", n),
                                         .prepend = optional_array_arg("diff", "prepend", prepend),
                                         .append = optional_array_arg("diff", "append", append)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = -1, py::arg("n") = 1,
      py::arg("prepend") = py::none(), py::arg("append") = py::none(),
      "The n-th forward difference of x along axis.");
}

}  // namespace strict_xp
