# The array object: attributes, operators with arrays or Python scalars on either side, in-place
# operators, indexing, __array_namespace__.
import operator

import numpy
import pytest

import strict_xp as xp

cpu, device1, device2 = xp.Device("cpu"), xp.Device("device1"), xp.Device("device2")


def values(x):
    return [float(x[i]) for i in range(x.shape[0])]


def test_attributes():
    x = xp.zeros((2, 3), dtype=xp.float32, device=device1)
    assert x.shape == (2, 3) and x.ndim == 2 and x.size == 6
    assert x.dtype == xp.float32 and x.device == device1
    assert x.T.shape == (3, 2) and x.mT.shape == (3, 2)
    assert x.T.device == device1


@pytest.mark.parametrize("op, expected", [
    (operator.add, [3.0, 4.0]), (operator.sub, [-1.0, 0.0]), (operator.mul, [2.0, 4.0]),
    (operator.truediv, [0.5, 1.0]), (operator.pow, [1.0, 4.0]), (operator.floordiv, [0.0, 1.0]),
    (operator.mod, [1.0, 0.0])])
def test_arithmetic_with_a_scalar_on_the_right(op, expected):
    assert values(op(xp.asarray([1.0, 2.0]), 2)) == expected


@pytest.mark.parametrize("op, expected", [
    (operator.add, [3.0, 4.0]), (operator.sub, [1.0, 0.0]), (operator.mul, [2.0, 4.0]),
    (operator.truediv, [2.0, 1.0]), (operator.pow, [2.0, 4.0]), (operator.floordiv, [2.0, 1.0]),
    (operator.mod, [0.0, 0.0])])
def test_arithmetic_with_a_scalar_on_the_left(op, expected):
    assert values(op(2, xp.asarray([1.0, 2.0]))) == expected


def test_comparisons_both_ways():
    x = xp.asarray([1, 2, 3])

    def bools(y):
        return [bool(y[i]) for i in range(3)]

    assert bools(x < 2) == [True, False, False]
    assert bools(2 < x) == [False, False, True]
    assert bools(x == 2) == bools(2 == x) == [False, True, False]
    assert bools(2 != x) == [True, False, True]
    assert bools(x >= 2) == [False, True, True]
    assert bools(2 >= x) == [True, True, False]
    assert bools(x <= xp.asarray([0, 2, 4])) == [False, True, True]


def test_bitwise_operators():
    x = xp.asarray([0b1100], dtype=xp.int32)
    assert int((x & 0b1010)[0]) == 0b1000
    assert int((x | 1)[0]) == 0b1101
    assert int((x ^ x)[0]) == 0
    assert int((x << 1)[0]) == 0b11000
    assert int((x >> 2)[0]) == 0b11
    assert int((~x)[0]) == ~0b1100
    assert int((1 << xp.asarray([3]))[0]) == 8


def test_unary_operators():
    x = xp.asarray([-1.5, 2.0])
    assert values(-x) == [1.5, -2.0]
    assert values(+x) == [-1.5, 2.0]
    assert values(abs(x)) == [1.5, 2.0]


def test_matmul_and_in_place_matmul():
    a = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    b = xp.eye(2)
    assert float((a @ b)[1, 0]) == 3.0
    a @= xp.asarray([[0.0, 1.0], [1.0, 0.0]])
    assert float(a[0, 0]) == 2.0 and float(a[0, 1]) == 1.0
    with pytest.raises(TypeError, match="@"):
        a @ 2


@pytest.mark.parametrize("op, expected", [
    (operator.iadd, 3.0), (operator.isub, -1.0), (operator.imul, 2.0), (operator.itruediv, 0.5),
    (operator.ipow, 1.0), (operator.ifloordiv, 0.0), (operator.imod, 1.0)])
def test_in_place_operators_write_the_same_storage(op, expected):
    x = xp.asarray([1.0])
    alias = x
    result = op(x, 2)
    assert result is x
    assert float(alias[0]) == expected


def test_in_place_operators_keep_device_rules():
    x = xp.zeros(2, device=device1)
    with pytest.raises(xp.DeviceMismatchError, match="__iadd__"):
        x += xp.ones(2)
    with pytest.raises(TypeError):
        y = xp.zeros(2, dtype=xp.int32)
        y += 1.5


def test_operators_with_foreign_objects_return_not_implemented():
    x = xp.zeros(2)
    with pytest.raises(TypeError, match="unsupported operand"):
        x + "a"
    with pytest.raises(TypeError, match="unsupported operand"):
        None * x
    assert (x == "a") is False


def test_results_stay_on_the_operands_device():
    x = xp.ones(2, device=device2)
    assert (x * 2).device == device2
    assert (3 - x).device == device2
    assert (x > 0).device == device2


