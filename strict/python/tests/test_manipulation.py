"""Manipulation and indexing functions: concat, reshape, flip, ..., take, take_along_axis."""

import math

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strict_xp as xp
from values import D1, to_list

# Every element size strict moves (1, 2, 4, 8 and 16 bytes).
GATHER_DTYPES = ["bool", "int16", "float32", "float64", "complex128"]


def gathered_operand(data):
    shape = data.draw(st.lists(st.integers(1, 5), min_size=1, max_size=3), label="shape")
    dtype = data.draw(st.sampled_from(GATHER_DTYPES), label="dtype")
    values = (numpy.arange(math.prod(shape)).reshape(shape) * 7 % 11).astype(dtype)
    return values, data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_take_equals_numpys_along_every_axis(data):
    # spec (take): "If an index is negative, the function must determine the element to select
    # along a specified axis (dimension) by counting from the last element"; rows of any length.
    values, axis = gathered_operand(data)
    extent = values.shape[axis]
    indices = data.draw(st.lists(st.integers(-extent, extent - 1), max_size=8), label="indices")
    expected = numpy.take(values, numpy.asarray(indices, dtype=numpy.int64), axis=axis)
    result = xp.take(xp.asarray(values), xp.asarray(indices, dtype=xp.int64), axis=axis)
    assert result.shape == expected.shape
    assert numpy.array_equal(numpy.asarray(result), expected)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_repeat_equals_numpys_with_one_count_or_one_per_element(data):
    # spec (repeat): "If axis is None, the function must flatten the input array x and then
    # repeat elements of the flattened input array"; repeats an int or one count per element.
    values, axis = gathered_operand(data)
    if data.draw(st.booleans(), label="flattened"):
        axis = None
    length = values.size if axis is None else values.shape[axis]
    if data.draw(st.booleans(), label="one count"):
        repeats = data.draw(st.integers(0, 3), label="repeats")
        strict_repeats = repeats
    else:
        repeats = data.draw(st.lists(st.integers(0, 3), min_size=length, max_size=length))
        strict_repeats = xp.asarray(repeats, dtype=xp.int64)
    expected = numpy.repeat(values, repeats, axis=axis)
    result = xp.repeat(xp.asarray(values), strict_repeats, axis=axis)
    assert result.shape == expected.shape
    assert numpy.array_equal(numpy.asarray(result), expected)


# ---- broadcast_arrays ---------------------------------------------------------------------------


def test_broadcast_arrays_shapes():
    a = xp.asarray([[1], [2]])
    b = xp.asarray([10, 20, 30])
    out = xp.broadcast_arrays(a, b)
    assert [y.shape for y in out] == [(2, 3), (2, 3)]


def test_broadcast_arrays_values():
    a, b = xp.broadcast_arrays(xp.asarray([[1], [2]]), xp.asarray([10, 20, 30]))
    assert to_list(a) == [[1, 1, 1], [2, 2, 2]]
    assert to_list(b) == [[10, 20, 30], [10, 20, 30]]


def test_broadcast_arrays_returns_a_tuple():
    # The standard's return type is Tuple[array, ...] from 2025.12 (List[array] before).
    assert isinstance(xp.broadcast_arrays(xp.asarray([1]), xp.asarray([2])), tuple)


def test_broadcast_arrays_of_nothing_is_empty():
    assert list(xp.broadcast_arrays()) == []


def test_broadcast_arrays_keeps_device():
    a = xp.asarray([[1], [2]], device=D1)
    b = xp.asarray([1, 2, 3], device=D1)
    assert all(y.device == D1 for y in xp.broadcast_arrays(a, b))


def test_broadcast_arrays_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.broadcast_arrays(xp.asarray([1, 2]), xp.asarray([1, 2], device=D1))


def test_broadcast_arrays_rejects_a_non_array():
    with pytest.raises(TypeError, match="broadcast_arrays"):
        xp.broadcast_arrays(xp.asarray([1, 2]), [1, 2])


# ---- broadcast_to -------------------------------------------------------------------------------


def test_broadcast_to_values():
    y = xp.broadcast_to(xp.asarray([1, 2, 3]), (2, 3))
    assert to_list(y) == [[1, 2, 3], [1, 2, 3]]


