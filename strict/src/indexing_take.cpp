// take and take_along_axis: gathering elements along one axis by integer index arrays.
#include "strict/indexing.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/axes.hpp"
#include "internal/dispatch.hpp"
#include "internal/element_gather.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"
#include "strict/errors.hpp"

namespace strict {
namespace {

using internal::Category;

// The device of x and indices, checked before anything else, then the dtype of indices.
Device check_inputs(std::string_view function, const Array& x, const Array& indices) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; the index array is one of them.
  const Device device = internal::common_device(function, {{"x", &x}, {"indices", &indices}});
  // indexing_functions.py, take: "indices: array indices. The array must be one-dimensional and
  // have an integer data type."
  internal::require_category(function, "indices", indices.dtype(), Category::integer);
  return device;
}

// The indices as positions in [0, extent): "If an index is negative, the function must determine
// the element to select along a specified axis (dimension) by counting from the last element".
// Out of bounds is unspecified by the standard ("This specification does not require bounds
// checking"); strict raises.
std::vector<std::int64_t> positions(std::string_view function, const Array& indices,
                                    std::int64_t extent, std::int64_t axis) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(indices.size()));
  internal::visit_dtype(indices.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::is_integer_v<T>) {
      const T* data = ArrayAccess::data<T>(indices);
      for (std::size_t i = 0; i < out.size(); ++i) {
        const T index = data[i];
        if (std::cmp_less(index, -extent) || std::cmp_greater_equal(index, extent)) {
          throw InvalidArgumentError(fmt::format(
              "{}(): index {} is out of bounds for axis {} of size {}; use indices in [{}, {})",
              function, static_cast<std::int64_t>(index), axis, extent, -extent, extent));
        }
        const auto position = static_cast<std::int64_t>(index);
        out[i] = position < 0 ? position + extent : position;
      }
    }
  });
  return out;
}

}  // namespace

Array take(const Array& x, const Array& indices, const TakeOptions& options) {
  const Device device = check_inputs("take", x, indices);
  if (indices.ndim() != 1) {
    throw InvalidArgumentError(
        fmt::format("take(): indices must be one-dimensional, but has shape ({})",
                    fmt::join(indices.shape(), ", ")));
  }
  // "When x is a zero-dimensional array, behavior is unspecified and thus
  // implementation-defined": strict raises, since a 0-d x has no axis to take along.
  if (x.ndim() == 0) {
    throw InvalidArgumentError(
        "take(): x is zero-dimensional and has no axis to take along; reshape it to (1,)");
  }
  // "If x is a one-dimensional array, providing an axis is optional; however, if x has more than
  // one dimension, providing an axis is required."
  if (!options.axis && x.ndim() > 1) {
    throw InvalidArgumentError(fmt::format(
        "take(): x has shape ({}), so axis is required (it may be left out only for a 1-d x)",
        fmt::join(x.shape(), ", ")));
  }
  const std::int64_t axis = internal::normalize_axis("take", options.axis.value_or(0), x.ndim());
  const internal::AxisSplit split = internal::split_at_axis(x.shape(), axis);
  const std::vector<std::int64_t> chosen = positions("take", indices, split.extent, axis);
  // "The output array must have the same rank (i.e., number of dimensions) as x and must have
  // the same shape as x, except for the axis specified by axis whose size must equal the number
  // of elements in indices."
  Shape shape = x.shape();
  const auto taken = static_cast<std::int64_t>(chosen.size());
  shape[static_cast<std::size_t>(axis)] = taken;
  // "Preserve device assignment": the result is on the inputs' device.
  Array out =
      ArrayAccess::allocate(shape, x.dtype(), device, propagated_from("take", x.provenance()));
  // Each taken position brings a contiguous run of `inner` elements.
  if (out.size() != 0) {
    internal::gather_rows(ArrayAccess::bytes(x), ArrayAccess::bytes(out), split.outer, split.extent,
                          split.inner, item_size(x.dtype()), [&](auto emit) {
                            for (const std::int64_t row : chosen)
                              emit(row);
                          });
  }
  return out;
}

