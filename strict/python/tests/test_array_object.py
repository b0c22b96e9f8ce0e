# The array object: attributes, operators with arrays or Python scalars on either side, in-place
# operators, indexing, __array_namespace__.
import operator

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


def test_iteration_is_refused():
    with pytest.raises(TypeError, match="unstack"):
        list(xp.zeros(2))


def test_arrays_are_not_hashable():
    with pytest.raises(TypeError):
        hash(xp.zeros(1))
