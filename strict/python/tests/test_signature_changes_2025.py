# What 2025.12 changes in functions strict_xp had: the version it declares, devices() and
# broadcast_arrays() as tuples, expand_dims with a tuple, searchsorted with a Python scalar. (The
# functions 2025.12 adds are tested beside their families: isin in test_searching_sorting_sets,
# eig/eigvals in test_linear_algebra, broadcast_shapes in test_manipulation.)
import pytest

import strict_xp as xp

cpu, device1, device2 = xp.Device("cpu"), xp.Device("device1"), xp.Device("device2")


def test_the_namespace_declares_2025_12():
    assert xp.__array_api_version__ == "2025.12"
    assert isinstance(xp.__array_namespace_info__().devices(), tuple)
    assert isinstance(xp.broadcast_arrays(xp.zeros(2), xp.ones(1)), tuple)


def test_expand_dims_with_a_tuple_of_axes():
    x = xp.zeros((2, 3), device=device1)
    assert xp.expand_dims(x, (0, -1)).shape == (1, 2, 3, 1)
    assert xp.expand_dims(x, (1, 2)).shape == (2, 1, 1, 3)
    assert xp.expand_dims(x, 0).shape == (1, 2, 3)
    with pytest.raises(ValueError, match="twice"):
        xp.expand_dims(x, (1, -3))


def test_searchsorted_with_a_python_scalar():
    x1 = xp.asarray([1.0, 2.0, 3.0], device=device1)
    out = xp.searchsorted(x1, 2.5)
    assert out.shape == () and out.device == device1
    assert int(out.to_device(cpu)) == 2
    assert int(xp.searchsorted(xp.asarray([1, 5]), 5)) == 1
