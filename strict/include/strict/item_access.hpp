// The array object's __getitem__ and __setitem__ (spec/2024.12/API_specification/array_object.rst
// and indexing.rst), as free functions: `x[key]` is strict::getitem(x, key) and
// `x[key] = value` is strict::setitem(x, key, value). The key type is in indexing_key.hpp.
//
// What a key may be:
// - basic indexing: integers, slices, one ellipsis and (for getitem) newaxis, one item per
//   dimension unless an ellipsis stands for the rest. Fewer items than dimensions raise ("An
//   IndexError exception should be raised if the number of provided single-axis indexing
//   expressions (excluding None) is less than N"), as do more.
// - integer array indexing: a key of only integers and integer index arrays, one per dimension;
//   they broadcast together and the result has their broadcast shape ("Integer Array Indexing").
//   Combining index arrays with slices, the ellipsis or newaxis is left unspecified by the
//   standard; strict raises.
// - boolean array indexing: a boolean array as the sole index, its shape the leading dimensions
//   of x (a dimension may also be 0); the result replaces them with one dimension of the number
//   of true elements, in row-major order.
//
// Errors (strict's choices where the standard leaves the behaviour unspecified; Python would
// raise IndexError for most of these, strict raises InvalidArgumentError):
// - an integer index outside [-n, n), in the key or in an index array: InvalidArgumentError;
// - index arrays of a dtype other than an integer or bool one: DTypeError;
// - index arrays, and for setitem an array value, on another device than x:
//   DeviceMismatchError, checked before anything else. The 2024.12 text says nothing of this,
//   and the draft says "When key contains integer arrays on a device different from the device
//   of self, the behavior is unspecified and thus implementation-defined" (and the same of an
//   array value): strict raises, as for any other function of several arrays
//   (design_topics/device_support.rst: "Raise an exception if an operation involves arrays on
//   different devices").
//
// getitem with a basic key (slices, ellipsis, newaxis, integers beside them) returns a view of x,
// as NumPy does (a write through either shows in the other; strict/array.hpp); a key of integers
// only, or with an index array, returns a new array. Either has x's dtype, on x's device
// ("Preserve device assignment").
#pragma once

#include "strict/array.hpp"
#include "strict/indexing_key.hpp"
#include "strict/operand.hpp"

namespace strict {

// x[key].
Array getitem(const Array& x, const IndexKey& key);

// x[key] = value: writes into x's storage, which every handle on it sees. The value broadcasts
// to the shape of x[key] ("Must be compatible with self[key]"); x's dtype never changes.
// - A Python scalar follows "Mixing arrays with Python scalars" (type_promotion.rst): a bool only
//   into a bool array, an int into an integer (within range) or floating array, a float into a
//   floating array, a complex into a complex array; DTypeError (or InvalidArgumentError for an
//   int out of range) otherwise.
// - An array value of another dtype: the standard leaves the cast to the implementation; strict
//   accepts only a dtype that promotes to x's dtype (int8 into int32, float32 into complex64),
//   the casts an in-place operator would make, and raises DTypeError for the others.
// - newaxis is not part of __setitem__'s key ("Union[int, slice, ellipsis, Tuple[Union[int,
//   slice, ellipsis, array], ...], array]"): InvalidArgumentError.
// - Duplicate indices in an index array: the last write wins (the standard leaves the order
//   unspecified).
// Every check runs before the first write, so a raising setitem leaves x unchanged.
// Returns x, as the in-place operators do (Python's __setitem__ returns None).
Array& setitem(Array& x, const IndexKey& key, const ArrayOrScalar& value);

}  // namespace strict
