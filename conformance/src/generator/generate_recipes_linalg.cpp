// Recipes of linear algebra: matmul's and tensordot's matching dimensions, vecdot, cross and
// outer, and square well-conditioned matrices for the linalg functions that factorise or invert
// (cholesky needs symmetric positive definite input, solve and inv an invertible one).
#include <string>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

Shape joined(Shape front, const Shape& back) {
  front.insert(front.end(), back.begin(), back.end());
  return front;
}

// matmul(x1, x2): inner dimensions match; 1-d operands are vectors; batch dimensions (when
// both have them) are equal.
std::pair<Shape, Shape> matmul_shapes() {
  const std::int64_t inner = draw_dim(0, 3);
  const bool vector1 = coin(25);
  const bool vector2 = coin(25);
  Shape x1 = vector1 ? Shape{inner} : Shape{draw_dim(0, 3), inner};
  Shape x2 = vector2 ? Shape{inner} : Shape{inner, draw_dim(0, 3)};
  if (!vector1 && coin(25)) {
    const Shape batch{draw_dim(1, 2)};
    x1 = joined(batch, x1);
    if (!vector2 && coin(50)) x2 = joined(batch, x2);
  }
  return {x1, x2};
}

Program matmul(CallBuilder& b) {
  const auto [shape1, shape2] = matmul_shapes();
  b.place(2, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  const StepRef x1 = b.add_input(0, shape1, dtype);
  const StepRef x2 = b.add_input(1, shape2, dtype);
  return b.finish({x1, x2});
}

// x @= y keeps x's shape: square matrices of one size.
Program in_place_matmul(CallBuilder& b) {
  const std::int64_t n = draw_dim(0, 3);
  b.place(2, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  const StepRef x1 = b.add_input(0, Shape{n, n}, dtype);
  const StepRef x2 = b.add_input(1, Shape{n, n}, dtype);
  return b.finish({x1, x2});
}

// tensordot(x1, x2, /, axes=N): the last N dimensions of x1 are the first N of x2.
Program tensordot(CallBuilder& b) {
  const int contracted = draw_index(3);
  const Shape shared = draw_shape(contracted, contracted);
  // No contraction and no free dimension would be 0-d: that only where 0-d operands may be.
  const int free = contracted == 0 ? b.least_ndim() : 0;
  const Shape shape1 = joined(draw_shape(free, 3 - contracted), shared);
  const Shape shape2 = joined(shared, draw_shape(free, 3 - contracted));
  b.place(2, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  const StepRef x1 = b.add_input(0, shape1, dtype);
  const StepRef x2 = b.add_input(1, shape2, dtype);
  return b.finish({x1, x2}, {Keyword{.name = "axes", .value = std::int64_t{contracted}}});
}

// Two operands of one shape (vecdot, cross), with `axis=` sometimes. vecdot's axis "Should be an
// integer on the interval [-N, -1], where N is min(x1.ndim, x2.ndim)" (2024.12
// linear_algebra_functions.py and linalg.py), counted from the last: drawn in [-N, -1].
Program same_shape_pair(CallBuilder& b, const Shape& shape, bool axis_keyword) {
  b.place(2, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  const StepRef x1 = b.add_input(0, shape, dtype);
  const StepRef x2 = b.add_input(1, shape, dtype);
  std::vector<Keyword> kwargs;
  if (axis_keyword && coin(50)) {
    const auto ndim = static_cast<int>(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = std::int64_t{-1 - draw_index(ndim)}});
  }
  return b.finish({x1, x2}, std::move(kwargs));
}

Program vecdot(CallBuilder& b) {
  return same_shape_pair(b, draw_shape(1), true);
}

// cross: "must have a dimension size of 3" along the axis (the last, by default).
Program cross(CallBuilder& b) {
  Shape shape = draw_shape(1, 2);
  shape.back() = 3;
  return same_shape_pair(b, shape, false);
}

Program outer(CallBuilder& b) {
  const Shape shape1 = draw_shape(1, 1);
  const Shape shape2 = draw_shape(1, 1);
  b.place(2, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  const StepRef x1 = b.add_input(0, shape1, dtype);
  const StepRef x2 = b.add_input(1, shape2, dtype);
  return b.finish({x1, x2});
}

// Symmetric, strictly diagonally dominant matrices with a positive diagonal (3 on the diagonal,
// -1..1 elsewhere, n <= 3): positive definite, hence invertible, with exact small entries.
Data well_conditioned(const Shape& shape) {
  const std::int64_t n = shape.back();
  const std::int64_t matrices = element_count(shape) / (n * n);
  std::vector<double> values(static_cast<std::size_t>(element_count(shape)), 0.0);
  for (std::int64_t m = 0; m < matrices; ++m) {
    double* matrix = values.data() + m * n * n;
    for (std::int64_t i = 0; i < n; ++i) {
      matrix[i * n + i] = 3;
      for (std::int64_t j = i + 1; j < n; ++j) {
        const double off = static_cast<double>(draw_index(3) - 1);
        matrix[i * n + j] = off;
        matrix[j * n + i] = off;
      }
    }
  }
  return literal(shape, values);
}

// A stack of square n x n matrices, n in 1..3, sometimes with one batch dimension.
Shape square_matrices() {
  const std::int64_t n = draw_dim(1, 3);
  Shape shape = coin(25) ? Shape{draw_dim(1, 2)} : Shape{};
  shape.push_back(n);
  shape.push_back(n);
  return shape;
}

// A one-matrix linalg function: (x) plus keywords the recipe adds.
template <class Keywords>
Program matrix_function(CallBuilder& b, Keywords keywords) {
  const Shape shape = square_matrices();
  b.place(1, {"floating"});
  const std::string dtype = b.pick_dtype({"floating"});
  const StepRef x = b.add_input(0, well_conditioned(shape), dtype);
  std::vector<Value> args{x};
  std::vector<Keyword> kwargs;
  keywords(args, kwargs);
  return b.finish(std::move(args), std::move(kwargs));
}

Recipe matrix_with_flag(std::string flag) {
  return [flag](CallBuilder& b) {
    return matrix_function(b, [&](std::vector<Value>&, std::vector<Keyword>& kwargs) {
      if (coin(30)) kwargs.push_back(Keyword{.name = flag, .value = coin(50)});
    });
  };
}

Program plain_matrix(CallBuilder& b) {
  return matrix_function(b, [](std::vector<Value>&, std::vector<Keyword>&) {});
}

// matrix_power(x, n, /): a negative n inverts (the matrices are invertible).
Program matrix_power(CallBuilder& b) {
  return matrix_function(b, [](std::vector<Value>& args, std::vector<Keyword>&) {
    args.push_back(std::int64_t{draw_index(5) - 1});
  });
}

// matrix_rank/pinv(x, /, rtol=): rtol left out, a Python float, or an array of x's real
// floating dtype (0-d: it broadcasts against the stack). Mixed placement: the array.
Program with_rtol(CallBuilder& b) {
  const int form = b.mixed() ? 2 : draw_index(3);
  const Shape shape = square_matrices();
  b.place(form == 2 ? 2 : 1, {form == 2 ? "real floating" : "floating"});
  const std::string dtype = b.pick_dtype({form == 2 ? "real floating" : "floating"});
  const StepRef x = b.add_input(0, well_conditioned(shape), dtype);
  std::vector<Keyword> kwargs;
  if (form == 1) kwargs.push_back(Keyword{.name = "rtol", .value = 0.5});
  if (form == 2)
    kwargs.push_back(Keyword{.name = "rtol",
                             .value = b.add_input(1, b.least_ndim() == 0 ? Shape{} : Shape{1},
                                                  dtype, Domain::non_negative)});
  return b.finish({x}, std::move(kwargs));
}

// solve(x1, x2): x1 a square invertible matrix, x2 a vector (n,) or a matrix (n, k).
Program solve(CallBuilder& b) {
  const std::int64_t n = draw_dim(1, 3);
  const Shape shape2 = coin(50) ? Shape{n} : Shape{n, draw_dim(1, 3)};
  b.place(2, {"floating"});
  const std::string dtype = b.pick_dtype({"floating"});
  const StepRef x1 = b.add_input(0, well_conditioned(Shape{n, n}), dtype);
  const StepRef x2 = b.add_input(1, shape2, dtype);
  return b.finish({x1, x2});
}

}  // namespace

void add_linalg_recipes(RecipeTable& table) {
  for (const char* op : {"matmul", "linalg.matmul", "array.__matmul__"})
    table.emplace(op, matmul);
  table.emplace("array.__imatmul__", in_place_matmul);
  table.emplace("tensordot", tensordot);
  table.emplace("linalg.tensordot", tensordot);
  table.emplace("vecdot", vecdot);
  table.emplace("linalg.vecdot", vecdot);
  table.emplace("linalg.cross", cross);
  table.emplace("linalg.outer", outer);
  table.emplace("linalg.cholesky", matrix_with_flag("upper"));
  table.emplace("linalg.svd", matrix_with_flag("full_matrices"));
  table.emplace("linalg.matrix_norm", matrix_with_flag("keepdims"));
  for (const char* op : {"linalg.det", "linalg.slogdet", "linalg.inv", "linalg.eig", "linalg.eigh",
                         "linalg.eigvals", "linalg.eigvalsh", "linalg.qr", "linalg.svdvals"})
    table.emplace(op, plain_matrix);
  table.emplace("linalg.matrix_power", matrix_power);
  table.emplace("linalg.matrix_rank", with_rtol);
  table.emplace("linalg.pinv", with_rtol);
  table.emplace("linalg.solve", solve);
}

}  // namespace conformance::generate::detail
