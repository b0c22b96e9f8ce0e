// Views of another array's storage: how they are made, refreshed and written back
// (internal/view.hpp).
#include "internal/view.hpp"

#include <array>
#include <cstring>

#include "internal/array_access.hpp"
#include "internal/element_gather.hpp"
#include "internal/strides.hpp"

namespace strict {
namespace {

// Where x's elements are: the storage, the first element's offset there, and the strides.
struct ElementsAt {
  std::shared_ptr<Buffer> root;
  std::int64_t offset;
  Shape strides;
};

ElementsAt elements_of(const Array& x) {
  if (const auto& link = ArrayAccess::link(x)) return {link->root, link->offset, link->strides};
  return {ArrayAccess::buffer(x), 0, internal::contiguous_strides(x.shape())};
}

// The address of the first of a view's elements in the storage it shows (elements of `item`
// bytes); only for a view with elements.
std::byte* first_element(const internal::ViewLink& link, std::size_t item) {
  return link.root->data() + link.offset * static_cast<std::int64_t>(item);
}

// Whether elements at `strides` lie in C order for `shape`.
bool lies_in_c_order(const Shape& shape, const Shape& strides) {
  const Shape in_order = internal::contiguous_strides(shape);
  for (std::size_t d = 0; d < in_order.size(); ++d) {
    // The stride of an axis of extent 1 is never used.
    if (shape[d] != 1 && strides[d] != in_order[d]) return false;
  }
  return true;
}

// A view over `elements` of `shape`: its own buffer for the copy, filled on first read.
Array link_view(const Array& base, Shape shape, ElementsAt elements, Provenance provenance) {
  Array copy = ArrayAccess::allocate(shape, base.dtype(), base.device(), provenance);
  auto link = std::make_shared<internal::ViewLink>();
  link->root = std::move(elements.root);
  link->offset = elements.offset;
  link->strides = std::move(elements.strides);
  return ArrayAccess::with_link(ArrayAccess::buffer(copy), std::move(shape), base, provenance,
                                std::move(link));
}

}  // namespace

void ArrayAccess::refresh(const Array& view) {
  internal::ViewLink& link = *view.view_;
  const std::lock_guard lock(link.mutex);
  const Buffer& root = *link.root;
  const std::uint64_t version = root.version();
  // Memory another library may have written is read afresh every time.
  if (link.filled && link.version == version && !root.shared_outside()) return;
  if (view.size() != 0) {
    const std::size_t item = item_size(view.dtype_);
    internal::copy_strided(first_element(link, item), internal::byte_strides(link.strides, item),
                           view.shape_, item, view.buffer_->data());
  }
  link.filled = true;
  link.version = version;
}

void ArrayAccess::wrote(const Array& array) {
  if (!array.view_) {
    array.buffer_->mark_written();
    return;
  }
  internal::ViewLink& link = *array.view_;
  const std::lock_guard lock(link.mutex);
  if (array.size() != 0) {
    const std::size_t item = item_size(array.dtype_);
    internal::scatter_strided(array.buffer_->data(), array.shape_, item, first_element(link, item),
                              internal::byte_strides(link.strides, item));
  }
  link.root->mark_written();
  // The copy holds what the root now holds (a write elsewhere in between is refreshed later).
  link.filled = true;
  link.version = link.root->version();
}

namespace internal {

Array view_of(std::string_view function, const Array& x, const Shape& shape, const Shape& start,
              const std::vector<ViewAxis>& axes) {
  ElementsAt elements = elements_of(x);
  ElementsAt view{.root = elements.root, .offset = elements.offset, .strides = {}};
  for (std::size_t d = 0; d < start.size(); ++d)
    view.offset += start[d] * elements.strides[d];
  for (const ViewAxis& axis : axes) {
    view.strides.push_back(
        axis.source < 0 ? 0 : axis.step * elements.strides[static_cast<std::size_t>(axis.source)]);
  }
  return link_view(x, shape, std::move(view), propagated_from(function, x.provenance()));
}

Array last_two_swapped(std::string_view function, const Array& x) {
  const std::size_t n = x.shape().size();
  Shape shape = x.shape();
  std::swap(shape[n - 2], shape[n - 1]);
  std::vector<ViewAxis> axes;
  for (std::size_t d = 0; d < n; ++d)
    axes.push_back({.source = static_cast<std::int64_t>(d), .step = 1});
  std::swap(axes[n - 2], axes[n - 1]);
  return view_of(function, x, shape, Shape(n, 0), axes);
}

void copy_elements(const Array& x, std::byte* to) {
  if (x.size() == 0) return;
  const std::size_t item = item_size(x.dtype());
  if (const auto& link = ArrayAccess::link(x)) {
    copy_strided(first_element(*link, item), byte_strides(link->strides, item), x.shape(), item,
                 to);
    return;
  }
  std::memcpy(to, ArrayAccess::bytes(x), static_cast<std::size_t>(x.size()) * item);
}

void fill_shown(const Array& view, const std::byte* element) {
  internal::ViewLink& link = *ArrayAccess::link(view);
  const std::lock_guard lock(link.mutex);
  if (view.size() != 0) {
    const std::size_t item = item_size(view.dtype());
    with_element_size(item, [&](auto size) {
      constexpr std::size_t bytes = decltype(size)::value;
      std::array<std::byte, bytes> one;
      std::memcpy(one.data(), element, bytes);
      const Shape strides = byte_strides(link.strides, item);
      const Shape& shape = view.shape();
      if (shape.empty()) {
        std::memcpy(first_element(link, item), one.data(), bytes);
        return;
      }
      for_each_strided_row(first_element(link, item), strides, shape,
                           [&](std::byte* first, std::int64_t length, std::int64_t step) {
                             for (std::int64_t k = 0; k < length; ++k)
                               std::memcpy(first + k * step, one.data(), bytes);
                           });
    });
  }
  link.root->mark_written();
  link.filled = false;  // the copy no longer holds what the storage does
}

bool in_c_order(const Array& view) {
  return lies_in_c_order(view.shape(), elements_of(view).strides);
}

ShownMemory shown_memory(const Array& view) {
  const internal::ViewLink& link = *ArrayAccess::link(view);
  link.root->share_outside();
  if (view.size() == 0) return {nullptr, link.strides};
  return {first_element(link, item_size(view.dtype())), link.strides};
}

std::optional<Array> reshaped_view(const Array& x, Shape shape, Provenance provenance) {
  const ElementsAt elements = elements_of(x);
  if (!lies_in_c_order(x.shape(), elements.strides)) return std::nullopt;
  Shape strides = contiguous_strides(shape);
  return link_view(
      x, std::move(shape),
      {.root = elements.root, .offset = elements.offset, .strides = std::move(strides)},
      provenance);
}

}  // namespace internal
}  // namespace strict
