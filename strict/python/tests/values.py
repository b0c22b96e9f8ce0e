"""Helpers shared by the tests: the devices they use and arrays read back as Python values."""

import pytest

import strict_xp as xp

CPU = xp.Device("cpu")
D1 = xp.Device("device1")


def python_type(dtype):
    """The Python type of one element of `dtype`: bool, int, float or complex."""
    if dtype == xp.bool:
        return bool
    if xp.isdtype(dtype, "integral"):
        return int
    if xp.isdtype(dtype, "real floating"):
        return float
    return complex


def to_list(x, cast=None):
    """The elements of a cpu array as nested Python lists of `cast` values (None: the Python
    type of x's dtype)."""
    if cast is None:
        cast = python_type(x.dtype)
    if x.shape == ():
        return cast(x)
    return [to_list(x[i, ...], cast) for i in range(x.shape[0])]


def approx_list(values, **tolerance):
    """pytest.approx for a nested list of numbers; `tolerance` is approx's rel= and abs=."""
    if isinstance(values, list):
        return [approx_list(v, **tolerance) for v in values]
    return pytest.approx(values, **tolerance)
