// Statistical and utility reductions (sum, prod, mean, max, min, std, var, all, any) and the
// cumulative sums and products, over ATen. No C++ text is written for them yet.
#include <ATen/WrapDimUtilsMulti.h>

#include <bitset>
#include <cmath>
#include <string>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

// axis=None as ATen's optional dim list: nullopt reduces every dim. The vector lives in the
// caller, so the ArrayRef stays valid.
at::OptionalIntArrayRef optional_dims(const std::optional<std::vector<std::int64_t>>& axes) {
  if (!axes) return c10::nullopt;
  return at::IntArrayRef(*axes);
}

// The reduced tensor with keepdims=True's size-1 dims put back where `reduced` names them.
at::Tensor keep_dims(at::Tensor result, const std::bitset<at::dim_bitset_size>& reduced,
                     std::int64_t ndim) {
  for (std::int64_t dim = 0; dim < ndim; ++dim)
    if (reduced[static_cast<std::size_t>(dim)]) result = result.unsqueeze(dim);
  return result;
}

// all/any: ATen's take one dim or none. Several axes reduce one dim at a time from the last
// (exact for logical reductions), after ATen's own check of the dim list; keepdims over every
// dim puts the size-1 dims back, as ATen's no-dim form has no keepdim.
at::Tensor logical_reduction(const Call& call, bool is_all) {
  const at::Tensor& x = call.tensor("x");
  const bool keepdims = call.boolean("keepdims", false);
  const std::int64_t ndim = x.dim();
  const auto axes = call.axes("axis");
  if (!axes) {
    const at::Tensor result = is_all ? at::all(x) : at::any(x);
    if (!keepdims) return result;
    std::bitset<at::dim_bitset_size> every;
    for (std::int64_t dim = 0; dim < ndim; ++dim)
      every.set(static_cast<std::size_t>(dim));
    return keep_dims(result, every, ndim);
  }
  if (axes->size() == 1)
    return is_all ? at::all(x, axes->front(), keepdims) : at::any(x, axes->front(), keepdims);
  const auto reduced = at::dim_list_to_bitset(*axes, ndim);
  at::Tensor result = x;
  for (std::int64_t dim = ndim - 1; dim >= 0; --dim) {
    if (!reduced[static_cast<std::size_t>(dim)]) continue;
    result = is_all ? at::all(result, dim, keepdims) : at::any(result, dim, keepdims);
  }
  return result;
}

