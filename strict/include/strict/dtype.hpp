// Data types of the standard, their kinds, and the type promotion table
// (spec/2024.12/API_specification/type_promotion.rst).
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <optional>
#include <string_view>

#include <fmt/format.h>

namespace strict {

enum class DType : std::uint8_t {
  bool_,
  int8,
  int16,
  int32,
  int64,
  uint8,
  uint16,
  uint32,
  uint64,
  float32,
  float64,
  complex64,
  complex128,
};

inline constexpr std::array<DType, 13> all_dtypes = {
    DType::bool_,   DType::int8,      DType::int16,     DType::int32,  DType::int64,
    DType::uint8,   DType::uint16,    DType::uint32,    DType::uint64, DType::float32,
    DType::float64, DType::complex64, DType::complex128};

// The kinds of `__array_namespace_info__().dtypes(kind=...)` and `isdtype`.
enum class DTypeKind {
  bool_,
  signed_integer,
  unsigned_integer,
  integral,
  real_floating,
  complex_floating,
  numeric,
};

std::string_view name(DType dtype);                       // "float64", "bool", ...
std::string_view name(DTypeKind kind);                    // "real floating", ...
std::optional<DType> parse_dtype(std::string_view name);  // nullopt for an unknown name
std::size_t item_size(DType dtype);

bool is_bool(DType dtype);
bool is_signed_integer(DType dtype);
bool is_unsigned_integer(DType dtype);
bool is_integer(DType dtype);
bool is_real_floating(DType dtype);
bool is_complex_floating(DType dtype);
bool is_floating(DType dtype);  // real or complex floating
bool is_numeric(DType dtype);   // everything but bool
bool is_kind(DType dtype, DTypeKind kind);

// The real dtype of the same precision as a complex one (complex64 -> float32); identity otherwise.
DType real_dtype_of(DType dtype);
// The complex dtype of the same precision as a real floating one (float32 -> complex64).
DType complex_dtype_of(DType dtype);

// The promotion table of the standard; nullopt where the standard defines no promotion
// (mixed kinds, uint64 with a signed integer).
std::optional<DType> promote_types(DType a, DType b);

// The signed or unsigned integer dtype of `bytes` bytes (1, 2, 4; anything larger: 8).
DType integer_dtype_of_size(std::size_t bytes, bool is_signed);

// Maps a C++ element type to its dtype.
template <class T>
struct dtype_of;
template <>
struct dtype_of<bool> {
  static constexpr DType value = DType::bool_;
};
template <>
struct dtype_of<std::int8_t> {
  static constexpr DType value = DType::int8;
};
template <>
struct dtype_of<std::int16_t> {
  static constexpr DType value = DType::int16;
};
template <>
struct dtype_of<std::int32_t> {
  static constexpr DType value = DType::int32;
};
template <>
struct dtype_of<std::int64_t> {
  static constexpr DType value = DType::int64;
};
template <>
struct dtype_of<std::uint8_t> {
  static constexpr DType value = DType::uint8;
};
template <>
struct dtype_of<std::uint16_t> {
  static constexpr DType value = DType::uint16;
};
template <>
struct dtype_of<std::uint32_t> {
  static constexpr DType value = DType::uint32;
};
template <>
struct dtype_of<std::uint64_t> {
  static constexpr DType value = DType::uint64;
};
template <>
struct dtype_of<float> {
  static constexpr DType value = DType::float32;
};
template <>
struct dtype_of<double> {
  static constexpr DType value = DType::float64;
};
template <>
struct dtype_of<std::complex<float>> {
  static constexpr DType value = DType::complex64;
};
template <>
struct dtype_of<std::complex<double>> {
  static constexpr DType value = DType::complex128;
};
template <class T>
inline constexpr DType dtype_of_v = dtype_of<T>::value;

// Short names, as in `xp.float64`.
inline constexpr DType bool_ = DType::bool_;
inline constexpr DType int8 = DType::int8;
inline constexpr DType int16 = DType::int16;
inline constexpr DType int32 = DType::int32;
inline constexpr DType int64 = DType::int64;
inline constexpr DType uint8 = DType::uint8;
inline constexpr DType uint16 = DType::uint16;
inline constexpr DType uint32 = DType::uint32;
inline constexpr DType uint64 = DType::uint64;
inline constexpr DType float32 = DType::float32;
inline constexpr DType float64 = DType::float64;
inline constexpr DType complex64 = DType::complex64;
inline constexpr DType complex128 = DType::complex128;

}  // namespace strict

template <>
struct fmt::formatter<strict::DType> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(strict::DType dtype, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(strict::name(dtype), ctx);
  }
};
