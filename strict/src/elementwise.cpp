// Element-wise functions: each names its spec dtype category and its operation.
#include "strict/elementwise.hpp"

#include <cmath>

#include "internal/elementwise.hpp"

namespace strict {

using internal::Category;

Array add(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::numeric, internal::SameDType>(
      "add", x1, x2, [](auto a, auto b) { return a + b; });
}

Array sin(const Array& x) {
  return internal::unary<Category::floating, internal::SameDType>(
      "sin", x, [](auto v) { return std::sin(v); });
}

Array equal(const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  return internal::binary<Category::any, internal::BoolDType>(
      "equal", x1, x2, [](auto a, auto b) { return a == b; });
}

}  // namespace strict
