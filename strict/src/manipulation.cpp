// concat, stack and reshape.
#include "strict/manipulation.hpp"

#include <cstring>
#include <string>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/placement.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

void require_arrays(std::string_view function, std::span<const Array> arrays) {
  if (arrays.empty()) {
    throw InvalidArgumentError(
        fmt::format("{}(): arrays is empty; pass at least one array", function));
  }
}

// spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
// arrays on different devices"; every array of the list is a parameter of its own.
Device common_device_of(std::string_view function, std::span<const Array> arrays) {
  std::vector<std::string> names;  // keeps the names NamedArray points into alive
  names.reserve(arrays.size());
  for (std::size_t i = 0; i < arrays.size(); ++i)
    names.push_back(fmt::format("arrays[{}]", i));
  std::vector<internal::NamedArray> named;
  named.reserve(arrays.size());
  for (std::size_t i = 0; i < arrays.size(); ++i)
    named.push_back({names[i], &arrays[i]});
  return internal::common_device(function, named);
}

// spec: "the returned array must have a data type determined by Type Promotion Rules" across all
// inputs.
DType promoted_dtype(std::string_view function, std::span<const Array> arrays) {
  DType dtype = arrays.front().dtype();
  for (std::size_t i = 1; i < arrays.size(); ++i) {
    const std::optional<DType> promoted = promote_types(dtype, arrays[i].dtype());
    if (!promoted) {
      throw DTypeError(fmt::format(
          "{}(): the standard defines no type promotion between {} (arrays[0..{}]) and {} "
          "(arrays[{}])",
          function, dtype, i - 1, arrays[i].dtype(), i));
    }
    dtype = *promoted;
  }
  return dtype;
}

// Concatenates `arrays`, each read as if it had the shape `shapes[k]` (same element count),
// along `axis` of those shapes. `function` must be a string literal (kept by the provenance).
Array join(std::string_view function, std::span<const Array> arrays,
           const std::vector<Shape>& shapes, std::int64_t axis, Device device, DType dtype) {
  const auto axis_index = static_cast<std::size_t>(axis);
  Shape result_shape = shapes.front();
  result_shape[axis_index] = 0;
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    for (std::size_t d = 0; d < result_shape.size(); ++d) {
      if (d != axis_index && shapes[k][d] != shapes.front()[d]) {
        throw InvalidArgumentError(fmt::format(
            "{}(): arrays[0] has shape {} but arrays[{}] has shape {}; they must match except "
            "along axis {}",
            function, shape_text(arrays.front().shape()), k, shape_text(arrays[k].shape()), axis));
      }
    }
    result_shape[axis_index] += shapes[k][axis_index];
  }
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment".
  Array out = ArrayAccess::allocate(result_shape, dtype, device,
                                    propagated_from(function, arrays.front().provenance()));
  const internal::AxisSplit split = internal::split_at_axis(result_shape, axis);
  internal::visit_dtype(dtype, [&](auto out_tag) {
    using Out = typename decltype(out_tag)::type;
    Out* result = ArrayAccess::data<Out>(out);
    std::int64_t position = 0;
    for (std::int64_t outer = 0; outer < split.outer; ++outer) {
      for (std::size_t k = 0; k < arrays.size(); ++k) {
        const std::int64_t chunk = shapes[k][axis_index] * split.inner;
        internal::visit_dtype(arrays[k].dtype(), [&](auto in_tag) {
          using In = typename decltype(in_tag)::type;
          const In* data = ArrayAccess::data<In>(arrays[k]) + outer * chunk;
          for (std::int64_t i = 0; i < chunk; ++i) {
            result[position + i] = internal::convert_element<Out>(data[i]);
          }
        });
        position += chunk;
      }
    }
  });
  return out;
}

}  // namespace

Array concat(std::span<const Array> arrays, std::optional<std::int64_t> axis) {
  require_arrays("concat", arrays);
  const Device device = common_device_of("concat", arrays);
  const DType dtype = promoted_dtype("concat", arrays);
  std::vector<Shape> shapes;
  if (!axis) {
    // spec: "If axis is None, arrays must be flattened before concatenation."
    for (const Array& a : arrays)
      shapes.push_back({a.size()});
    return join("concat", arrays, shapes, 0, device, dtype);
  }
  const std::int64_t ndim = arrays.front().ndim();
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    if (arrays[k].ndim() != ndim) {
      throw InvalidArgumentError(fmt::format(
          "concat(): arrays[0] has shape {} but arrays[{}] has shape {}; every array needs the "
          "same number of dimensions",
          shape_text(arrays.front().shape()), k, shape_text(arrays[k].shape())));
    }
    shapes.push_back(arrays[k].shape());
  }
  if (ndim == 0) {
    throw InvalidArgumentError(
        "concat(): 0-d arrays cannot be concatenated along an axis; use stack(), or axis=None");
  }
  return join("concat", arrays, shapes, internal::normalize_axis("concat", *axis, ndim), device,
              dtype);
}

