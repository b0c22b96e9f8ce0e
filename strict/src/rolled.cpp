#include "internal/rolled.hpp"

#include <cstddef>
#include <cstring>
#include <vector>

#include "internal/array_access.hpp"
#include "internal/element_gather.hpp"
#include "strict/interruption.hpp"

namespace strict::internal {
namespace {

// The elements of each of `outer` blocks of `extent` rows of `row_bytes`, moved forward by
// `shift` rows (wrapping around), from `from` to `to`.
void roll_rows(const std::byte* from, std::byte* to, std::int64_t outer, std::int64_t extent,
               std::int64_t row_bytes, std::int64_t shift) {
  const auto block = static_cast<std::size_t>(extent * row_bytes);
  const auto tail = static_cast<std::size_t>(shift * row_bytes);  // moves to the front
  for (std::int64_t o = 0; o < outer; ++o) {
    interruption_point(static_cast<std::int64_t>(block) / 8);
    const std::byte* source = from + static_cast<std::size_t>(o) * block;
    std::byte* target = to + static_cast<std::size_t>(o) * block;
    std::memcpy(target + tail, source, block - tail);
    std::memcpy(target, source + (block - tail), tail);
  }
}

}  // namespace

Array rolled(std::string_view function, const Array& x, const Shape& shape,
             const std::vector<std::int64_t>& shifts) {
  Array out = gather_target(function, x, x.shape());
  const std::int64_t total = x.size();
  if (total == 0) return out;
  const auto item = static_cast<std::int64_t>(item_size(x.dtype()));
  const std::byte* from = ArrayAccess::bytes(x);
  std::byte* to = ArrayAccess::bytes(out);
  std::vector<std::size_t> moved;
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (shifts[d] != 0) moved.push_back(d);
  if (moved.empty()) {
    std::memcpy(to, from, static_cast<std::size_t>(total * item));
    return out;
  }
  // One pass per rolled axis, the last one into `out`; between passes a scratch copy, so that
  // the passes alternate between it and `out` and end in `out`.
  std::vector<std::byte> scratch(moved.size() > 1 ? static_cast<std::size_t>(total * item) : 0);
  for (std::size_t pass = 0; pass < moved.size(); ++pass) {
    const std::size_t d = moved[pass];
    const bool into_out = (moved.size() - 1 - pass) % 2 == 0;
    std::byte* target = into_out ? to : scratch.data();
    std::int64_t outer = 1;
    for (std::size_t e = 0; e < d; ++e)
      outer *= shape[e];
    const std::int64_t row_bytes = total / outer / shape[d] * item;
    roll_rows(from, target, outer, shape[d], row_bytes, shifts[d]);
    from = target;
  }
  return out;
}

}  // namespace strict::internal
