// Creation functions of spec/2024.12/API_specification/creation_functions.rst.
//
// Keyword arguments are option structs, filled with designated initialisers:
//   strict::zeros({2, 3}, {.dtype = strict::float32, .device = strict::Device("device1")});
//   strict::asarray({{1, 2}, {3, 4}}, {.device = strict::Device("device2")});
// With no device=, a function without input arrays uses default_device(); the *_like functions,
// asarray of an array, from_dlpack, and tril/triu/meshgrid use the device of their input.
// With no dtype=, a function picks the default dtype *of the device it chose* (default dtypes may
// vary by device: spec/2024.12/API_specification/data_types.rst, "Default data types").
// The trailing source_location records where the caller chose the device (see provenance.hpp).
#pragma once

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <source_location>
#include <span>
#include <string_view>
#include <vector>

#include "strict/array.hpp"

namespace strict {

// The = std::nullopt initialisers let callers name only the fields they set without
// -Wmissing-field-initializers warnings.
struct CreationOptions {
  // None: the default dtype of the right kind of the device the array lands on.
  std::optional<DType> dtype = std::nullopt;
  // None: see the precedence in default_device.hpp.
  std::optional<Device> device = std::nullopt;
};

struct AsarrayOptions {
  // None: obj's dtype, or inferred from literal data.
  std::optional<DType> dtype = std::nullopt;
  // None: obj's device, or default_device() for literal data.
  std::optional<Device> device = std::nullopt;
  // True: always copy; False: never copy (raise if a copy is needed); None: copy only if needed.
  std::optional<bool> copy = std::nullopt;
};

struct EyeOptions {
  std::int64_t k = 0;  // index of the diagonal: 0 main, > 0 upper, < 0 lower
  std::optional<DType> dtype = std::nullopt;
  std::optional<Device> device = std::nullopt;
};

struct LinspaceOptions {
  // Should be floating. None: default complex floating if start or stop is complex, else default
  // real floating.
  std::optional<DType> dtype = std::nullopt;
  std::optional<Device> device = std::nullopt;
  bool endpoint = true;  // whether `stop` is the last element
};

struct FromDlpackOptions {
  // None: x's device.
  std::optional<Device> device = std::nullopt;
  // True: always copy; False: never copy (raise if a copy is needed); None: copy only if needed.
  std::optional<bool> copy = std::nullopt;
};

struct MeshgridOptions {
  std::string_view indexing = "xy";  // "xy" (Cartesian) or "ij" (matrix)
};

// An integer standing for the 1-D shape (n,), as Python's `zeros(3)`; bool is not one.
template <class N>
concept ShapeExtent = std::integral<N> && !std::same_as<N, bool>;

// A C++ value that is a Python scalar: bool, an integer, a floating or complex number, a Scalar.
template <class T>
concept ScalarLike = std::constructible_from<Scalar, T>;

// Literal array data, as Python's nested lists: a scalar, or a list of NestedSequences.
//   NestedSequence data = {{1.0, 2.0}, {3.0, 4.0}};
class NestedSequence {
 public:
  template <ScalarLike T>
  NestedSequence(T value) : scalar_(Scalar(value)) {}  // NOLINT: implicit, like a literal
  NestedSequence(std::initializer_list<NestedSequence> items) : items_(items) {}  // NOLINT
  explicit NestedSequence(std::vector<NestedSequence> items) : items_(std::move(items)) {}

  bool is_scalar() const { return scalar_.has_value(); }
  const Scalar& scalar() const { return *scalar_; }
  const std::vector<NestedSequence>& items() const { return items_; }

