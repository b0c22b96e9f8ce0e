// The statistical functions: each strict call and its C++ text.
#include <fmt/format.h>

#include <functional>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "strict_arguments.hpp"
#include "strict_operation_table.hpp"
#include "strict_values.hpp"

namespace conformance::strict_internal {

void add_statistical(OperationTable& table) {
  add_axis_functions(table,
                     {{"max", &strict::max}, {"mean", &strict::mean}, {"min", &strict::min}});
  using Sum = strict::Array (*)(const strict::Array&, const strict::ReductionOptions&);
  const std::pair<const char*, Sum> sums[] = {{"prod", &strict::prod}, {"sum", &strict::sum}};
  for (const auto& [name, function] : sums) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.axes("axis"),
                                                .keepdims = call.boolean("keepdims", false),
                                                .dtype = call.dtype()}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                  {"keepdims", call.boolean("keepdims")},
                                                  {"dtype", call.dtype()}})}));
        });
  }
  using Spread = strict::Array (*)(const strict::Array&, const strict::VarianceOptions&);
  const std::pair<const char*, Spread> spreads[] = {{"std", &strict::std}, {"var", &strict::var}};
  for (const auto& [name, function] : spreads) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"), {.axis = call.axes("axis"),
                                                .correction = call.number("correction", 0.0),
                                                .keepdims = call.boolean("keepdims", false)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"), designated({{"axis", call.axes("axis")},
                                                  {"correction", call.number("correction")},
                                                  {"keepdims", call.boolean("keepdims")}})}));
        });
  }
  using Cumulative = strict::Array (*)(const strict::Array&, const strict::CumulativeOptions&);
  const std::pair<const char*, Cumulative> cumulative[] = {
      {"cumulative_prod", &strict::cumulative_prod}, {"cumulative_sum", &strict::cumulative_sum}};
  for (const auto& [name, function] : cumulative) {
    table.add(
        name,
        [function](const Call& call) {
          return one(function(call.array("x"),
                              {.axis = call.optional_integer("axis"),
                               .dtype = call.dtype(),
                               .include_initial = call.boolean("include_initial", false)}));
        },
        [name](const CppCall& call) {
          return array_text(function_call(
              name, {call.array("x"),
                     designated({{"axis", call.integer("axis")},
                                 {"dtype", call.dtype()},
                                 {"include_initial", call.boolean("include_initial")}})}));
        });
  }
}

}  // namespace conformance::strict_internal
