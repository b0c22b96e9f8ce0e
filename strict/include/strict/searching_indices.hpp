// Searching functions of spec/2024.12/API_specification/searching_functions.rst that return
// indices or counts: argmax, argmin, count_nonzero, nonzero, searchsorted (where is in
// searching.hpp).
//
// Every result is on the device of the input arrays ("Preserve device assignment") and has that
// device's default index dtype (`device.spec().default_dtypes.indexing`, the standard's "default
// array index data type"). Functions of two or more arrays raise DeviceMismatchError when they
// are on different devices, before anything else.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "strict/array.hpp"
#include "strict/operand.hpp"
#include "strict/statistical.hpp"

namespace strict {

// argmax and argmin: one axis, or None for the flattened array.
struct ArgExtremumOptions {
  std::optional<std::int64_t> axis = std::nullopt;
  bool keepdims = false;
};

// The index of the first maximum (minimum) along `axis`, or of the flattened array when axis is
// None (a 0-d result, or all ones with keepdims). Real-valued dtypes (DTypeError otherwise). A
// NaN counts as the extreme value, as in max() and min(), so the first NaN's index is returned.
// Searching zero elements raises InvalidArgumentError.
Array argmax(const Array& x, const ArgExtremumOptions& options = {});
Array argmin(const Array& x, const ArgExtremumOptions& options = {});

// The number of non-zero elements over `axis` (every axis when None). Any dtype: a complex
// element is non-zero when either component is, a bool when it is true, and NaN is non-zero.
Array count_nonzero(const Array& x, const AxisOptions& options = {});

// One index array per dimension of x, with the indices of its non-zero elements in C order. x
// must have at least one dimension (InvalidArgumentError for a 0-d x: "If x is
// zero-dimensional, the function must raise an exception").
std::vector<Array> nonzero(const Array& x);

enum class Side { left, right };

struct SearchsortedOptions {
  Side side = Side::left;
  std::optional<Array> sorter = std::nullopt;  // indices that sort x1 ascending
};

// For each element v of x2, the index at which inserting v keeps x1 ascending: side left gives
// the first i with v <= x1[i], side right the first i with v < x1[i] (x1 read through `sorter`
// when given). x1 must be one-dimensional and x1, x2 real-valued (any two real dtypes: values are
// compared exactly). strict checks the precondition "must be sorted in ascending order" and
// raises InvalidArgumentError when x1 (through sorter) is not, in the order sort() uses (NaNs
// last). sorter must be an integer array of x1's shape with indices in range. x1, x2 and sorter
// must share one device. x2 may be a Python int or float (2025.12: "x2: Union[array, int,
// float]"), giving a 0-d result; a bool or complex scalar raises DTypeError.
Array searchsorted(const Array& x1, const ArrayOrScalar& x2,
                   const SearchsortedOptions& options = {});

}  // namespace strict
