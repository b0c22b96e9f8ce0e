"""Searching (argmax, nonzero, searchsorted, where, ...), sorting and set functions."""

import pytest

import strict_xp as xp
from values import D1, to_list


# ---- argmax / argmin ----------------------------------------------------------------------------


def test_argmax_flattened():
    assert int(xp.argmax(xp.asarray([[1, 5], [7, 3]]))) == 2


def test_argmax_first_of_equal_maxima():
    assert int(xp.argmax(xp.asarray([1, 3, 3]))) == 1


def test_argmax_along_axis():
    assert to_list(xp.argmax(xp.asarray([[1, 5], [7, 3]]), axis=0)) == [1, 0]


def test_argmax_keepdims():
    assert xp.argmax(xp.asarray([[1, 5], [7, 3]]), axis=1, keepdims=True).shape == (2, 1)


def test_argmax_returns_the_index_dtype():
    assert xp.argmax(xp.asarray([1.0, 2.0])).dtype == xp.int64


def test_argmax_keeps_device():
    assert xp.argmax(xp.asarray([1, 2], device=D1)).device == D1


def test_argmax_rejects_a_tuple_axis():
    # argmax's axis is Optional[int], not a tuple.
    with pytest.raises(TypeError, match="argmax"):
        xp.argmax(xp.asarray([[1, 2]]), axis=(0,))


def test_argmax_axis_is_keyword_only():
    with pytest.raises(TypeError):
        xp.argmax(xp.asarray([1, 2]), 0)


def test_argmin_flattened():
    assert int(xp.argmin(xp.asarray([[4, 5], [0, 3]]))) == 2


def test_argmin_along_axis():
    assert to_list(xp.argmin(xp.asarray([[4, 5], [0, 3]]), axis=1)) == [0, 0]


def test_argmin_keeps_device():
    assert xp.argmin(xp.asarray([1, 2], device=D1)).device == D1


def test_argmin_rejects_a_list():
    with pytest.raises(TypeError, match="argmin"):
        xp.argmin([1, 2])


# ---- count_nonzero ------------------------------------------------------------------------------


def test_count_nonzero_everything():
    assert int(xp.count_nonzero(xp.asarray([[0, 1], [2, 0]]))) == 2


def test_count_nonzero_along_axis():
    assert to_list(xp.count_nonzero(xp.asarray([[0, 1], [2, 3]]), axis=0)) == [1, 2]


def test_count_nonzero_keepdims():
    y = xp.count_nonzero(xp.asarray([[0, 1], [2, 3]]), axis=(0, 1), keepdims=True)
    assert y.shape == (1, 1)


def test_count_nonzero_keeps_device():
    assert xp.count_nonzero(xp.asarray([0, 1], device=D1)).device == D1


# ---- nonzero ------------------------------------------------------------------------------------


def test_nonzero_returns_one_array_per_axis():
    rows, cols = xp.nonzero(xp.asarray([[0, 1], [2, 0]]))
    assert to_list(rows) == [0, 1]
    assert to_list(cols) == [1, 0]


def test_nonzero_returns_a_tuple():
    assert isinstance(xp.nonzero(xp.asarray([0, 1])), tuple)


def test_nonzero_of_0d_raises():
    with pytest.raises(ValueError):
        xp.nonzero(xp.asarray(1))


def test_nonzero_keeps_device():
    assert all(y.device == D1 for y in xp.nonzero(xp.asarray([[0, 1]], device=D1)))


# ---- searchsorted -------------------------------------------------------------------------------


def test_searchsorted_left():
    assert to_list(xp.searchsorted(xp.asarray([1, 2, 3]), xp.asarray([2, 4]))) == [1, 3]


def test_searchsorted_right():
    y = xp.searchsorted(xp.asarray([1, 2, 3]), xp.asarray([2, 0]), side="right")
    assert to_list(y) == [2, 0]


def test_searchsorted_sorter():
    y = xp.searchsorted(xp.asarray([3, 1, 2]), xp.asarray([2]), sorter=xp.asarray([1, 2, 0]))
    assert to_list(y) == [1]


def test_searchsorted_keeps_device():
    y = xp.searchsorted(xp.asarray([1, 2], device=D1), xp.asarray([1], device=D1))
    assert y.device == D1


def test_searchsorted_mixed_devices_raise():
    with pytest.raises(xp.DeviceMismatchError):
        xp.searchsorted(xp.asarray([1, 2]), xp.asarray([1], device=D1))


def test_searchsorted_unknown_side_raises_value_error():
    with pytest.raises(ValueError, match="searchsorted.*side"):
        xp.searchsorted(xp.asarray([1, 2]), xp.asarray([1]), side="middle")


def test_searchsorted_side_must_be_a_string():
    with pytest.raises(TypeError, match="searchsorted"):
        xp.searchsorted(xp.asarray([1, 2]), xp.asarray([1]), side=0)


