"""Statistical functions (sum, mean, std, cumulative_sum, ...) and utilities (all, any, diff)."""

import math

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strict_xp as xp
from values import D1, to_list


# ---- sum / prod ---------------------------------------------------------------------------------


def test_sum_everything():
    assert int(xp.sum(xp.asarray([[1, 2], [3, 4]]))) == 10


def test_sum_along_axis():
    assert to_list(xp.sum(xp.asarray([[1, 2], [3, 4]]), axis=0)) == [4, 6]


def test_sum_tuple_of_axes():
    assert int(xp.sum(xp.asarray([[1, 2], [3, 4]]), axis=(0, 1))) == 10


def test_sum_keepdims():
    assert xp.sum(xp.asarray([[1, 2], [3, 4]]), axis=1, keepdims=True).shape == (2, 1)


def test_sum_dtype():
    y = xp.sum(xp.asarray([1, 2]), dtype=xp.float64)
    assert y.dtype == xp.float64
    assert float(y) == 3.0


def test_sum_widens_small_integers():
    assert xp.sum(xp.asarray([1, 2], dtype=xp.int32)).dtype == xp.int64


def test_sum_keeps_device():
    assert xp.sum(xp.asarray([1, 2], device=D1)).device == D1


def test_sum_rejects_a_list():
    with pytest.raises(TypeError, match="sum"):
        xp.sum([1, 2])


def test_sum_rejects_a_string_dtype():
    with pytest.raises(TypeError, match="sum"):
        xp.sum(xp.asarray([1, 2]), dtype="float64")


def test_sum_axis_is_keyword_only():
    with pytest.raises(TypeError):
        xp.sum(xp.asarray([1, 2]), 0)


def test_prod_everything():
    assert int(xp.prod(xp.asarray([[1, 2], [3, 4]]))) == 24


def test_prod_along_axis():
    assert to_list(xp.prod(xp.asarray([[1, 2], [3, 4]]), axis=1)) == [2, 12]


def test_prod_of_nothing_is_one():
    assert float(xp.prod(xp.zeros((0,)))) == 1.0


def test_prod_keeps_device():
    assert xp.prod(xp.asarray([1, 2], device=D1)).device == D1


# ---- max / min / mean ---------------------------------------------------------------------------


def test_max_everything():
    assert int(xp.max(xp.asarray([[1, 5], [7, 3]]))) == 7


def test_max_along_axis():
    assert to_list(xp.max(xp.asarray([[1, 5], [7, 3]]), axis=1)) == [5, 7]


def test_max_of_nothing_raises():
    with pytest.raises(ValueError):
        xp.max(xp.zeros((0,)))


def test_max_keeps_device():
    assert xp.max(xp.asarray([1, 2], device=D1)).device == D1


def test_max_keepdims_must_be_a_bool():
    with pytest.raises(TypeError, match="max"):
        xp.max(xp.asarray([1, 2]), keepdims=1)


def test_min_everything():
    assert int(xp.min(xp.asarray([[1, 5], [7, 3]]))) == 1


def test_min_along_axis():
    assert to_list(xp.min(xp.asarray([[1, 5], [7, 3]]), axis=0)) == [1, 3]


def test_min_keeps_device():
    assert xp.min(xp.asarray([1, 2], device=D1)).device == D1


def test_mean_everything():
    assert float(xp.mean(xp.asarray([1.0, 2.0, 3.0, 4.0]))) == 2.5


def test_mean_along_axis():
    y = xp.mean(xp.asarray([[1.0, 2.0], [3.0, 5.0]]), axis=0)
    assert to_list(y, float) == [2.0, 3.5]


def test_mean_keepdims():
    assert xp.mean(xp.ones((2, 3)), axis=(0, 1), keepdims=True).shape == (1, 1)


def test_mean_of_integers_raises():
    with pytest.raises(TypeError):
        xp.mean(xp.asarray([1, 2]))


def test_mean_keeps_device():
    assert xp.mean(xp.asarray([1.0, 2.0], device=D1)).device == D1


def test_mean_rejects_a_list_axis():
    with pytest.raises(TypeError, match="mean"):
        xp.mean(xp.ones((2, 3)), axis=[0])


# ---- std / var ----------------------------------------------------------------------------------


def test_var_population():
    assert float(xp.var(xp.asarray([1.0, 2.0, 3.0, 4.0]))) == pytest.approx(1.25)


def test_var_correction_int():
    y = xp.var(xp.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)
    assert float(y) == pytest.approx(5.0 / 3.0)


def test_var_along_axis():
    y = xp.var(xp.asarray([[1.0, 3.0], [2.0, 2.0]]), axis=1)
    assert to_list(y, float) == pytest.approx([1.0, 0.0])


def test_var_keeps_device():
    assert xp.var(xp.asarray([1.0, 2.0], device=D1)).device == D1


def test_var_rejects_a_string_correction():
    with pytest.raises(TypeError, match="var"):
        xp.var(xp.asarray([1.0, 2.0]), correction="1")


def test_var_rejects_a_bool_correction():
    with pytest.raises(TypeError, match="var"):
        xp.var(xp.asarray([1.0, 2.0]), correction=True)


def test_std_population():
    y = xp.std(xp.asarray([1.0, 2.0, 3.0, 4.0]))
    assert float(y) == pytest.approx(math.sqrt(1.25))


def test_std_correction_float():
    y = xp.std(xp.asarray([1.0, 2.0, 3.0, 4.0]), correction=1.0)
    assert float(y) == pytest.approx(math.sqrt(5.0 / 3.0))


