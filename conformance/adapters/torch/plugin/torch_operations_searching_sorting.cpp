// Searching, sorting, set functions and take/take_along_axis over ATen. No C++ text is written
// for them yet.
#include <ATen/WrapDimUtilsMulti.h>

#include <bitset>
#include <tuple>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

void add_searching(OperationTable& table) {
  using ArgExtremum = at::Tensor (*)(const at::Tensor&, c10::optional<std::int64_t>, bool);
  const std::pair<const char*, ArgExtremum> arg_extrema[] = {
      {"argmax", [](const at::Tensor& x, c10::optional<std::int64_t> dim,
                    bool keepdim) { return at::argmax(x, dim, keepdim); }},
      {"argmin", [](const at::Tensor& x, c10::optional<std::int64_t> dim,
                    bool keepdim) { return at::argmin(x, dim, keepdim); }},
  };
  for (const auto& [name, function] : arg_extrema) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.tensor("x"), c10_optional(call.optional_integer("axis")),
                              call.boolean("keepdims", false)));
        },
        adapter_support::not_spelled);
  }
  table.add(
      "count_nonzero",
      [](const Call& call) {
        // at::count_nonzero has no keepdim: keepdims=True puts the reduced dims back as size 1.
        const at::Tensor& x = call.tensor("x");
        const std::int64_t ndim = x.dim();
        const auto axes = call.axes("axis");
        at::Tensor result = axes ? at::count_nonzero(x, *axes) : at::count_nonzero(x);
        if (!call.boolean("keepdims", false)) return one(result);
        std::bitset<at::dim_bitset_size> reduced;
        if (axes) {
          reduced = at::dim_list_to_bitset(*axes, ndim);
        } else {
          for (std::int64_t dim = 0; dim < ndim; ++dim)
            reduced.set(static_cast<std::size_t>(dim));
        }
        for (std::int64_t dim = 0; dim < ndim; ++dim)
          if (reduced[static_cast<std::size_t>(dim)]) result = result.unsqueeze(dim);
        return one(result);
      },
      adapter_support::not_spelled);
  table.add(
      "nonzero",
      [](const Call& call) {
        // The standard's tuple of index arrays, one per dimension, as torch.nonzero(as_tuple=True).
        return many(at::nonzero_numpy(call.tensor("x")));
      },
      adapter_support::not_spelled);
  table.add(
      "searchsorted",
      [](const Call& call) {
        // side= is a string, which programs cannot carry: only the default 'left' is reachable.
        if (call.given("side")) throw Unsupported("side= has no program value kind");
        std::optional<at::Tensor> sorter;
        if (call.given("sorter")) sorter = call.tensor("sorter");
        return one(at::searchsorted(call.tensor("x1"), call.tensor("x2"), /*out_int32=*/false,
                                    /*right=*/false, c10::nullopt, c10_optional(sorter)));
      },
      adapter_support::not_spelled);
}

// The standard's tuples: unique_all (values, indices, inverse_indices, counts), unique_counts
// (values, counts), unique_inverse (values, inverse_indices); inverse_indices has x's shape,
// which is what at::_unique2 returns.
void add_set(OperationTable& table) {
  table.add(
      "isin",
      [](const Call& call) {
        return one(at::isin(call.operand("x1"), call.operand("x2"), /*assume_unique=*/false,
                            call.boolean("invert", false)));
      },
      adapter_support::not_spelled);
  table.add(
      "unique_all",
      [](const Call&) -> CallResult {
        throw Unsupported("ATen's unique returns no indices of first occurrences");
      },
      adapter_support::not_spelled);
  table.add(
      "unique_counts",
      [](const Call& call) {
        const auto unique =
            at::_unique2(call.tensor("x"), /*sorted=*/true, /*return_inverse=*/false,
                         /*return_counts=*/true);
        return many({std::get<0>(unique), std::get<2>(unique)});
      },
      adapter_support::not_spelled);
  table.add(
      "unique_inverse",
      [](const Call& call) {
        const auto unique = at::_unique2(call.tensor("x"), /*sorted=*/true, /*return_inverse=*/true,
                                         /*return_counts=*/false);
        return many({std::get<0>(unique), std::get<1>(unique)});
      },
      adapter_support::not_spelled);
  table.add(
      "unique_values",
      [](const Call& call) {
        return one(std::get<0>(at::_unique2(call.tensor("x"), /*sorted=*/true)));
      },
      adapter_support::not_spelled);
}

void add_sorting_and_indexing(OperationTable& table) {
  table.add(
      "argsort",
      [](const Call& call) {
        return one(at::argsort(call.tensor("x"), call.boolean("stable", true),
                               call.integer("axis", -1), call.boolean("descending", false)));
      },
      adapter_support::not_spelled);
  table.add(
      "sort",
      [](const Call& call) {
        return one(std::get<0>(
            at::sort(call.tensor("x"), c10::optional<bool>(call.boolean("stable", true)),
                     call.integer("axis", -1), call.boolean("descending", false))));
      },
      adapter_support::not_spelled);
  table.add(
      "take",
      [](const Call& call) {
        const at::Tensor& x = call.tensor("x");
        const at::Tensor& indices = call.tensor("indices");
        if (const auto axis = call.optional_integer("axis"))
          return one(at::index_select(x, *axis, indices));
        // at::take reads x flattened: the standard's meaning for the 1-d x that may omit axis.
        return one(at::take(x, indices));
      },
      adapter_support::not_spelled);
  table.add(
      "take_along_axis",
      [](const Call& call) {
        return one(
            at::take_along_dim(call.tensor("x"), call.tensor("indices"), call.integer("axis", -1)));
      },
      adapter_support::not_spelled);
}

}  // namespace

void add_searching_sorting_operations(OperationTable& table) {
  add_searching(table);
  add_set(table);
  add_sorting_and_indexing(table);
}

}  // namespace conformance::torch_internal
