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

Shape in_bytes(const Shape& strides, std::size_t item) {
  Shape out;
  for (const std::int64_t stride : strides)
    out.push_back(stride * static_cast<std::int64_t>(item));
  return out;
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
    internal::copy_strided(root.data() + link.offset * static_cast<std::int64_t>(item),
                           in_bytes(link.strides, item), view.shape_, item, view.buffer_->data());
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
    internal::scatter_strided(array.buffer_->data(), array.shape_, item,
                              link.root->data() + link.offset * static_cast<std::int64_t>(item),
                              in_bytes(link.strides, item));
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
  const ElementsAt elements = elements_of(view);
  const Shape in_order = contiguous_strides(view.shape());
  for (std::size_t d = 0; d < in_order.size(); ++d) {
    // The stride of an axis of extent 1 is never used.
    if (view.shape()[d] != 1 && elements.strides[d] != in_order[d]) return false;
  }
  return true;
}

ShownMemory shown_memory(const Array& view) {
  const ElementsAt elements = elements_of(view);
  elements.root->share_outside();
  if (view.size() == 0) return {nullptr, elements.strides};
  const auto item = static_cast<std::int64_t>(item_size(view.dtype()));
  return {elements.root->data() + elements.offset * item, elements.strides};
}

std::optional<Array> reshaped_view(const Array& x, Shape shape, Provenance provenance) {
  if (!in_c_order(x)) return std::nullopt;
  const ElementsAt elements = elements_of(x);
  Shape strides = contiguous_strides(shape);
  return link_view(
      x, std::move(shape),
      {.root = elements.root, .offset = elements.offset, .strides = std::move(strides)},
      provenance);
}

}  // namespace internal
}  // namespace strict
