// broadcast_arrays, broadcast_to, expand_dims, squeeze, moveaxis, permute_dims, matrix_transpose
// and unstack: each is a copy of x's elements read through other strides.
#include "strict/shape_manipulation.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "internal/axes.hpp"
#include "internal/broadcast.hpp"
#include "internal/element_gather.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

// x's elements in a new shape of the same size, in the same (C) order.
Array copy_as(std::string_view function, const Array& x, const Shape& shape) {
  return internal::gather_elements(function, x, shape,
                                   [](const Shape&, std::int64_t flat) { return flat; });
}

// x broadcast to `shape`, which the caller has checked x broadcasts to.
Array broadcast_copy(std::string_view function, const Array& x, const Shape& shape) {
  return internal::gather_strided(function, x, shape,
                                  internal::broadcast_strides(x.shape(), shape));
}

// x with axis d of the result being axis order[d] of x; `order` is a permutation of x's axes.
Array permuted(std::string_view function, const Array& x, const std::vector<std::int64_t>& order) {
  const Shape strides = internal::contiguous_strides(x.shape());
  Shape shape;
  Shape permuted_strides;
  for (const std::int64_t axis : order) {
    shape.push_back(x.shape()[static_cast<std::size_t>(axis)]);
    permuted_strides.push_back(strides[static_cast<std::size_t>(axis)]);
  }
  return internal::gather_strided(function, x, shape, permuted_strides);
}

// Each axis of `axes` normalised into [0, ndim); an axis named twice raises.
std::vector<std::int64_t> distinct_axes(std::string_view function, std::string_view parameter,
                                        const Axes& axes, std::int64_t ndim) {
  std::vector<std::int64_t> normalized;
  for (const std::int64_t axis : axes) {
    const std::int64_t a = internal::normalize_axis(function, axis, ndim, parameter);
    if (std::find(normalized.begin(), normalized.end(), a) != normalized.end()) {
      throw InvalidArgumentError(fmt::format("{}(): {}=({}) names dimension {} more than once",
                                             function, parameter, fmt::join(axes, ", "), a));
    }
    normalized.push_back(a);
  }
  return normalized;
}

// The shape all of `shapes` broadcast to (() for none): what broadcast_arrays and
// broadcast_shapes share. A clash names two of the given shapes, never the shape broadcast so far
// (some given shape holds the extent that clashes, so one of the pairs below raises).
Shape common_shape(std::string_view function, std::span<const Shape> shapes) {
  Shape shape;
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    try {
      shape = internal::broadcast_shapes(function, shape, shapes[k]);
    } catch (const InvalidArgumentError&) {
      for (std::size_t j = 0; j < k; ++j)
        (void)internal::broadcast_shapes(function, shapes[j], shapes[k]);
      throw;
    }
  }
  return shape;
}

}  // namespace

Shape broadcast_shapes(std::span<const Shape> shapes) {
  // The shapes come from the caller, not from arrays, so each is checked: a negative extent is no
  // shape ("Tuple[Optional[int], ...]"; None, an unknown extent, is for lazy libraries only).
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (std::any_of(shapes[i].begin(), shapes[i].end(), [](auto d) { return d < 0; })) {
      throw InvalidArgumentError(
          fmt::format("broadcast_shapes(): shapes[{}] is {}, whose dimensions cannot be negative",
                      i, shape_text(shapes[i])));
    }
  }
  return common_shape("broadcast_shapes", shapes);
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  return broadcast_shapes(std::span<const Shape>(shapes));
}

std::vector<Array> broadcast_arrays(std::span<const Array> arrays) {
  if (arrays.empty()) return {};
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; every array of the list is a parameter of its own.
  std::vector<std::string> names;  // keeps the names NamedArray points into alive
  for (std::size_t i = 0; i < arrays.size(); ++i)
    names.push_back(fmt::format("arrays[{}]", i));
  std::vector<internal::NamedArray> named;
  for (std::size_t i = 0; i < arrays.size(); ++i)
    named.push_back({names[i], &arrays[i]});
  (void)internal::common_device("broadcast_arrays", named);

  std::vector<Shape> shapes;
  for (const Array& a : arrays)
    shapes.push_back(a.shape());
  const Shape shape = common_shape("broadcast_arrays", shapes);
  std::vector<Array> out;
  for (const Array& a : arrays)
    out.push_back(broadcast_copy("broadcast_arrays", a, shape));
  return out;
}

std::vector<Array> broadcast_arrays(const std::vector<Array>& arrays) {
  return broadcast_arrays(std::span<const Array>(arrays));
}

Array broadcast_to(const Array& x, const Shape& shape) {
  // spec: "If the array is incompatible with the specified shape, the function must raise an
  // exception."
  const bool negative = std::any_of(shape.begin(), shape.end(), [](auto d) { return d < 0; });
  bool compatible = !negative && shape.size() >= x.shape().size();
  for (std::size_t i = 0; compatible && i < x.shape().size(); ++i) {
    const std::int64_t from = x.shape()[x.shape().size() - 1 - i];
    compatible = from == 1 || from == shape[shape.size() - 1 - i];
  }
  if (!compatible) {
    throw InvalidArgumentError(
        fmt::format("broadcast_to(): x has shape {}, which cannot be broadcast to shape {}; each "
                    "dimension of x (aligned from the right) must equal the target's or be 1",
                    shape_text(x.shape()), shape_text(shape)));
  }
  return broadcast_copy("broadcast_to", x, shape);
}

