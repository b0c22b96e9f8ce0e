// broadcast_arrays, broadcast_to, expand_dims, flip, moveaxis, permute_dims, repeat, roll,
// squeeze, tile, unstack, matrix_transpose, all, any, diff: each strict call and its C++ text.
#include <strict/rearrangement.hpp>
#include <strict/shape_manipulation.hpp>
#include <strict/utility.hpp>

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "strict_operation_table.hpp"

namespace conformance::strict_internal {
namespace {

// An int argument the signature requires; left out or None, it is no such value.
std::int64_t required_integer(const Call& call, std::string_view name) {
  const std::optional<std::int64_t> value = call.optional_integer(name);
  if (!value)
    throw Unsupported(fmt::format("argument '{}' is missing, where strict takes an int", name));
  return *value;
}
std::string required_integer(const CppCall& call, std::string_view name) {
  const std::optional<std::string> value = call.integer(name);
  if (!value)
    throw Unsupported(fmt::format("argument '{}' is missing, where strict takes an int", name));
  return *value;
}

// An axis or a tuple of axes the signature requires; None is no such value.
strict::Axes required_axes(const Call& call, std::string_view name) {
  const std::optional<strict::Axes> axes = call.axes(name);
  if (!axes) throw Unsupported(fmt::format("argument '{}' is None, where strict takes axes", name));
  return *axes;
}
std::string required_axes(const CppCall& call, std::string_view name) {
  const std::optional<std::string> axes = call.axes(name);
  if (!axes) throw Unsupported(fmt::format("argument '{}' is None, where strict takes axes", name));
  return *axes;
}

std::optional<strict::Array> optional_array(const Call& call, std::string_view name) {
  if (!call.given(name)) return std::nullopt;
  return call.array(name);
}
std::optional<std::string> optional_array(const CppCall& call, std::string_view name) {
  if (!call.given(name)) return std::nullopt;
  return call.array(name);
}

bool is_int(const Arguments& arguments, std::string_view name) {
  const Value* value = arguments.find(name);
  return value != nullptr && std::holds_alternative<std::int64_t>(*value);
}

bool is_array(const Arguments& arguments, std::string_view name) {
  const Value* value = arguments.find(name);
  return value != nullptr && std::holds_alternative<StepRef>(*value);
}

void add_shapes(OperationTable& table) {
  table.add(
      "broadcast_arrays",
      [](const Call& call) { return many(strict::broadcast_arrays(call.arrays("arrays"))); },
      [](const CppCall& call) {
        return arrays_text(function_call("broadcast_arrays", {call.arrays("arrays")}));
      });
  table.add(
      "broadcast_to",
      [](const Call& call) {
        return one(strict::broadcast_to(call.array("x"), call.shape("shape")));
      },
      [](const CppCall& call) {
        return array_text(function_call("broadcast_to", {call.array("x"), call.shape("shape")}));
      });
  table.add(
      "expand_dims",
      [](const Call& call) {
        return one(strict::expand_dims(call.array("x"), required_integer(call, "axis")));
      },
      [](const CppCall& call) {
        return array_text(
            function_call("expand_dims", {call.array("x"), required_integer(call, "axis")}));
      });
  table.add(
      "squeeze",
      [](const Call& call) {
        return one(strict::squeeze(call.array("x"), required_axes(call, "axis")));
      },
      [](const CppCall& call) {
        return array_text(function_call("squeeze", {call.array("x"), required_axes(call, "axis")}));
      });
  table.add(
      "moveaxis",
      [](const Call& call) {
        return one(strict::moveaxis(call.array("x"), required_axes(call, "source"),
                                    required_axes(call, "destination")));
      },
      [](const CppCall& call) {
        return array_text(function_call("moveaxis", {call.array("x"), required_axes(call, "source"),
                                                     required_axes(call, "destination")}));
      });
  table.add(
      "permute_dims",
      [](const Call& call) {
        return one(strict::permute_dims(call.array("x"), required_axes(call, "axes")));
      },
      [](const CppCall& call) {
        return array_text(
            function_call("permute_dims", {call.array("x"), required_axes(call, "axes")}));
      });
  table.add(
      "matrix_transpose",
      [](const Call& call) { return one(strict::matrix_transpose(call.array("x"))); },
      [](const CppCall& call) {
        return array_text(function_call("matrix_transpose", {call.array("x")}));
      });
  table.add(
      "unstack",
      [](const Call& call) {
        return many(strict::unstack(call.array("x"), call.integer("axis", 0)));
      },
      [](const CppCall& call) {
        return arrays_text(
            function_call("unstack", {call.array("x"), call.integer("axis").value_or("")}));
      });
}

void add_rearrangements(OperationTable& table) {
  table.add(
      "flip",
      [](const Call& call) { return one(strict::flip(call.array("x"), call.axes("axis"))); },
      [](const CppCall& call) {
        return array_text(function_call("flip", {call.array("x"), call.axes("axis").value_or("")}));
      });
  table.add(
      "roll",
      [](const Call& call) {
        const strict::Array& x = call.array("x");
        if (is_int(call.arguments(), "shift"))
          return one(strict::roll(x, required_integer(call, "shift"), call.axes("axis")));
        return one(strict::roll(x, required_axes(call, "shift"), call.axes("axis")));
      },
      [](const CppCall& call) {
        const std::string shift = is_int(call.arguments(), "shift")
                                      ? required_integer(call, "shift")
                                      : required_axes(call, "shift");
        return array_text(
            function_call("roll", {call.array("x"), shift, call.axes("axis").value_or("")}));
      });
  table.add(
      "repeat",
      [](const Call& call) {
        const strict::Array& x = call.array("x");
        if (is_array(call.arguments(), "repeats"))
          return one(strict::repeat(x, call.array("repeats"), call.optional_integer("axis")));
        return one(
            strict::repeat(x, required_integer(call, "repeats"), call.optional_integer("axis")));
      },
      [](const CppCall& call) {
        const std::string repeats = is_array(call.arguments(), "repeats")
                                        ? call.array("repeats")
                                        : required_integer(call, "repeats");
        return array_text(
            function_call("repeat", {call.array("x"), repeats, call.integer("axis").value_or("")}));
      });
  table.add(
      "tile",
      [](const Call& call) {
        return one(strict::tile(call.array("x"), call.shape("repetitions")));
      },
      [](const CppCall& call) {
        return array_text(function_call("tile", {call.array("x"), call.shape("repetitions")}));
      });
}

void add_utilities(OperationTable& table) {
  add_axis_functions(table, {{"all", &strict::all}, {"any", &strict::any}});
  table.add(
      "diff",
      [](const Call& call) {
        return one(strict::diff(call.array("x"), {.axis = call.integer("axis", -1),
                                                  .n = call.integer("n", 1),
                                                  .prepend = optional_array(call, "prepend"),
                                                  .append = optional_array(call, "append")}));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "diff", {call.array("x"), designated({{"axis", call.integer("axis")},
                                                  {"n", call.integer("n")},
                                                  {"prepend", optional_array(call, "prepend")},
                                                  {"append", optional_array(call, "append")}})}));
      });
}

}  // namespace

void add_manipulation(OperationTable& table) {
  add_shapes(table);
  add_rearrangements(table);
  add_utilities(table);
}

}  // namespace conformance::strict_internal
