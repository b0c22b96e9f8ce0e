// broadcast_arrays, broadcast_to, expand_dims, squeeze, moveaxis, permute_dims, matrix_transpose
// and unstack: each reads x's elements through other strides, as a view of x (internal/view.hpp)
// but for broadcasts, which copy.
#include "strict/shape_manipulation.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "internal/axes.hpp"
#include "internal/broadcast.hpp"
#include "internal/element_gather.hpp"
#include "internal/placement.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

// A view of x whose axis k is x's axis sources[k], or a new axis of extent 1 where that is -1:
// what permute_dims, moveaxis, matrix_transpose, expand_dims and squeeze return, as NumPy does.
Array axes_view(std::string_view function, const Array& x,
                const std::vector<std::int64_t>& sources) {
  Shape shape;
  std::vector<internal::ViewAxis> axes;
  for (const std::int64_t source : sources) {
    shape.push_back(source < 0 ? 1 : x.shape()[static_cast<std::size_t>(source)]);
    axes.push_back({.source = source, .step = source < 0 ? 0 : 1});
  }
  return internal::view_of(function, x, shape, Shape(x.shape().size(), 0), axes);
}

// x broadcast to `shape`, which the caller has checked x broadcasts to. A copy: NumPy's view is
// read-only, and strict's views are written back.
Array broadcast_copy(std::string_view function, const Array& x, const Shape& shape) {
  return internal::gather_strided(function, x, shape,
                                  internal::broadcast_strides(x.shape(), shape));
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

namespace {

// Where expand_dims inserts a dimension into an output of `ndim` dimensions. manipulation_functions
// .py (2023.12 on), Raises: "If provided an invalid axis position, an IndexError should be
// raised".
std::int64_t inserted_position(const Array& x, std::int64_t axis, std::int64_t ndim) {
  if (axis < -ndim || axis >= ndim) {
    throw IndexError(fmt::format(
        "expand_dims(): axis={} is out of range for an array of {} dimension(s) expanded to {}; "
        "use an axis in [{}, {}]",
        axis, x.ndim(), ndim, -ndim, ndim - 1));
  }
  return axis < 0 ? axis + ndim : axis;
}

}  // namespace

Array expand_dims(const Array& x, std::int64_t axis) {
  // spec: "a valid axis must reside on the closed-interval [-N-1, N]"; a negative axis inserts
  // at N + axis + 1.
  const std::int64_t position = inserted_position(x, axis, x.ndim() + 1);
  std::vector<std::int64_t> sources;
  for (std::int64_t d = 0; d < x.ndim(); ++d)
    sources.push_back(d);
  sources.insert(sources.begin() + position, -1);
  return axes_view("expand_dims", x, sources);
}

Array expand_dims(const Array& x, const std::vector<std::int64_t>& axes) {
  // manipulation_functions.py (2025.12): "If axis is a tuple, the output array must have
  // N + len(axis) dimensions"; each entry "normalized to positive axis positions according to the
  // number of dimensions in the expanded output array", and they must be unique.
  const std::int64_t ndim = x.ndim() + static_cast<std::int64_t>(axes.size());
  std::vector<bool> inserted(static_cast<std::size_t>(ndim), false);
  for (const std::int64_t axis : axes) {
    const auto position = static_cast<std::size_t>(inserted_position(x, axis, ndim));
    if (inserted[position]) {
      throw InvalidArgumentError(fmt::format(
          "expand_dims(): axis ({}) names position {} twice; the positions must be distinct",
          fmt::join(axes, ", "), position));
    }
    inserted[position] = true;
  }
  std::vector<std::int64_t> sources;
  std::int64_t next = 0;
  for (std::int64_t d = 0; d < ndim; ++d)
    sources.push_back(inserted[static_cast<std::size_t>(d)] ? -1 : next++);
  return axes_view("expand_dims", x, sources);
}

Array squeeze(const Array& x, const Axes& axis) {
  const std::vector<std::int64_t> axes = distinct_axes("squeeze", "axis", axis, x.ndim());
  std::vector<std::int64_t> kept;
  for (std::int64_t d = 0; d < x.ndim(); ++d) {
    const std::int64_t extent = x.shape()[static_cast<std::size_t>(d)];
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) {
      kept.push_back(d);
    } else if (extent != 1) {
      throw InvalidArgumentError(fmt::format(
          "squeeze(): dimension {} of x (shape {}) has size {}; only dimensions of size 1 can be "
          "removed",
          d, shape_text(x.shape()), extent));
    }
  }
  return axes_view("squeeze", x, kept);
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
  return axes_view("moveaxis", x, order);
}

Array permute_dims(const Array& x, const Axes& axes) {
  if (static_cast<std::int64_t>(axes.size()) != x.ndim()) {
    throw InvalidArgumentError(fmt::format(
        "permute_dims(): axes=({}) has {} entries but x has {} dimension(s); give a permutation of "
        "(0, ..., {})",
        fmt::join(axes, ", "), axes.size(), x.ndim(), x.ndim() - 1));
  }
  return axes_view("permute_dims", x, distinct_axes("permute_dims", "axes", axes, x.ndim()));
}

Array matrix_transpose(const Array& x) {
  if (x.ndim() < 2) {
    throw InvalidArgumentError(fmt::format(
        "matrix_transpose(): x has shape {}, but needs at least two dimensions (..., M, N)",
        shape_text(x.shape())));
  }
  return internal::last_two_swapped("matrix_transpose", x);
}

std::vector<Array> unstack(const Array& x, std::int64_t axis) {
  // spec: "A valid axis must be an integer on the interval [-N, N)"; a 0-d x has none.
  const std::int64_t a = internal::normalize_axis("unstack", axis, x.ndim());
  const auto position = static_cast<std::size_t>(a);
  Shape shape = x.shape();
  shape.erase(shape.begin() + a);
  std::vector<internal::ViewAxis> axes;
  for (std::int64_t d = 0; d < x.ndim(); ++d) {
    if (d != a) axes.push_back({.source = d, .step = 1});
  }
  // Views of x, one per index along the axis, as NumPy's iteration over moveaxis(x, axis, 0).
  std::vector<Array> out;
  Shape start(x.shape().size(), 0);
  for (std::int64_t i = 0; i < x.shape()[position]; ++i) {
    start[position] = i;
    out.push_back(internal::view_of("unstack", x, shape, start, axes));
  }
  return out;
}

}  // namespace strict
