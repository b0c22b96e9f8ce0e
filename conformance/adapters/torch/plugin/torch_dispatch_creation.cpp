// Creation functions, asarray, astype and from_dlpack over ATen's factories and Tensor::to.
#include <ATen/DLConvertor.h>

#include <variant>

#include "torch_dispatch.hpp"

namespace conformance::torch_internal {
namespace {

using Shaped = at::Tensor (*)(at::IntArrayRef, at::TensorOptions);
using Like = at::Tensor (*)(const at::Tensor&, at::TensorOptions);

void add_factories(HandlerTable& table) {
  const std::pair<const char*, Shaped> shaped[] = {
      {"empty", [](at::IntArrayRef s, at::TensorOptions o) { return at::empty(s, o); }},
      {"ones", [](at::IntArrayRef s, at::TensorOptions o) { return at::ones(s, o); }},
      {"zeros", [](at::IntArrayRef s, at::TensorOptions o) { return at::zeros(s, o); }},
  };
  for (const auto& [name, function] : shaped) {
    table[name] = [function](const Call& call) {
      return one(function(call.shape("shape"), call.options()));
    };
  }
  const std::pair<const char*, Like> like[] = {
      {"empty_like", [](const at::Tensor& x, at::TensorOptions o) { return at::empty_like(x, o); }},
      {"ones_like", [](const at::Tensor& x, at::TensorOptions o) { return at::ones_like(x, o); }},
      {"zeros_like", [](const at::Tensor& x, at::TensorOptions o) { return at::zeros_like(x, o); }},
  };
  for (const auto& [name, function] : like)
    table[name] = [function](const Call& call) {
      return one(function(call.tensor("x"), call.options()));
    };
  table["full"] = [](const Call& call) {
    return one(at::full(call.shape("shape"), call.scalar("fill_value"), call.options()));
  };
  table["full_like"] = [](const Call& call) {
    return one(at::full_like(call.tensor("x"), call.scalar("fill_value"), call.options()));
  };
  table["arange"] = [](const Call& call) {
    if (!call.given("stop")) return one(at::arange(call.scalar("start"), call.options()));
    return one(at::arange(call.scalar("start"), call.scalar("stop"),
                          call.optional_scalar("step").value_or(at::Scalar(1)), call.options()));
  };
  table["linspace"] = [](const Call& call) {
    const auto num = call.optional_integer("num");
    if (!num) throw Unsupported("linspace needs num");
    if (!call.boolean("endpoint", true)) throw Unsupported("at::linspace has no endpoint=");
    return one(at::linspace(call.scalar("start"), call.scalar("stop"), *num, call.options()));
  };
  table["eye"] = [](const Call& call) {
    const auto n_rows = call.optional_integer("n_rows");
    if (!n_rows) throw Unsupported("eye needs n_rows");
    if (call.integer("k", 0) != 0) throw Unsupported("at::eye has no diagonal offset k=");
    if (const auto n_cols = call.optional_integer("n_cols"))
      return one(at::eye(*n_rows, *n_cols, call.options()));
    return one(at::eye(*n_rows, call.options()));
  };
  table["meshgrid"] = [](const Call& call) {
    // indexing= is a string, which programs cannot carry: only the default "xy" is reachable.
    if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
    return many(at::meshgrid(call.tensors("arrays"), "xy"));
  };
  table["tril"] = [](const Call& call) {
    return one(at::tril(call.tensor("x"), call.integer("k", 0)));
  };
  table["triu"] = [](const Call& call) {
    return one(at::triu(call.tensor("x"), call.integer("k", 0)));
  };
}

// Tensor::to with what the call gives; `copy` forces a new tensor.
at::Tensor converted(const at::Tensor& x, std::optional<at::Device> device,
                     std::optional<at::ScalarType> dtype, bool copy) {
  return x.to(device.value_or(x.device()), dtype.value_or(x.scalar_type()),
              /*non_blocking=*/false, copy);
}

void add_conversions(HandlerTable& table) {
  table["asarray"] = [](const Call& call) {
    const std::optional<bool> copy = call.optional_boolean("copy");
    // ATen has no asarray (torch.asarray is Python's); Tensor::to copies whenever it must, so
    // "never copy" has no C++ spelling.
    if (copy == false) throw Unsupported("libtorch's C++ API has no copy=False (never copy)");
    const Value& obj = call.arguments().at("obj");
    if (std::holds_alternative<StepRef>(obj))
      return one(converted(call.tensor("obj"), call.device(), call.dtype(), copy == true));
    if (const auto* data = std::get_if<Data>(&obj))
      return one(literal_tensor(*data, call.dtype()).to(call.device().value_or(at::kCPU)));
    return one(at::scalar_tensor(call.scalar("obj"), call.options()));
  };
  table["astype"] = [](const Call& call) {
    // The standard's copy defaults to True.
    return one(converted(call.tensor("x"), call.device(), call.required_dtype("dtype"),
                         call.boolean("copy", true)));
  };
  table["from_dlpack"] = [](const Call& call) {
    if (call.given("device") || call.given("copy"))
      throw Unsupported("at::fromDLPack takes no device= or copy=");
    return one(at::fromDLPack(at::toDLPack(call.tensor("x"))));
  };
}

}  // namespace

void add_creation_handlers(HandlerTable& table) {
  add_factories(table);
  add_conversions(table);
}

}  // namespace conformance::torch_internal