Array take_along_axis(const Array& x, const Array& indices, const TakeAlongAxisOptions& options) {
  const Device device = check_inputs("take_along_axis", x, indices);
  const std::int64_t axis = internal::normalize_axis("take_along_axis", options.axis, x.ndim());
  // "indices: array indices. Must have the same rank (i.e., number of dimensions) as x."
  if (indices.ndim() != x.ndim()) {
    throw InvalidArgumentError(fmt::format(
        "take_along_axis(): indices has shape ({}) and x has shape ({}); they must have the same "
        "number of dimensions",
        fmt::join(indices.shape(), ", "), fmt::join(x.shape(), ", ")));
  }
  // "x: ... Must be compatible with indices, except for the axis (dimension) specified by axis";
  // the result's shape is "determined according to Broadcasting, except for the axis (dimension)
  // specified by axis whose size must equal the size of the corresponding axis (dimension) in
  // indices."
  const auto ndim = static_cast<std::size_t>(x.ndim());
  const auto along = static_cast<std::size_t>(axis);
  Shape shape(ndim, 0);
  for (std::size_t d = 0; d < ndim; ++d) {
    const std::int64_t a = x.shape()[d];
    const std::int64_t b = indices.shape()[d];
    if (d == along) {
      shape[d] = b;
    } else if (a == b || b == 1) {
      shape[d] = a;
    } else if (a == 1) {
      shape[d] = b;
    } else {
      throw InvalidArgumentError(fmt::format(
          "take_along_axis(): x of shape ({}) and indices of shape ({}) do not broadcast in "
          "dimension {} ({} against {})",
          fmt::join(x.shape(), ", "), fmt::join(indices.shape(), ", "), d, a, b));
    }
  }
  const std::vector<std::int64_t> chosen =
      positions("take_along_axis", indices, x.shape()[along], axis);
  // "Preserve device assignment": the result is on the inputs' device.
  Array out = ArrayAccess::allocate(shape, x.dtype(), device,
                                    propagated_from("take_along_axis", x.provenance()));
  // Element strides of x and indices, 0 along broadcast dimensions.
  Shape x_strides(ndim, 0);
  Shape index_strides(ndim, 0);
  std::int64_t x_stride = 1;
  std::int64_t index_stride = 1;
  for (std::size_t d = ndim; d-- > 0;) {
    x_strides[d] = x.shape()[d] == 1 && d != along ? 0 : x_stride;
    index_strides[d] = indices.shape()[d] == 1 && d != along ? 0 : index_stride;
    x_stride *= x.shape()[d];
    index_stride *= indices.shape()[d];
  }
  // Row by row over the result's last dimension: the offsets of a row's start into x (without
  // the axis taken along) and into indices follow an odometer over the other dimensions.
  const std::int64_t total = element_count(shape);
  if (total == 0) return out;
  const std::byte* from = ArrayAccess::bytes(x);
  std::byte* to = ArrayAccess::bytes(out);
  const std::size_t last = ndim - 1;
  const std::int64_t row_length = shape[last];
  const std::int64_t along_stride = x_strides[along];
  const std::int64_t x_step = last == along ? 0 : x_strides[last];
  const std::int64_t index_step = index_strides[last];
  internal::with_element_size(item_size(x.dtype()), [&](auto size) {
    constexpr std::size_t bytes = decltype(size)::value;
    Shape position(last, 0);
    std::int64_t x_row = 0;
    std::int64_t index_row = 0;
    for (std::int64_t done = 0; done < total; done += row_length) {
      for (std::int64_t k = 0; k < row_length; ++k, to += bytes) {
        const std::int64_t source =
            x_row + k * x_step +
            chosen[static_cast<std::size_t>(index_row + k * index_step)] * along_stride;
        std::memcpy(to, from + static_cast<std::size_t>(source) * bytes, bytes);
      }
      for (std::size_t d = last; d-- > 0;) {
        const std::int64_t x_stride_d = d == along ? 0 : x_strides[d];
        x_row += x_stride_d;
        index_row += index_strides[d];
        if (++position[d] < shape[d]) break;
        x_row -= x_stride_d * shape[d];
        index_row -= index_strides[d] * shape[d];
        position[d] = 0;
      }
    }
  });
  return out;
}

}  // namespace strict
