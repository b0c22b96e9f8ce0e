// Recipes of the creation functions (zeros, full, arange, linspace, eye, ...) and of the "like"
// functions that build an array from another (asarray, astype, *_like, from_dlpack). A dtype=
// keyword, when drawn, is one the result's device holds.
#include <string>

#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

// `dtype=` sometimes, from the dtypes of the devices involved within `category`.
std::optional<std::string> maybe_dtype(CallBuilder& b, std::string_view category,
                                       std::vector<Keyword>& kwargs) {
  if (!coin(50)) return std::nullopt;
  std::string dtype = b.pick_dtype({category});
  kwargs.push_back(Keyword{.name = "dtype", .value = DTypeName{dtype}});
  return dtype;
}

// A shape argument: a tuple, or for one dimension sometimes a bare int (both allowed).
Value shape_argument(const Shape& shape) {
  if (shape.size() == 1 && coin(30)) return Value{shape[0]};
  return Value{IntTuple{shape}};
}

// A Python scalar of any kind, for calls that infer the dtype from it.
Value any_scalar() {
  const int kind = draw_index(3);
  const std::int64_t value = draw_small_integer(Domain::any, true);
  if (kind == 0) return Value{value};
  if (kind == 1) return Value{static_cast<double>(value)};
  return Value{value != 0};
}

// zeros, ones, empty: (shape, dtype=, device=).
Program filled(CallBuilder& b) {
  b.place(0);
  const Shape shape = draw_shape(0);
  std::vector<Keyword> kwargs;
  maybe_dtype(b, "any", kwargs);
  return b.finish({shape_argument(shape)}, std::move(kwargs));
}

Program full(CallBuilder& b) {
  b.place(0);
  const Shape shape = draw_shape(0);
  std::vector<Keyword> kwargs;
  const auto dtype = maybe_dtype(b, "any", kwargs);
  const Value fill = dtype ? b.scalar_for(*dtype) : any_scalar();
  return b.finish({shape_argument(shape), fill}, std::move(kwargs));
}

// arange(start, stop=, step=): non-negative bounds, so any real numeric dtype holds them.
Program arange(CallBuilder& b) {
  b.place(0);
  const std::int64_t start = draw_dim(0, 3);
  std::vector<Keyword> kwargs;
  if (coin(60)) kwargs.push_back(Keyword{.name = "stop", .value = start + draw_dim(0, 3)});
  if (coin(30)) kwargs.push_back(Keyword{.name = "step", .value = std::int64_t{1 + draw_index(2)}});
  maybe_dtype(b, "real numeric", kwargs);
  return b.finish({start}, std::move(kwargs));
}

// linspace(start, stop, num, dtype=, device=, endpoint=): dtype "Should be a floating-point
// data type".
Program linspace(CallBuilder& b) {
  b.place(0);
  const std::int64_t start = draw_small_integer(Domain::any, true);
  const std::int64_t stop = draw_small_integer(Domain::any, true);
  const std::int64_t num = draw_dim(0, 4);
  std::vector<Keyword> kwargs;
  maybe_dtype(b, "real floating", kwargs);
  if (coin(25)) kwargs.push_back(Keyword{.name = "endpoint", .value = false});
  return b.finish({start, stop, num}, std::move(kwargs));
}

// eye(n_rows, n_cols=None, /, k=0, dtype=, device=): n_cols is positional-only.
Program eye(CallBuilder& b) {
  b.place(0);
  std::vector<Value> args{draw_dim(0, 3)};
  if (coin(40)) args.push_back(draw_dim(0, 3));
  std::vector<Keyword> kwargs;
  if (coin(30))
    kwargs.push_back(Keyword{.name = "k", .value = draw_small_integer(Domain::any, true)});
  maybe_dtype(b, "any", kwargs);
  return b.finish(std::move(args), std::move(kwargs));
}

// asarray(obj, dtype=, device=, copy=): obj a nested sequence, an array built by a setup step
// (the "like" case), or a Python scalar.
Program asarray(CallBuilder& b) {
  const int kind = draw_index(b.options().python_scalars ? 3 : 2);
  if (kind == 1) {
    const Input x = single_input(b, draw_shape(0), "any");
    return b.finish({x.ref});
  }
  b.place(0);
  std::vector<Keyword> kwargs;
  if (kind == 2) return b.finish({any_scalar()}, std::move(kwargs));
  const Shape shape = draw_shape(0);
  const auto dtype = maybe_dtype(b, "any", kwargs);
  // Without dtype= the literal's ints give the device's default integer dtype.
  return b.finish({*data_in(shape, dtype.value_or("int64"), Domain::any)}, std::move(kwargs));
}

// astype(x, dtype, /, copy=, device=): complex to real is not permitted ("should not be
// permitted" in astype), and negative values have no unsigned counterpart.
Program astype(CallBuilder& b) {
  b.place(1, {"any"});
  const std::string from = b.pick_dtype({"any"});
  const std::string to = b.pick_dtype({is_complex(from) ? "complex floating" : "any"});
  const Domain domain = is_unsigned(to) ? Domain::non_negative : Domain::any;
  const StepRef x = b.add_input(0, draw_shape(0), from, domain);
  std::vector<Keyword> kwargs;
  if (coin(25)) kwargs.push_back(Keyword{.name = "copy", .value = coin(50)});
  return b.finish({x, DTypeName{to}}, std::move(kwargs));
}

// empty_like, zeros_like, ones_like: (x, dtype=, device=).
Program like(CallBuilder& b) {
  const Input x = single_input(b, draw_shape(0), "any");
  std::vector<Keyword> kwargs;
  maybe_dtype(b, "any", kwargs);
  return b.finish({x.ref}, std::move(kwargs));
}

// full_like(x, fill_value, dtype=, device=): the fill value fits the result's dtype.
Program full_like(CallBuilder& b) {
  const Input x = single_input(b, draw_shape(0), "any");
  std::vector<Keyword> kwargs;
  const std::string dtype = maybe_dtype(b, "any", kwargs).value_or(x.dtype);
  return b.finish({x.ref, b.scalar_for(dtype)}, std::move(kwargs));
}

Program from_dlpack(CallBuilder& b) {
  const Input x = single_input(b, draw_shape(0), "any");
  return b.finish({x.ref});
}

}  // namespace

void add_creation_recipes(RecipeTable& table) {
  for (const char* op : {"zeros", "ones", "empty"})
    table.emplace(op, filled);
  table.emplace("full", full);
  table.emplace("arange", arange);
  table.emplace("linspace", linspace);
  table.emplace("eye", eye);
  table.emplace("asarray", asarray);
  table.emplace("astype", astype);
  for (const char* op : {"empty_like", "zeros_like", "ones_like"})
    table.emplace(op, like);
  table.emplace("full_like", full_like);
  table.emplace("from_dlpack", from_dlpack);
}

}  // namespace conformance::generate::detail
