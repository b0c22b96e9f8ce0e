// Set functions of spec/2024.12/API_specification/set_functions.rst: unique_all, unique_counts,
// unique_inverse, unique_values.
//
// x may have any dtype and shape; it is flattened. Unique elements come in ascending order with
// NaNs last (the order of sort(); the standard leaves it unspecified). Uniqueness is value
// equality, as the standard's note says: every NaN (and every complex value with a NaN
// component) is distinct, with a count of one, while -0 and +0 are one element, represented by
// whichever occurs first in x. Every result is on x's device ("Preserve device assignment");
// index and count arrays have that device's default index dtype.
#pragma once

#include <vector>

#include "strict/array.hpp"
#include "strict/operand.hpp"

namespace strict {

// The standard's namedtuple (values, indices, inverse_indices, counts).
struct UniqueAllResult {
  Array values;           // 1-d, x's dtype
  Array indices;          // first occurrence in flattened x of each value
  Array inverse_indices;  // x's shape: the index into values of each element
  Array counts;           // occurrences of each value
  // The fields in the namedtuple's order.
  std::vector<Array> arrays() const { return {values, indices, inverse_indices, counts}; }
};

// The standard's namedtuple (values, counts).
struct UniqueCountsResult {
  Array values;
  Array counts;
  std::vector<Array> arrays() const { return {values, counts}; }
};

// The standard's namedtuple (values, inverse_indices).
struct UniqueInverseResult {
  Array values;
  Array inverse_indices;
  std::vector<Array> arrays() const { return {values, inverse_indices}; }
};

UniqueAllResult unique_all(const Array& x);
UniqueCountsResult unique_counts(const Array& x);
UniqueInverseResult unique_inverse(const Array& x);
Array unique_values(const Array& x);

// set_functions.py (2025.12), isin: "Tests for each element in x1 whether the element is in x2",
// by value equality. The result is bool, x1's shape (0-d for a Python int x1), on the arrays'
// device: arrays on two devices raise DeviceMismatchError. x2 is a set of values, not broadcast.
// "At least one of x1 or x2 must be an array" (InvalidArgumentError otherwise). x1 and x2
// "Should have an integer data type" and the signature takes `Union[array, int]`: strict raises
// DTypeError for bool, floating-point and complex arrays and for Python scalars other than int (as
// array-api-strict does), and for two integer dtypes without a promotion (uint64 with a signed
// one: "Comparison of arrays without a corresponding promotable data type ... is unspecified");
// an int outside the array's dtype raises InvalidArgumentError, as everywhere.
struct IsinOptions {
  bool invert = false;  // test whether each element is *not* in x2
};
Array isin(const ArrayOrScalar& x1, const ArrayOrScalar& x2, IsinOptions options = {});

}  // namespace strict
