// The 67 element-wise functions (spec/2024.12/API_specification/elementwise_functions.rst).
// Binary ones take an array or a Python scalar on either side; at least one must be an
// array.
#include <iterator>
#include <utility>

#include "bindings.hpp"
#include "converters.hpp"
#include "fast_function.hpp"
#include "floating_point_warnings.hpp"

namespace strict_xp {
namespace {

using ElementwiseUnary = strict::Array (*)(const strict::Array&);
using ElementwiseBinary = strict::Array (*)(const strict::ArrayOrScalar&,
                                            const strict::ArrayOrScalar&);

struct UnaryFunction {
  const char* name;
  ElementwiseUnary function;
};
struct BinaryFunction {
  const char* name;
  ElementwiseBinary function;
};

constexpr UnaryFunction unary_functions[] = {
    {"abs", &strict::abs},
    {"negative", &strict::negative},
    {"positive", &strict::positive},
    {"square", &strict::square},
    {"reciprocal", &strict::reciprocal},
    {"sign", &strict::sign},
    {"exp", &strict::exp},
    {"expm1", &strict::expm1},
    {"log", &strict::log},
    {"log1p", &strict::log1p},
    {"log2", &strict::log2},
    {"log10", &strict::log10},
    {"sqrt", &strict::sqrt},
    {"sin", &strict::sin},
    {"cos", &strict::cos},
    {"tan", &strict::tan},
    {"asin", &strict::asin},
    {"acos", &strict::acos},
    {"atan", &strict::atan},
    {"sinh", &strict::sinh},
    {"cosh", &strict::cosh},
    {"tanh", &strict::tanh},
    {"asinh", &strict::asinh},
    {"acosh", &strict::acosh},
    {"atanh", &strict::atanh},
    {"ceil", &strict::ceil},
    {"floor", &strict::floor},
    {"trunc", &strict::trunc},
    {"round", &strict::round},
    {"real", &strict::real},
    {"imag", &strict::imag},
    {"conj", &strict::conj},
    {"isfinite", &strict::isfinite},
    {"isinf", &strict::isinf},
    {"isnan", &strict::isnan},
    {"signbit", &strict::signbit},
    {"logical_not", &strict::logical_not},
    {"bitwise_invert", &strict::bitwise_invert},
};

constexpr BinaryFunction binary_functions[] = {
    {"add", &strict::add},
    {"subtract", &strict::subtract},
    {"multiply", &strict::multiply},
    {"divide", &strict::divide},
    {"floor_divide", &strict::floor_divide},
    {"remainder", &strict::remainder},
    {"pow", &strict::pow},
    {"maximum", &strict::maximum},
    {"minimum", &strict::minimum},
    {"atan2", &strict::atan2},
    {"copysign", &strict::copysign},
    {"hypot", &strict::hypot},
    {"logaddexp", &strict::logaddexp},
    {"nextafter", &strict::nextafter},
    {"equal", &strict::equal},
    {"not_equal", &strict::not_equal},
    {"less", &strict::less},
    {"less_equal", &strict::less_equal},
    {"greater", &strict::greater},
    {"greater_equal", &strict::greater_equal},
    {"logical_and", &strict::logical_and},
    {"logical_or", &strict::logical_or},
    {"logical_xor", &strict::logical_xor},
    {"bitwise_and", &strict::bitwise_and},
    {"bitwise_or", &strict::bitwise_or},
    {"bitwise_xor", &strict::bitwise_xor},
    {"bitwise_left_shift", &strict::bitwise_left_shift},
    {"bitwise_right_shift", &strict::bitwise_right_shift},
};

std::optional<strict::ArrayOrScalar> optional_operand(std::string_view function,
                                                      std::string_view parameter,
                                                      py::handle value) {
  if (value.is_none()) return std::nullopt;
  return operand_arg(function, parameter, value);
}

// One METH_FASTCALL built-in per table entry (fast_function.hpp): these are the calls
// downstream code makes in its inner loops.
template <std::size_t I>
PyObject* call_unary(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  return fast_call_body([&] {
    const auto& [name, function] = unary_functions[I];
    constexpr const char* numpy_ufunc = numpy_ufunc_watched(unary_functions[I].name);
    expect_positional(name, nargs, 1);
    if constexpr (numpy_ufunc == nullptr) {
      return wrap(function(array_arg(name, "x", args[0])));
    } else {
      const strict::Array x = array_arg(name, "x", args[0]);
      return wrap(with_floating_point_warnings(numpy_ufunc, [&] { return function(x); }));
    }
  });
}

template <std::size_t I>
PyObject* call_binary(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  return fast_call_body([&] {
    const auto& [name, function] = binary_functions[I];
    constexpr const char* numpy_ufunc = numpy_ufunc_watched(binary_functions[I].name);
    expect_positional(name, nargs, 2);
    if constexpr (numpy_ufunc == nullptr) {
      return wrap(function(operand_arg(name, "x1", args[0]), operand_arg(name, "x2", args[1])));
    } else {
      const strict::ArrayOrScalar x1 = operand_arg(name, "x1", args[0]);
      const strict::ArrayOrScalar x2 = operand_arg(name, "x2", args[1]);
      return wrap(with_floating_point_warnings(numpy_ufunc, [&] { return function(x1, x2); }));
    }
  });
}

template <std::size_t... I>
void bind_unary(py::module_& m, std::index_sequence<I...>) {
  (add_fast_function(m, unary_functions[I].name, "x", &call_unary<I>), ...);
}

template <std::size_t... I>
void bind_binary(py::module_& m, std::index_sequence<I...>) {
  (add_fast_function(m, binary_functions[I].name, "x1, x2", &call_binary<I>), ...);
}

}  // namespace

void bind_elementwise(py::module_& m) {
  bind_unary(m, std::make_index_sequence<std::size(unary_functions)>());
  bind_binary(m, std::make_index_sequence<std::size(binary_functions)>());
  m.def(
      "clip",
      [](py::handle x, py::handle min, py::handle max) {
        return wrap(strict::clip(array_arg("clip", "x", x), optional_operand("clip", "min", min),
                                 optional_operand("clip", "max", max)));
      },
      py::arg("x"), py::pos_only(), py::arg("min") = py::none(), py::arg("max") = py::none());
}

}  // namespace strict_xp
