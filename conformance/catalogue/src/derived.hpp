// The catalogue's table as the build derives it from the spec's signatures and generator/facts.cpp:
// catalogue_generator writes these functions into the build tree (generated/operations.cpp).
#pragma once

#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"

namespace catalogue::detail {

// Every operation, in catalogue order (namespace group, then name).
std::vector<Operation> derived_operations();

// The operations whose newest signature returns a tuple of arrays, by name.
std::vector<std::string_view> derived_several_array_results();

}  // namespace catalogue::detail
