// Shape helpers.
#include "strict/shape.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace strict {

std::int64_t element_count(const Shape& shape) {
  std::int64_t count = 1;
  for (std::int64_t extent : shape)
    count *= extent;
  return count;
}

std::string shape_text(const Shape& shape) {
  return fmt::format("({})", fmt::join(shape, ", "));
}

}  // namespace strict
