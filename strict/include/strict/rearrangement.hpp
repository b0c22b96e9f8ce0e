// Functions that reorder or repeat an array's elements, from
// spec/2024.12/API_specification/manipulation_functions.rst: flip, roll, repeat, tile.
//
// flip returns a view of x, as NumPy's does (strict/array.hpp); roll, repeat and tile return new
// arrays. Every result has x's dtype, on x's device ("Preserve device assignment").
// Negative axes count from the last dimension; an axis out of range raises InvalidArgumentError.
#pragma once

#include <cstdint>
#include <optional>

#include "strict/array.hpp"
#include "strict/statistical.hpp"  // Axes

namespace strict {

// x with the order of its elements reversed along `axis` (every axis when std::nullopt, the
// standard's None). An axis named twice raises InvalidArgumentError.
Array flip(const Array& x, std::optional<Axes> axis = std::nullopt);

// x with its elements shifted by `shift` places along `axis` (towards larger indices when
// positive), wrapping around. axis=std::nullopt (None) rolls the flattened array and restores the
// shape. With axes, `shift` holds one shift per axis, or one shift for all of them; an axis named
// twice is rolled by the sum of its shifts, as NumPy does (the standard is silent).
Array roll(const Array& x, const Axes& shift, std::optional<Axes> axis = std::nullopt);
Array roll(const Array& x, std::int64_t shift, std::optional<Axes> axis = std::nullopt);

// Each element of x repeated `repeats` times (>= 0) along `axis`; axis=std::nullopt (None)
// flattens x first (C order) and returns a 1-d array.
Array repeat(const Array& x, std::int64_t repeats, std::optional<std::int64_t> axis = std::nullopt);
// Element i repeated repeats[i] times: `repeats` has an integer dtype (DTypeError otherwise), is
// on x's device (DeviceMismatchError naming "x" and "repeats" otherwise, checked first:
// spec/2024.12/design_topics/device_support.rst, "Raise an exception if an operation involves
// arrays on different devices") and has shape (1,) or (length,), where length is x.shape()[axis]
// or, for axis=None, x.size() (the standard: "broadcast compatible with the shape (N,)"; strict
// also takes a 0-d array, which broadcasts too). Negative counts raise InvalidArgumentError.
Array repeat(const Array& x, const Array& repeats, std::optional<std::int64_t> axis = std::nullopt);

// x repeated repetitions[d] times (>= 0) along each dimension d. The shorter of x.shape() and
// `repetitions` is padded with leading ones, as the standard says.
Array tile(const Array& x, const Shape& repetitions);

}  // namespace strict
