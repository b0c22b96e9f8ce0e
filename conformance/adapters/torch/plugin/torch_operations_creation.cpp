// Creation functions, asarray, astype and from_dlpack over ATen's factories and Tensor::to: each
// call and its C++ text.
#include <ATen/DLConvertor.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <variant>

#include "torch_operations.hpp"

namespace conformance::torch_internal {
namespace {

using Shaped = at::Tensor (*)(at::IntArrayRef, at::TensorOptions);
using Like = at::Tensor (*)(const at::Tensor&, at::TensorOptions);

void add_factories(OperationTable& table) {
  const std::pair<const char*, Shaped> shaped[] = {
      {"empty", [](at::IntArrayRef s, at::TensorOptions o) { return at::empty(s, o); }},
      {"ones", [](at::IntArrayRef s, at::TensorOptions o) { return at::ones(s, o); }},
      {"zeros", [](at::IntArrayRef s, at::TensorOptions o) { return at::zeros(s, o); }},
  };
  for (const auto& [name, function] : shaped) {
    table.add(
        name,
        [function](const Call& call) { return one(function(call.shape("shape"), call.options())); },
        [name](const CppCall& call) {
          return tensor_text(
              fmt::format("at::{}({}, {})", name, call.shape("shape"), call.options()));
        });
  }
  const std::pair<const char*, Like> like[] = {
      {"empty_like", [](const at::Tensor& x, at::TensorOptions o) { return at::empty_like(x, o); }},
      {"ones_like", [](const at::Tensor& x, at::TensorOptions o) { return at::ones_like(x, o); }},
      {"zeros_like", [](const at::Tensor& x, at::TensorOptions o) { return at::zeros_like(x, o); }},
  };
  for (const auto& [name, function] : like) {
    table.add(
        name,
        [function](const Call& call) { return one(function(call.tensor("x"), call.options())); },
        [name](const CppCall& call) {
          return tensor_text(fmt::format("at::{}({}, {})", name, call.tensor("x"), call.options()));
        });
  }
  table.add(
      "full",
      [](const Call& call) {
        return one(at::full(call.shape("shape"), call.scalar("fill_value"), call.options()));
      },
      [](const CppCall& call) {
        return tensor_text(fmt::format("at::full({}, {}, {})", call.shape("shape"),
                                       call.scalar("fill_value"), call.options()));
      });
  table.add(
      "full_like",
      [](const Call& call) {
        return one(at::full_like(call.tensor("x"), call.scalar("fill_value"), call.options()));
      },
      [](const CppCall& call) {
        return tensor_text(fmt::format("at::full_like({}, {}, {})", call.tensor("x"),
                                       call.scalar("fill_value"), call.options()));
      });
  table.add(
      "arange",
      [](const Call& call) {
        if (!call.given("stop")) return one(at::arange(call.scalar("start"), call.options()));
        return one(at::arange(call.scalar("start"), call.scalar("stop"),
                              call.optional_scalar("step").value_or(at::Scalar(1)),
                              call.options()));
      },
      [](const CppCall& call) {
        if (!call.given("stop"))
          return tensor_text(
              fmt::format("at::arange({}, {})", call.scalar("start"), call.options()));
        const std::string step_text = call.given("step") ? call.scalar("step") : "at::Scalar(1)";
        return tensor_text(fmt::format("at::arange({}, {}, {}, {})", call.scalar("start"),
                                       call.scalar("stop"), step_text, call.options()));
      });
  table.add(
      "linspace",
      [](const Call& call) {
        const auto num = call.optional_integer("num");
        if (!num) throw Unsupported("linspace needs num");
        if (!call.boolean("endpoint", true)) throw Unsupported("at::linspace has no endpoint=");
        return one(at::linspace(call.scalar("start"), call.scalar("stop"), *num, call.options()));
      },
      adapter_support::not_spelled);
  table.add(
      "eye",
      [](const Call& call) {
        const auto n_rows = call.optional_integer("n_rows");
        if (!n_rows) throw Unsupported("eye needs n_rows");
        if (call.integer("k", 0) != 0) throw Unsupported("at::eye has no diagonal offset k=");
        if (const auto n_cols = call.optional_integer("n_cols"))
          return one(at::eye(*n_rows, *n_cols, call.options()));
        return one(at::eye(*n_rows, call.options()));
      },
      adapter_support::not_spelled);
  table.add(
      "meshgrid",
      [](const Call& call) {
        // indexing= is a string, which programs cannot carry: only the default "xy" is reachable.
        if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
        return many(at::meshgrid(call.tensors("arrays"), "xy"));
      },
      adapter_support::not_spelled);
  table.add(
      "tril",
      [](const Call& call) { return one(at::tril(call.tensor("x"), call.integer("k", 0))); },
      adapter_support::not_spelled);
  table.add(
      "triu",
      [](const Call& call) { return one(at::triu(call.tensor("x"), call.integer("k", 0))); },
      adapter_support::not_spelled);
}

// Tensor::to with what the call gives; `copy` forces a new tensor.
at::Tensor converted(const at::Tensor& x, std::optional<at::Device> device,
                     std::optional<at::ScalarType> dtype, bool copy) {
  return x.to(device.value_or(x.device()), dtype.value_or(x.scalar_type()),
              /*non_blocking=*/false, copy);
}

// asarray of literal data, as literal_tensor (torch_values.cpp) builds it.
std::string literal(const Data& data, const std::optional<std::string>& dtype) {
  bool integral = true;
  std::vector<std::string> values;
  for (double v : data.values) {
    integral = integral && std::trunc(v) == v && std::abs(v) < 9.0e15;
    values.push_back(cpp_number(v));
  }
  const std::string type =
      dtype.value_or(integral ? "at::kLong" : "at::get_default_dtype_as_scalartype()");
  return fmt::format("at::tensor(std::vector<double>{{{}}}, at::kDouble).reshape({{{}}}).to({})",
                     fmt::join(values, ", "), fmt::join(data.shape, ", "), type);
}

void add_conversions(OperationTable& table) {
  table.add(
      "asarray",
      [](const Call& call) {
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
      },
      [](const CppCall& call) {
        if (call.boolean("copy") == false) throw Unsupported("copy=False has no C++ spelling");
        const Value& obj = call.at("obj");
        if (std::holds_alternative<StepRef>(obj)) {
          const std::string x = call.tensor("obj");
          return tensor_text(fmt::format(
              "{0}.to({1}, {2}, false, {3})", x, call.device().value_or(x + ".device()"),
              call.dtype().value_or(x + ".scalar_type()"), call.boolean("copy").value_or(false)));
        }
        if (const auto* data = std::get_if<Data>(&obj))
          return tensor_text(fmt::format("{}.to({})", literal(*data, call.dtype()),
                                         call.device().value_or("at::Device(\"cpu\")")));
        return tensor_text(
            fmt::format("at::scalar_tensor({}, {})", call.scalar("obj"), call.options()));
      });
  table.add(
      "astype",
      [](const Call& call) {
        // The standard's copy defaults to True.
        return one(converted(call.tensor("x"), call.device(), call.required_dtype("dtype"),
                             call.boolean("copy", true)));
      },
      [](const CppCall& call) {
        const std::string x = call.tensor("x");
        const auto dtype = call.dtype();
        if (!dtype) throw Unsupported("astype needs a dtype");
        return tensor_text(fmt::format("{0}.to({1}, {2}, false, {3})", x,
                                       call.device().value_or(x + ".device()"), *dtype,
                                       call.boolean("copy").value_or(true)));
      });
  table.add(
      "from_dlpack",
      [](const Call& call) {
        if (call.given("device") || call.given("copy"))
          throw Unsupported("at::fromDLPack takes no device= or copy=");
        return one(at::fromDLPack(at::toDLPack(call.tensor("x"))));
      },
      [](const CppCall& call) {
        // The text is written for the call without device= or copy= only.
        if (call.given("device") || call.given("copy"))
          throw adapter_support::no_spelling("from_dlpack");
        return tensor_text(fmt::format("at::fromDLPack(at::toDLPack({}))", call.tensor("x")));
      });
}

}  // namespace

void add_creation_operations(OperationTable& table) {
  add_factories(table);
  add_conversions(table);
}

}  // namespace conformance::torch_internal
