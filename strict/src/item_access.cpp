// __getitem__ and __setitem__: a key is resolved to the element offsets it selects in x (and the
// shape of the selection); setitem writes into them, getitem copies them out or, for basic
// indexing, returns a view of them (internal/view.hpp).
#include "strict/item_access.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "internal/array_access.hpp"
#include "internal/broadcast.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/element_gather.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"
#include "internal/strides.hpp"
#include "internal/view.hpp"
#include "strict/errors.hpp"
#include "strict/fault.hpp"

namespace strict {
namespace {

constexpr std::string_view kGetitem = "__getitem__";
constexpr std::string_view kSetitem = "__setitem__";

// What x[key] selects: the elements at `offsets` of x (C order of `shape`).
struct Selection {
  Shape shape;
  std::vector<std::int64_t> offsets;
};

// Calls f(flat, multi_index) for every multi-index of `shape` in C order.
template <class F>
void for_each_index(const Shape& shape, F&& f) {
  const std::int64_t total = element_count(shape);
  Shape index(shape.size(), 0);
  for (std::int64_t flat = 0; flat < total; ++flat) {
    f(flat, static_cast<const Shape&>(index));
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
}

// The array items of a key, with the names DeviceMismatchError reports: "key" for a key of one
// item, "key[i]" for an item of a tuple.
struct KeyArrays {
  std::vector<std::string> names;
  std::vector<const Array*> arrays;
};

KeyArrays arrays_of(const IndexKey& key) {
  KeyArrays out;
  const auto& items = key.items();
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (const auto* array = std::get_if<Array>(&items[i].value())) {
      out.names.push_back(items.size() == 1 ? std::string("key") : fmt::format("key[{}]", i));
      out.arrays.push_back(array);
    }
  }
  return out;
}

// spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
// arrays on different devices". The draft's __getitem__/__setitem__ leave index arrays and array
// values on another device "implementation-defined"; strict raises, before any other check.
void require_one_device(std::string_view function, const Array& x, const IndexKey& key,
                        const Array* value) {
  const KeyArrays key_arrays = arrays_of(key);
  std::vector<internal::NamedArray> named{{"self", &x}};
  // Fault getitem_index_transfers_silently (array-api PR #1005 leaves it implementation-defined;
  // strict raises): index arrays of x[idx] are read from any device.
  const bool keys_anywhere =
      function == kGetitem && fault::is_active(fault::Fault::getitem_index_transfers_silently);
  if (!keys_anywhere)
    for (std::size_t i = 0; i < key_arrays.arrays.size(); ++i)
      named.push_back({key_arrays.names[i], key_arrays.arrays[i]});
  // Fault setitem_transfers_silently (array-api-strict#207): the value is copied from any device.
  if (value != nullptr && !fault::is_active(fault::Fault::setitem_transfers_silently))
    named.push_back({"value", value});
  internal::common_device(function, named);
}

// indexing.rst: valid indices are [0, n) and [-n, -1]; "This specification does not require
// bounds checking": strict checks.
std::int64_t normalize_index(std::string_view function, std::int64_t index, std::int64_t extent,
                             std::size_t axis) {
  if (index < -extent || index >= extent) {
    throw IndexError(
        fmt::format("{}(): index {} is out of bounds for axis {} with size {} (valid: {} to {})",
                    function, index, axis, extent, -extent, extent - 1));
  }
  return index < 0 ? index + extent : index;
}

// The indices a pick (a slice, or an integer index) selects along one axis: `count` of them, from
// `start` by `step`. An arithmetic progression, so that resolving a key costs nothing per element.
struct AxisPick {
  std::int64_t start = 0;
  std::int64_t step = 1;
  std::int64_t count = 0;
  std::int64_t at(std::int64_t k) const { return start + k * step; }
};

// The indices a slice selects along an axis of `extent`, with the defaults of indexing.rst ("Slice
// Syntax") and Python's clipping of bounds past the axis (the standard leaves those unspecified).
AxisPick slice_indices(std::string_view function, const Slice& slice, std::int64_t extent,
                       std::size_t axis) {
  const std::int64_t step = slice.step.value_or(1);
  if (step == 0) {
    throw InvalidArgumentError(fmt::format(
        "{}(): the slice for axis {} has step 0; a slice step must not be zero", function, axis));
  }
  // Negative bounds count from the end; then clip to [0, n] (step > 0) or [-1, n - 1] (step < 0,
  // where -1 stands for "before the first element").
  const std::int64_t low = step > 0 ? 0 : -1;
  const std::int64_t high = step > 0 ? extent : extent - 1;
  auto clip = [&](std::optional<std::int64_t> bound, std::int64_t otherwise) {
    if (!bound) return otherwise;
    std::int64_t value = *bound;
    if (value < 0) value += extent;
    return std::clamp(value, low, high);
  };
  const std::int64_t start = clip(slice.start, step > 0 ? 0 : extent - 1);
  const std::int64_t stop = clip(slice.stop, step > 0 ? extent : -1);
  // The count without overflow, whatever the step: spans are at most n + 1.
  const std::uint64_t magnitude =
      step > 0 ? static_cast<std::uint64_t>(step) : 0 - static_cast<std::uint64_t>(step);
  const std::int64_t span = step > 0 ? stop - start : start - stop;
  if (span <= 0) return {.start = 0, .step = 1, .count = 0};
  const auto count =
      static_cast<std::int64_t>((static_cast<std::uint64_t>(span) - 1) / magnitude + 1);
  // A single element's step is never used: 1 keeps every step in range for a view's strides.
  return {.start = start, .step = count > 1 ? step : 1, .count = count};
}

bool is_array_item(const IndexItem& item) {
  return std::holds_alternative<Array>(item.value());
}

// A key of integers, slices, ellipsis and newaxis resolved against x's shape: the indices it
// picks along each axis of x, and where each axis of the result comes from.
struct BasicKey {
  std::vector<AxisPick> picks;           // per axis of x, in order
  Shape shape;                           // of the result
  std::vector<internal::ViewAxis> axes;  // per axis of the result
  bool integers_only = true;             // no slice, ellipsis or newaxis: a 0-d result
};

// Integers, slices, ellipsis and newaxis (indexing.rst, "Multi-axis Indexing").
BasicKey resolve_basic(std::string_view function, const Array& x, const IndexKey& key) {
  const auto& items = key.items();
  const std::int64_t ndim = x.ndim();
  std::int64_t indexing = 0;
  int ellipses = 0;
  for (const IndexItem& item : items) {
    if (std::holds_alternative<Ellipsis>(item.value())) ++ellipses;
    if (std::holds_alternative<std::int64_t>(item.value()) ||
        std::holds_alternative<Slice>(item.value()))
      ++indexing;
  }
  // "Only a single ellipsis must be allowed. An IndexError exception must be raised if more than
  // one ellipsis is provided."
  if (ellipses > 1) {
    throw IndexError(
        fmt::format("{}(): the key has {} ellipses; at most one is allowed", function, ellipses));
  }
  // "An IndexError exception must be raised if the number of provided single-axis indexing
  // expressions (excluding None) is greater than N", and "should" be if it is less (without an
  // ellipsis).
  if (indexing > ndim) {
    throw IndexError(
        fmt::format("{}(): the key indexes {} dimensions, but the array has shape {} ({} "
                    "dimensions)",
                    function, indexing, shape_text(x.shape()), ndim));
  }
  if (indexing < ndim && ellipses == 0) {
    throw IndexError(fmt::format(
        "{}(): the key indexes {} of the {} dimensions of an array of shape {}; index every "
        "dimension, or add an ellipsis for the rest (flat indexing is not supported)",
        function, indexing, ndim, shape_text(x.shape())));
  }

  // Per dimension of x, the indices it contributes, in order; the result shape alongside.
  BasicKey out;
  auto& picks = out.picks;
  std::size_t axis = 0;
  auto sliced = [&](const Slice& slice) {
    picks.push_back(slice_indices(function, slice, x.shape()[axis], axis));
    const AxisPick& pick = picks.back();
    out.shape.push_back(pick.count);
    out.axes.push_back({.source = static_cast<std::int64_t>(axis), .step = pick.step});
    out.integers_only = false;
    ++axis;
  };
  for (const IndexItem& item : items) {
    const IndexItem::Value& value = item.value();
    if (const auto* index = std::get_if<std::int64_t>(&value)) {
      // "Providing a single integer as a single-axis index must reduce the number of array
      // dimensions by 1".
      picks.push_back({.start = normalize_index(function, *index, x.shape()[axis], axis),
                       .step = 1,
                       .count = 1});
      ++axis;
    } else if (const auto* slice = std::get_if<Slice>(&value)) {
      sliced(*slice);
    } else if (std::holds_alternative<Ellipsis>(value)) {
      out.integers_only = false;
      for (std::int64_t d = 0; d < ndim - indexing; ++d)
        sliced(Slice{});
    } else {
      // "Each None in the selection tuple must expand the dimensions of the resulting selection
      // by one dimension of size 1."
      out.shape.push_back(1);
      out.axes.push_back({.source = -1, .step = 0});
      out.integers_only = false;
    }
  }
  return out;
}

// Where each element a resolved basic key selects is in x (for setitem, and getitem's copies).
Selection basic_selection(const Array& x, const BasicKey& resolved) {
  const auto& picks = resolved.picks;
  const Shape& shape = resolved.shape;
  // The cartesian product of the picks, in C order: new axes have size 1, so they change the
  // shape but not the order.
  const Shape strides = internal::contiguous_strides(x.shape());
  Shape pick_extents;
  for (const AxisPick& pick : picks)
    pick_extents.push_back(pick.count);
  Selection selection{.shape = shape, .offsets = {}};
  selection.offsets.reserve(static_cast<std::size_t>(element_count(pick_extents)));
  for_each_index(pick_extents, [&](std::int64_t, const Shape& index) {
    std::int64_t offset = 0;
    for (std::size_t d = 0; d < picks.size(); ++d)
      offset += picks[d].at(index[d]) * strides[d];
    selection.offsets.push_back(offset);
  });
  return selection;
}

// The elements of an integer index array as normalised indices into an axis of `extent`.
std::vector<std::int64_t> index_values(std::string_view function, const Array& indices,
                                       std::int64_t extent, std::size_t axis) {
  std::vector<std::int64_t> out;
  out.reserve(static_cast<std::size_t>(indices.size()));
  internal::visit_dtype(indices.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (internal::is_integer_v<T>) {
      const T* data = ArrayAccess::data<T>(indices);
      for (std::int64_t i = 0; i < indices.size(); ++i) {
        if (!std::in_range<std::int64_t>(data[i])) {
          throw IndexError(fmt::format("{}(): index {} is out of bounds for axis {} with size {}",
                                       function, data[i], axis, extent));
        }
        out.push_back(normalize_index(function, static_cast<std::int64_t>(data[i]), extent, axis));
      }
    }
  });
  return out;
}

// Integers and integer arrays, one per dimension, broadcast together (indexing.rst, "Integer
// Array Indexing").
Selection integer_array_selection(std::string_view function, const Array& x, const IndexKey& key) {
  const auto& items = key.items();
  for (const IndexItem& item : items) {
    if (!std::holds_alternative<std::int64_t>(item.value()) && !is_array_item(item)) {
      // "This specification does not currently address indexing tuples which combine slices and
      // integer arrays. Behavior for such indexing tuples is left unspecified".
      throw InvalidArgumentError(fmt::format(
          "{}(): strict does not combine integer index arrays with slices, an ellipsis or "
          "newaxis; use a key of only integers and integer arrays, one per dimension",
          function));
    }
  }
  // "Let T be a tuple (t1, t2, ..., tN) having length N." Too many or too few expressions: the
  // IndexError of multi-axis indexing.
  if (static_cast<std::int64_t>(items.size()) != x.ndim()) {
    throw IndexError(fmt::format(
        "{}(): a key with integer index arrays needs one integer or integer array per dimension: "
        "{} for an array of shape {}, not {}",
        function, x.ndim(), shape_text(x.shape()), items.size()));
  }
  // "all elements of T must be broadcast against each other to determine a common shape S2";
  // an integer is a 0-d array.
  Shape common;
  std::vector<Shape> shapes;
  std::vector<std::vector<std::int64_t>> values;
  for (std::size_t axis = 0; axis < items.size(); ++axis) {
    const std::int64_t extent = x.shape()[axis];
    if (const auto* array = std::get_if<Array>(&items[axis].value())) {
      shapes.push_back(array->shape());
      values.push_back(index_values(function, *array, extent, axis));
    } else {
      shapes.push_back({});
      values.push_back(
          {normalize_index(function, std::get<std::int64_t>(items[axis].value()), extent, axis)});
    }
    common = internal::broadcast_shapes(function, common, shapes.back());
  }
  std::vector<Shape> index_strides;
  for (const Shape& shape : shapes)
    index_strides.push_back(internal::broadcast_strides(shape, common));
  const Shape strides = internal::contiguous_strides(x.shape());
  Selection selection{.shape = common, .offsets = {}};
  const auto total = static_cast<std::size_t>(element_count(common));
  selection.offsets.reserve(total);
  // "The result of A[U] must be constructed by gathering elements from A at each coordinate
  // tuple v_i."
  const bool unbroadcast = std::all_of(values.begin(), values.end(), [&](const auto& v) {
    return v.size() == total || v.size() == 1;
  });
  if (unbroadcast) {
    // Each item of the common shape (its i-th value for the i-th element) or one value (an
    // integer, or an array of one element): no index arithmetic per element.
    selection.offsets.assign(total, 0);
    for (std::size_t axis = 0; axis < values.size(); ++axis) {
      const std::vector<std::int64_t>& picked = values[axis];
      const std::int64_t stride = strides[axis];
      if (picked.size() == total) {
        for (std::size_t i = 0; i < total; ++i)
          selection.offsets[i] += picked[i] * stride;
      } else {
        for (std::int64_t& offset : selection.offsets)
          offset += picked.front() * stride;
      }
    }
    return selection;
  }
  for_each_index(common, [&](std::int64_t, const Shape& index) {
    std::int64_t offset = 0;
    for (std::size_t axis = 0; axis < values.size(); ++axis) {
      std::int64_t position = 0;
      for (std::size_t d = 0; d < index.size(); ++d)
        position += index[d] * index_strides[axis][d];
      offset += values[axis][static_cast<std::size_t>(position)] * strides[axis];
    }
    selection.offsets.push_back(offset);
  });
  return selection;
}

// A boolean array as the sole index (indexing.rst, "Boolean Array Indexing").
Selection boolean_selection(std::string_view function, const Array& x, const IndexKey& key) {
  if (key.items().size() != 1) {
    throw InvalidArgumentError(fmt::format(
        "{}(): a boolean index array must be the sole index, not combined with other items "
        "(the key has {})",
        function, key.items().size()));
  }
  const Array& mask = std::get<Array>(key.items().front().value());
  // "If N < M, then an IndexError exception must be raised."
  if (mask.ndim() > x.ndim()) {
    throw IndexError(
        fmt::format("{}(): the boolean index of shape {} has more dimensions than the array of "
                    "shape {}",
                    function, shape_text(mask.shape()), shape_text(x.shape())));
  }
  // "The size of each dimension in B must equal the size of the corresponding dimension in A or
  // be 0".
  for (std::int64_t d = 0; d < mask.ndim(); ++d) {
    const auto axis = static_cast<std::size_t>(d);
    if (mask.shape()[axis] != x.shape()[axis] && mask.shape()[axis] != 0) {
      throw IndexError(
          fmt::format("{}(): the boolean index of shape {} does not match the leading dimensions "
                      "of the array of shape {} (dimension {} is {}, not {})",
                      function, shape_text(mask.shape()), shape_text(x.shape()), d,
                      mask.shape()[axis], x.shape()[axis]));
    }
  }
  const Shape rest(x.shape().begin() + mask.ndim(), x.shape().end());
  const std::int64_t inner = element_count(rest);
  Selection selection;
  const bool* flags = ArrayAccess::data<bool>(mask);
  std::int64_t count = 0;
  // "A[B] must replace the first M dimensions of A with a single dimension having a size equal
  // to the number of True elements in B", in row-major order.
  for (std::int64_t p = 0; p < mask.size(); ++p) {
    if (!flags[p]) continue;
    ++count;
    for (std::int64_t j = 0; j < inner; ++j)
      selection.offsets.push_back(p * inner + j);
  }
  selection.shape.push_back(count);
  selection.shape.insert(selection.shape.end(), rest.begin(), rest.end());
  return selection;
}

Selection select(std::string_view function, const Array& x, const IndexKey& key) {
  bool has_array = false;
  bool has_mask = false;
  for (const IndexItem& item : key.items()) {
    const auto* array = std::get_if<Array>(&item.value());
    if (array == nullptr) continue;
    has_array = true;
    if (is_bool(array->dtype())) {
      has_mask = true;
    } else if (!is_integer(array->dtype())) {
      throw DTypeError(fmt::format(
          "{}(): an index array has dtype {}; index arrays must have an integer or boolean dtype",
          function, array->dtype()));
    }
  }
  if (has_mask) return boolean_selection(function, x, key);
  if (has_array) return integer_array_selection(function, x, key);
  return basic_selection(x, resolve_basic(function, x, key));
}

// The view of x a basic key (not of integers only) selects. `function` must be a string literal:
// the provenance keeps it.
Array basic_view(std::string_view function, const Array& x, const BasicKey& basic) {
  Shape start;
  for (const AxisPick& pick : basic.picks)
    start.push_back(pick.start);
  return internal::view_of(function, x, basic.shape, start, basic.axes);
}

// Whether a key has an index array (integer or boolean): a selection that copies.
bool has_index_array(const IndexKey& key) {
  return std::any_of(key.items().begin(), key.items().end(), is_array_item);
}

}  // namespace

