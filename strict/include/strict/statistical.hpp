// Statistical functions of spec/2024.12/API_specification/statistical_functions.rst.
//
// Keyword arguments are option structs, filled with designated initialisers:
//   strict::sum(x, {.axis = strict::Axes{0, -1}, .keepdims = true, .dtype = strict::int64});
// Every result is on the device of `x` (the standard's "Preserve device assignment"), with a
// dtype that device supports (UnsupportedDTypeError otherwise).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "strict/array.hpp"

namespace strict {

// An `axis` argument of Python type Union[int, Tuple[int, ...]]: one axis is a list of one.
// Negative axes count from the last dimension; an axis out of range or named twice raises
// InvalidArgumentError.
using Axes = std::vector<std::int64_t>;

// max, min and mean: `axis=None` reduces over every axis.
struct AxisOptions {
  std::optional<Axes> axis = std::nullopt;
  bool keepdims = false;
};

// sum and prod. dtype=None: x's dtype, except that an integer dtype narrower than the default
// integer dtype of x's device widens to it (or to the unsigned integer dtype of its size).
struct ReductionOptions {
  std::optional<Axes> axis = std::nullopt;
  bool keepdims = false;
  std::optional<DType> dtype = std::nullopt;
};

// std and var: the divisor is N - correction.
struct VarianceOptions {
  std::optional<Axes> axis = std::nullopt;
  double correction = 0.0;
  bool keepdims = false;
};

// cumulative_sum and cumulative_prod: `axis` may be omitted only for a 1-d array.
struct CumulativeOptions {
  std::optional<std::int64_t> axis = std::nullopt;
  std::optional<DType> dtype = std::nullopt;  // as in ReductionOptions
  bool include_initial = false;
};

// Real-valued dtypes (DTypeError otherwise). A reduction over zero elements raises
// InvalidArgumentError, since max and min have no identity.
Array max(const Array& x, const AxisOptions& options = {});
Array min(const Array& x, const AxisOptions& options = {});

// Floating-point dtypes, real or complex (2024.12). The mean of zero elements is NaN.
Array mean(const Array& x, const AxisOptions& options = {});

// Numeric dtypes. The empty sum is 0 and the empty product 1.
Array sum(const Array& x, const ReductionOptions& options = {});
Array prod(const Array& x, const ReductionOptions& options = {});

// Real-valued floating-point dtypes. NaN where N - correction <= 0.
Array std(const Array& x, const VarianceOptions& options = {});
Array var(const Array& x, const VarianceOptions& options = {});

// Numeric dtypes. include_initial prepends the identity (0 or 1) along `axis`.
Array cumulative_sum(const Array& x, const CumulativeOptions& options = {});
Array cumulative_prod(const Array& x, const CumulativeOptions& options = {});

}  // namespace strict