Array expand_dims(const Array& x, std::int64_t axis) {
  // spec: "a valid axis must reside on the closed-interval [-N-1, N]"; a negative axis inserts
  // at N + axis + 1.
  const std::int64_t position = internal::normalize_axis("expand_dims", axis, x.ndim() + 1);
  Shape shape = x.shape();
  shape.insert(shape.begin() + position, 1);
  return copy_as("expand_dims", x, shape);
}

Array expand_dims(const Array& x, const std::vector<std::int64_t>& axes) {
  // manipulation_functions.py (2025.12): "If axis is a tuple, the output array must have
  // N + len(axis) dimensions"; each entry "normalized to positive axis positions according to the
  // number of dimensions in the expanded output array", and they must be unique.
  const std::int64_t ndim = x.ndim() + static_cast<std::int64_t>(axes.size());
  std::vector<bool> inserted(static_cast<std::size_t>(ndim), false);
  for (const std::int64_t axis : axes) {
    const auto position =
        static_cast<std::size_t>(internal::normalize_axis("expand_dims", axis, ndim));
    if (inserted[position]) {
      throw InvalidArgumentError(fmt::format(
          "expand_dims(): axis ({}) names position {} twice; the positions must be distinct",
          fmt::join(axes, ", "), position));
    }
    inserted[position] = true;
  }
  Shape shape;
  std::size_t next = 0;
  for (std::int64_t d = 0; d < ndim; ++d)
    shape.push_back(inserted[static_cast<std::size_t>(d)] ? 1 : x.shape()[next++]);
  return copy_as("expand_dims", x, shape);
}

Array squeeze(const Array& x, const Axes& axis) {
  const std::vector<std::int64_t> axes = distinct_axes("squeeze", "axis", axis, x.ndim());
  Shape shape;
  for (std::int64_t d = 0; d < x.ndim(); ++d) {
    const std::int64_t extent = x.shape()[static_cast<std::size_t>(d)];
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) {
      shape.push_back(extent);
    } else if (extent != 1) {
      throw InvalidArgumentError(fmt::format(
          "squeeze(): dimension {} of x (shape {}) has size {}; only dimensions of size 1 can be "
          "removed",
          d, shape_text(x.shape()), extent));
    }
  }
  return copy_as("squeeze", x, shape);
}

Array moveaxis(const Array& x, const Axes& source, const Axes& destination) {
  const std::vector<std::int64_t> from = distinct_axes("moveaxis", "source", source, x.ndim());
  const std::vector<std::int64_t> to =
      distinct_axes("moveaxis", "destination", destination, x.ndim());
  if (from.size() != to.size()) {
    throw InvalidArgumentError(
        fmt::format("moveaxis(): source names {} axes but destination {}; they must name as many",
                    from.size(), to.size()));
  }
  // The axes not moved fill the places not named by `destination`, in their order.
  std::vector<std::int64_t> order(static_cast<std::size_t>(x.ndim()), -1);
  for (std::size_t i = 0; i < to.size(); ++i)
    order[static_cast<std::size_t>(to[i])] = from[i];
  std::size_t next = 0;
  for (std::int64_t axis = 0; axis < x.ndim(); ++axis) {
    if (std::find(from.begin(), from.end(), axis) != from.end()) continue;
    while (order[next] != -1)
      ++next;
    order[next] = axis;
  }
  return permuted("moveaxis", x, order);
}

Array permute_dims(const Array& x, const Axes& axes) {
  if (static_cast<std::int64_t>(axes.size()) != x.ndim()) {
    throw InvalidArgumentError(fmt::format(
        "permute_dims(): axes=({}) has {} entries but x has {} dimension(s); give a permutation of "
        "(0, ..., {})",
        fmt::join(axes, ", "), axes.size(), x.ndim(), x.ndim() - 1));
  }
  return permuted("permute_dims", x, distinct_axes("permute_dims", "axes", axes, x.ndim()));
}

Array matrix_transpose(const Array& x) {
  if (x.ndim() < 2) {
    throw InvalidArgumentError(fmt::format(
        "matrix_transpose(): x has shape {}, but needs at least two dimensions (..., M, N)",
        shape_text(x.shape())));
  }
  std::vector<std::int64_t> order;
  for (std::int64_t d = 0; d < x.ndim(); ++d)
    order.push_back(d);
  std::swap(order[order.size() - 2], order[order.size() - 1]);
  return permuted("matrix_transpose", x, order);
}

std::vector<Array> unstack(const Array& x, std::int64_t axis) {
  // spec: "A valid axis must be an integer on the interval [-N, N)"; a 0-d x has none.
  const std::int64_t a = internal::normalize_axis("unstack", axis, x.ndim());
  const auto position = static_cast<std::size_t>(a);
  const Shape strides = internal::contiguous_strides(x.shape());
  Shape shape = x.shape();
  shape.erase(shape.begin() + a);
  Shape slice_strides = strides;
  slice_strides.erase(slice_strides.begin() + a);
  std::vector<Array> out;
  for (std::int64_t i = 0; i < x.shape()[position]; ++i)
    out.push_back(
        internal::gather_strided("unstack", x, shape, slice_strides, i * strides[position]));
  return out;
}

}  // namespace strict
