// Shapes from a small palette, for libraries that compile every new input shape (JAX traces,
// lowers and compiles each new (operation, shape, dtype, device)): while a ShapePalette is alive
// on this thread, draw_shape picks a whole shape of the rank it drew from two per rank instead
// of any of the 4^rank, so a run compiles fewer distinct calls. Each rank keeps an empty shape
// and a non-empty one with a size-1 dimension from rank 2 on (the broadcasting and size-0 paths
// device bugs hide in); what recipes set themselves (matmul's inner size, squeeze's 1) is drawn as
// before. Off unless the handshake says compiles_per_shape, so every other library's programs are
// the same as without it.
#pragma once

#include <cstdint>
#include <vector>

namespace conformance::generate::detail {

class ShapePalette {
 public:
  explicit ShapePalette(bool on);
  ~ShapePalette();
  ShapePalette(const ShapePalette&) = delete;
  ShapePalette& operator=(const ShapePalette&) = delete;

  // Whether a palette is in force on this thread.
  static bool active();
  // The palette's shapes of `ndim` dimensions (0 to 3), each dimension clamped to
  // [min_dim, max_dim]; the first is the one shrinking goes to (the smallest). Empty above rank 3.
  static std::vector<std::vector<std::int64_t>> shapes(int ndim, std::int64_t min_dim,
                                                       std::int64_t max_dim);

 private:
  bool previous_;
};

}  // namespace conformance::generate::detail