def test_getitem_forms():
    x = xp.reshape(xp.arange(12), (3, 4))
    assert int(x[1, 2]) == 6
    assert x[1, :].shape == (4,)
    assert x[1:3, ...].shape == (2, 4)
    assert x[::-1, 0].shape == (3,) and int(x[::-1, 0][0]) == 8
    assert x[..., 1].shape == (3,)
    assert x[None, 0, :].shape == (1, 4)
    assert x[...].shape == (3, 4) and xp.asarray(5)[()].shape == ()
    assert x[x > 5].shape == (6,)
    assert int(x[xp.asarray([2, 0]), 1][0]) == 9


@pytest.mark.parametrize("key", [
    (0, 0, 0),            # "must be raised if ... greater than N"
    slice(1, 2),          # "should be raised if ... less than N" (no ellipsis)
    (Ellipsis, 0, Ellipsis),  # "must be raised if more than one ellipsis is provided"
    (0, 7),               # out of bounds (unspecified): Python's IndexError, as array-api-strict
])
def test_keys_that_do_not_fit_raise_index_error(key):
    # indexing.rst, multi-axis indexing: "An IndexError exception must be raised ..."
    x = xp.reshape(xp.arange(12), (3, 4))
    with pytest.raises(IndexError, match="__getitem__"):
        x[key]
    with pytest.raises(IndexError, match="__setitem__"):
        x[key] = 0


def test_getitem_rejects_bool_and_floats():
    x = xp.arange(3)
    with pytest.raises(TypeError, match="bool"):
        x[True]
    with pytest.raises(TypeError, match="float"):
        x[1.0]


def test_setitem():
    x = xp.zeros(3)
    x[1] = 5.0
    x[2:] = xp.asarray([7.0])
    assert values(x) == [0.0, 5.0, 7.0]
    with pytest.raises(xp.DeviceMismatchError):
        x[0] = xp.asarray(1.0, device=device1)


def test_index_device_must_match():
    x = xp.arange(3, device=device1)
    with pytest.raises(xp.DeviceMismatchError):
        x[xp.asarray([0])]


def test_array_namespace():
    x = xp.zeros(1)
    assert x.__array_namespace__() is xp
    assert x.__array_namespace__(api_version="2025.12") is xp
    assert x.__array_namespace__(api_version="2024.12") is xp
    with pytest.raises(ValueError, match="1999.01"):
        x.__array_namespace__(api_version="1999.01")


def test_to_device():
    x = xp.asarray([1.0, 2.0])
    y = x.to_device(device1)
    assert y.device == device1 and x.device == cpu
    assert values(y.to_device(cpu)) == [1.0, 2.0]
    with pytest.raises(ValueError, match="stream"):
        x.to_device(device1, stream=1)
    with pytest.raises(TypeError, match="to_device"):
        x.to_device("device1")


def test_iterating_a_1d_array_yields_its_0d_elements_on_its_device():
    # array_object.rst (2024.12), __getitem__ notes: iteration of a one-dimensional array should
    # yield x[0], ..., x[N-1], zero-dimensional arrays. (array-api-extra's in1d: `for a in x2`.)
    x = xp.asarray([1.5, 2.5, 3.5], device=device1)
    items = list(x)
    assert [(i.shape, i.device, i.dtype) for i in items] == [((), device1, xp.float64)] * 3
    assert [float(i.to_device(cpu)) for i in items] == [1.5, 2.5, 3.5]
    assert list(xp.zeros(0)) == []


def test_iter_makes_each_element_when_next_asks_for_it():
    # NumPy's np.iterable(x) calls iter(x) and drops it (SciPy's stats does, often): iter() must
    # not make every 0-d element first (a million took half a second). Made as next() asks, an
    # element written after iter() is read as written.
    x = xp.zeros(3)
    iterator = iter(x)
    assert iter(iterator) is iterator
    x[1] = 5.0
    assert [float(v) for v in iterator] == [0.0, 5.0, 0.0]
    with pytest.raises(StopIteration):
        next(iterator)
    with pytest.raises(StopIteration):
        next(iter(xp.zeros(0)))


@pytest.mark.parametrize("shape", [(), (2, 2), (1, 0, 3)])
def test_iterating_other_ranks_is_refused(shape):
    # Implementation-defined in the standard; refused, as array-api-strict does.
    with pytest.raises(TypeError, match="only a one-dimensional array can be iterated"):
        iter(xp.zeros(shape))


@pytest.mark.parametrize("dtype, expected", [("float32", "complex64"), ("float64", "complex128"),
                                             ("complex64", "complex64")])
def test_a_python_complex_with_a_floating_array_gives_the_complex_dtype_of_its_precision(
        dtype, expected):
    # type_promotion.rst (2024.12), "Mixing arrays with Python scalars": "a Python int, float, or
    # complex for real-valued floating-point array data types"; "1j <op> float32_array results in
    # a complex64 array".
    x = xp.asarray([1.0, 2.0], dtype=getattr(xp, dtype), device=device1)
    for result in (x * 1j, 1j * x, x + 2j, xp.multiply(x, 1j), xp.add(1j, x)):
        assert (result.dtype, result.device) == (getattr(xp, expected), device1)
    assert complex((x * 1j)[1].to_device(cpu)) == 2j
    assert xp.result_type(getattr(xp, dtype), 1j) == getattr(xp, expected)