Array getitem(const Array& x, const IndexKey& key) {
  require_one_device(kGetitem, x, key, nullptr);
  std::optional<Selection> integers_only;
  if (!has_index_array(key)) {
    // Basic indexing is a view of x, as in NumPy (strict/array.hpp), except where NumPy returns
    // a scalar: a key of integers only.
    const BasicKey basic = resolve_basic(kGetitem, x, key);
    if (!basic.integers_only) {
      return basic_view("__getitem__", x, basic);
    }
    integers_only = basic_selection(x, basic);
  }
  const Selection selection = integers_only ? *std::move(integers_only) : select(kGetitem, x, key);
  // spec/2024.12/design_topics/device_support.rst: "Preserve device assignment"; indexing.rst:
  // "must be an array of the same data type as the indexed array".
  Array out = ArrayAccess::allocate(selection.shape, x.dtype(), x.device(),
                                    propagated_from("__getitem__", x.provenance()));
  const std::byte* from = ArrayAccess::bytes(x);
  std::byte* to = ArrayAccess::bytes(out);
  internal::with_element_size(item_size(x.dtype()), [&](auto size) {
    constexpr std::size_t item = decltype(size)::value;
    for (std::size_t i = 0; i < selection.offsets.size(); ++i)
      std::memcpy(to + i * item, from + static_cast<std::size_t>(selection.offsets[i]) * item,
                  item);
  });
  return out;
}

