// NumPy's floating-point warnings for the element-wise functions and operators. The standard has
// no floating-point warnings, but array-api-strict, which strict_xp stands in for, computes with
// NumPy and so warns "divide by zero encountered in divide" (a RuntimeWarning) as NumPy does, and
// downstream tests assert those warnings (SciPy's eager_warns) and silence them with
// numpy.errstate. strict computes in one thread with IEEE arithmetic, so the processor's
// exception flags after a call say what NumPy's would.
#pragma once

#include <string_view>
#include <utility>

#include "strict/array.hpp"

namespace strict_xp {

// strict_xp's name, NumPy's ufunc, for the functions whose floating-point exceptions NumPy
// reports. Operators carry their function's NumPy name.
inline constexpr std::pair<std::string_view, const char*> watched_ufuncs[] = {
    {"add", "add"},
    {"subtract", "subtract"},
    {"multiply", "multiply"},
    {"divide", "divide"},
    {"floor_divide", "floor_divide"},
    {"remainder", "remainder"},
    {"pow", "power"},
    {"hypot", "hypot"},
    {"logaddexp", "logaddexp"},
    {"abs", "absolute"},
    {"square", "square"},
    {"reciprocal", "reciprocal"},
    {"exp", "exp"},
    {"expm1", "expm1"},
    {"log", "log"},
    {"log1p", "log1p"},
    {"log2", "log2"},
    {"log10", "log10"},
    {"sqrt", "sqrt"},
    {"sin", "sin"},
    {"cos", "cos"},
    {"tan", "tan"},
    {"asin", "arcsin"},
    {"acos", "arccos"},
    {"atanh", "arctanh"},
    {"acosh", "arccosh"},
    {"sinh", "sinh"},
    {"cosh", "cosh"},
    {"__add__", "add"},
    {"__radd__", "add"},
    {"__iadd__", "add"},
    {"__sub__", "subtract"},
    {"__rsub__", "subtract"},
    {"__isub__", "subtract"},
    {"__mul__", "multiply"},
    {"__rmul__", "multiply"},
    {"__imul__", "multiply"},
    {"__truediv__", "divide"},
    {"__rtruediv__", "divide"},
    {"__itruediv__", "divide"},
    {"__floordiv__", "floor_divide"},
    {"__rfloordiv__", "floor_divide"},
    {"__ifloordiv__", "floor_divide"},
    {"__mod__", "remainder"},
    {"__rmod__", "remainder"},
    {"__imod__", "remainder"},
    {"__pow__", "power"},
    {"__rpow__", "power"},
    {"__ipow__", "power"},
};

// The NumPy ufunc a function or operator of strict_xp corresponds to ("power" for "pow" and
// "__pow__"); nullptr for the functions whose flags NumPy does not report (comparisons, maximum
// and minimum, bitwise and logical functions). Known at compile time for the element-wise tables.
constexpr const char* numpy_ufunc_watched(std::string_view name) {
  for (const auto& [strict_name, numpy_name] : watched_ufuncs) {
    if (strict_name == name) return numpy_name;
  }
  return nullptr;
}

// Watches one call: construct it before the call, report() after it returned.
class FloatingPointWarnings {
 public:
  explicit FloatingPointWarnings(const char* numpy_ufunc) noexcept;
  // For each of divide by zero, overflow and invalid that the call raised: what numpy.errstate
  // says when NumPy is loaded (warn by default; ignore; raise FloatingPointError), otherwise a
  // RuntimeWarning. Throws py::error_already_set when a warning is an error or NumPy says raise.
  // Only a real floating-point result is reported: C's complex arithmetic raises flags in its
  // infinity recovery where NumPy's does not, and NumPy's complex kernels differ by version.
  void report(const strict::Array& result) const;

 private:
  const char* numpy_ufunc_;
};

// call() (an Array, or the Array& of an in-place operator), watched as `numpy_ufunc`: its
// operands are read before, so that only the computation's flags are reported.
template <class Call>
decltype(auto) with_floating_point_warnings(const char* numpy_ufunc, Call&& call) {
  const FloatingPointWarnings watch(numpy_ufunc);
  decltype(auto) result = call();
  watch.report(result);
  return result;
}

}  // namespace strict_xp
