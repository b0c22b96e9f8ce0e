// Element-wise rounding (ceil, floor, trunc, round), complex parts (real, imag, conj),
// classification (isfinite, isinf, isnan, signbit) and logic (logical_and, ...).
#include "internal/elementwise.hpp"
#include "internal/elementwise_kernels.hpp"
#include "strict/elementwise.hpp"

namespace strict {

using internal::BoolDType;
using internal::Category;
using internal::RealDType;
using internal::SameDType;
namespace kernels = internal::kernels;

Array ceil(const Array& x) {
  return internal::unary<Category::real_numeric, SameDType>("ceil", x, kernels::Ceil{});
}
Array floor(const Array& x) {
  return internal::unary<Category::real_numeric, SameDType>("floor", x, kernels::Floor{});
}
Array trunc(const Array& x) {
  return internal::unary<Category::real_numeric, SameDType>("trunc", x, kernels::Trunc{});
}
Array round(const Array& x) {
  return internal::unary<Category::numeric, SameDType>("round", x, kernels::Round{});
}

// real and conj take any numeric dtype since 2024.12 ("Added support for real-valued arrays");
// imag still asks for "a complex floating-point data type".
Array real(const Array& x) {
  return internal::unary<Category::numeric, RealDType>("real", x, kernels::Real{});
}
Array imag(const Array& x) {
  return internal::unary<Category::complex_floating, RealDType>("imag", x, kernels::Imag{});
}
Array conj(const Array& x) {
  return internal::unary<Category::numeric, SameDType>("conj", x, kernels::Conj{});
}

Array isfinite(const Array& x) {
  return internal::unary<Category::numeric, BoolDType>("isfinite", x, kernels::IsFinite{});
}
Array isinf(const Array& x) {
  return internal::unary<Category::numeric, BoolDType>("isinf", x, kernels::IsInf{});
}
Array isnan(const Array& x) {
  return internal::unary<Category::numeric, BoolDType>("isnan", x, kernels::IsNan{});
}
Array signbit(const Array& x) {
  return internal::unary<Category::real_floating, BoolDType>("signbit", x, kernels::Signbit{});
}

Array logical_and(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::boolean, SameDType>("logical_and", x1, x2,
                                                        kernels::LogicalAnd{});
}
Array logical_or(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::boolean, SameDType>("logical_or", x1, x2, kernels::LogicalOr{});
}
Array logical_xor(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::boolean, SameDType>("logical_xor", x1, x2,
                                                        kernels::LogicalXor{});
}
Array logical_not(const Array& x) {
  return internal::unary<Category::boolean, SameDType>("logical_not", x, kernels::LogicalNot{});
}

}  // namespace strict