Array& setitem(Array& x, const IndexKey& key, const ArrayOrScalar& value) {
  const Array* value_array = value.is_array() ? &value.array() : nullptr;
  require_one_device(kSetitem, x, key, value_array);
  for (const IndexItem& item : key.items()) {
    if (std::holds_alternative<NewAxis>(item.value())) {
      throw InvalidArgumentError(
          "__setitem__(): newaxis (None) is not part of a __setitem__ key; the standard allows "
          "integers, slices, an ellipsis and index arrays");
    }
  }
  // A key of integers, slices and an ellipsis selects a view of x: the new elements go into the
  // view and back into x's storage by rows (internal/view.hpp), with no offset per element. Index
  // arrays (and a key of integers only) select elements by their offsets.
  std::optional<Array> window;
  Selection selection;
  if (!has_index_array(key)) {
    const BasicKey basic = resolve_basic(kSetitem, x, key);
    if (!basic.integers_only) {
      window = basic_view("__setitem__", x, basic);
      selection.shape = basic.shape;
    } else {
      selection = basic_selection(x, basic);
    }
  } else {
    selection = select(kSetitem, x, key);
  }
  const std::int64_t count = element_count(selection.shape);

  // Everything is checked and the new elements converted before the first write, so a raising
  // __setitem__ leaves x unchanged.
  if (value_array != nullptr) {
    // "When value is an array of a different data type than self, how values are cast to the
    // data type of self is implementation defined": strict takes the casts promotion makes.
    if (promote_types(value_array->dtype(), x.dtype()) != x.dtype()) {
      throw DTypeError(
          fmt::format("__setitem__(): a value of dtype {} cannot be written into an array of "
                      "dtype {} (\"Setting array values must not affect the data type of "
                      "self\"); strict accepts only dtypes that promote to {}",
                      value_array->dtype(), x.dtype(), x.dtype()));
    }
    // "Must be compatible with self[key] (see broadcasting)": value broadcasts to the selection.
    const bool fits = value_array->ndim() <= static_cast<std::int64_t>(selection.shape.size()) &&
                      internal::broadcast_shapes(kSetitem, value_array->shape(), selection.shape) ==
                          selection.shape;
    if (!fits) {
      throw InvalidArgumentError(fmt::format(
          "__setitem__(): a value of shape {} cannot be broadcast to the selection's shape {}",
          shape_text(value_array->shape()), shape_text(selection.shape)));
    }
  } else {
    // "When value is a Python scalar ... behavior must follow specification guidance on mixing
    // arrays with Python scalars".
    internal::require_scalar_fits(kSetitem, value.scalar(), x.dtype());
  }

  internal::visit_dtype(x.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    // The selection's new elements in C order, written into `elements`.
    const auto fill = [&](T* elements) {
      if (value_array != nullptr) {
        const Shape strides = internal::broadcast_strides(value_array->shape(), selection.shape);
        internal::visit_dtype(value_array->dtype(), [&](auto value_tag) {
          using V = typename decltype(value_tag)::type;
          const V* data = ArrayAccess::data<V>(*value_array);
          if (value_array->size() == count) {
            // No broadcasting: the value's elements in order.
            if constexpr (std::is_same_v<V, T>) {
              std::copy(data, data + count, elements);
            } else {
              for (std::int64_t i = 0; i < count; ++i)
                elements[i] = internal::convert_element<T>(data[i]);
            }
            return;
          }
          for_each_index(selection.shape, [&](std::int64_t flat, const Shape& index) {
            std::int64_t offset = 0;
            for (std::size_t d = 0; d < index.size(); ++d)
              offset += index[d] * strides[d];
            elements[flat] = internal::convert_element<T>(data[offset]);
          });
        });
      } else {
        const T element = internal::scalar_to_element<T>(kSetitem, value.scalar());
        std::fill(elements, elements + count, element);
      }
    };
    if (window && value_array == nullptr) {
      // One element everywhere: written straight into x's storage.
      const T element = internal::scalar_to_element<T>(kSetitem, value.scalar());
      internal::fill_shown(*window, reinterpret_cast<const std::byte*>(&element));
      return;
    }
    if (window) {
      fill(ArrayAccess::data_to_overwrite<T>(*window));
      ArrayAccess::wrote(*window);
      return;
    }
    // (Not a std::vector: vector<bool> has no data().)
    const auto elements = std::make_unique<T[]>(static_cast<std::size_t>(count));
    fill(elements.get());
    T* target = ArrayAccess::data<T>(x);
    for (std::size_t i = 0; i < selection.offsets.size(); ++i)
      target[selection.offsets[i]] = elements[i];
    ArrayAccess::wrote(x);
  });
  return x;
}

}  // namespace strict
