// Manipulation functions (broadcast, concat, stack, reshape, flip, roll, ...) over ATen: each call
// and its C++ text.
#include <ATen/WrapDimUtilsMulti.h>
#include <fmt/format.h>

#include <numeric>
#include <variant>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

// An int argument the signature requires; left out or None, libtorch has no such value.
std::int64_t required_integer(const Call& call, std::string_view name) {
  const std::optional<std::int64_t> value = call.optional_integer(name);
  if (!value) throw Unsupported(std::string(name) + " is missing, where libtorch takes an int");
  return *value;
}

// Axes the signature requires; None is no such value.
std::vector<std::int64_t> required_axes(const Call& call, std::string_view name) {
  const auto axes = call.axes(name);
  if (!axes) throw Unsupported(std::string(name) + " is None, where libtorch takes dims");
  return *axes;
}

std::vector<std::int64_t> all_dims(const at::Tensor& x) {
  std::vector<std::int64_t> dims(static_cast<std::size_t>(x.dim()));
  std::iota(dims.begin(), dims.end(), 0);
  return dims;
}

bool is_tensor(const Call& call, std::string_view name) {
  const Value* value = call.arguments().find(name);
  return value != nullptr && std::holds_alternative<StepRef>(*value);
}

std::optional<at::Tensor> optional_tensor(const Call& call, std::string_view name) {
  if (!is_tensor(call, name)) return std::nullopt;
  return call.tensor(name);
}

void add_joining(OperationTable& table) {
  table.add(
      "broadcast_arrays",
      [](const Call& call) { return many(at::broadcast_tensors(call.tensors("arrays"))); },
      adapter_support::not_spelled);
  table.add(
      "broadcast_to",
      [](const Call& call) { return one(at::broadcast_to(call.tensor("x"), call.shape("shape"))); },
      adapter_support::not_spelled);
  table.add(
      "concat",
      [](const Call& call) {
        // axis left out means 0; axis=None means each array flattened first (at::cat has no
        // None).
        const bool left_out = call.arguments().find("axis") == nullptr;
        const std::optional<std::int64_t> axis =
            left_out ? std::optional<std::int64_t>(0) : call.optional_integer("axis");
        std::vector<at::Tensor> arrays = call.tensors("arrays");
        if (!axis) {
          for (at::Tensor& array : arrays)
            array = array.reshape({-1});
          return one(at::cat(arrays, 0));
        }
        return one(at::cat(arrays, *axis));
      },
      [](const CppCall& call) {
        // axis left out means 0; axis=None (flatten first) has no spelling here.
        const Value* axis = call.find("axis");
        if (axis != nullptr && std::holds_alternative<std::monostate>(*axis))
          throw Unsupported("concat(axis=None) has no spelling written");
        return tensor_text(fmt::format("at::cat({}, {})", call.tensors("arrays"),
                                       call.integer("axis").value_or(0)));
      });
  table.add(
      "stack",
      [](const Call& call) {
        return one(at::stack(call.tensors("arrays"), call.integer("axis", 0)));
      },
      [](const CppCall& call) {
        return tensor_text(fmt::format("at::stack({}, {})", call.tensors("arrays"),
                                       call.integer("axis").value_or(0)));
      });
  table.add(
      "unstack",
      [](const Call& call) { return many(at::unbind(call.tensor("x"), call.integer("axis", 0))); },
      adapter_support::not_spelled);
}

void add_reshaping(OperationTable& table) {
  table.add(
      "reshape",
      [](const Call& call) {
        const at::Tensor& x = call.tensor("x");
        const std::vector<std::int64_t> shape = call.shape("shape");
        const std::optional<bool> copy = call.optional_boolean("copy");
        if (!copy) return one(at::reshape(x, shape));
        // copy=True: a new tensor always; copy=False: a view or an error, which is Tensor::view's
        // meaning (it raises where the strides allow no view).
        if (*copy) return one(at::reshape(x, shape).clone());
        return one(x.view(shape));
      },
      adapter_support::not_spelled);
  table.add(
      "expand_dims",
      [](const Call& call) {
        return one(at::unsqueeze(call.tensor("x"), required_integer(call, "axis")));
      },
      adapter_support::not_spelled);
  table.add(
      "squeeze",
      [](const Call& call) {
        // libtorch 1.13's squeeze takes a single dim (a list of dims is from torch 2.0): several
        // axes are squeezed one at a time from the last, after ATen's own check of the dim list
        // (range, repeats), which is what torch 2.0's squeeze(dims) does.
        at::Tensor result = call.tensor("x");
        const std::vector<std::int64_t> axes = required_axes(call, "axis");
        if (axes.size() == 1) return one(at::squeeze(result, axes.front()));
        const std::int64_t ndim = result.dim();
        const auto named = at::dim_list_to_bitset(axes, ndim);
        for (std::int64_t dim = ndim - 1; dim >= 0; --dim)
          if (named[static_cast<std::size_t>(dim)]) result = at::squeeze(result, dim);
        return one(result);
      },
      adapter_support::not_spelled);
  table.add(
      "flip",
      [](const Call& call) {
        const at::Tensor& x = call.tensor("x");
        return one(at::flip(x, call.axes("axis").value_or(all_dims(x))));
      },
      adapter_support::not_spelled);
  table.add(
      "matrix_transpose", [](const Call& call) { return one(call.tensor("x").mT()); },
      adapter_support::not_spelled);
  table.add(
      "moveaxis",
      [](const Call& call) {
        return one(at::moveaxis(call.tensor("x"), required_axes(call, "source"),
                                required_axes(call, "destination")));
      },
      adapter_support::not_spelled);
  table.add(
      "permute_dims",
      [](const Call& call) {
        return one(at::permute(call.tensor("x"), required_axes(call, "axes")));
      },
      adapter_support::not_spelled);
}

void add_repeating(OperationTable& table) {
  table.add(
      "diff",
      [](const Call& call) {
        return one(at::diff(call.tensor("x"), call.integer("n", 1), call.integer("axis", -1),
                            c10_optional(optional_tensor(call, "prepend")),
                            c10_optional(optional_tensor(call, "append"))));
      },
      adapter_support::not_spelled);
  table.add(
      "repeat",
      [](const Call& call) {
        // axis=None flattens x first, as repeat_interleave's dim=None does.
        const at::Tensor& x = call.tensor("x");
        const auto axis = c10_optional(call.optional_integer("axis"));
        if (is_tensor(call, "repeats"))
          return one(at::repeat_interleave(x, call.tensor("repeats"), axis));
        return one(at::repeat_interleave(x, required_integer(call, "repeats"), axis));
      },
      adapter_support::not_spelled);
  table.add(
      "roll",
      [](const Call& call) {
        // axis=None rolls the flattened array, as roll's empty dims does.
        return one(at::roll(call.tensor("x"), required_axes(call, "shift"),
                            call.axes("axis").value_or(std::vector<std::int64_t>{})));
      },
      adapter_support::not_spelled);
  table.add(
      "tile",
      [](const Call& call) { return one(at::tile(call.tensor("x"), call.shape("repetitions"))); },
      adapter_support::not_spelled);
}

}  // namespace

void add_manipulation_operations(OperationTable& table) {
  add_joining(table);
  add_reshaping(table);
  add_repeating(table);
}

}  // namespace conformance::torch_internal