def test_searchsorted_unsorted_x1_raises():
    with pytest.raises(ValueError):
        xp.searchsorted(xp.asarray([2, 1]), xp.asarray([1]))


# ---- where --------------------------------------------------------------------------------------


def test_where_arrays():
    c = xp.asarray([True, False, True])
    y = xp.where(c, xp.asarray([1, 2, 3]), xp.asarray([10, 20, 30]))
    assert to_list(y) == [1, 20, 3]


def test_where_broadcasts():
    c = xp.asarray([[True], [False]])
    y = xp.where(c, xp.asarray([1, 2]), xp.asarray([10, 20]))
    assert to_list(y) == [[1, 2], [10, 20]]


def test_where_scalar_x2():
    y = xp.where(xp.asarray([True, False]), xp.asarray([1, 2]), 0)
    assert to_list(y) == [1, 0]


def test_where_scalar_x1_takes_the_array_dtype():
    y = xp.where(xp.asarray([True, False]), 0.5, xp.asarray([1.0, 2.0], dtype=xp.float32))
    assert y.dtype == xp.float32


def test_where_two_scalars_raise():
    with pytest.raises(ValueError):
        xp.where(xp.asarray([True, False]), 1, 2)


def test_where_keeps_device():
    c = xp.asarray([True, False], device=D1)
    y = xp.where(c, xp.asarray([1, 2], device=D1), xp.asarray([3, 4], device=D1))
    assert y.device == D1


def test_where_scalar_takes_the_arrays_device():
    c = xp.asarray([True, False], device=D1)
    assert xp.where(c, xp.asarray([1, 2], device=D1), 0).device == D1


def test_where_condition_on_another_device_raises():
    c = xp.asarray([True, False])
    with pytest.raises(xp.DeviceMismatchError):
        xp.where(c, xp.asarray([1, 2], device=D1), xp.asarray([3, 4], device=D1))


def test_where_non_bool_condition_raises():
    with pytest.raises(TypeError):
        xp.where(xp.asarray([1, 0]), xp.asarray([1, 2]), xp.asarray([3, 4]))


def test_where_rejects_a_list_condition():
    with pytest.raises(TypeError, match="where"):
        xp.where([True, False], xp.asarray([1, 2]), xp.asarray([3, 4]))


def test_where_rejects_a_string_operand():
    with pytest.raises(TypeError, match="where"):
        xp.where(xp.asarray([True, False]), xp.asarray([1, 2]), "a")


# ---- sort / argsort -----------------------------------------------------------------------------


def test_sort_ascending():
    assert to_list(xp.sort(xp.asarray([3, 1, 2]))) == [1, 2, 3]


def test_sort_descending():
    assert to_list(xp.sort(xp.asarray([3, 1, 2]), descending=True)) == [3, 2, 1]


def test_sort_along_axis_0():
    y = xp.sort(xp.asarray([[3, 1], [2, 4]]), axis=0)
    assert to_list(y) == [[2, 1], [3, 4]]


def test_sort_stable_false_is_accepted():
    assert to_list(xp.sort(xp.asarray([2, 1]), stable=False)) == [1, 2]


def test_sort_keeps_device():
    assert xp.sort(xp.asarray([2, 1], device=D1)).device == D1


def test_sort_of_bool_raises():
    with pytest.raises(TypeError):
        xp.sort(xp.asarray([True, False]))


def test_sort_descending_must_be_a_bool():
    with pytest.raises(TypeError, match="sort"):
        xp.sort(xp.asarray([2, 1]), descending=1)


def test_argsort_ascending():
    assert to_list(xp.argsort(xp.asarray([3, 1, 2]))) == [1, 2, 0]


def test_argsort_descending():
    assert to_list(xp.argsort(xp.asarray([3, 1, 2]), descending=True)) == [0, 2, 1]


def test_argsort_is_stable():
    assert to_list(xp.argsort(xp.asarray([1, 0, 1, 0]))) == [1, 3, 0, 2]


def test_argsort_keeps_device():
    assert xp.argsort(xp.asarray([2, 1], device=D1)).device == D1


# ---- unique_* -----------------------------------------------------------------------------------


def test_unique_all_fields():
    out = xp.unique_all(xp.asarray([3, 1, 3, 2]))
    assert type(out).__name__ == "UniqueAllResult"
    assert out._fields == ("values", "indices", "inverse_indices", "counts")
    assert isinstance(out, tuple)


def test_unique_all_values():
    out = xp.unique_all(xp.asarray([3, 1, 3, 2]))
    assert to_list(out.values) == [1, 2, 3]
    assert to_list(out.indices) == [1, 3, 0]
    assert to_list(out.inverse_indices) == [2, 0, 2, 1]
    assert to_list(out.counts) == [1, 1, 2]


def test_unique_all_unpacks():
    values, indices, inverse_indices, counts = xp.unique_all(xp.asarray([1, 1]))
    assert to_list(values) == [1]
    assert to_list(counts) == [2]