void add_reductions(OperationTable& table) {
  table.add(
      "sum",
      [](const Call& call) {
        const auto axes = call.axes("axis");
        return one(at::sum(call.tensor("x"), optional_dims(axes), call.boolean("keepdims", false),
                           c10_optional(call.dtype())));
      },
      adapter_support::not_spelled);
  table.add(
      "prod",
      [](const Call& call) {
        // at::prod takes one dim or none: a tuple of several axes has no ATen spelling.
        const at::Tensor& x = call.tensor("x");
        const auto dtype = c10_optional(call.dtype());
        const bool keepdims = call.boolean("keepdims", false);
        const auto axes = call.axes("axis");
        if (axes && axes->size() != 1) throw Unsupported("at::prod takes one dim, not a tuple");
        if (axes) return one(at::prod(x, axes->front(), keepdims, dtype));
        if (!keepdims) return one(at::prod(x, dtype));
        // keepdims over every dim: the no-dim form has no keepdim, so the size-1 dims go back on.
        std::bitset<at::dim_bitset_size> every;
        for (std::int64_t dim = 0; dim < x.dim(); ++dim)
          every.set(static_cast<std::size_t>(dim));
        return one(keep_dims(at::prod(x, dtype), every, x.dim()));
      },
      adapter_support::not_spelled);
  table.add(
      "mean",
      [](const Call& call) {
        const auto axes = call.axes("axis");
        return one(
            at::mean(call.tensor("x"), optional_dims(axes), call.boolean("keepdims", false)));
      },
      adapter_support::not_spelled);
  // The standard's max/min reduce values only: at::amax/amin (at::max(dim) also returns indices).
  // Their empty dim list means every dim.
  table.add(
      "max",
      [](const Call& call) {
        return one(at::amax(call.tensor("x"),
                            call.axes("axis").value_or(std::vector<std::int64_t>{}),
                            call.boolean("keepdims", false)));
      },
      adapter_support::not_spelled);
  table.add(
      "min",
      [](const Call& call) {
        return one(at::amin(call.tensor("x"),
                            call.axes("axis").value_or(std::vector<std::int64_t>{}),
                            call.boolean("keepdims", false)));
      },
      adapter_support::not_spelled);
  using Spread =
      at::Tensor (*)(const at::Tensor&, at::OptionalIntArrayRef, c10::optional<std::int64_t>, bool);
  const std::pair<const char*, Spread> spreads[] = {
      {"std", [](const at::Tensor& x, at::OptionalIntArrayRef dim, c10::optional<std::int64_t> c,
                 bool keepdim) { return at::std(x, dim, c, keepdim); }},
      {"var", [](const at::Tensor& x, at::OptionalIntArrayRef dim, c10::optional<std::int64_t> c,
                 bool keepdim) { return at::var(x, dim, c, keepdim); }},
  };
  for (const auto& [name, function] : spreads) {
    table.add(
        name,
        [function](const Call& call) {
          // libtorch 1.13's correction= is an int (a float correction is from torch 2.0).
          const double correction = call.number("correction", 0.0);
          if (std::trunc(correction) != correction)
            throw Unsupported("libtorch 1.13 takes an integer correction only");
          const auto axes = call.axes("axis");
          return one(function(call.tensor("x"), optional_dims(axes),
                              static_cast<std::int64_t>(correction),
                              call.boolean("keepdims", false)));
        },
        adapter_support::not_spelled);
  }
  table.add(
      "all", [](const Call& call) { return one(logical_reduction(call, /*is_all=*/true)); },
      adapter_support::not_spelled);
  table.add(
      "any", [](const Call& call) { return one(logical_reduction(call, /*is_all=*/false)); },
      adapter_support::not_spelled);
}

void add_cumulative(OperationTable& table) {
  using Cumulative = at::Tensor (*)(const at::Tensor&, std::int64_t, c10::optional<at::ScalarType>);
  struct Entry {
    const char* name;
    Cumulative function;
    double initial;  // what include_initial=True puts first: the operation's identity
  };
  const Entry cumulative[] = {
      {"cumulative_sum",
       [](const at::Tensor& x, std::int64_t dim, c10::optional<at::ScalarType> dtype) {
         return at::cumsum(x, dim, dtype);
       },
       0.0},
      {"cumulative_prod",
       [](const at::Tensor& x, std::int64_t dim, c10::optional<at::ScalarType> dtype) {
         return at::cumprod(x, dim, dtype);
       },
       1.0},
  };
  for (const auto& [name, function, initial] : cumulative) {
    table.add(
        name,
        [function, initial](const Call& call) {
          const at::Tensor& x = call.tensor("x");
          // The standard lets a 1-d x omit axis; ATen always takes a dim.
          const std::optional<std::int64_t> axis = call.optional_integer("axis");
          if (!axis && x.dim() != 1) throw Unsupported("an n-d x needs axis: ATen takes a dim");
          const std::int64_t dim = axis.value_or(0);
          at::Tensor result = function(x, dim, c10_optional(call.dtype()));
          if (!call.boolean("include_initial", false)) return one(result);
          // include_initial: the identity before the first element along dim, padded on as
          // torch.nn.functional.pad does (its pad list counts dims from the last).
          const std::int64_t ndim = result.dim();
          const std::int64_t normalized = dim < 0 ? dim + ndim : dim;
          if (normalized < 0 || normalized >= ndim)
            throw Unsupported("include_initial needs a dim");
          std::vector<std::int64_t> pad(static_cast<std::size_t>(2 * (ndim - normalized)), 0);
          pad[pad.size() - 2] = 1;
          return one(at::constant_pad_nd(result, pad, initial));
        },
        adapter_support::not_spelled);
  }
}

}  // namespace

void add_statistical_operations(OperationTable& table) {
  add_reductions(table);
  add_cumulative(table);
}

}  // namespace conformance::torch_internal