def test_broadcast_to_keeps_device():
    assert xp.broadcast_to(xp.asarray([1, 2], device=D1), (3, 2)).device == D1


def test_broadcast_to_incompatible_shape_raises():
    with pytest.raises(ValueError):
        xp.broadcast_to(xp.asarray([1, 2, 3]), (2, 2))


def test_broadcast_to_rejects_a_list():
    with pytest.raises(TypeError, match="broadcast_to"):
        xp.broadcast_to([1, 2, 3], (2, 3))


# ---- concat -------------------------------------------------------------------------------------


def test_concat_along_axis_0():
    y = xp.concat([xp.asarray([1, 2]), xp.asarray([3])])
    assert to_list(y) == [1, 2, 3]


def test_concat_along_axis_1():
    y = xp.concat((xp.asarray([[1], [2]]), xp.asarray([[3], [4]])), axis=1)
    assert to_list(y) == [[1, 3], [2, 4]]


def test_concat_axis_none_flattens():
    y = xp.concat([xp.asarray([[1, 2], [3, 4]]), xp.asarray([5])], axis=None)
    assert to_list(y) == [1, 2, 3, 4, 5]


def test_concat_promotes_dtypes():
    y = xp.concat([xp.asarray([1], dtype=xp.int32), xp.asarray([2], dtype=xp.int64)])
    assert y.dtype == xp.int64


def test_concat_keeps_device():
    y = xp.concat([xp.asarray([1], device=D1), xp.asarray([2], device=D1)])
    assert y.device == D1


def test_concat_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.concat([xp.asarray([1]), xp.asarray([2], device=D1)])


def test_concat_rejects_a_non_array_item():
    with pytest.raises(TypeError, match="concat"):
        xp.concat([xp.asarray([1]), 2])


def test_concat_rejects_a_single_array():
    with pytest.raises(TypeError, match="concat"):
        xp.concat(xp.asarray([1, 2]))


def test_concat_axis_is_keyword_only():
    with pytest.raises(TypeError):
        xp.concat([xp.asarray([1]), xp.asarray([2])], 0)


# ---- expand_dims --------------------------------------------------------------------------------


def test_expand_dims_inserts_an_axis():
    assert xp.expand_dims(xp.zeros((2, 3)), axis=1).shape == (2, 1, 3)


def test_expand_dims_negative_axis():
    assert xp.expand_dims(xp.zeros((2, 3)), axis=-1).shape == (2, 3, 1)


def test_expand_dims_axis_positional():
    assert xp.expand_dims(xp.zeros((2, 3)), 0).shape == (1, 2, 3)


def test_expand_dims_keeps_device():
    assert xp.expand_dims(xp.zeros((2,), device=D1), axis=0).device == D1


def test_expand_dims_rejects_a_float_axis():
    with pytest.raises(TypeError, match="expand_dims"):
        xp.expand_dims(xp.zeros((2,)), axis=0.0)


# ---- flip ---------------------------------------------------------------------------------------


def test_flip_1d():
    assert to_list(xp.flip(xp.asarray([1, 2, 3]))) == [3, 2, 1]


def test_flip_every_axis_by_default():
    assert to_list(xp.flip(xp.asarray([[1, 2], [3, 4]]))) == [[4, 3], [2, 1]]


def test_flip_one_axis():
    assert to_list(xp.flip(xp.asarray([[1, 2], [3, 4]]), axis=0)) == [[3, 4], [1, 2]]


def test_flip_tuple_of_axes():
    assert to_list(xp.flip(xp.asarray([[1, 2], [3, 4]]), axis=(0, 1))) == [[4, 3], [2, 1]]


def test_flip_keeps_device():
    assert xp.flip(xp.asarray([1, 2], device=D1)).device == D1


# ---- moveaxis -----------------------------------------------------------------------------------


def test_moveaxis_one_axis():
    assert xp.moveaxis(xp.zeros((2, 3, 4)), 0, -1).shape == (3, 4, 2)


def test_moveaxis_tuples():
    assert xp.moveaxis(xp.zeros((2, 3, 4)), (0, 1), (2, 0)).shape == (3, 4, 2)


