// New arrays whose every element is a copy of one element of an input array: what the functions
// that only move elements around share (broadcast_to, flip, permute_dims, roll, tile, repeat,
// unstack, ...). Each function says where an output element comes from; this file does the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

#include "internal/array_access.hpp"
#include "internal/strides.hpp"
#include "strict/array.hpp"

namespace strict::internal {

// The array a gather fills: `shape`, x's dtype, on x's device.
// spec/2024.12/design_topics/device_support.rst: "Preserve device assignment as much as possible
// (e.g. output arrays from a function are expected to be on the same device as input arrays to
// the function)". `function` must be a string literal: the provenance keeps it.
inline Array gather_target(std::string_view function, const Array& x, const Shape& shape) {
  return ArrayAccess::allocate(shape, x.dtype(), x.device(),
                               propagated_from(function, x.provenance()));
}

// Calls body(std::integral_constant<std::size_t, N>{}) for an element size N of 1, 2, 4, 8 or 16
// bytes (every dtype's), so that copies of one element are moves of a size known when compiled:
// a memcpy of a run-time size per element cost more than the rest of a gather.
template <class Body>
void with_element_size(std::size_t item, Body&& body) {
  switch (item) {
    case 1:
      return body(std::integral_constant<std::size_t, 1>{});
    case 2:
      return body(std::integral_constant<std::size_t, 2>{});
    case 4:
      return body(std::integral_constant<std::size_t, 4>{});
    case 8:
      return body(std::integral_constant<std::size_t, 8>{});
    default:
      return body(std::integral_constant<std::size_t, 16>{});
  }
}

// A new array of `shape` with x's dtype on x's device, whose element at multi-index `index`
// (the `flat`-th in C order) is x's element at offset source_offset(index, flat). Elements move
// with a size known when compiled (with_element_size), as the strided copies below do.
template <class SourceOffset>
Array gather_elements(std::string_view function, const Array& x, const Shape& shape,
                      SourceOffset&& source_offset) {
  Array out = gather_target(function, x, shape);
  const std::int64_t total = element_count(shape);
  if (total == 0) return out;
  const std::byte* from = ArrayAccess::bytes(x);
  std::byte* to = ArrayAccess::bytes(out);
  with_element_size(item_size(x.dtype()), [&](auto size) {
    constexpr std::size_t bytes = decltype(size)::value;
    Shape index(shape.size(), 0);
    for (std::int64_t flat = 0; flat < total; ++flat) {
      const std::int64_t offset = source_offset(static_cast<const Shape&>(index), flat);
      std::memcpy(to + static_cast<std::size_t>(flat) * bytes,
                  from + static_cast<std::size_t>(offset) * bytes, bytes);
      // Advance the multi-index like an odometer.
      for (std::size_t d = shape.size(); d-- > 0;) {
        if (++index[d] < shape[d]) break;
        index[d] = 0;
      }
    }
  });
  return out;
}

// Calls row(first, length, step) for every row of the elements of `shape` found at
// `base` + sum(index[d] * byte_strides[d]), in C order: `first` is the row's first element, and
// its elements follow `step` bytes apart. The start of each row follows an odometer over every
// dimension but the last. `shape` has at least one dimension and no zero extent.
template <class Byte, class Row>
void for_each_strided_row(Byte* base, std::span<const std::int64_t> byte_strides,
                          const Shape& shape, Row&& row) {
  const std::int64_t total = element_count(shape);
  const std::size_t last = shape.size() - 1;
  const std::int64_t row_length = shape[last];
  Shape index(last, 0);  // of the row, over every dimension but the last
  Byte* row_start = base;
  for (std::int64_t done = 0; done < total; done += row_length) {
    row(row_start, row_length, byte_strides[last]);
    for (std::size_t d = last; d-- > 0;) {
      row_start += byte_strides[d];
      if (++index[d] < shape[d]) break;
      row_start -= byte_strides[d] * shape[d];
      index[d] = 0;
    }
  }
}

// Moves the elements of `shape` found at `strided` + sum(index[d] * byte_strides[d]), each `item`
// bytes, to or from the contiguous `packed` in C order: into `packed` when Gather, out of it into
// their places otherwise.
template <bool Gather, class StridedByte, class PackedByte>
void move_strided(StridedByte* strided, std::span<const std::int64_t> byte_strides,
                  const Shape& shape, std::size_t item, PackedByte* packed) {
  const auto move = [](auto* place, auto* packed_element, std::size_t bytes) {
    if constexpr (Gather) {
      std::memcpy(packed_element, place, bytes);
    } else {
      std::memcpy(place, packed_element, bytes);
    }
  };
  if (shape.empty()) {
    move(strided, packed, item);
    return;
  }
  if (element_count(shape) == 0) return;
  with_element_size(item, [&](auto size) {
    constexpr std::size_t bytes = decltype(size)::value;
    for_each_strided_row(strided, byte_strides, shape,
                         [&](StridedByte* first, std::int64_t length, std::int64_t step) {
                           if (step == static_cast<std::int64_t>(bytes)) {
                             // A contiguous row (a slice's): one copy of all its bytes.
                             const auto row = static_cast<std::size_t>(length) * bytes;
                             move(first, packed, row);
                             packed += row;
                             return;
                           }
                           for (std::int64_t k = 0; k < length; ++k, packed += bytes)
                             move(first + k * step, packed, bytes);
                         });
  });
}

// Copies, in C order, the elements of `shape` found at `from` + sum(index[d] * byte_strides[d])
// into the contiguous `to`, each `item` bytes. What a strided view made concrete and a binding's
// import of another library's strided memory share.
inline void copy_strided(const std::byte* from, std::span<const std::int64_t> byte_strides,
                         const Shape& shape, std::size_t item, std::byte* to) {
  move_strided<true>(from, byte_strides, shape, item, to);
}

// The inverse of copy_strided: the contiguous elements at `from`, in C order, written to the
// places of `shape` at `to` + sum(index[d] * byte_strides[d]). A view's write reaching the
// storage it shows.
inline void scatter_strided(const std::byte* from, const Shape& shape, std::size_t item,
                            std::byte* to, std::span<const std::int64_t> byte_strides) {
  move_strided<false>(to, byte_strides, shape, item, from);
}

// gather_elements where x's element for `index` is at base + sum(index[d] * strides[d]): views
// with other strides (negative to flip, 0 to broadcast, permuted to transpose) made concrete.
inline Array gather_strided(std::string_view function, const Array& x, const Shape& shape,
                            const Shape& strides, std::int64_t base = 0) {
  Array out = gather_target(function, x, shape);
  if (element_count(shape) == 0) return out;
  const std::size_t item = item_size(x.dtype());
  copy_strided(ArrayAccess::bytes(x) + base * static_cast<std::int64_t>(item),
               byte_strides(strides, item), shape, item, ArrayAccess::bytes(out));
  return out;
}

}  // namespace strict::internal