def test_unique_all_keeps_device():
    out = xp.unique_all(xp.asarray([1, 2, 1], device=D1))
    assert all(y.device == D1 for y in out)


def test_unique_counts():
    out = xp.unique_counts(xp.asarray([2, 1, 2]))
    assert type(out).__name__ == "UniqueCountsResult"
    assert out._fields == ("values", "counts")
    assert to_list(out.values) == [1, 2]
    assert to_list(out.counts) == [1, 2]


def test_unique_counts_keeps_device():
    assert all(y.device == D1 for y in xp.unique_counts(xp.asarray([1, 1], device=D1)))


def test_unique_inverse():
    out = xp.unique_inverse(xp.asarray([[2, 1], [2, 3]]))
    assert type(out).__name__ == "UniqueInverseResult"
    assert out._fields == ("values", "inverse_indices")
    assert to_list(out.values) == [1, 2, 3]
    assert to_list(out.inverse_indices) == [[1, 0], [1, 2]]


def test_unique_inverse_keeps_device():
    assert all(y.device == D1 for y in xp.unique_inverse(xp.asarray([1, 1], device=D1)))


def test_unique_values():
    assert to_list(xp.unique_values(xp.asarray([[2, 1], [2, 3]]))) == [1, 2, 3]


def test_unique_values_keeps_device():
    assert xp.unique_values(xp.asarray([1, 1], device=D1)).device == D1


def test_unique_values_rejects_a_list():
    with pytest.raises(TypeError, match="unique_values"):
        xp.unique_values([1, 2])


# ---- isin (2025.12) -----------------------------------------------------------------------------


def test_isin_looks_each_element_of_x1_up_in_the_values_of_x2():
    # x2 is a set of values whatever its shape: not broadcast against x1.
    out = xp.isin(xp.asarray([[5, 1, 7], [3, 3, 9]]), xp.asarray([[3, 4], [5, 6]]))
    assert out.dtype == xp.bool
    assert out.shape == (2, 3)
    assert to_list(out) == [[True, False, False], [True, True, False]]


def test_isin_invert():
    x1, x2 = xp.asarray([1, 2, 3, 4]), xp.asarray([4, 1])
    assert to_list(xp.isin(x1, x2, invert=True)) == [False, True, True, False]
    assert to_list(xp.isin(x1, x2, invert=False)) == [True, False, False, True]


def test_isin_takes_a_python_int_on_either_side():
    zero_d = xp.isin(7, xp.asarray([1, 7]))
    assert zero_d.shape == ()
    assert bool(zero_d) is True
    assert bool(xp.isin(6, xp.asarray([1, 7]))) is False
    assert to_list(xp.isin(xp.asarray([1, -2, -2], dtype=xp.int8), -2)) == [False, True, True]
    with pytest.raises(ValueError, match=r"isin\(\): at least one of x1 and x2 must be an array"):
        xp.isin(1, 2)


def test_isin_compares_in_the_promoted_dtype():
    # 300 would be 44 after a narrowing cast to int8.
    out = xp.isin(xp.asarray([44, 1], dtype=xp.int8), xp.asarray([300, 1], dtype=xp.int64))
    assert to_list(out) == [False, True]


def test_isin_takes_only_integer_dtypes_and_python_ints():
    ints = xp.asarray([1, 2])
    with pytest.raises(TypeError, match=r"isin\(\)"):
        xp.isin(xp.asarray([1.0, float("nan")]), xp.asarray([1.0]))
    with pytest.raises(TypeError, match=r"isin\(\)"):
        xp.isin(xp.asarray([True]), xp.asarray([True]))
    with pytest.raises(TypeError, match=r"isin\(\)"):
        xp.isin(ints, 1.0)
    with pytest.raises(TypeError, match=r"isin\(\)"):
        xp.isin(True, ints)
    with pytest.raises(TypeError, match=r"isin\(\)"):
        xp.isin(xp.asarray([1], dtype=xp.uint64), ints)
    with pytest.raises(ValueError, match=r"isin\(\): the Python int 300 is out of bounds"):
        xp.isin(xp.asarray([1], dtype=xp.int8), 300)
    with pytest.raises(TypeError, match="isin"):
        xp.isin([1, 2], ints)
    with pytest.raises(TypeError, match=r"isin\(\): invert must be a bool"):
        xp.isin(ints, ints, invert=1)


def test_isin_keeps_the_device_and_refuses_mixed_devices():
    out = xp.isin(xp.asarray([1, 2], device=D1), xp.asarray([2], device=D1))
    assert out.device == D1
    assert xp.isin(3, xp.asarray([3], device=D1)).device == D1
    with pytest.raises(xp.DeviceMismatchError,
                       match=r"isin\(\): .*x1 is on device1.*x2 is on cpu"):
        xp.isin(xp.asarray([1], device=D1), xp.asarray(1))
