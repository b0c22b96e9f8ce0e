// Reproduction writers for argmax, argmin, count_nonzero, nonzero, searchsorted, unique_*, argsort,
// sort, take, take_along_axis (issue #4).
#include "strict_writer_table.hpp"

namespace conformance::strict_internal {

namespace {

void add_searching(WriterTable& table) {
  for (const char* name : {"argmax", "argmin", "count_nonzero"}) {
    table[name] = [name](const CppCall& call) {
      // argmax and argmin take one axis, count_nonzero an int or a tuple of them.
      const auto axis =
          std::string_view(name) == "count_nonzero" ? call.axes("axis") : call.integer("axis");
      return array(function_call(
          name,
          {call.array("x"), designated({{"axis", axis}, {"keepdims", call.boolean("keepdims")}})}));
    };
  }
  table["nonzero"] = [](const CppCall& call) {
    return arrays(function_call("nonzero", {call.array("x")}));
  };
  table["searchsorted"] = [](const CppCall& call) {
    if (call.given("side")) throw Unsupported("side= has no program value kind");
    const std::optional<std::string> sorter =
        call.given("sorter") ? std::optional<std::string>(call.array("sorter")) : std::nullopt;
    return array(function_call(
        "searchsorted", {call.array("x1"), call.array("x2"), designated({{"sorter", sorter}})}));
  };
}

void add_set(WriterTable& table) {
  table["isin"] = [](const CppCall& call) {
    return array(function_call("isin", {call.operand("x1"), call.operand("x2"),
                                        designated({{"invert", call.boolean("invert")}})}));
  };
  // unique_all, unique_counts and unique_inverse return the standard's namedtuple as a struct;
  // arrays() lists its fields in the namedtuple's order.
  for (const char* name : {"unique_all", "unique_counts", "unique_inverse"}) {
    table[name] = [name](const CppCall& call) {
      return arrays(function_call(name, {call.array("x")}) + ".arrays()");
    };
  }
  table["unique_values"] = [](const CppCall& call) {
    return array(function_call("unique_values", {call.array("x")}));
  };
}

void add_sorting_and_indexing(WriterTable& table) {
  for (const char* name : {"argsort", "sort"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(
          name, {call.array("x"), designated({{"axis", call.integer("axis")},
                                              {"descending", call.boolean("descending")},
                                              {"stable", call.boolean("stable")}})}));
    };
  }
  for (const char* name : {"take", "take_along_axis"}) {
    table[name] = [name](const CppCall& call) {
      return array(function_call(name, {call.array("x"), call.array("indices"),
                                        designated({{"axis", call.integer("axis")}})}));
    };
  }
}

}  // namespace

void add_searching_sorting_writers(WriterTable& table) {
  add_searching(table);
  add_set(table);
  add_sorting_and_indexing(table);
}

}  // namespace conformance::strict_internal