def test_a_python_complex_with_a_real_array_in_place_or_with_integers_raises():
    with pytest.raises(TypeError, match="in-place"):  # the in-place target keeps its dtype
        x = xp.asarray([1.0])
        x *= 1j
    with pytest.raises(TypeError):  # unspecified for integer arrays: strict raises
        xp.asarray([1]) * 1j


@pytest.mark.parametrize("value", [2**63, 2**63 + 1, 2**64 - 1])
def test_uint64_values_above_int64_round_trip(value):
    # uint64 is a standard dtype (data_types.rst): its whole range [0, 2**64 - 1].
    x = xp.asarray(value, dtype=xp.uint64)
    assert int(x) == value and operator.index(x) == value
    assert float(x) == float(value)
    assert xp.asarray([value, 1], dtype=xp.uint64)[0] == value
    assert xp.full(2, value, dtype=xp.uint64)[1] == value
    assert (x - 1) == value - 1
    host = numpy.asarray(xp.asarray([value], dtype=xp.uint64))
    assert int(host[0]) == value
    assert int(numpy.asarray(xp.asarray(numpy.array([value], dtype=numpy.uint64)))[0]) == value


def test_int_of_a_uint64_array_that_is_not_0d_names_the_conversion():
    for convert, name in ((int, "__int__"), (operator.index, "__index__")):
        with pytest.raises(ValueError, match=name):
            convert(xp.zeros(2, dtype=xp.uint64))


@pytest.mark.parametrize("value", [2**64, -(2**63) - 1])
def test_ints_beyond_every_64_bit_dtype_raise(value):
    with pytest.raises(ValueError, match="64-bit"):
        xp.asarray(value, dtype=xp.uint64)


def test_a_uint64_value_is_out_of_range_for_the_default_int64():
    with pytest.raises(ValueError, match="out of range"):
        xp.asarray(2**63)


def test_arrays_are_not_hashable():
    with pytest.raises(TypeError):
        hash(xp.zeros(1))


def test_objects_python_indexes_with_are_indices_and_ints():
    # Python takes an object with __index__ as an int wherever it needs one (indexing a list,
    # say), and so does array-api-strict: a NumPy integer indexes (SciPy's kmeans2 does so).
    x = xp.asarray([10, 20, 30])
    assert int(x[numpy.int64(1)]) == 20 and int(x[numpy.int32(-1)]) == 30
    assert int(x[numpy.int64(0):numpy.uint8(2)][1]) == 20
    assert xp.sum(xp.ones((2, 3)), axis=numpy.int64(1)).shape == (2,)
    with pytest.raises(TypeError, match="bool"):
        x[numpy.bool_(True)]
    with pytest.raises(TypeError, match="an int"):  # a 0-d array is not taken as an int
        xp.sum(xp.ones((2, 3)), axis=xp.asarray(1))


@pytest.mark.parametrize("value", [2.891138567361032e20, -1e19, 2.0**63, -(2.0**63) - 2048.0])
def test_int_of_a_float_outside_int64_is_its_exact_integer_part(value):
    # array_object.__int__: "If self is a finite number, the result is the integer part of self"
    # -- a Python int, unbounded (SciPy's signal.convolve takes int() of such maxima).
    assert int(xp.asarray(value, dtype=xp.float64)) == int(value)
    assert type(int(xp.asarray(value, dtype=xp.float64))) is int


def test_a_0d_integer_array_is_a_slice_bound():
    # Python slices through __index__, which the standard defines for a 0-d integer array
    # (array_object.py::__index__: "Converts a zero-dimensional integer array to a Python int
    # object"); scikit-learn's det_curve slices x[first:last] with last = searchsorted(...) + 1.
    x = xp.asarray([10, 20, 30, 40])
    last = xp.searchsorted(xp.asarray([1.0, 2.0]), xp.asarray(2.0)) + 1
    assert x[:last].shape == (2,) and int(x[:last][-1]) == 20
    assert x[xp.asarray(1):xp.asarray(4):xp.asarray(2)].shape == (2,)
    x[xp.asarray(0):xp.asarray(1)] = 0
    assert int(x[0]) == 0
    with pytest.raises(TypeError, match="__index__"):
        x[xp.asarray(1.0):]
    with pytest.raises(ValueError, match="zero-dimensional"):
        x[xp.asarray([1]):]  # not 0-d: as __index__ of it


def test_a_slice_bound_off_the_host_is_a_counted_read_refused_where_reads_are():
    # The rule __index__ has there: a host read, counted as a transfer, refused under
    # transfer_guard("disallow").
    device1 = xp.Device("device1")
    x = xp.asarray([10, 20, 30], device=device1)
    start = xp.asarray(1, device=device1)
    xp.reset_transfer_counts()
    assert x[start:].shape == (2,)
    assert xp.transfer_counts() == {(device1, xp.Device("cpu")): 1}
    with xp.transfer_guard("disallow"):
        with pytest.raises(xp.TransferError):
            x[start:]
