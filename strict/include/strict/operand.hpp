// An operand that is an array or a Python scalar: `add(x, 1)`, `where(c, x, 0.5)`.
#pragma once

#include <concepts>
#include <variant>

#include "strict/array.hpp"
#include "strict/scalar.hpp"

namespace strict {

class ArrayOrScalar {
 public:
  ArrayOrScalar(const Array& array) : value_(array) {}  // NOLINT: implicit by design
  ArrayOrScalar(Scalar scalar) : value_(scalar) {}      // NOLINT
  template <class T>
  requires std::constructible_from<Scalar, T> &&
      (!std::same_as<std::decay_t<T>, Scalar>)ArrayOrScalar(T value)
      : value_(Scalar(value)) {}  // NOLINT

  bool is_array() const { return std::holds_alternative<Array>(value_); }
  const Array& array() const { return std::get<Array>(value_); }
  const Scalar& scalar() const { return std::get<Scalar>(value_); }

 private:
  std::variant<Array, Scalar> value_;
};

}  // namespace strict
