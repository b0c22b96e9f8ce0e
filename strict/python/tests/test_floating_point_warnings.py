# NumPy's floating-point warnings. The standard has none, but array-api-strict computes with NumPy
# and so warns "divide by zero encountered in divide" as NumPy does; downstream tests assert those
# warnings (SciPy's eager_warns, TestBrunnerMunzel) and silence them with numpy.errstate. NumPy is
# the oracle: for the same float64 inputs, strict_xp warns nothing NumPy does not (a warning NumPy
# lacks fails a suite that turns warnings into errors, as SciPy's does), and for IEEE's own
# operations (+, -, *, /, sqrt) exactly what NumPy warns. Elsewhere NumPy versions differ
# (NumPy 1.24's floor_divide(inf, 1) is NaN with "invalid value"; strict's is inf).
import math
import warnings

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strict_xp as xp

UNARY = {
    "abs": "absolute", "square": "square", "reciprocal": "reciprocal", "exp": "exp",
    "expm1": "expm1", "log": "log", "log1p": "log1p", "log2": "log2", "log10": "log10",
    "sqrt": "sqrt", "sin": "sin", "cos": "cos", "tan": "tan", "asin": "arcsin",
    "acos": "arccos", "atanh": "arctanh", "acosh": "arccosh", "sinh": "sinh", "cosh": "cosh",
}
BINARY = {
    "add": "add", "subtract": "subtract", "multiply": "multiply", "divide": "divide",
    "floor_divide": "floor_divide", "remainder": "remainder", "pow": "power", "hypot": "hypot",
    "logaddexp": "logaddexp",
}
IEEE = {"add", "subtract", "multiply", "divide", "sqrt"}
# Values at the edges of float64 (zeros, infinities, NaN, the largest and smallest) and ordinary
# ones, so that every kind of exception is drawn.
EDGES = [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, math.inf, -math.inf, math.nan, 1e308, -1e308, 5e-324,
         710.0, -745.0, 1e300]
values = st.one_of(st.sampled_from(EDGES), st.floats(allow_nan=True, allow_infinity=True))


def warned(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with numpy.errstate(all="warn", under="ignore"):
            call()
    return sorted(str(w.message) for w in caught if issubclass(w.category, RuntimeWarning))


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(UNARY)), elements=st.lists(values, min_size=1, max_size=4),
       dtype=st.sampled_from(["float32", "float64"]))
def test_a_unary_function_warns_nothing_numpy_does_not(name, elements, dtype):
    with numpy.errstate(all="ignore"):  # the cast's own overflow is not the function's
        x = numpy.asarray(elements).astype(dtype)
    ours = warned(lambda: getattr(xp, name)(xp.asarray(x)))
    numpys = warned(lambda: getattr(numpy, UNARY[name])(x))
    assert set(ours) <= set(numpys)
    if name in IEEE:
        assert ours == numpys


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(BINARY)), pairs=st.lists(st.tuples(values, values), min_size=1,
                                                            max_size=4),
       dtype=st.sampled_from(["float32", "float64"]))
def test_a_binary_function_warns_nothing_numpy_does_not(name, pairs, dtype):
    with numpy.errstate(all="ignore"):
        x1, x2 = (numpy.asarray([p[i] for p in pairs]).astype(dtype) for i in (0, 1))
    ours = warned(lambda: getattr(xp, name)(xp.asarray(x1), xp.asarray(x2)))
    numpys = warned(lambda: getattr(numpy, BINARY[name])(x1, x2))
    assert set(ours) <= set(numpys)
    if name in IEEE:
        assert ours == numpys


def test_operators_warn_under_numpys_names():
    x = xp.asarray([1.0, 0.0])
    with pytest.warns(RuntimeWarning, match="divide by zero encountered in divide"):
        x / 0.0
    with pytest.warns(RuntimeWarning, match="divide by zero encountered in divide"):
        1.0 / x
    with pytest.warns(RuntimeWarning, match="overflow encountered in power"):
        xp.asarray([1e300]) ** 2
    y = xp.asarray([1e308])
    with pytest.warns(RuntimeWarning, match="overflow encountered in multiply"):
        y *= 10.0
    assert math.isinf(float(y[0]))


def test_numpy_errstate_silences_or_raises_them():
    x = xp.asarray([1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with numpy.errstate(divide="ignore"):
            assert float((x / 0.0)[0]) == math.inf
    with numpy.errstate(divide="raise"), pytest.raises(FloatingPointError,
                                                       match="divide by zero encountered"):
        xp.divide(x, 0.0)


def test_comparisons_and_extrema_with_nan_do_not_warn():
    x = xp.asarray([1.0, math.nan])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x < math.nan
        xp.less(x, math.nan)
        xp.maximum(x, math.nan)
        xp.max(x)
        xp.sort(x)


def test_complex_results_are_not_reported():
    # C's complex multiplication raises "invalid" in its infinity recovery where NumPy's does not.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        xp.multiply(xp.asarray([1j]), xp.asarray([complex(math.inf, math.nan)]))
        xp.log1p(xp.asarray([complex(0.0, math.nan)]))


def test_a_flag_raised_before_the_call_is_not_reported_by_it():
    float("1e308") * 10.0  # Python's float arithmetic raises the processor's overflow flag
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        xp.add(xp.asarray([1.0]), 1.0)


def test_a_warning_turned_into_an_error_is_an_exception_naming_it():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with numpy.errstate(divide="warn"), pytest.raises(RuntimeWarning, match="divide by zero"):
            xp.log(xp.asarray([0.0]))
