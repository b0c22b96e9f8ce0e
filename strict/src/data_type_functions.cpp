// can_cast, finfo, iinfo, isdtype and result_type.
#include "strict/data_type_functions.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

template <class T>
FInfo finfo_of() {
  return {.bits = static_cast<int>(8 * sizeof(T)),
          .eps = std::numeric_limits<T>::epsilon(),
          .max = std::numeric_limits<T>::max(),
          .min = std::numeric_limits<T>::lowest(),
          .smallest_normal = std::numeric_limits<T>::min(),
          .dtype = dtype_of_v<T>};
}

}  // namespace

bool can_cast(DType from, DType to) {
  return promote_types(from, to) == to;
}

bool can_cast(const Array& from, DType to) {
  // "according to the type promotion graph of the array device".
  return from.device().supports(to) && can_cast(from.dtype(), to);
}

FInfo finfo(DType type) {
  switch (real_dtype_of(type)) {
    case DType::float32:
      return finfo_of<float>();
    case DType::float64:
      return finfo_of<double>();
    default:
      throw DTypeError(fmt::format(
          "finfo(): {} is not a floating-point dtype; use iinfo() for integer dtypes", type));
  }
}

FInfo finfo(const Array& type) {
  return finfo(type.dtype());
}

IInfo iinfo(DType type) {
  if (!is_integer(type)) {
    throw DTypeError(fmt::format(
        "iinfo(): {} is not an integer dtype; use finfo() for floating-point dtypes", type));
  }
  return internal::visit_dtype(type, [&](auto tag) -> IInfo {
    using T = typename decltype(tag)::type;
    if constexpr (internal::is_integer_v<T>) {
      return {.bits = static_cast<int>(8 * sizeof(T)),
              .max = static_cast<std::uint64_t>(std::numeric_limits<T>::max()),
              .min = static_cast<std::int64_t>(std::numeric_limits<T>::min()),
              .dtype = type};
    } else {
      __builtin_unreachable();  // rejected above
    }
  });
}

IInfo iinfo(const Array& type) {
  return iinfo(type.dtype());
}

bool isdtype(DType dtype, DType kind) {
  return dtype == kind;
}

bool isdtype(DType dtype, DTypeKind kind) {
  return is_kind(dtype, kind);
}

bool isdtype(DType dtype, const std::vector<DTypeOrKind>& kinds) {
  // "the tuple specifies a union of dtypes and/or kinds".
  return std::any_of(kinds.begin(), kinds.end(), [&](const DTypeOrKind& kind) {
    return std::visit([&](auto k) { return isdtype(dtype, k); }, kind);
  });
}

DType result_type(const std::vector<ResultTypeArgument>& arrays_and_dtypes) {
  std::vector<std::string> names;  // keeps the names NamedArray points into alive
  std::vector<std::size_t> array_positions;
  for (std::size_t i = 0; i < arrays_and_dtypes.size(); ++i) {
    if (std::holds_alternative<Array>(arrays_and_dtypes[i].value())) {
      names.push_back(fmt::format("arrays_and_dtypes[{}]", i));
      array_positions.push_back(i);
    }
  }
  // Devices first. The standard leaves arrays on different devices "unspecified and thus
  // implementation-dependent": strict raises (design_topics/device_support.rst: "Raise an
  // exception if an operation involves arrays on different devices").
  std::optional<Device> device;
  if (!array_positions.empty()) {
    std::vector<internal::NamedArray> named;
    for (std::size_t k = 0; k < array_positions.size(); ++k)
      named.push_back({names[k], &std::get<Array>(arrays_and_dtypes[array_positions[k]].value())});
    device = internal::common_device("result_type", named);
  }

  std::optional<DType> result;
  std::size_t result_from = 0;
  for (std::size_t i = 0; i < arrays_and_dtypes.size(); ++i) {
    const auto& value = arrays_and_dtypes[i].value();
    if (std::holds_alternative<Scalar>(value)) continue;
    const DType dtype = std::holds_alternative<DType>(value) ? std::get<DType>(value)
                                                             : std::get<Array>(value).dtype();
    if (!result) {
      result = dtype;
      result_from = i;
      continue;
    }
    const std::optional<DType> promoted = promote_types(*result, dtype);
    if (!promoted) {
      throw DTypeError(
          fmt::format("result_type(): the standard defines no type promotion between {} "
                      "(arrays_and_dtypes[{}..{}]) and {} (arrays_and_dtypes[{}])",
                      *result, result_from, i - 1, dtype, i));
    }
    result = promoted;
  }
  // "At least one argument must be an array or a dtype."
  if (!result) {
    throw InvalidArgumentError(
        "result_type(): at least one argument must be an array or a dtype, not only Python "
        "scalars");
  }
  for (const ResultTypeArgument& argument : arrays_and_dtypes) {
    if (const auto* scalar = std::get_if<Scalar>(&argument.value()))
      result = internal::scalar_operand_dtype("result_type", *scalar, *result);
  }
  // "If at least one argument is an array, the function must determine the resulting dtype
  // according to the type promotion graph of the array device".
  if (device) internal::require_dtype_on_device(*result, *device, "result_type");
  return *result;
}

}  // namespace strict
