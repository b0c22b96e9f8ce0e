// Broadcasting rules.
#include "internal/broadcast.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "strict/errors.hpp"

namespace strict::internal {

Shape broadcast_shapes(std::string_view function, const Shape& a, const Shape& b) {
  const std::size_t ndim = std::max(a.size(), b.size());
  Shape out(ndim);
  for (std::size_t i = 0; i < ndim; ++i) {
    const std::int64_t da = i < ndim - a.size() ? 1 : a[i - (ndim - a.size())];
    const std::int64_t db = i < ndim - b.size() ? 1 : b[i - (ndim - b.size())];
    if (da != db && da != 1 && db != 1) {
      throw InvalidArgumentError(
          fmt::format("{}(): shapes ({}) and ({}) cannot be broadcast together (dimension {} is "
                      "{} in one and {} in the other)",
                      function, fmt::join(a, ", "), fmt::join(b, ", "), i, da, db));
    }
    out[i] = da == 1 ? db : da;
  }
  return out;
}

Shape broadcast_strides(const Shape& in, const Shape& out) {
  Shape strides(out.size(), 0);
  std::int64_t stride = 1;
  const std::size_t offset = out.size() - in.size();
  for (std::size_t i = in.size(); i-- > 0;) {
    strides[i + offset] = in[i] == 1 ? 0 : stride;
    stride *= in[i];
  }
  return strides;
}

}  // namespace strict::internal
