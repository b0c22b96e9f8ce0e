// New arrays whose every element is a copy of one element of an input array: what the functions
// that only move elements around share (broadcast_to, flip, permute_dims, roll, tile, repeat,
// unstack, ...). Each function says where an output element comes from; this file does the rest.
#pragma once

#include <algorithm>
#include <array>
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

// A gather along one axis (take, repeat): for each of `outer` blocks of `extent` rows (each row a
// run of `inner` elements of `item` bytes), the rows that for_each_row(emit) names, in the order
// it calls emit(row) with each (row in [0, extent)), copied one after another into `to`. A run of
// one element moves with a size known when compiled (with_element_size): a call of memcpy per
// element made take 3.6 times NumPy's time.
template <class ForEachRow>
void gather_rows(const std::byte* from, std::byte* to, std::int64_t outer, std::int64_t extent,
                 std::int64_t inner, std::size_t item, ForEachRow&& for_each_row) {
  const auto gather = [&](auto run_bytes) {
    for (std::int64_t block = 0; block < outer; ++block) {
      const std::byte* rows = from + static_cast<std::size_t>(block * extent) * run_bytes();
      for_each_row([&](std::int64_t row) {
        std::memcpy(to, rows + static_cast<std::size_t>(row) * run_bytes(), run_bytes());
        to += run_bytes();
      });
    }
  };
  if (inner == 1) {
    with_element_size(item, gather);
  } else if (inner > 1) {
    const std::size_t run = static_cast<std::size_t>(inner) * item;
    gather([run] { return run; });
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

// The same elements as `shape` at `byte_strides`, in the same C order, over fewer axes: axes of
// extent 1 dropped, and each axis merged into the one before it where the two step through memory
// as one (a contiguous array becomes one axis, a transposed matrix stays two). No extent is zero.
struct StridedAxes {
  Shape shape;
  Shape byte_strides;
};
inline StridedAxes merged_axes(const Shape& shape, std::span<const std::int64_t> byte_strides) {
  StridedAxes out;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!out.shape.empty() && out.byte_strides.back() == byte_strides[d] * shape[d]) {
      out.shape.back() *= shape[d];
      out.byte_strides.back() = byte_strides[d];
      continue;
    }
    out.shape.push_back(shape[d]);
    out.byte_strides.push_back(byte_strides[d]);
  }
  return out;
}

// Moves the elements of `shape` found at `strided` + sum(index[d] * byte_strides[d]), each `item`
// bytes, to or from the contiguous `packed` in C order: into `packed` when Gather, out of it into
// their places otherwise. Rows that are contiguous move as one copy; a transposed layout (the last
// axis strided, the one before it contiguous) moves in square tiles, so that both sides of the
// copy stay in cache.
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
  if (element_count(shape) == 0) return;
  const StridedAxes axes = merged_axes(shape, byte_strides);
  if (axes.shape.empty()) {  // one element
    move(strided, packed, item);
    return;
  }
  with_element_size(item, [&](auto size) {
    constexpr std::size_t bytes = decltype(size)::value;
    constexpr auto element = static_cast<std::int64_t>(bytes);
    const std::size_t last = axes.shape.size() - 1;
    if (last >= 1 && axes.byte_strides[last - 1] == element && axes.byte_strides[last] != element) {
      // A stack of transposed matrices: rows of the packed side are columns of the strided one.
      const std::int64_t rows = axes.shape[last - 1];
      const std::int64_t columns = axes.shape[last];
      const std::int64_t column_step = axes.byte_strides[last];
      const Shape stack(axes.shape.begin(), axes.shape.end() - 2);
      const std::int64_t matrices = element_count(stack);
      constexpr std::int64_t tile = 32;
      Shape index(stack.size(), 0);
      StridedByte* matrix = strided;
      for (std::int64_t m = 0; m < matrices; ++m) {
        for (std::int64_t i0 = 0; i0 < rows; i0 += tile) {
          for (std::int64_t j0 = 0; j0 < columns; j0 += tile) {
            // Locals, not the captured pointers: a store through a byte pointer may alias
            // anything in memory, which would make every iteration reload them.
            const std::int64_t i_end = std::min(rows, i0 + tile);
            const std::int64_t j_end = std::min(columns, j0 + tile);
            StridedByte* const from = matrix;
            PackedByte* const to = packed;
            for (std::int64_t i = i0; i < i_end; ++i) {
              for (std::int64_t j = j0; j < j_end; ++j) {
                move(from + i * element + j * column_step,
                     to + static_cast<std::size_t>((i * columns + j) * element), bytes);
              }
            }
          }
        }
        packed += static_cast<std::size_t>(rows * columns * element);
        for (std::size_t d = stack.size(); d-- > 0;) {
          matrix += axes.byte_strides[d];
          if (++index[d] < stack[d]) break;
          matrix -= axes.byte_strides[d] * stack[d];
          index[d] = 0;
        }
      }
      return;
    }
    for_each_strided_row(strided, axes.byte_strides, axes.shape,
                         [&](StridedByte* first, std::int64_t length, std::int64_t step) {
                           if (step == element) {
                             // A contiguous row (a slice's): one copy of all its bytes.
                             const auto row = static_cast<std::size_t>(length) * bytes;
                             move(first, packed, row);
                             packed += row;
                             return;
                           }
                           if constexpr (Gather) {
                             if (step == 0) {
                               // A broadcast row: one element, repeated.
                               std::array<std::byte, bytes> one;
                               std::memcpy(one.data(), first, bytes);
                               PackedByte* to = packed;
                               for (std::int64_t k = 0; k < length; ++k, to += bytes)
                                 std::memcpy(to, one.data(), bytes);
                               packed = to;
                               return;
                             }
                           }
                           PackedByte* to = packed;  // a local: see the tiles above
                           for (std::int64_t k = 0; k < length; ++k, to += bytes)
                             move(first + k * step, to, bytes);
                           packed = to;
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
