// Views: arrays that show elements of another array's storage, as NumPy's basic indexing and axis
// rearrangements do (strict/array.hpp says which functions return them, and why).
//
// strict's kernels read and write contiguous elements in C order, so a view keeps a contiguous
// copy of its elements in a buffer of its own and a link to the storage it shows (the root), with
// the offset and strides of its elements there. ArrayAccess::bytes() refreshes the copy from the
// root whenever the root was written since the copy was taken (Buffer::version), and
// ArrayAccess::wrote() writes a view's elements back into the root at once. So a write through
// the array or through any of its views shows in all of them, as with NumPy's views, while no
// kernel has to know about strides.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "internal/buffer.hpp"
#include "strict/array.hpp"

namespace strict::internal {

struct ViewLink {
  std::shared_ptr<Buffer> root;  // the storage shown: an array's own, never a view's copy
  std::int64_t offset = 0;       // where the view's first element is there, in elements
  Shape strides;                 // per axis of the view, in elements; negative when flipped
  std::mutex mutex;              // guards the copy and the two members below
  bool filled = false;           // whether the copy was ever taken
  std::uint64_t version = 0;     // root's version when it was
};

// One axis of a view: axis `source` of the base, read `step` elements at a time (negative to
// flip), or a new axis of extent 1 (source -1).
struct ViewAxis {
  std::int64_t source = -1;
  std::int64_t step = 1;
};

// A view of x of `shape`, provenance `function` (a string literal: the provenance keeps it).
// Its first element is x's element at multi-index `start` (one index per axis of x); its axis k
// is axes[k]. x's axes that no entry names stay at their index in `start` (an integer index;
// an axis of extent 1 that squeeze drops).
Array view_of(std::string_view function, const Array& x, const Shape& shape, const Shape& start,
              const std::vector<ViewAxis>& axes);

// The view of x (of two dimensions or more) with its last two axes swapped: what T, mT and both
// matrix_transpose functions return. `function` must be a string literal.
Array last_two_swapped(std::string_view function, const Array& x);

// Copies x's elements, in C order, to `to`: a view's straight from the storage it shows (one pass,
// where reading the view would first bring its own copy up to date).
void copy_elements(const Array& x, std::byte* to);

// Writes the one element at `element` into every place the view shows, straight into the storage
// (setitem of a scalar through a basic key); the view's own copy is read afresh afterwards.
void fill_shown(const Array& view, const std::byte* element);

// The view x in another shape of as many elements, when x's elements lie in C order in the
// storage it shows (the same storage, without a copy); nullopt when they do not.
std::optional<Array> reshaped_view(const Array& x, Shape shape, Provenance provenance);

// Where the view's elements are in the storage it shows, for another library: the first element's
// address (null for no elements) and the strides in elements. The storage is marked as shared
// outside (Buffer::share_outside), since the other library may write it.
struct ShownMemory {
  std::byte* first;
  Shape strides;
};
ShownMemory shown_memory(const Array& view);

// Whether the view's elements lie in C order in the storage it shows.
bool in_c_order(const Array& view);

}  // namespace strict::internal
