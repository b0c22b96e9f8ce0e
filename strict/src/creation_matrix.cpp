// Creation functions from input arrays: tril, triu, meshgrid. They have no device= parameter,
// so their results stay on the device of their inputs (spec/2024.12/design_topics/
// device_support.rst: "Preserve device assignment as much as possible").
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/dispatch.hpp"
#include "internal/placement.hpp"
#include "strict/creation.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

// Keeps the elements of each matrix in x's last two axes for which keep(column - row) holds and
// zeroes the others.
template <class Keep>
Array triangle(std::string_view function, const Array& x, Keep keep) {
  if (x.ndim() < 2) {
    throw InvalidArgumentError(
        fmt::format("{}(): x must have at least 2 dimensions, got shape ({})", function,
                    fmt::join(x.shape(), ", ")));
  }
  Array out = ArrayAccess::allocate(x.shape(), x.dtype(), x.device(),
                                    propagated_from(function, x.provenance()));
  const std::int64_t rows = x.shape()[x.shape().size() - 2];
  const std::int64_t columns = x.shape().back();
  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = ArrayAccess::data<T>(x);
    T* result = ArrayAccess::data<T>(out);
    const std::int64_t n = x.size();
    // Row by row (no division per element): the inner loop is a select the compiler vectorises.
    for (std::int64_t start = 0, row = 0; start < n; start += columns, row = (row + 1) % rows) {
      for (std::int64_t column = 0; column < columns; ++column)
        result[start + column] = keep(column - row) ? in[start + column] : T{};
    }
  });
  return out;
}

}  // namespace

Array tril(const Array& x, std::int64_t k) {
  // "elements below and on the k-th diagonal" are kept: column - row <= k.
  return triangle("tril", x, [k](std::int64_t offset) { return offset <= k; });
}

Array triu(const Array& x, std::int64_t k) {
  // "elements above and on the k-th diagonal" are kept: column - row >= k.
  return triangle("triu", x, [k](std::int64_t offset) { return offset >= k; });
}

std::vector<Array> meshgrid(const std::vector<Array>& arrays, MeshgridOptions options) {
  if (arrays.empty()) return {};
  // Device check first: mixed devices raise whatever else is wrong (device_support.rst: "Raise an
  // exception if an operation involves arrays on different devices").
  std::vector<std::string> names;
  names.reserve(arrays.size());
  for (std::size_t i = 0; i < arrays.size(); ++i)
    names.push_back(fmt::format("arrays[{}]", i));
  std::vector<internal::NamedArray> inputs;
  for (std::size_t i = 0; i < arrays.size(); ++i)
    inputs.push_back({names[i], &arrays[i]});
  const Device device = internal::common_device("meshgrid", inputs);

  const bool cartesian = options.indexing == "xy";
  if (!cartesian && options.indexing != "ij") {
    throw InvalidArgumentError(
        fmt::format("meshgrid(): indexing must be \"xy\" or \"ij\", got \"{}\"", options.indexing));
  }
  // "Each array should have the same numeric data type" and be one-dimensional.
  const DType dtype = arrays.front().dtype();
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    if (arrays[i].ndim() != 1) {
      throw InvalidArgumentError(
          fmt::format("meshgrid(): every array must be one-dimensional, but {} has shape ({})",
                      names[i], fmt::join(arrays[i].shape(), ", ")));
    }
    if (arrays[i].dtype() != dtype) {
      throw DTypeError(fmt::format(
          "meshgrid(): every array must have the same dtype, but arrays[0] is {} and {} is {}",
          dtype, names[i], arrays[i].dtype()));
    }
  }
  if (!is_numeric(dtype)) {
    throw DTypeError(fmt::format("meshgrid(): arrays must have a numeric dtype, got {}", dtype));
  }

  // Output shape (N1, N2, ..., Nn) for "ij"; "xy" swaps the first two axes.
  Shape shape;
  for (const Array& a : arrays)
    shape.push_back(a.size());
  const bool swap_first_two = cartesian && arrays.size() >= 2;
  if (swap_first_two) std::swap(shape[0], shape[1]);
  // stride[a]: the distance in elements between neighbours along output axis a.
  Shape stride(shape.size(), 1);
  for (std::size_t a = shape.size() - 1; a-- > 0;)
    stride[a] = stride[a + 1] * shape[a + 1];

  std::vector<Array> outputs;
  const Provenance provenance = propagated_from("meshgrid", arrays.front().provenance());
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    // The output axis along which arrays[i] varies.
    std::size_t axis = i;
    if (swap_first_two && i < 2) axis = 1 - i;
    Array out = ArrayAccess::allocate(shape, dtype, device, provenance);
    internal::visit_dtype(dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* in = ArrayAccess::data<T>(arrays[i]);
      T* result = ArrayAccess::data<T>(out);
      // Element e is in[(e / stride[axis]) % shape[axis]]: runs of stride[axis] equal values,
      // filled run by run (no division per element).
      const std::int64_t n = out.size();
      const std::int64_t run = stride[axis];
      for (std::int64_t start = 0, j = 0; start < n; start += run, j = (j + 1) % shape[axis])
        std::fill(result + start, result + start + run, in[j]);
    });
    outputs.push_back(out);
  }
  return outputs;
}

}  // namespace strict
