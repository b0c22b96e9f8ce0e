// Views: basic indexing and the functions that only rearrange axes return arrays that show x's
// storage, so a write through either shows in the other (strict/array.hpp, internal/view.hpp).
// The standard leaves views to the library ("an array object may either be a 'view' ... or own
// memory", design_topics/copies_views_and_mutation.rst); strict follows NumPy, whose views
// array-api-strict's arrays are, since downstream suites written against array-api-strict write
// through them (SciPy's oaconvolve: `ret_overpart += overpart` on a slice of a slice).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "test_helpers.hpp"

namespace strict {
namespace {

using testing::device1;
using testing::host_values;
using testing::make;

using Values = std::vector<std::int64_t>;

Values values_of(const Array& x) {
  return host_values<std::int64_t>(x);
}

// 0, 1, ... in `shape`, int64, on `device`.
Array counting(const Shape& shape, Device device = Device::cpu()) {
  return reshape(arange(0, element_count(shape), 1, {.dtype = int64, .device = device}), shape,
                 true);
}

TEST(Views, AWriteIntoASliceReachesTheArrayAndBack) {
  Array x = counting({2, 4});
  Array column = getitem(x, {Slice{}, 1});
  EXPECT_TRUE(column.is_view());
  EXPECT_TRUE(column.shares_storage_with(x));
  setitem(column, ellipsis, 70);
  EXPECT_EQ(values_of(x), (Values{0, 70, 2, 3, 4, 70, 6, 7}));
  // And the other way: a write into x shows in the view read afterwards.
  setitem(x, {1, 1}, 5);
  EXPECT_EQ(values_of(column), (Values{70, 5}));
}

TEST(Views, AScalarWrittenThroughAViewAlreadyReadShowsInItAndInTheArray) {
  // setitem of a scalar through a view writes the storage directly; the view's copy, taken by the
  // read before, must not be what is read after.
  Array x = counting({3, 4});
  Array stepped = getitem(x, {Slice{.step = 2}, Slice{.start = 1, .step = 2}});
  EXPECT_EQ(values_of(stepped), (Values{1, 3, 9, 11}));
  setitem(stepped, ellipsis, -1);
  EXPECT_EQ(values_of(stepped), (Values{-1, -1, -1, -1}));
  EXPECT_EQ(values_of(x), (Values{0, -1, 2, -1, 4, 5, 6, 7, 8, -1, 10, -1}));
  Array element = getitem(x, {1, ellipsis, 2});  // a 0-d view
  ASSERT_TRUE(element.is_view());
  setitem(element, ellipsis, 60);
  EXPECT_EQ(values_of(x)[6], 60);
  EXPECT_EQ(values_of(element), (Values{60}));
}

TEST(Views, AnInPlaceOperatorOnASliceOfASliceReachesTheArray) {
  // SciPy's oaconvolve: slices of slices along inner axes, then `+=`.
  Array ret = counting({2, 3, 4});
  Array part =
      getitem(getitem(ret, {ellipsis, Slice{.start = 1}}), {Slice{}, Slice{.stop = 2}, ellipsis});
  ASSERT_EQ(part.shape(), (Shape{2, 2, 3}));
  part += make(100, int64);
  Array expected = counting({2, 3, 4});
  setitem(expected, {Slice{}, Slice{.stop = 2}, Slice{.start = 1}},
          add(getitem(counting({2, 3, 4}), {Slice{}, Slice{.stop = 2}, Slice{.start = 1}}), 100));
  EXPECT_EQ(values_of(ret), values_of(expected));
}

TEST(Views, AWriteIntoAMovedAxisReachesTheArray) {
  // SciPy's vectorized_filter(output=): output = moveaxis(output, ...); output[...] = result.
  Array output = counting({2, 3});
  Array moved = moveaxis(output, Axes{0}, Axes{1});
  setitem(moved, ellipsis, make({{1, 2}, {3, 4}, {5, 6}}, int64));
  EXPECT_EQ(values_of(output), (Values{1, 3, 5, 2, 4, 6}));
}

TEST(Views, EveryAxisRearrangementIsAView) {
  Array x = counting({2, 3});
  Array transposed = permute_dims(x, {1, 0});
  Array matrix_t = matrix_transpose(x);
  Array expanded = expand_dims(x, 1);
  Array squeezed = squeeze(expanded, Axes{1});
  Array flipped = flip(x, Axes{1});
  std::vector<Array> rows = unstack(x, 0);
  // T, mT and linalg.matrix_transpose too: NumPy's are views (swapaxes), so array-api-strict's are.
  Array t = T(x);
  Array m_t = mT(x);
  Array linalg_t = linalg::matrix_transpose(x);
  for (const Array* view :
       {&transposed, &matrix_t, &expanded, &squeezed, &flipped, &rows[1], &t, &m_t, &linalg_t})
    EXPECT_TRUE(view->is_view());
  setitem(t, {2, 0}, 2);            // x[0, 2], then overwritten by flipped below
  setitem(linalg_t, {1, 0}, 11);    // x[0, 1]
  setitem(transposed, {0, 1}, 30);  // x[1, 0]
  setitem(flipped, {0, 0}, 20);     // x[0, 2]
  rows[1] += make(1, int64);        // x[1, :]
  EXPECT_EQ(values_of(x), (Values{0, 11, 20, 31, 5, 6}));
  EXPECT_EQ(values_of(matrix_t), (Values{0, 31, 11, 5, 20, 6}));
  EXPECT_EQ(values_of(squeezed), values_of(x));
  m_t += make(100, int64);
  EXPECT_EQ(values_of(x), (Values{100, 111, 120, 131, 105, 106}));
  EXPECT_EQ(values_of(t), (Values{100, 131, 111, 105, 120, 106}));
}

TEST(Views, FlippedAndSteppedSlicesCompose) {
  Array x = counting({10});
  Array every_other_backwards = getitem(getitem(x, Slice{.step = -1}), Slice{.step = 2});
  EXPECT_EQ(values_of(every_other_backwards), (Values{9, 7, 5, 3, 1}));
  Array inner = getitem(flip(every_other_backwards), Slice{.start = 1, .stop = 3});
  EXPECT_EQ(values_of(inner), (Values{3, 5}));
  setitem(inner, ellipsis, -1);
  EXPECT_EQ(values_of(x), (Values{0, 1, 2, -1, 4, -1, 6, 7, 8, 9}));
}

TEST(Views, NewAxesAndAnEllipsisOfNothingAreViews) {
  Array x = counting({3});
  Array lifted = getitem(x, {newaxis, Slice{}, newaxis});
  ASSERT_EQ(lifted.shape(), (Shape{1, 3, 1}));
  setitem(lifted, {0, 2, 0}, 9);
  Array whole = getitem(x, ellipsis);
  EXPECT_TRUE(whole.is_view());
  EXPECT_EQ(values_of(whole), (Values{0, 1, 9}));
  // x[1, ...] is a 0-d view (NumPy's too); x[1] a copy, as NumPy's scalar.
  Array zero_d = getitem(x, {1, ellipsis});
  setitem(zero_d, IndexKey{}, 5);
  EXPECT_EQ(values_of(x), (Values{0, 5, 9}));
}

TEST(Views, ReshapeIsAViewWhereTheElementsStayInOrderAndACopyElsewhere) {
  Array x = counting({4, 3});
  Array rows = getitem(x, {Slice{.start = 1, .stop = 3}, ellipsis});  // contiguous in x
  Array flat = reshape(rows, {6});
  EXPECT_TRUE(flat.is_view());
  setitem(flat, 0, 99);
  EXPECT_EQ(values_of(getitem(x, {1, 0, ellipsis})), (Values{99}));

  Array transposed = permute_dims(x, {1, 0});
  Array copied = reshape(transposed, {12});
  EXPECT_FALSE(copied.shares_storage_with(x));
  EXPECT_EQ(values_of(getitem(copied, Slice{.stop = 3})), (Values{0, 99, 6}));
  // spec: copy=False "must never copy and must raise a ValueError in case a copy would be
  // necessary".
  EXPECT_THROW(reshape(transposed, {12}, false), InvalidArgumentError);
}

TEST(Views, BroadcastToAndIndexArraysCopy) {
  Array x = counting({3});
  Array wide = broadcast_to(x, {2, 3});
  EXPECT_FALSE(wide.shares_storage_with(x));
  Array picked = getitem(x, make({0, 2}, int64));
  EXPECT_FALSE(picked.shares_storage_with(x));
  setitem(picked, 0, 50);
  EXPECT_EQ(values_of(x), (Values{0, 1, 2}));
}

TEST(Views, OverlappingInPlaceReadsTheElementsAsTheyWereBefore) {
  // a[1:] += a[:-1]: as if the right-hand side were copied first, as NumPy guarantees.
  Array a = make({1, 2, 3, 4}, int64);
  Array tail = getitem(a, Slice{.start = 1});
  tail += getitem(a, Slice{.stop = -1});
  EXPECT_EQ(values_of(a), (Values{1, 3, 5, 7}));
}

TEST(Views, StayOnTheirDeviceAndKeepItsHostRule) {
  Array x = counting({2, 2}, device1());
  Array row = getitem(x, {0, Slice{}});
  EXPECT_EQ(row.device(), device1());
  EXPECT_THROW((void)row.scalars(), HostAccessError);
  row += make(10, int64, device1());
  EXPECT_EQ(values_of(x), (Values{10, 11, 2, 3}));
}

TEST(Views, SeeWritesAnotherLibraryMakesThroughTheExchangedPointer) {
  Array x = counting({4});
  Array tail = getitem(x, Slice{.start = 2});
  EXPECT_EQ(values_of(tail), (Values{2, 3}));
  auto* memory = static_cast<std::int64_t*>(exchange_pointer(x));
  memory[3] = 42;  // as NumPy writing through its buffer-protocol view of x
  EXPECT_EQ(values_of(tail), (Values{2, 42}));
}

TEST(Views, GiveTheirMemoryBackWhenTheyDie) {
  const std::int64_t before = bytes_in_use(Device::cpu());
  {
    Array x = counting({100});
    Array view = getitem(x, Slice{.step = 3});
    EXPECT_GT(bytes_in_use(Device::cpu()), before);
  }
  EXPECT_EQ(bytes_in_use(Device::cpu()), before);
}

// A basic key of integers and slices, one per leading axis, then an ellipsis for the rest.
struct Key {
  std::vector<std::variant<std::int64_t, Slice>> items;
  bool ellipsis_last = false;

