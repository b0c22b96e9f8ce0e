// The creation functions (arange ... zeros_like, from_dlpack): each strict call and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {
namespace {

// dtype= and device=, the creation functions' options, as C++ text.
std::string creation_options(const CppCall& call) {
  return designated({{"dtype", call.dtype()}, {"device", call.device()}});
}

}  // namespace

void add_creation(OperationTable& table) {
  using Shaped =
      strict::Array (*)(const strict::Shape&, strict::CreationOptions, const std::source_location&);
  const std::pair<const char*, Shaped> shaped[] = {
      {"empty", &strict::empty}, {"ones", &strict::ones}, {"zeros", &strict::zeros}};
  for (const auto& [name, function] : shaped) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.shape("shape"), {.dtype = call.dtype(), .device = call.device()},
                              std::source_location::current()));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.shape("shape"), creation_options(call)}));
        });
  }
  using Like =
      strict::Array (*)(const strict::Array&, strict::CreationOptions, const std::source_location&);
  const std::pair<const char*, Like> like[] = {{"empty_like", &strict::empty_like},
                                               {"ones_like", &strict::ones_like},
                                               {"zeros_like", &strict::zeros_like}};
  for (const auto& [name, function] : like) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.dtype = call.dtype(), .device = call.device()},
                              std::source_location::current()));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.array("x"), creation_options(call)}));
        });
  }
  table.add(
      "full",
      [](const Call& call) {
        return one(strict::full(call.shape("shape"), call.scalar("fill_value"),
                                {.dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "full", {call.shape("shape"), call.scalar("fill_value"), creation_options(call)}));
      });
  table.add(
      "full_like",
      [](const Call& call) {
        return one(strict::full_like(call.array("x"), call.scalar("fill_value"),
                                     {.dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "full_like", {call.array("x"), call.scalar("fill_value"), creation_options(call)}));
      });
  table.add(
      "arange",
      [](const Call& call) {
        return one(strict::arange(call.scalar("start"), call.optional_scalar("stop"),
                                  call.optional_scalar("step").value_or(strict::Scalar(1)),
                                  {.dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        const auto stop = call.optional_scalar("stop");
        const auto step = call.optional_scalar("step");
        const std::string options = creation_options(call);
        // The shortest of strict's three forms that says the same.
        if (!step)
          return array_text(
              function_call("arange", {call.scalar("start"), stop.value_or(""), options}));
        return array_text(
            function_call("arange", {call.scalar("start"), or_nullopt(stop), *step, options}));
      });
  table.add(
      "linspace",
      [](const Call& call) {
        const auto num = call.optional_integer("num");
        if (!num) throw Unsupported("linspace needs num");
        return one(strict::linspace(call.scalar("start"), call.scalar("stop"), *num,
                                    {.dtype = call.dtype(),
                                     .device = call.device(),
                                     .endpoint = call.boolean("endpoint", true)}));
      },
      [](const CppCall& call) {
        const auto num = call.integer("num");
        if (!num) throw Unsupported("linspace needs num");
        return array_text(
            function_call("linspace", {call.scalar("start"), call.scalar("stop"), *num,
                                       designated({{"dtype", call.dtype()},
                                                   {"device", call.device()},
                                                   {"endpoint", call.boolean("endpoint")}})}));
      });
  table.add(
      "eye",
      [](const Call& call) {
        const auto n_rows = call.optional_integer("n_rows");
        if (!n_rows) throw Unsupported("eye needs n_rows");
        return one(strict::eye(
            *n_rows, call.optional_integer("n_cols"),
            {.k = call.integer("k", 0), .dtype = call.dtype(), .device = call.device()}));
      },
      [](const CppCall& call) {
        const auto n_rows = call.integer("n_rows");
        if (!n_rows) throw Unsupported("eye needs n_rows");
        const auto n_cols = call.integer("n_cols");
        const std::string options = designated(
            {{"k", call.integer("k")}, {"dtype", call.dtype()}, {"device", call.device()}});
        return array_text(function_call(
            "eye", {*n_rows, n_cols || !options.empty() ? or_nullopt(n_cols) : "", options}));
      });
  table.add(
      "asarray",
      [](const Call& call) {
        const strict::AsarrayOptions options{
            .dtype = call.dtype(), .device = call.device(), .copy = call.optional_boolean("copy")};
        const Value& obj = call.arguments().at("obj");
        if (std::holds_alternative<StepRef>(obj))
          return one(strict::asarray(call.array("obj"), options));
        if (const auto* data = std::get_if<Data>(&obj)) {
          const std::vector<strict::Scalar> values = literal_values(*data, options.dtype);
          return one(
              strict::asarray(std::span<const strict::Scalar>(values), data->shape, options));
        }
        return one(strict::asarray(call.scalar("obj"), options));
      },
      [](const CppCall& call) {
        const std::string options = designated(
            {{"dtype", call.dtype()}, {"device", call.device()}, {"copy", call.boolean("copy")}});
        if (auto literal = call.literal("obj"))
          return array_text(function_call("asarray", {*literal, options}));
        return array_text(function_call("asarray", {call.operand("obj"), options}));
      });
  table.add(
      "from_dlpack",
      [](const Call& call) {
        return one(strict::from_dlpack(
            call.array("x"), {.device = call.device(), .copy = call.optional_boolean("copy")}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "from_dlpack", {call.array("x"), designated({{"device", call.device()},
                                                         {"copy", call.boolean("copy")}})}));
      });
  table.add(
      "meshgrid",
      [](const Call& call) {
        // indexing= is a string, which programs cannot carry: only the default "xy" is reachable.
        if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
        return many(strict::meshgrid(call.arrays("arrays")));
      },
      [](const CppCall& call) {
        if (call.given("indexing")) throw Unsupported("indexing= has no program value kind");
        return arrays_text(function_call("meshgrid", {call.arrays("arrays")}));
      });
  using Triangle = strict::Array (*)(const strict::Array&, std::int64_t);
  const std::pair<const char*, Triangle> triangles[] = {{"tril", &strict::tril},
                                                        {"triu", &strict::triu}};
  for (const auto& [name, function] : triangles) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), call.integer("k", 0)));
        },
        [name](const CppCall& call) {
          return array_text(function_call(name, {call.array("x"), call.integer("k").value_or("")}));
        });
  }
  table.add(
      "astype",
      [](const Call& call) {
        const auto copy = call.optional_boolean("copy");
        return one(strict::astype(call.array("x"), call.required_dtype("dtype"),
                                  {.copy = copy.value_or(true), .device = call.device()}));
      },
      [](const CppCall& call) {
        const auto dtype = call.dtype("dtype");
        if (!dtype) throw Unsupported("astype needs a dtype");
        return array_text(function_call(
            "astype", {call.array("x"), *dtype,
                       designated({{"copy", call.boolean("copy")}, {"device", call.device()}})}));
      });
}

}  // namespace conformance::strict_internal
