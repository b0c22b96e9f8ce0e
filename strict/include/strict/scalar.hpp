// Python scalars (bool, int, float, complex) as C++ values: operands of binary functions,
// fill values, and the elements a host read returns.
#pragma once

#include <complex>
#include <concepts>
#include <cstdint>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "strict/dtype.hpp"

namespace strict {

namespace detail {
template <class T>
inline constexpr bool is_complex_v = false;
template <class T>
inline constexpr bool is_complex_v<std::complex<T>> = true;
}  // namespace detail

class Scalar {
 public:
  // An int is held as int64 when it fits, and as uint64 only above int64's range (so equal
  // values hold the same alternative): uint64 is a standard dtype, and its whole range must
  // round-trip.
  using Value = std::variant<bool, std::int64_t, std::uint64_t, double, std::complex<double>>;

  Scalar(bool value) : value_(value) {}  // NOLINT: implicit, like a Python literal
  template <std::integral T>
  requires(!std::same_as<T, bool>) Scalar(T value)  // NOLINT
      : value_(std::in_range<std::int64_t>(value) ? Value(static_cast<std::int64_t>(value))
                                                  : Value(static_cast<std::uint64_t>(value))) {}
  template <std::floating_point T>
  Scalar(T value) : value_(static_cast<double>(value)) {}  // NOLINT
  template <std::floating_point T>
  Scalar(std::complex<T> value) : value_(std::complex<double>(value)) {}  // NOLINT

  const Value& value() const { return value_; }
  bool is_bool() const { return std::holds_alternative<bool>(value_); }
  bool is_int() const {
    return std::holds_alternative<std::int64_t>(value_) ||
           std::holds_alternative<std::uint64_t>(value_);
  }
  bool is_float() const { return std::holds_alternative<double>(value_); }
  bool is_complex() const { return std::holds_alternative<std::complex<double>>(value_); }

  // The value converted to an element type, as a C++ static_cast would (complex -> real keeps
  // the real part).
  template <class T>
  T as() const {
    return std::visit(
        [](auto v) -> T {
          using V = decltype(v);
          if constexpr (detail::is_complex_v<T> && detail::is_complex_v<V>) {
            return T(static_cast<typename T::value_type>(v.real()),
                     static_cast<typename T::value_type>(v.imag()));
          } else if constexpr (detail::is_complex_v<T>) {
            return T(static_cast<typename T::value_type>(v), 0);
          } else if constexpr (detail::is_complex_v<V>) {
            return static_cast<T>(v.real());
          } else {
            return static_cast<T>(v);
          }
        },
        value_);
  }

  friend bool operator==(const Scalar&, const Scalar&) = default;

 private:
  Value value_;
};

}  // namespace strict

template <>
struct fmt::formatter<strict::Scalar> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const strict::Scalar& scalar, Context& ctx) const {
    return std::visit(
        [&](auto v) {
          using V = decltype(v);
          if constexpr (std::is_same_v<V, bool>) {
            return fmt::format_to(ctx.out(), "{}", v ? "True" : "False");
          } else if constexpr (std::is_same_v<V, std::complex<double>>) {
            return fmt::format_to(ctx.out(), "({}{:+}j)", v.real(), v.imag());
          } else {
            return fmt::format_to(ctx.out(), "{}", v);
          }
        },
        scalar.value());
  }
};
