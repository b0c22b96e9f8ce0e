// Groups of operations that several consumers treat alike: the element-wise functions adapters
// map name for name, and the operations whose result is a tuple of arrays. Worked out from the
// table (or, for tuples, from the signatures' return annotations at build time), so no adapter or
// writer keeps its own list.
#include <algorithm>

#include "catalogue/catalogue.hpp"
#include "derived.hpp"

namespace catalogue {
namespace {

// An element-wise function whose parameters are `arrays` arrays and nothing else.
std::vector<std::string_view> elementwise_of(std::size_t arrays) {
  std::vector<std::string_view> names;
  for (const Operation& op : operations()) {
    const bool elementwise = op.spec_section.ends_with("/elementwise_functions.py");
    if (elementwise && op.arrays.size() == arrays && op.keywords.empty() && op.positionals.empty())
      names.push_back(op.name);
  }
  return names;
}

}  // namespace

const std::vector<std::string_view>& unary_elementwise_functions() {
  static const std::vector<std::string_view> names = elementwise_of(1);
  return names;
}

const std::vector<std::string_view>& binary_elementwise_functions() {
  static const std::vector<std::string_view> names = elementwise_of(2);
  return names;
}

bool returns_several_arrays(std::string_view op) {
  static const std::vector<std::string_view> tuples = detail::derived_several_array_results();
  return std::find(tuples.begin(), tuples.end(), op) != tuples.end();
}

}  // namespace catalogue