def test_std_keepdims():
    assert xp.std(xp.ones((2, 3)), axis=1, keepdims=True).shape == (2, 1)


def test_std_keeps_device():
    assert xp.std(xp.asarray([1.0, 2.0], device=D1)).device == D1


# ---- cumulative_sum / cumulative_prod -----------------------------------------------------------


def test_cumulative_sum_1d():
    assert to_list(xp.cumulative_sum(xp.asarray([1, 2, 3]))) == [1, 3, 6]


def test_cumulative_sum_include_initial():
    y = xp.cumulative_sum(xp.asarray([1, 2, 3]), include_initial=True)
    assert to_list(y) == [0, 1, 3, 6]


def test_cumulative_sum_along_axis():
    x = xp.asarray([[1, 2], [3, 4]])
    assert to_list(xp.cumulative_sum(x, axis=0)) == [[1, 2], [4, 6]]
    assert to_list(xp.cumulative_sum(x, axis=1)) == [[1, 3], [3, 7]]


def test_cumulative_sum_needs_an_axis_beyond_1d():
    with pytest.raises(ValueError):
        xp.cumulative_sum(xp.asarray([[1, 2], [3, 4]]))


def test_cumulative_sum_dtype():
    assert xp.cumulative_sum(xp.asarray([1, 2]), dtype=xp.float64).dtype == xp.float64


def test_cumulative_sum_keeps_device():
    assert xp.cumulative_sum(xp.asarray([1, 2], device=D1)).device == D1


def test_cumulative_sum_rejects_a_tuple_axis():
    # cumulative_sum's axis is Optional[int].
    with pytest.raises(TypeError, match="cumulative_sum"):
        xp.cumulative_sum(xp.asarray([1, 2]), axis=(0,))


def test_cumulative_prod_1d():
    assert to_list(xp.cumulative_prod(xp.asarray([1, 2, 3]))) == [1, 2, 6]


def test_cumulative_prod_include_initial():
    y = xp.cumulative_prod(xp.asarray([2, 3]), include_initial=True)
    assert to_list(y) == [1, 2, 6]


def test_cumulative_prod_keeps_device():
    assert xp.cumulative_prod(xp.asarray([1, 2], device=D1)).device == D1


# ---- all / any ----------------------------------------------------------------------------------


def test_all_everything():
    assert bool(xp.all(xp.asarray([[True, False], [True, True]]))) is False


def test_all_along_axis():
    y = xp.all(xp.asarray([[True, False], [True, True]]), axis=0)
    assert to_list(y, bool) == [True, False]


def test_all_of_nothing_is_true():
    assert bool(xp.all(xp.zeros((0,)))) is True


def test_all_keeps_device():
    assert xp.all(xp.asarray([True], device=D1)).device == D1


def test_any_everything():
    assert bool(xp.any(xp.asarray([0, 0, 3]))) is True


def test_any_along_axis():
    y = xp.any(xp.asarray([[True, False], [False, False]]), axis=1)
    assert to_list(y, bool) == [True, False]


def test_any_keepdims():
    assert xp.any(xp.asarray([[True, False]]), axis=1, keepdims=True).shape == (1, 1)


def test_any_of_nothing_is_false():
    assert bool(xp.any(xp.zeros((0,)))) is False


def test_any_keeps_device():
    assert xp.any(xp.asarray([True], device=D1)).device == D1


# ---- diff ---------------------------------------------------------------------------------------


def test_diff_1d():
    assert to_list(xp.diff(xp.asarray([1, 4, 9, 16]))) == [3, 5, 7]


def test_diff_n_2():
    assert to_list(xp.diff(xp.asarray([1, 4, 9, 16]), n=2)) == [2, 2]


def test_diff_prepend_and_append():
    y = xp.diff(xp.asarray([1, 4]), prepend=xp.asarray([0]), append=xp.asarray([9]))
    assert to_list(y) == [1, 3, 5]


def test_diff_along_axis_0():
    assert to_list(xp.diff(xp.asarray([[1, 2], [4, 8]]), axis=0)) == [[3, 6]]


def test_diff_keeps_device():
    assert xp.diff(xp.asarray([1, 2], device=D1)).device == D1


def test_diff_prepend_on_another_device_raises():
    with pytest.raises(xp.DeviceMismatchError):
        xp.diff(xp.asarray([1, 2], device=D1), prepend=xp.asarray([0]))


def test_diff_rejects_a_list_append():
    with pytest.raises(TypeError, match="diff"):
        xp.diff(xp.asarray([1, 2]), append=[3])


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_diff_equals_numpys_along_every_axis_and_order(data):
    # spec: "Higher-order differences must be calculated recursively", along `axis`; integers wrap
    # as NumPy's do. Shapes of up to three axes put the axis first, inside and last.
    shape = data.draw(st.lists(st.integers(0, 6), min_size=1, max_size=3), label="shape")
    axis = data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    n = data.draw(st.integers(0, 5), label="n")
    dtype = data.draw(st.sampled_from(["int8", "uint16", "int64", "float32", "float64"]))
    values = numpy.arange(math.prod(shape)).reshape(shape) ** 2 % 251 - 100
    expected = numpy.diff(values.astype(dtype), n=n, axis=axis)
    result = xp.diff(xp.asarray(values.astype(dtype)), n=n, axis=axis)
    assert result.shape == expected.shape
    assert result.dtype == getattr(xp, dtype)
    assert numpy.array_equal(numpy.asarray(result), expected)


def test_diff_rejects_a_float_n():
    with pytest.raises(TypeError, match="diff"):
        xp.diff(xp.asarray([1, 2]), n=1.0)
