// Array shapes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace strict {

using Shape = std::vector<std::int64_t>;

// Number of elements of a shape (1 for a 0-d shape).
std::int64_t element_count(const Shape& shape);

// A shape as error messages write it: "(2, 3)".
std::string shape_text(const Shape& shape);

}  // namespace strict