  IndexKey index_key() const {
    std::vector<IndexItem> out;
    for (const auto& item : items)
      std::visit([&](const auto& value) { out.emplace_back(value); }, item);
    if (ellipsis_last) out.emplace_back(ellipsis);
    return IndexKey(std::move(out));
  }
};

// Any value in [low, high), uniformly: inRange alone leans to `low` in the early, small cases.
template <class T>
T any_in(T low, T high) {
  return *rc::gen::resize(100, rc::gen::inRange<T>(low, high));
}

Key basic_key(const Shape& shape) {
  Key key;
  const auto indexed = any_in<std::size_t>(0, shape.size() + 1);
  key.ellipsis_last = indexed < shape.size();
  for (std::size_t d = 0; d < indexed; ++d) {
    const std::int64_t n = shape[d];
    if (any_in(0, 3) == 0) {
      key.items.emplace_back(any_in<std::int64_t>(-n, n));
    } else {
      // A bound anywhere from before the start to past the end, or none.
      const auto bound = [n]() -> std::optional<std::int64_t> {
        if (any_in(0, 4) == 0) return std::nullopt;
        return any_in<std::int64_t>(-n - 1, n + 2);
      };
      const std::optional<std::int64_t> start = bound();
      const std::optional<std::int64_t> stop = bound();
      key.items.emplace_back(Slice{.start = start,
                                   .stop = stop,
                                   .step = *rc::gen::element<std::int64_t>(-3, -2, -1, 1, 2, 3)});
    }
  }
  return key;
}

// The oracle: Python's own rules, element by element. `where` holds, for each element of an array
// of `shape` in C order, its place in the array the key is applied to; the result is where the
// selected elements are, in C order, and their shape.
struct Selected {
  Values where;
  Shape shape;
};

std::vector<std::int64_t> python_slice(const Slice& slice, std::int64_t n) {
  const std::int64_t step = slice.step.value_or(1);
  auto resolve = [&](std::optional<std::int64_t> bound, std::int64_t otherwise) {
    if (!bound) return otherwise;
    const std::int64_t value = *bound < 0 ? *bound + n : *bound;
    return step > 0 ? std::clamp<std::int64_t>(value, 0, n)
                    : std::clamp<std::int64_t>(value, -1, n - 1);
  };
  std::vector<std::int64_t> out;
  const std::int64_t start = resolve(slice.start, step > 0 ? 0 : n - 1);
  const std::int64_t stop = resolve(slice.stop, step > 0 ? n : -1);
  for (std::int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
    out.push_back(i);
  return out;
}

Selected select(const Selected& from, const Key& key) {
  std::vector<std::vector<std::int64_t>> picks;
  Shape shape;
  for (std::size_t d = 0; d < from.shape.size(); ++d) {
    const std::int64_t n = from.shape[d];
    if (d >= key.items.size()) {
      picks.push_back(python_slice(Slice{}, n));
    } else if (const auto* index = std::get_if<std::int64_t>(&key.items[d])) {
      picks.push_back({*index < 0 ? *index + n : *index});
      continue;
    } else {
      picks.push_back(python_slice(std::get<Slice>(key.items[d]), n));
    }
    shape.push_back(static_cast<std::int64_t>(picks.back().size()));
  }
  Selected out{.where = {}, .shape = shape};
  const Shape strides = [&] {
    Shape c(from.shape.size(), 1);
    for (std::size_t d = c.size(); d-- > 1;)
      c[d - 1] = c[d] * from.shape[d];
    return c;
  }();
  // The cartesian product of the picks, in C order.
  std::vector<std::size_t> at(picks.size(), 0);
  const bool empty = std::any_of(picks.begin(), picks.end(), [](auto& p) { return p.empty(); });
  while (!empty) {
    std::int64_t flat = 0;
    for (std::size_t d = 0; d < picks.size(); ++d)
      flat += picks[d][at[d]] * strides[d];
    out.where.push_back(from.where[static_cast<std::size_t>(flat)]);
    std::size_t d = picks.size();
    while (d-- > 0 && ++at[d] == picks[d].size())
      at[d] = 0;
    if (d == static_cast<std::size_t>(-1)) break;
  }
  return out;
}

// A view of a view reads and writes the elements the two keys select, by Python's rules: the
// composed offsets and strides of internal/view.hpp against an element-by-element oracle. x counts
// 0, 1, ..., so each element's value is its place in x.
RC_GTEST_PROP(Views, AViewOfAViewReadsAndWritesWhatTheKeysSelect, ()) {
  const auto ndim = any_in<std::size_t>(1, 4);
  const Shape shape =
      *rc::gen::container<Shape>(ndim, rc::gen::resize(100, rc::gen::inRange<std::int64_t>(1, 6)));
  Array x = counting(shape);
  const Key outer = basic_key(shape);
  Array view = getitem(x, outer.index_key());
  const Key inner = basic_key(view.shape());
  Array inner_view = getitem(view, inner.index_key());

  Selected everything{.where = values_of(x), .shape = shape};
  const Selected selected = select(select(everything, outer), inner);
  RC_ASSERT(inner_view.shape() == selected.shape);
  RC_ASSERT(values_of(inner_view) == selected.where);

  inner_view += make(1000, int64);
  // A key of integers only copies (NumPy's scalar), so a write through it stays there.
  Values expected = everything.where;
  if (!outer.items.empty() || outer.ellipsis_last || !inner.items.empty() || inner.ellipsis_last) {
    if (view.is_view() && inner_view.is_view()) {
      for (const std::int64_t place : selected.where)
        expected[static_cast<std::size_t>(place)] += 1000;
    }
  }
  RC_ASSERT(values_of(x) == expected);
}

// Permuted axes over extents past the 32 x 32 tiles a transposed layout moves in (and axes of
// extent 1, which the strided copies drop): reading the view gives each element from its place,
// and a write through it reaches that place.
RC_GTEST_PROP(Views, PermutedAxesOfAnyExtentReadAndWriteTheirPlaces, ()) {
  const auto ndim = any_in<std::size_t>(2, 5);
  const Shape shape = *rc::gen::container<Shape>(
      ndim, rc::gen::oneOf(rc::gen::just<std::int64_t>(1), rc::gen::inRange<std::int64_t>(2, 5),
                           rc::gen::inRange<std::int64_t>(30, 70)));
  RC_PRE(element_count(shape) <= 200'000);
  // Any permutation, by Fisher-Yates over generated positions.
  Axes order(ndim);
  for (std::size_t d = 0; d < ndim; ++d)
    order[d] = static_cast<std::int64_t>(d);
  for (std::size_t d = ndim; d-- > 1;)
    std::swap(order[d], order[any_in<std::size_t>(0, d + 1)]);

  Array x = counting(shape);
  Array view = permute_dims(x, order);
  const Shape strides = [&] {
    Shape c(ndim, 1);
    for (std::size_t d = ndim; d-- > 1;)
      c[d - 1] = c[d] * shape[d];
    return c;
  }();
  // The oracle: the view's element at multi-index i is x's at i permuted back.
  Values expected;
  const Shape view_shape = view.shape();
  Shape index(ndim, 0);
  for (std::int64_t flat = 0; flat < element_count(view_shape); ++flat) {
    std::int64_t place = 0;
    for (std::size_t d = 0; d < ndim; ++d)
      place += index[d] * strides[static_cast<std::size_t>(order[d])];
    expected.push_back(place);
    for (std::size_t d = ndim; d-- > 0;) {
      if (++index[d] < view_shape[d]) break;
      index[d] = 0;
    }
  }
  RC_ASSERT(values_of(view) == expected);

  view *= make(2, int64);
  Values doubled = values_of(counting(shape));
  for (std::int64_t& value : doubled)
    value *= 2;
  RC_ASSERT(values_of(x) == doubled);
}

// A broadcast copy over rows of one repeated element (stride 0) and over a transposed layout gives
// each element from its place.
TEST(Views, BroadcastRowsAndTransposedBroadcastsCopyTheRightElements) {
  const Array column = counting({40, 1});
  const Array wide = broadcast_to(column, {40, 50});
  Values expected;
  for (std::int64_t i = 0; i < 40; ++i)
    expected.insert(expected.end(), 50, i);
  EXPECT_EQ(values_of(wide), expected);
  const Array tall = broadcast_to(permute_dims(column, {1, 0}), {50, 40});
  expected.clear();
  for (std::int64_t i = 0; i < 50; ++i)
    for (std::int64_t j = 0; j < 40; ++j)
      expected.push_back(j);
  EXPECT_EQ(values_of(tall), expected);
}

}  // namespace
}  // namespace strict
