// Recipes of reductions, cumulative sums, diff, sorting and searchsorted: axis arguments in
// range, non-empty reductions where an empty one raises, sorted input where searching needs it.
#include <algorithm>
#include <string>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

// sum, prod, mean, std, var, all, any, count_nonzero, max, min, argmax, argmin, vector_norm:
// (x, axis=, keepdims=). max, min, argmax and argmin of no elements raise ("non-empty"), so
// their inputs have none; argmax/argmin take one axis only.
Recipe reduction(bool non_empty, bool axis_tuples) {
  return [non_empty, axis_tuples](CallBuilder& b) {
    const Shape shape = draw_shape(0, 3, non_empty ? 1 : 0);
    const Input x = single_input(b, shape, b.op().arrays.at(0).dtype_category);
    std::vector<Keyword> kwargs;
    if (!shape.empty() && coin(50)) {
      if (axis_tuples && coin(30)) {
        kwargs.push_back(Keyword{.name = "axis", .value = IntTuple{draw_axes(ndim_of(shape))}});
      } else {
        kwargs.push_back(Keyword{.name = "axis", .value = draw_axis(ndim_of(shape))});
      }
    }
    if (coin(30)) kwargs.push_back(Keyword{.name = "keepdims", .value = true});
    return b.finish({x.ref}, std::move(kwargs));
  };
}

// cumulative_sum/prod(x, axis=, dtype=, include_initial=): "axis ... must be provided" when x
// has more than one dimension.
Program cumulative(CallBuilder& b) {
  const Shape shape = draw_shape(1);
  const Input x = single_input(b, shape, "numeric");
  std::vector<Keyword> kwargs;
  if (shape.size() > 1 || coin(50))
    kwargs.push_back(Keyword{.name = "axis", .value = draw_axis(ndim_of(shape))});
  if (coin(30)) kwargs.push_back(Keyword{.name = "include_initial", .value = true});
  return b.finish({x.ref}, std::move(kwargs));
}

// diff(x, axis=-1, n=1, prepend=, append=): prepend/append match x but along the axis; the axis
// is not empty. Mixed placement uses at least one of them.
Program diff(CallBuilder& b) {
  Shape shape = draw_shape(1);
  std::vector<Keyword> kwargs;
  std::int64_t axis = -1;
  if (coin(50)) {
    axis = draw_axis(ndim_of(shape));
    kwargs.push_back(Keyword{.name = "axis", .value = axis});
  }
  shape[position(axis, shape)] = std::max<std::int64_t>(1, shape[position(axis, shape)]);
  bool prepend = coin(30);
  bool append = coin(30);
  if (b.mixed() && !prepend && !append) (coin(50) ? prepend : append) = true;
  b.place(1 + prepend + append, {"numeric"});
  const std::string dtype = b.pick_dtype({"numeric"});
  const StepRef x = b.add_input(0, shape, dtype);
  int input = 1;
  for (const auto& [wanted, name] : {std::pair{prepend, "prepend"}, std::pair{append, "append"}}) {
    if (!wanted) continue;
    Shape own = shape;
    own[position(axis, shape)] = draw_dim(1, 2);
    kwargs.push_back(Keyword{.name = name, .value = b.add_input(input++, own, dtype)});
  }
  return b.finish({x}, std::move(kwargs));
}

// sort/argsort(x, axis=-1, descending=, stable=).
Program sort(CallBuilder& b) {
  const Shape shape = draw_shape(1);
  const Input x = single_input(b, shape, "real numeric");
  std::vector<Keyword> kwargs;
  if (coin(50)) kwargs.push_back(Keyword{.name = "axis", .value = draw_axis(ndim_of(shape))});
  if (coin(30)) kwargs.push_back(Keyword{.name = "descending", .value = true});
  return b.finish({x.ref}, std::move(kwargs));
}

// searchsorted(x1, x2, /, side=, sorter=): x1 one-dimensional and sorted ascending (or sorted by
// `sorter`, here the identity permutation).
Program searchsorted(CallBuilder& b) {
  const bool sorter = coin(30);
  b.place(sorter ? 3 : 2, {"real numeric"});
  const std::string dtype = b.pick_dtype({"real numeric"});
  const std::int64_t length = draw_dim(0, 3);
  Data sorted = *data_in(Shape{length}, dtype, Domain::any);
  std::sort(sorted.values.begin(), sorted.values.end());
  const StepRef x1 = b.add_input(0, sorted, dtype);
  const StepRef x2 = b.add_input(1, draw_shape(b.least_ndim()), dtype);
  std::vector<Keyword> kwargs;
  if (sorter) {
    std::vector<double> identity;
    for (std::int64_t i = 0; i < length; ++i)
      identity.push_back(static_cast<double>(i));
    const StepRef order =
        b.add_input(2, literal(Shape{length}, identity), b.pick_dtype({kIndexCategory}));
    kwargs.push_back(Keyword{.name = "sorter", .value = order});
  }
  return b.finish({x1, x2}, std::move(kwargs));
}

}  // namespace

void add_statistics_recipes(RecipeTable& table) {
  for (const char* op :
       {"sum", "prod", "mean", "std", "var", "all", "any", "count_nonzero", "linalg.vector_norm"})
    table.emplace(op, reduction(false, true));
  table.emplace("max", reduction(true, true));
  table.emplace("min", reduction(true, true));
  table.emplace("argmax", reduction(true, false));
  table.emplace("argmin", reduction(true, false));
  table.emplace("cumulative_sum", cumulative);
  table.emplace("cumulative_prod", cumulative);
  table.emplace("diff", diff);
  table.emplace("sort", sort);
  table.emplace("argsort", sort);
  table.emplace("searchsorted", searchsorted);
}

}  // namespace conformance::generate::detail
