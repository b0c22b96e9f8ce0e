// What the functions of strict::linalg share: dtype and shape checks, stacks of matrices read in
// a compute type (double, or std::complex<double> for complex dtypes) and written back in the
// result's dtype. float32 and complex64 inputs are computed in double precision and rounded once
// at the end.
#pragma once

#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "internal/array_access.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "strict/array.hpp"

namespace strict::internal::linalg {

using Complex = std::complex<double>;

inline double conjugate(double value) {
  return value;
}
inline Complex conjugate(Complex value) {
  return std::conj(value);
}
inline double magnitude(double value) {
  return std::abs(value);
}
inline double magnitude(Complex value) {
  return std::abs(value);
}
inline double real_part(double value) {
  return value;
}
inline double real_part(Complex value) {
  return value.real();
}

// f(tag<C>{}) with the compute type of a floating-point dtype: Complex for complex dtypes,
// double otherwise.
template <class F>
decltype(auto) visit_compute_type(DType dtype, F&& f) {
  if (is_complex_floating(dtype)) return std::forward<F>(f)(tag<Complex>{});
  return std::forward<F>(f)(tag<double>{});
}

// Every element of `a`, converted to C.
template <class C>
std::vector<C> read_as(const Array& a) {
  std::vector<C> out(static_cast<std::size_t>(a.size()));
  visit_dtype(a.dtype(), [&](auto t) {
    using In = typename decltype(t)::type;
    const In* data = ArrayAccess::data<In>(a);
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = convert_element<C>(data[i]);
  });
  return out;
}

// The elements of `a` as T (a's own element type or not): a's own storage, read in place, or a
// converted copy kept in `copy`.
template <class T>
const T* elements_as(const Array& a, std::vector<T>& copy) {
  if (a.dtype() == dtype_of_v<T>) return ArrayAccess::data<T>(a);
  copy = read_as<T>(a);
  return copy.data();
}

// Writes out.size() values into the storage of `out`, converted to its dtype (a complex value
// going to a real dtype keeps its real part).
template <class C>
void write_into(const Array& out, const std::vector<C>& values) {
  visit_dtype(out.dtype(), [&](auto t) {
    using Out = typename decltype(t)::type;
    Out* data = ArrayAccess::data<Out>(out);
    const std::int64_t n = out.size();
    for (std::int64_t i = 0; i < n; ++i)
      data[i] = convert_element<Out>(values[static_cast<std::size_t>(i)]);
  });
}

// A stack of matrices: the leading (batch) dimensions and the last two.
struct MatrixStack {
  Shape batch;
  std::int64_t rows = 0;
  std::int64_t columns = 0;
  std::int64_t count() const { return element_count(batch); }
  std::int64_t matrix_size() const { return rows * columns; }
};

// `x` read as a stack of matrices: InvalidArgumentError naming `function` and `parameter` when it
// has fewer than two dimensions, or (square) when its last two differ.
MatrixStack matrix_stack(std::string_view function, std::string_view parameter, const Array& x,
                         bool square);

// batch + {rows, columns} (either left out when negative).
Shape stacked(const Shape& batch, std::int64_t rows, std::int64_t columns = -1);

// "x" for a single matrix, "x[1, 0]" for the matrix at that position of a stack with these
// batch dimensions (`index` counts the matrices in C order), for error messages.
std::string matrix_name(std::string_view parameter, const Shape& batch, std::int64_t index);

// DTypeError unless `x` has a floating-point dtype (the linalg functions' "Should have a
// floating-point data type"; strict does not cast integers for the caller).
void require_floating(std::string_view function, std::string_view parameter, const Array& x);

// `x` (parameter "x") as a floating-point stack of matrices, square when asked: the dtype check
// first, then the shape, in the standard's order of parameters.
inline MatrixStack floating_matrix_stack(std::string_view function, const Array& x, bool square) {
  require_floating(function, "x", x);
  return matrix_stack(function, "x", x, square);
}

// The promoted dtype of two arrays; DTypeError naming `function` when the standard has none.
DType promoted_dtype(std::string_view function, const Array& x1, const Array& x2);

// A new array on `x`'s device, made by `function` (a string literal, kept by the provenance).
// spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as possible
// (e.g. output arrays from a function are expected to be on the same device as input arrays to
// the function)."
Array result_like(std::string_view function, const Array& x, Shape shape, DType dtype);

}  // namespace strict::internal::linalg
