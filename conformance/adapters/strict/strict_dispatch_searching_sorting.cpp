// Handlers for argmax, argmin, count_nonzero, nonzero, searchsorted, unique_*, argsort, sort,
// take, take_along_axis (issue #4).
#include <strict/indexing.hpp>
#include <strict/searching_indices.hpp>
#include <strict/set.hpp>
#include <strict/sorting.hpp>

#include "strict_handler_table.hpp"

namespace conformance::strict_internal {

namespace {

void add_searching(HandlerTable& table) {
  using ArgExtremum = strict::Array (*)(const strict::Array&, const strict::ArgExtremumOptions&);
  const std::pair<const char*, ArgExtremum> arg_extrema[] = {{"argmax", &strict::argmax},
                                                             {"argmin", &strict::argmin}};
  for (const auto& [name, function] : arg_extrema) {
    table[name] = [function](const Call& call) {
      return one(function(call.array("x"), {.axis = call.optional_integer("axis"),
                                            .keepdims = call.boolean("keepdims", false)}));
    };
  }
  table["count_nonzero"] = [](const Call& call) {
    return one(strict::count_nonzero(
        call.array("x"), {.axis = call.axes("axis"), .keepdims = call.boolean("keepdims", false)}));
  };
  table["nonzero"] = [](const Call& call) { return many(strict::nonzero(call.array("x"))); };
  table["searchsorted"] = [](const Call& call) {
    // side= is a string, which programs cannot carry: only the default 'left' is reachable.
    if (call.given("side")) throw Unsupported("side= has no program value kind");
    std::optional<strict::Array> sorter;
    if (call.given("sorter")) sorter = call.array("sorter");
    return one(strict::searchsorted(call.array("x1"), call.array("x2"), {.sorter = sorter}));
  };
}

void add_set(HandlerTable& table) {
  table["isin"] = [](const Call& call) {
    return one(strict::isin(call.operand("x1"), call.operand("x2"),
                            {.invert = call.boolean("invert", false)}));
  };
  table["unique_all"] = [](const Call& call) {
    return many(strict::unique_all(call.array("x")).arrays());
  };
  table["unique_counts"] = [](const Call& call) {
    return many(strict::unique_counts(call.array("x")).arrays());
  };
  table["unique_inverse"] = [](const Call& call) {
    return many(strict::unique_inverse(call.array("x")).arrays());
  };
  table["unique_values"] = [](const Call& call) {
    return one(strict::unique_values(call.array("x")));
  };
}

void add_sorting_and_indexing(HandlerTable& table) {
  using Sort = strict::Array (*)(const strict::Array&, const strict::SortOptions&);
  const std::pair<const char*, Sort> sorts[] = {{"argsort", &strict::argsort},
                                                {"sort", &strict::sort}};
  for (const auto& [name, function] : sorts) {
    table[name] = [function](const Call& call) {
      return one(function(call.array("x"), {.axis = call.integer("axis", -1),
                                            .descending = call.boolean("descending", false),
                                            .stable = call.boolean("stable", true)}));
    };
  }
  table["take"] = [](const Call& call) {
    return one(strict::take(call.array("x"), call.array("indices"),
                            {.axis = call.optional_integer("axis")}));
  };
  table["take_along_axis"] = [](const Call& call) {
    return one(strict::take_along_axis(call.array("x"), call.array("indices"),
                                       {.axis = call.integer("axis", -1)}));
  };
}

}  // namespace

void add_searching_sorting_handlers(HandlerTable& table) {
  add_searching(table);
  add_set(table);
  add_sorting_and_indexing(table);
}

}  // namespace conformance::strict_internal