 private:
  std::optional<Scalar> scalar_;
  std::vector<NestedSequence> items_;
};

// -- New arrays from a shape ------------------------------------------------------------------
// A negative extent raises InvalidArgumentError; a dtype the device cannot hold,
// UnsupportedDTypeError. An integer n stands for the shape (n,), as in Python.

Array empty(const Shape& shape, CreationOptions options = {},
            const std::source_location& location = std::source_location::current());
Array zeros(const Shape& shape, CreationOptions options = {},
            const std::source_location& location = std::source_location::current());
Array ones(const Shape& shape, CreationOptions options = {},
           const std::source_location& location = std::source_location::current());
// dtype=None: inferred from fill_value (bool -> bool, int -> default integral, float -> default
// real floating, complex -> default complex floating, all of the chosen device).
Array full(const Shape& shape, Scalar fill_value, CreationOptions options = {},
           const std::source_location& location = std::source_location::current());

template <ShapeExtent N>
Array empty(N n, CreationOptions options = {},
            const std::source_location& location = std::source_location::current()) {
  return empty(Shape{static_cast<std::int64_t>(n)}, options, location);
}
template <ShapeExtent N>
Array zeros(N n, CreationOptions options = {},
            const std::source_location& location = std::source_location::current()) {
  return zeros(Shape{static_cast<std::int64_t>(n)}, options, location);
}
template <ShapeExtent N>
Array ones(N n, CreationOptions options = {},
           const std::source_location& location = std::source_location::current()) {
  return ones(Shape{static_cast<std::int64_t>(n)}, options, location);
}
template <ShapeExtent N>
Array full(N n, Scalar fill_value, CreationOptions options = {},
           const std::source_location& location = std::source_location::current()) {
  return full(Shape{static_cast<std::int64_t>(n)}, fill_value, options, location);
}

// -- New arrays shaped like another -----------------------------------------------------------
// dtype=None: x's dtype. device=None: x's device (creation_functions.rst, *_like: "If device is
// None, the output array device must be inferred from x").

Array empty_like(const Array& x, CreationOptions options = {},
                 const std::source_location& location = std::source_location::current());
Array zeros_like(const Array& x, CreationOptions options = {},
                 const std::source_location& location = std::source_location::current());
Array ones_like(const Array& x, CreationOptions options = {},
                const std::source_location& location = std::source_location::current());
Array full_like(const Array& x, Scalar fill_value, CreationOptions options = {},
                const std::source_location& location = std::source_location::current());

// -- Ranges and matrices ------------------------------------------------------------------------

// Values in [0, stop), [start, stop) stepping by `step` (int or float; step 0 raises
// InvalidArgumentError). dtype=None: default integral if every argument is an int, else default
// real floating.
Array arange(Scalar stop, CreationOptions options = {},
             const std::source_location& location = std::source_location::current());
Array arange(Scalar start, Scalar stop, CreationOptions options = {},
             const std::source_location& location = std::source_location::current());
// The general form; `stop` None (std::nullopt) means the range [0, start), as in Python.
Array arange(Scalar start, std::optional<Scalar> stop, Scalar step, CreationOptions options = {},
             const std::source_location& location = std::source_location::current());

// `num` evenly spaced values from `start` to `stop` (included when endpoint). start/stop may be
// complex; dtype=None: default complex floating if either is complex, else default real floating.
Array linspace(Scalar start, Scalar stop, std::int64_t num, LinspaceOptions options = {},
               const std::source_location& location = std::source_location::current());

// A 2-D array with ones on the k-th diagonal. n_cols None: n_rows. dtype=None: default real
// floating.  eye(3), eye(2, 4), eye(3, {}, {.k = 1}).
Array eye(std::int64_t n_rows, std::optional<std::int64_t> n_cols = std::nullopt,
          EyeOptions options = {},
          const std::source_location& location = std::source_location::current());

// The lower (tril) or upper (triu) triangle of each matrix in the last two axes of x (ndim >= 2),
// the rest zeroed; on x's device.
Array tril(const Array& x, std::int64_t k = 0);
Array triu(const Array& x, std::int64_t k = 0);

// Coordinate matrices from 1-D arrays of one numeric dtype, all on one device (else
// DeviceMismatchError), the results on that device.
std::vector<Array> meshgrid(const std::vector<Array>& arrays, MeshgridOptions options = {});

// -- Arrays from data ---------------------------------------------------------------------------
// copy=False where a copy is necessary raises InvalidArgumentError (creation_functions.rst,
// asarray: "must raise a ValueError in case a copy would be necessary").

// From an array: device=None keeps obj's device ("If device is None and obj is an array, the
// output array device must be inferred from obj"); another device copies there, counted as a
// transfer. Without a copy the result shares obj's storage.
Array asarray(const Array& obj, AsarrayOptions options = {},
              const std::source_location& location = std::source_location::current());
// From a Python scalar (bool, integer, floating, complex, or a Scalar): a 0-d array; dtype=None
// as for full(). A template so that a braced list, `asarray({1.5})`, means a 1-element sequence.
namespace detail {
Array asarray_from_scalar(const Scalar& obj, const AsarrayOptions& options,
                          const std::source_location& location);
}  // namespace detail
template <ScalarLike T>
Array asarray(T obj, AsarrayOptions options = {},
              const std::source_location& location = std::source_location::current()) {
  return detail::asarray_from_scalar(Scalar(obj), options, location);
}
// From nested literal data (a ragged nesting raises InvalidArgumentError). dtype=None: all bool
// -> bool; else all int or bool -> default integral; any float -> default real floating; any
// complex -> default complex floating (of the chosen device).
Array asarray(const NestedSequence& obj, AsarrayOptions options = {},
              const std::source_location& location = std::source_location::current());
// From flat data in C order with a shape (for harnesses); dtype=None as for nested data.
Array asarray(std::span<const Scalar> values, const Shape& shape, AsarrayOptions options = {},
              const std::source_location& location = std::source_location::current());

// From host memory another library owns, copied (a binding's import of a buffer it cannot share):
// `first` is the element at index 0, `byte_strides` step each dimension, the elements are of
// `dtype`, and the new array is placed as literal data is (device=, else the default device).
// Element for element, without the 24-byte Scalar of the flat-data overload above.
Array asarray_from_host_elements(
    const std::byte* first, const Shape& shape, std::span<const std::int64_t> byte_strides,
    DType dtype, AsarrayOptions options = {},
    const std::source_location& location = std::source_location::current());

// From a DLPack producer, in C++ a strict Array. device=None: x's device (see creation.cpp).
// device != x's device: copy=False raises BufferError, else a copy counted as a transfer.
// copy=True always makes a new buffer; otherwise the result shares x's storage.
Array from_dlpack(const Array& x, FromDlpackOptions options = {},
                  const std::source_location& location = std::source_location::current());

}  // namespace strict
