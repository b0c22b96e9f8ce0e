// Shape helpers.
#include "strict/shape.hpp"

namespace strict {

std::int64_t element_count(const Shape& shape) {
  std::int64_t count = 1;
  for (std::int64_t extent : shape)
    count *= extent;
  return count;
}

}  // namespace strict
