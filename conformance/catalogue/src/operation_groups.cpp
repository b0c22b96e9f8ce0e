// Groups of operations that several consumers treat alike: the element-wise functions adapters
// map name for name, and the operations whose result is a tuple of arrays. Worked out from the
// table (or, for tuples, listed from the signatures' return annotations, which catalogue_test
// compares), so no adapter or writer keeps its own list.
#include <algorithm>
#include <array>

#include "catalogue/catalogue.hpp"

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
  static constexpr std::array<std::string_view, 12> kTuples = {
      "broadcast_arrays", "linalg.eig",    "linalg.eigh",    "linalg.qr",
      "linalg.slogdet",   "linalg.svd",    "meshgrid",       "nonzero",
      "unique_all",       "unique_counts", "unique_inverse", "unstack"};
  return std::find(kTuples.begin(), kTuples.end(), op) != kTuples.end();
}

}  // namespace catalogue
