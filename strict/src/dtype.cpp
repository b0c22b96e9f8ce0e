// Dtype names, kinds and the promotion table of spec/2024.12/API_specification/type_promotion.rst.
#include "strict/dtype.hpp"

#include <algorithm>

namespace strict {

std::string_view name(DType dtype) {
  switch (dtype) {
    case DType::bool_:
      return "bool";
    case DType::int8:
      return "int8";
    case DType::int16:
      return "int16";
    case DType::int32:
      return "int32";
    case DType::int64:
      return "int64";
    case DType::uint8:
      return "uint8";
    case DType::uint16:
      return "uint16";
    case DType::uint32:
      return "uint32";
    case DType::uint64:
      return "uint64";
    case DType::float32:
      return "float32";
    case DType::float64:
      return "float64";
    case DType::complex64:
      return "complex64";
    case DType::complex128:
      return "complex128";
  }
  return "?";
}

std::string_view name(DTypeKind kind) {
  switch (kind) {
    case DTypeKind::bool_:
      return "bool";
    case DTypeKind::signed_integer:
      return "signed integer";
    case DTypeKind::unsigned_integer:
      return "unsigned integer";
    case DTypeKind::integral:
      return "integral";
    case DTypeKind::real_floating:
      return "real floating";
    case DTypeKind::complex_floating:
      return "complex floating";
    case DTypeKind::numeric:
      return "numeric";
  }
  return "?";
}

std::optional<DType> parse_dtype(std::string_view text) {
  for (DType dtype : all_dtypes) {
    if (name(dtype) == text) return dtype;
  }
  return std::nullopt;
}

std::size_t item_size(DType dtype) {
  switch (dtype) {
    case DType::bool_:
    case DType::int8:
    case DType::uint8:
      return 1;
    case DType::int16:
    case DType::uint16:
      return 2;
    case DType::int32:
    case DType::uint32:
    case DType::float32:
      return 4;
    case DType::int64:
    case DType::uint64:
    case DType::float64:
    case DType::complex64:
      return 8;
    case DType::complex128:
      return 16;
  }
  return 0;
}

bool is_bool(DType d) {
  return d == DType::bool_;
}
bool is_signed_integer(DType d) {
  return d >= DType::int8 && d <= DType::int64;
}
bool is_unsigned_integer(DType d) {
  return d >= DType::uint8 && d <= DType::uint64;
}
bool is_integer(DType d) {
  return is_signed_integer(d) || is_unsigned_integer(d);
}
bool is_real_floating(DType d) {
  return d == DType::float32 || d == DType::float64;
}
bool is_complex_floating(DType d) {
  return d == DType::complex64 || d == DType::complex128;
}
bool is_floating(DType d) {
  return is_real_floating(d) || is_complex_floating(d);
}
bool is_numeric(DType d) {
  return !is_bool(d);
}

bool is_kind(DType dtype, DTypeKind kind) {
  switch (kind) {
    case DTypeKind::bool_:
      return is_bool(dtype);
    case DTypeKind::signed_integer:
      return is_signed_integer(dtype);
    case DTypeKind::unsigned_integer:
      return is_unsigned_integer(dtype);
    case DTypeKind::integral:
      return is_integer(dtype);
    case DTypeKind::real_floating:
      return is_real_floating(dtype);
    case DTypeKind::complex_floating:
      return is_complex_floating(dtype);
    case DTypeKind::numeric:
      return is_numeric(dtype);
  }
  return false;
}

DType real_dtype_of(DType dtype) {
  if (dtype == DType::complex64) return DType::float32;
  if (dtype == DType::complex128) return DType::float64;
  return dtype;
}

DType complex_dtype_of(DType dtype) {
  if (dtype == DType::float32) return DType::complex64;
  if (dtype == DType::float64) return DType::complex128;
  return dtype;
}

namespace {

int float_bits(DType d) {  // precision of a real or complex floating dtype
  return (d == DType::float32 || d == DType::complex64) ? 32 : 64;
}

}  // namespace

DType integer_dtype_of_size(std::size_t bytes, bool is_signed) {
  switch (bytes) {
    case 1:
      return is_signed ? DType::int8 : DType::uint8;
    case 2:
      return is_signed ? DType::int16 : DType::uint16;
    case 4:
      return is_signed ? DType::int32 : DType::uint32;
    default:
      return is_signed ? DType::int64 : DType::uint64;
  }
}

std::optional<DType> promote_types(DType a, DType b) {
  if (a == b) return a;
  if (is_bool(a) || is_bool(b)) return std::nullopt;
  if (is_integer(a) != is_integer(b)) return std::nullopt;  // integer with floating: undefined
  if (is_integer(a)) {
    if (is_signed_integer(a) == is_signed_integer(b)) return std::max(a, b);  // same signedness
    const DType u = is_unsigned_integer(a) ? a : b;
    const DType s = is_signed_integer(a) ? a : b;
    if (u == DType::uint64) return std::nullopt;
    // The smallest signed type holding both: twice the unsigned width, at least the signed one.
    return integer_dtype_of_size(std::max(item_size(u) * 2, item_size(s)), true);
  }
  const int bits = std::max(float_bits(a), float_bits(b));
  const bool complex = is_complex_floating(a) || is_complex_floating(b);
  if (complex) return bits == 32 ? DType::complex64 : DType::complex128;
  return bits == 32 ? DType::float32 : DType::float64;
}

}  // namespace strict