Array concat(const std::vector<Array>& arrays, std::optional<std::int64_t> axis) {
  return concat(std::span<const Array>(arrays), axis);
}

Array stack(std::span<const Array> arrays, std::int64_t axis) {
  require_arrays("stack", arrays);
  const Device device = common_device_of("stack", arrays);
  const DType dtype = promoted_dtype("stack", arrays);
  const Shape& shape = arrays.front().shape();
  for (std::size_t k = 1; k < arrays.size(); ++k) {
    if (arrays[k].shape() != shape) {
      throw InvalidArgumentError(fmt::format(
          "stack(): arrays[0] has shape {} but arrays[{}] has shape {}; every array must have "
          "the same shape",
          shape_text(shape), k, shape_text(arrays[k].shape())));
    }
  }
  // spec: the new axis is in [-N-1, N] for inputs of N dimensions.
  const std::int64_t result_ndim = arrays.front().ndim() + 1;
  const std::int64_t new_axis = internal::normalize_axis("stack", axis, result_ndim);
  Shape with_new_axis = shape;
  with_new_axis.insert(with_new_axis.begin() + new_axis, 1);
  const std::vector<Shape> shapes(arrays.size(), with_new_axis);
  return join("stack", arrays, shapes, new_axis, device, dtype);
}

Array stack(const std::vector<Array>& arrays, std::int64_t axis) {
  return stack(std::span<const Array>(arrays), axis);
}

Array reshape(const Array& x, const Shape& shape, std::optional<bool> copy) {
  Shape resolved = shape;
  std::optional<std::size_t> inferred;
  std::int64_t known_count = 1;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred) {
        throw InvalidArgumentError(fmt::format(
            "reshape(): shape {} has more than one -1; only one dimension can be inferred",
            shape_text(shape)));
      }
      inferred = d;
    } else if (shape[d] < 0) {
      throw InvalidArgumentError(fmt::format("reshape(): shape {} has the negative dimension {}",
                                             shape_text(shape), shape[d]));
    } else {
      known_count *= shape[d];
    }
  }
  if (inferred) {
    if (known_count == 0 || x.size() % known_count != 0) {
      throw InvalidArgumentError(fmt::format("reshape(): cannot reshape {} elements into shape {}",
                                             x.size(), shape_text(shape)));
    }
    resolved[*inferred] = x.size() / known_count;
  }
  if (element_count(resolved) != x.size()) {
    throw InvalidArgumentError(fmt::format("reshape(): cannot reshape {} elements into shape {}",
                                           x.size(), shape_text(shape)));
  }
  const Provenance provenance = propagated_from("reshape", x.provenance());
  // spec/2024.12 reshape, copy: "If True, the function must always copy (see Copy keyword
  // argument behavior). If False, the function must never copy. If None, the function must avoid
  // copying, if possible". An array's own storage is C-contiguous, so a view of it is always
  // possible; a view whose elements are not in C order where they lie is copied, as NumPy does.
  if (!copy.value_or(false)) {
    if (!x.is_view()) return ArrayAccess::view(x, resolved, provenance);
    if (auto view = internal::reshaped_view(x, resolved, provenance)) return *std::move(view);
    if (copy == false) {
      throw InvalidArgumentError(fmt::format(
          "reshape(): copy=False, but x is a view whose elements are not in C order in the array "
          "it shows, so shape {} needs a copy",
          shape_text(shape)));
    }
  }
  Array out = ArrayAccess::allocate(resolved, x.dtype(), x.device(), provenance);
  const std::size_t bytes = static_cast<std::size_t>(x.size()) * item_size(x.dtype());
  if (bytes != 0) std::memcpy(ArrayAccess::bytes(out), ArrayAccess::bytes(x), bytes);
  return out;
}

}  // namespace strict