def test_moveaxis_keeps_device():
    assert xp.moveaxis(xp.zeros((2, 3), device=D1), 0, 1).device == D1


def test_moveaxis_rejects_a_string_source():
    with pytest.raises(TypeError, match="moveaxis"):
        xp.moveaxis(xp.zeros((2, 3)), "0", 1)


# ---- permute_dims -------------------------------------------------------------------------------


def test_permute_dims_shape():
    assert xp.permute_dims(xp.zeros((2, 3, 4)), (2, 0, 1)).shape == (4, 2, 3)


def test_permute_dims_values():
    y = xp.permute_dims(xp.asarray([[1, 2, 3], [4, 5, 6]]), axes=(1, 0))
    assert to_list(y) == [[1, 4], [2, 5], [3, 6]]


def test_permute_dims_keeps_device():
    assert xp.permute_dims(xp.zeros((2, 3), device=D1), (1, 0)).device == D1


def test_permute_dims_not_a_permutation_raises():
    with pytest.raises(ValueError):
        xp.permute_dims(xp.zeros((2, 3)), (0, 0))


# ---- repeat -------------------------------------------------------------------------------------


def test_repeat_int():
    assert to_list(xp.repeat(xp.asarray([1, 2]), 2)) == [1, 1, 2, 2]


def test_repeat_array_of_counts():
    y = xp.repeat(xp.asarray([1, 2, 3]), xp.asarray([0, 1, 2]))
    assert to_list(y) == [2, 3, 3]


def test_repeat_flattens_without_axis():
    assert to_list(xp.repeat(xp.asarray([[1, 2], [3, 4]]), 2)) == [1, 1, 2, 2, 3, 3, 4, 4]


def test_repeat_along_axis():
    y = xp.repeat(xp.asarray([[1, 2], [3, 4]]), 2, axis=0)
    assert to_list(y) == [[1, 2], [1, 2], [3, 4], [3, 4]]


def test_repeat_keeps_device():
    assert xp.repeat(xp.asarray([1, 2], device=D1), 3).device == D1


def test_repeat_counts_on_another_device_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.repeat(xp.asarray([1, 2], device=D1), xp.asarray([1, 1]))


def test_repeat_rejects_float_repeats():
    with pytest.raises(TypeError, match="repeat"):
        xp.repeat(xp.asarray([1, 2]), 2.0)


def test_repeat_rejects_bool_repeats():
    with pytest.raises(TypeError, match="repeat"):
        xp.repeat(xp.asarray([1, 2]), True)


# ---- reshape ------------------------------------------------------------------------------------


def test_reshape_values():
    assert to_list(xp.reshape(xp.arange(6), (2, 3))) == [[0, 1, 2], [3, 4, 5]]


def test_reshape_infers_minus_one():
    assert xp.reshape(xp.arange(6), (3, -1)).shape == (3, 2)


def test_reshape_shape_as_keyword_and_copy():
    assert xp.reshape(xp.arange(6), shape=(6,), copy=True).shape == (6,)


def test_reshape_keeps_device():
    assert xp.reshape(xp.zeros((6,), device=D1), (2, 3)).device == D1


def test_reshape_wrong_size_raises():
    with pytest.raises(ValueError):
        xp.reshape(xp.arange(6), (4,))


def test_reshape_rejects_a_non_bool_copy():
    with pytest.raises(TypeError, match="reshape"):
        xp.reshape(xp.arange(6), (6,), copy=1)


# ---- roll ---------------------------------------------------------------------------------------


def test_roll_flattened():
    assert to_list(xp.roll(xp.asarray([1, 2, 3, 4]), 1)) == [4, 1, 2, 3]


def test_roll_negative_shift():
    assert to_list(xp.roll(xp.asarray([1, 2, 3, 4]), -1)) == [2, 3, 4, 1]


def test_roll_without_axis_keeps_shape():
    y = xp.roll(xp.asarray([[1, 2], [3, 4]]), 1)
    assert to_list(y) == [[4, 1], [2, 3]]


def test_roll_along_axis():
    y = xp.roll(xp.asarray([[1, 2], [3, 4]]), 1, axis=1)
    assert to_list(y) == [[2, 1], [4, 3]]


