// Element-wise exponential, logarithmic, square-root, trigonometric and hyperbolic functions:
// floating-point inputs, real or complex (the C++ library's complex overloads, which follow C99's
// branch cuts as the standard does).
#include "internal/elementwise.hpp"
#include "internal/elementwise_kernels.hpp"
#include "strict/elementwise.hpp"

namespace strict {

namespace {

template <class Kernel>
Array floating_unary(std::string_view function, const Array& x) {
  return internal::unary<internal::Category::floating, internal::SameDType>(function, x, Kernel{});
}

}  // namespace

namespace kernels = internal::kernels;

Array exp(const Array& x) {
  return floating_unary<kernels::Exp>("exp", x);
}
Array expm1(const Array& x) {
  return floating_unary<kernels::Expm1>("expm1", x);
}
Array log(const Array& x) {
  return floating_unary<kernels::Log>("log", x);
}
Array log1p(const Array& x) {
  return floating_unary<kernels::Log1p>("log1p", x);
}
Array log2(const Array& x) {
  return floating_unary<kernels::Log2>("log2", x);
}
Array log10(const Array& x) {
  return floating_unary<kernels::Log10>("log10", x);
}
Array sqrt(const Array& x) {
  return floating_unary<kernels::Sqrt>("sqrt", x);
}
Array sin(const Array& x) {
  return floating_unary<kernels::Sin>("sin", x);
}
Array cos(const Array& x) {
  return floating_unary<kernels::Cos>("cos", x);
}
Array tan(const Array& x) {
  return floating_unary<kernels::Tan>("tan", x);
}
Array asin(const Array& x) {
  return floating_unary<kernels::Asin>("asin", x);
}
Array acos(const Array& x) {
  return floating_unary<kernels::Acos>("acos", x);
}
Array atan(const Array& x) {
  return floating_unary<kernels::Atan>("atan", x);
}
Array sinh(const Array& x) {
  return floating_unary<kernels::Sinh>("sinh", x);
}
Array cosh(const Array& x) {
  return floating_unary<kernels::Cosh>("cosh", x);
}
Array tanh(const Array& x) {
  return floating_unary<kernels::Tanh>("tanh", x);
}
Array asinh(const Array& x) {
  return floating_unary<kernels::Asinh>("asinh", x);
}
Array acosh(const Array& x) {
  return floating_unary<kernels::Acosh>("acosh", x);
}
Array atanh(const Array& x) {
  return floating_unary<kernels::Atanh>("atanh", x);
}

}  // namespace strict
