// Small builders of hand-written programs for the harness's tests.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "conformance/program.hpp"

namespace conformance::testing {

inline Step step(std::string op, std::vector<Value> args, std::vector<Keyword> kwargs = {}) {
  return Step{.op = std::move(op), .args = std::move(args), .kwargs = std::move(kwargs)};
}

// asarray(values, dtype=, device=devices[device]), one-dimensional.
inline Step array_on(int device, std::vector<double> values, std::string dtype = "float64") {
  const auto size = static_cast<std::int64_t>(values.size());
  return step("asarray", {Data{.values = std::move(values), .shape = {size}}},
              {{.name = "dtype", .value = DTypeName{std::move(dtype)}},
               {.name = "device", .value = DeviceIndex{device}}});
}

// zeros(shape, device=devices[device]).
inline Step zeros_on(int device, std::vector<std::int64_t> shape) {
  return step("zeros", {IntTuple{std::move(shape)}},
              {{.name = "device", .value = DeviceIndex{device}}});
}

// The steps of a counterexample that call the library: harness.observe only re-reads an array.
inline std::size_t library_steps(const Program& program) {
  return static_cast<std::size_t>(
      std::count_if(program.steps.begin(), program.steps.end(),
                    [](const Step& step) { return step.op != harness_op::observe; }));
}

}  // namespace conformance::testing
