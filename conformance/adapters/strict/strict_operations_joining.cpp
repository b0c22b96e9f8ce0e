// The functions of several arrays or of a whole array's layout: matmul, concat, stack, reshape;
// each strict call and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {

void add_joining(OperationTable& table) {
  table.add(
      "matmul",
      [](const Call& call) { return one(strict::matmul(call.array("x1"), call.array("x2"))); },
      [](const CppCall& call) {
        return array_text(function_call("matmul", {call.array("x1"), call.array("x2")}));
      });
  // axis left out means 0 (strict's default too); axis=None means flatten first.
  table.add(
      "concat",
      [](const Call& call) {
        const bool axis_left_out = call.arguments().find("axis") == nullptr;
        const std::optional<std::int64_t> axis =
            axis_left_out ? std::optional<std::int64_t>(0) : call.optional_integer("axis");
        return one(strict::concat(call.arrays("arrays"), axis));
      },
      [](const CppCall& call) {
        const bool axis_left_out = call.arguments().find("axis") == nullptr;
        return array_text(function_call(
            "concat",
            {call.arrays("arrays"), axis_left_out ? "" : or_nullopt(call.integer("axis"))}));
      });
  table.add(
      "stack",
      [](const Call& call) {
        return one(strict::stack(call.arrays("arrays"), call.integer("axis", 0)));
      },
      [](const CppCall& call) {
        return array_text(
            function_call("stack", {call.arrays("arrays"), call.integer("axis").value_or("")}));
      });
  table.add(
      "reshape",
      [](const Call& call) {
        return one(
            strict::reshape(call.array("x"), call.shape("shape"), call.optional_boolean("copy")));
      },
      [](const CppCall& call) {
        return array_text(function_call(
            "reshape", {call.array("x"), call.shape("shape"), call.boolean("copy").value_or("")}));
      });
}

}  // namespace conformance::strict_internal
