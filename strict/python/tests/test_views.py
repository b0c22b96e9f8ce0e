# Views: basic indexing and the functions that only rearrange axes return views, as NumPy's (and
# so array-api-strict's) do, so a write through one reaches the array it shows and back. The
# standard leaves this to the library ("an array object may either be a 'view' ... or own memory",
# design_topics/copies_views_and_mutation.rst); SciPy's tests write through views
# (`ret_overpart += overpart` in oaconvolve, `output[...] =` after moveaxis, `output=out[i, ...]`).
# NumPy is the oracle here: strict_xp must do what NumPy does with the same keys.
import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strict_xp as xp

device1 = xp.Device("device1")


def test_a_write_into_a_slice_of_a_slice_reaches_the_array():
    ret = xp.reshape(xp.arange(24.0), (2, 3, 4))
    part = ret[..., 1:][:, :2, ...]
    part += 100.0
    expected = numpy.arange(24.0).reshape(2, 3, 4)
    expected[:, :2, 1:] += 100.0
    assert numpy.array_equal(numpy.asarray(ret), expected)


def test_a_write_after_moveaxis_reaches_the_array():
    output = xp.zeros((2, 3))
    moved = xp.moveaxis(output, 0, -1)
    moved[...] = xp.reshape(xp.arange(6.0), (3, 2))
    assert xp.all(output == xp.asarray([[0.0, 2.0, 4.0], [1.0, 3.0, 5.0]]))


def test_a_key_of_integers_only_is_a_copy_as_numpys_scalar():
    x = xp.arange(3)
    element = x[1]
    element += 10
    assert xp.all(x == xp.arange(3))


def test_numpy_writes_through_the_buffer_of_a_view_reach_the_array():
    # SciPy's ndimage takes `output=out[i, ...]` and writes through numpy.asarray(output).
    out = xp.zeros((4, 3))
    row = numpy.asarray(out[1, ...])
    row[:] = 7.0
    column = numpy.asarray(out[:, 2])  # strided: NumPy gets the strides
    column[:] = 5.0
    expected = numpy.zeros((4, 3))
    expected[1, :] = 7.0
    expected[:, 2] = 5.0
    assert numpy.array_equal(numpy.asarray(out), expected)


def test_a_dlpack_view_hands_out_the_arrays_own_memory():
    out = xp.zeros((3, 4))
    column = numpy.from_dlpack(out[:, 1])
    assert numpy.shares_memory(column, numpy.asarray(out))
    assert column.strides == (4 * 8,)
    if column.flags.writeable:  # NumPy 1.x marks DLPack imports read-only
        column[:] = 3.0
        assert xp.all(out[:, 1] == 3.0) and xp.sum(out) == 9.0


def test_a_flipped_view_is_read_right_through_dlpack():
    # Negative strides are handed out as a copy (torch refuses them); the values are the view's.
    x = xp.arange(5)
    assert numpy.from_dlpack(xp.flip(x)).tolist() == [4, 3, 2, 1, 0]


def test_views_stay_on_their_device():
    x = xp.zeros((2, 2), device=device1)
    row = x[0, :]
    row += 1.0
    assert row.device == device1
    assert xp.sum(x).to_device(xp.Device("cpu")) == 2.0


# A basic key for `shape`: integers and slices for the leading axes, then maybe an ellipsis.
@st.composite
def basic_keys(draw, shape):
    items = []
    indexed = draw(st.integers(0, len(shape)))
    for n in shape[:indexed]:
        if n > 0 and draw(st.booleans()):
            items.append(draw(st.integers(-n, n - 1)))
        else:
            bound = st.none() | st.integers(-n - 2, n + 2)
            step = draw(st.none() | st.sampled_from([-3, -2, -1, 1, 2, 3]))
            items.append(slice(draw(bound), draw(bound), step))
    if indexed < len(shape):
        items.append(Ellipsis)
    return tuple(items)


@st.composite
def view_cases(draw):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    outer = draw(basic_keys(shape))
    inner_shape = numpy.empty(shape)[outer].shape
    inner = draw(basic_keys(inner_shape))
    how = draw(st.sampled_from(["iadd", "setitem", "moveaxis"]))
    return shape, outer, inner, how


@settings(max_examples=200, deadline=None)
@given(view_cases())
def test_writes_through_views_do_what_numpy_does(case):
    shape, outer, inner, how = case
    size = int(numpy.prod(shape))
    expected = numpy.arange(size, dtype=numpy.int64).reshape(shape)
    x = xp.reshape(xp.arange(size, dtype=xp.int64), shape)
    for array, namespace in ((expected, numpy), (x, xp)):
        view = array[outer][inner]
        if not isinstance(view, (numpy.ndarray, xp.Array)):
            continue  # a key of integers only: NumPy's scalar, strict_xp's copy
        if how == "iadd":
            view += 1000
        elif how == "setitem":
            view[...] = -1
        elif view.ndim >= 1:
            moved = namespace.moveaxis(view, 0, -1)
            moved[...] = namespace.reshape(namespace.arange(moved.size, dtype=namespace.int64)
                                           + 500, moved.shape)
    assert numpy.asarray(x).tolist() == expected.tolist()
    assert numpy.asarray(x[outer][inner]).tolist() == numpy.asarray(expected[outer][inner]).tolist()


# __setitem__ with a basic key writes through a view of its target into the storage it shows
# (item_access.cpp): the same elements as NumPy's, whether the target is the array or a view of
# it, and whatever the value (a scalar, or an array that broadcasts to the selection).
@st.composite
def setitem_cases(draw):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    outer = draw(st.just((Ellipsis,)) | basic_keys(shape))
    target_shape = numpy.empty(shape)[outer].shape
    key = draw(basic_keys(target_shape))
    selected = numpy.empty(target_shape)[key].shape if target_shape else ()
    if draw(st.booleans()) or not selected:
        return shape, outer, key, None
    kept = draw(st.integers(0, len(selected)))
    value_shape = tuple(1 if draw(st.booleans()) else n for n in selected[len(selected) - kept:])
    return shape, outer, key, value_shape


@settings(max_examples=200, deadline=None)
@given(setitem_cases())
def test_setitem_with_a_basic_key_does_what_numpys_does(case):
    shape, outer, key, value_shape = case
    size = int(numpy.prod(shape))
    expected = numpy.arange(size, dtype=numpy.int64).reshape(shape)
    x = xp.reshape(xp.arange(size, dtype=xp.int64), shape)
    target = expected[outer]
    if not isinstance(target, numpy.ndarray) or target.ndim == 0:
        return  # a key of integers only: NumPy's scalar, no view to write through
    view = x[outer]
    if value_shape is None:
        target[key] = -7
        view[key] = -7
    else:
        values = -numpy.arange(1, int(numpy.prod(value_shape)) + 1, dtype=numpy.int64)
        target[key] = values.reshape(value_shape)
        view[key] = xp.reshape(xp.asarray(values), value_shape)
    assert numpy.asarray(x).tolist() == expected.tolist()
    assert numpy.asarray(view).tolist() == target.tolist()
