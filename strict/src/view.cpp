// Views of another array's storage: how they are made, refreshed and written back
// (internal/view.hpp).
#include "internal/view.hpp"

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