def test_roll_tuple_of_shifts():
    y = xp.roll(xp.asarray([[1, 2], [3, 4]]), (1, 1), axis=(0, 1))
    assert to_list(y) == [[4, 3], [2, 1]]


def test_roll_keeps_device():
    assert xp.roll(xp.asarray([1, 2], device=D1), 1).device == D1


def test_roll_rejects_a_float_shift():
    with pytest.raises(TypeError, match="roll"):
        xp.roll(xp.asarray([1, 2]), 1.5)


# ---- squeeze ------------------------------------------------------------------------------------


def test_squeeze_one_axis():
    assert xp.squeeze(xp.zeros((1, 3, 1)), axis=0).shape == (3, 1)


def test_squeeze_tuple_of_axes():
    assert xp.squeeze(xp.zeros((1, 3, 1)), (0, 2)).shape == (3,)


def test_squeeze_non_singleton_raises():
    with pytest.raises(ValueError):
        xp.squeeze(xp.zeros((2, 3)), axis=0)


def test_squeeze_keeps_device():
    assert xp.squeeze(xp.zeros((1, 2), device=D1), axis=0).device == D1


def test_squeeze_rejects_none_axis():
    with pytest.raises(TypeError, match="squeeze"):
        xp.squeeze(xp.zeros((1, 2)), None)


# ---- stack --------------------------------------------------------------------------------------


def test_stack_axis_0():
    y = xp.stack([xp.asarray([1, 2, 3]), xp.asarray([4, 5, 6])])
    assert to_list(y) == [[1, 2, 3], [4, 5, 6]]


def test_stack_axis_1():
    y = xp.stack((xp.asarray([1, 2, 3]), xp.asarray([4, 5, 6])), axis=1)
    assert to_list(y) == [[1, 4], [2, 5], [3, 6]]


def test_stack_keeps_device():
    y = xp.stack([xp.asarray([1], device=D1), xp.asarray([2], device=D1)])
    assert y.device == D1


def test_stack_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.stack([xp.asarray([1]), xp.asarray([2], device=D1)])


def test_stack_rejects_a_none_axis():
    with pytest.raises(TypeError, match="stack"):
        xp.stack([xp.asarray([1]), xp.asarray([2])], axis=None)


# ---- tile ---------------------------------------------------------------------------------------


def test_tile_1d():
    assert to_list(xp.tile(xp.asarray([1, 2]), (2,))) == [1, 2, 1, 2]


def test_tile_pads_x_with_leading_ones():
    y = xp.tile(xp.asarray([1, 2]), (2, 1))
    assert to_list(y) == [[1, 2], [1, 2]]


def test_tile_keeps_device():
    assert xp.tile(xp.asarray([1, 2], device=D1), (3,)).device == D1


# ---- unstack ------------------------------------------------------------------------------------


def test_unstack_returns_a_tuple():
    out = xp.unstack(xp.asarray([[1, 2], [3, 4], [5, 6]]))
    assert isinstance(out, tuple)
    assert [to_list(y) for y in out] == [[1, 2], [3, 4], [5, 6]]


def test_unstack_along_axis_1():
    out = xp.unstack(xp.asarray([[1, 2], [3, 4], [5, 6]]), axis=1)
    assert [to_list(y) for y in out] == [[1, 3, 5], [2, 4, 6]]


def test_unstack_keeps_device():
    assert all(y.device == D1 for y in xp.unstack(xp.zeros((2, 3), device=D1)))


# ---- take ---------------------------------------------------------------------------------------


def test_take_1d():
    y = xp.take(xp.asarray([10, 20, 30]), xp.asarray([2, 0]))
    assert to_list(y) == [30, 10]


def test_take_negative_index():
    assert to_list(xp.take(xp.asarray([10, 20, 30]), xp.asarray([-1]))) == [30]


def test_take_along_an_axis():
    y = xp.take(xp.asarray([[1, 2, 3], [4, 5, 6]]), xp.asarray([2, 1]), axis=1)
    assert to_list(y) == [[3, 2], [6, 5]]


def test_take_keeps_device():
    y = xp.take(xp.asarray([1, 2], device=D1), xp.asarray([0], device=D1))
    assert y.device == D1


