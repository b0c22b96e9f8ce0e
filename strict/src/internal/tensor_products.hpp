// The one kernel each of tensordot and vecdot, shared by the main namespace
// (strict/tensor_products.hpp) and the linalg extension (strict/linalg.hpp: linalg.tensordot and
// linalg.vecdot are the same functions). `function` is the name the caller used: errors and
// provenance say "linalg.vecdot" for a call of strict::linalg::vecdot. Defined in
// tensor_products.cpp.
#pragma once

#include <cstdint>
#include <string_view>

#include "strict/array.hpp"
#include "strict/tensor_products.hpp"

namespace strict::internal {

Array tensordot(std::string_view function, const Array& x1, const Array& x2,
                const TensordotAxes& axes);

// The dimension `axis` names in both x1 and x2 (vecdot, linalg.cross), counted from the end: a
// negative number. Throws InvalidArgumentError naming `function`.
std::int64_t axis_from_end(std::string_view function, std::int64_t axis, const Array& x1,
                           const Array& x2);

// `axis` as the caller gave it: in [-N, -1] (N = min(x1.ndim, x2.ndim)), or non-negative when x1
// and x2 have the same number of dimensions.
Array vecdot(std::string_view function, const Array& x1, const Array& x2, std::int64_t axis);

}  // namespace strict::internal
