// argmax, argmin, count_nonzero, nonzero, searchsorted, isin, unique_*, argsort, sort, take,
// take_along_axis: each strict call and its C++ text.
#include <strict/indexing.hpp>
#include <strict/searching_indices.hpp>
#include <strict/set.hpp>
#include <strict/sorting.hpp>

#include <optional>
#include <string>
#include <utility>

#include "strict_operation_table.hpp"

namespace conformance::strict_internal {

namespace {

void add_searching(OperationTable& table) {
  // argmax and argmin take one axis, count_nonzero an int or a tuple of them.
  using ArgExtremum = strict::Array (*)(const strict::Array&, const strict::ArgExtremumOptions&);
  const std::pair<const char*, ArgExtremum> arg_extrema[] = {{"argmax", &strict::argmax},
                                                             {"argmin", &strict::argmin}};
  for (const auto& [name, function] : arg_extrema) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.optional_integer("axis"),
                                                .keepdims = call.boolean("keepdims", false)}));
        },
        [name](const CppCall& call) {
          const auto axis = call.integer("axis");
          return array_text(function_call(
              name, {call.array("x"),
                     designated({{"axis", axis}, {"keepdims", call.boolean("keepdims")}})}));
        });
  }
  table.add(
      "count_nonzero",
      [](const Call& call) {
        return one(strict::count_nonzero(
            call.array("x"),
            {.axis = call.axes("axis"), .keepdims = call.boolean("keepdims", false)}));
      },
      [](const CppCall& call) {
        const auto axis = call.axes("axis");
        return array_text(
            function_call("count_nonzero",
                          {call.array("x"),
                           designated({{"axis", axis}, {"keepdims", call.boolean("keepdims")}})}));
      });
  table.add(
      "nonzero", [](const Call& call) { return many(strict::nonzero(call.array("x"))); },
      [](const CppCall& call) { return arrays_text(function_call("nonzero", {call.array("x")})); });
  table.add(
      "searchsorted",
      [](const Call& call) {
        // side= is a string, which programs cannot carry: only the default 'left' is reachable.
        if (call.given("side")) throw Unsupported("side= has no program value kind");
        std::optional<strict::Array> sorter;
        if (call.given("sorter")) sorter = call.array("sorter");
        return one(strict::searchsorted(call.array("x1"), call.array("x2"), {.sorter = sorter}));
      },
      [](const CppCall& call) {
        if (call.given("side")) throw Unsupported("side= has no program value kind");
        const std::optional<std::string> sorter =
            call.given("sorter") ? std::optional<std::string>(call.array("sorter")) : std::nullopt;
        return array_text(function_call("searchsorted", {call.array("x1"), call.array("x2"),
                                                         designated({{"sorter", sorter}})}));
      });
}

void add_set(OperationTable& table) {
  table.add(
      "isin",
      [](const Call& call) {
        return one(strict::isin(call.operand("x1"), call.operand("x2"),
                                {.invert = call.boolean("invert", false)}));
      },
      [](const CppCall& call) {
        return array_text(
            function_call("isin", {call.operand("x1"), call.operand("x2"),
                                   designated({{"invert", call.boolean("invert")}})}));
      });
  // unique_all, unique_counts and unique_inverse return the standard's namedtuple as a struct;
  // arrays() lists its fields in the namedtuple's order.
  table.add(
      "unique_all",
      [](const Call& call) { return many(strict::unique_all(call.array("x")).arrays()); },
      [](const CppCall& call) {
        return arrays_text(function_call("unique_all", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "unique_counts",
      [](const Call& call) { return many(strict::unique_counts(call.array("x")).arrays()); },
      [](const CppCall& call) {
        return arrays_text(function_call("unique_counts", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "unique_inverse",
      [](const Call& call) { return many(strict::unique_inverse(call.array("x")).arrays()); },
      [](const CppCall& call) {
        return arrays_text(function_call("unique_inverse", {call.array("x")}) + ".arrays()");
      });
  table.add(
      "unique_values", [](const Call& call) { return one(strict::unique_values(call.array("x"))); },
      [](const CppCall& call) {
        return array_text(function_call("unique_values", {call.array("x")}));
      });
}

void add_sorting_and_indexing(OperationTable& table) {
  using Sort = strict::Array (*)(const strict::Array&, const strict::SortOptions&);
  const std::pair<const char*, Sort> sorts[] = {{"argsort", &strict::argsort},
                                                {"sort", &strict::sort}};
  for (const auto& [name, function] : sorts) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.integer("axis", -1),
                                                .descending = call.boolean("descending", false),
                                                .stable = call.boolean("stable", true)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.integer("axis")},
                                                  {"descending", call.boolean("descending")},
                                                  {"stable", call.boolean("stable")}})}));
        });
  }
  table.add(
      "take",
      [](const Call& call) {
        return one(strict::take(call.array("x"), call.array("indices"),
                                {.axis = call.optional_integer("axis")}));
      },
      [](const CppCall& call) {
        return array_text(function_call("take", {call.array("x"), call.array("indices"),
                                                 designated({{"axis", call.integer("axis")}})}));
      });
  table.add(
      "take_along_axis",
      [](const Call& call) {
        return one(strict::take_along_axis(call.array("x"), call.array("indices"),
                                           {.axis = call.integer("axis", -1)}));
      },
      [](const CppCall& call) {
        return array_text(
            function_call("take_along_axis", {call.array("x"), call.array("indices"),
                                              designated({{"axis", call.integer("axis")}})}));
      });
}

}  // namespace

void add_searching_sorting(OperationTable& table) {
  add_searching(table);
  add_set(table);
  add_sorting_and_indexing(table);
}

}  // namespace conformance::strict_internal