def test_take_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.take(xp.asarray([1, 2], device=D1), xp.asarray([0]))


def test_take_float_indices_raise():
    with pytest.raises(TypeError):
        xp.take(xp.asarray([1, 2]), xp.asarray([0.0]))


def test_take_rejects_list_indices():
    with pytest.raises(TypeError, match="take"):
        xp.take(xp.asarray([1, 2]), [0])


# ---- take_along_axis ----------------------------------------------------------------------------


def test_take_along_axis_last_axis():
    y = xp.take_along_axis(xp.asarray([[10, 30, 20]]), xp.asarray([[0, 2, 1]]))
    assert to_list(y) == [[10, 20, 30]]


def test_take_along_axis_axis_0():
    x = xp.asarray([[1, 2], [3, 4]])
    y = xp.take_along_axis(x, xp.asarray([[1, 0]]), axis=0)
    assert to_list(y) == [[3, 2]]


def test_take_along_axis_keeps_device():
    y = xp.take_along_axis(xp.asarray([[1, 2]], device=D1), xp.asarray([[1, 0]], device=D1))
    assert y.device == D1


def test_take_along_axis_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.take_along_axis(xp.asarray([[1, 2]]), xp.asarray([[1, 0]], device=D1))


# ---- broadcast_shapes (2025.12) -----------------------------------------------------------------


def test_broadcast_shapes_values():
    assert xp.broadcast_shapes((2, 1), (3,)) == (2, 3)
    assert xp.broadcast_shapes((1, 4, 1), (5, 1, 1), (6,)) == (5, 4, 6)
    assert xp.broadcast_shapes((0,), (1,)) == (0,)
    assert xp.broadcast_shapes((), (2, 3)) == (2, 3)
    assert xp.broadcast_shapes((3, 1, 2)) == (3, 1, 2)


def test_broadcast_shapes_of_nothing_is_the_empty_tuple():
    # "If not provided one or more arguments, the function must return an empty tuple."
    out = xp.broadcast_shapes()
    assert out == () and isinstance(out, tuple)
    assert xp.broadcast_shapes((), ()) == ()


def test_broadcast_shapes_returns_a_tuple_of_ints():
    out = xp.broadcast_shapes((2, 1), (1, 3))
    assert isinstance(out, tuple)
    assert all(type(d) is int for d in out)


def test_broadcast_shapes_names_the_shapes_that_clash():
    # "a ValueError should be raised"; the message names two of the given shapes.
    with pytest.raises(ValueError, match=r"^broadcast_shapes\(\): shapes \(2, 3\) and \(4\)"):
        xp.broadcast_shapes((2, 3), (4,))
    with pytest.raises(ValueError, match=r"shapes \(1, 3\) and \(4\)"):
        xp.broadcast_shapes((2, 1), (1, 3), (4,))
    with pytest.raises(ValueError, match=r"broadcast_shapes\(\): shapes\[1\] is \(3, -1\)"):
        xp.broadcast_shapes((2,), (3, -1))


def test_broadcast_shapes_takes_tuples_of_ints_only():
    for wrong in ([2, 3], 3, "23", None, xp.zeros(2)):
        with pytest.raises(TypeError, match=r"broadcast_shapes\(\): shapes\[0\] must be a tuple"):
            xp.broadcast_shapes(wrong)
    with pytest.raises(TypeError, match=r"broadcast_shapes\(\): shapes\[1\]"):
        xp.broadcast_shapes((2,), (None,))
    with pytest.raises(TypeError, match=r"broadcast_shapes\(\)"):
        xp.broadcast_shapes((2.0,))


def test_moveaxis_takes_lists_as_array_api_strict_does():
    # "source: Union[int, Tuple[int, ...]]"; array-api-strict (NumPy's normalize_axis_tuple) takes
    # a list too, and SciPy's signal passes one: no device matter, so strict_xp takes it.
    assert xp.moveaxis(xp.zeros((2, 3, 4)), [0, 1], [2, 0]).shape == (3, 4, 2)
    with pytest.raises(TypeError, match=r"moveaxis\(\): source must be an int or a tuple or a list"):
        xp.moveaxis(xp.zeros((2, 3)), {0}, 1)
