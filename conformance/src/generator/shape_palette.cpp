#include "shape_palette.hpp"

#include <algorithm>

namespace conformance::generate::detail {
namespace {

thread_local bool palette_in_force = false;

}  // namespace

ShapePalette::ShapePalette(bool on) : previous_(palette_in_force) {
  palette_in_force = on;
}

ShapePalette::~ShapePalette() {
  palette_in_force = previous_;
}

bool ShapePalette::active() {
  return palette_in_force;
}

std::vector<std::vector<std::int64_t>> ShapePalette::shapes(int ndim, std::int64_t min_dim,
                                                            std::int64_t max_dim) {
  // Per rank: the empty shape first (shrinking's end), then a non-empty one.
  static const std::vector<std::vector<std::vector<std::int64_t>>> palette{
      {{}},
      {{0}, {3}},
      {{0, 2}, {3, 1}},
      {{2, 3, 0}, {2, 1, 3}},
  };
  if (ndim < 0 || ndim >= static_cast<int>(palette.size())) return {};
  std::vector<std::vector<std::int64_t>> shapes;
  for (auto shape : palette[static_cast<std::size_t>(ndim)]) {
    for (auto& dim : shape)
      dim = std::clamp(dim, min_dim, std::max(min_dim, max_dim));
    if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end())
      shapes.push_back(std::move(shape));
  }
  return shapes;
}

}  // namespace conformance::generate::detail
