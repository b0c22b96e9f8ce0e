# Element-wise functions: every one is bound, devices propagate, mixed devices raise.
import inspect
import math

import numpy
import pytest

import strict_xp as xp

device1, device2 = xp.Device("device1"), xp.Device("device2")

UNARY = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert", "ceil",
         "conj", "cos", "cosh", "exp", "expm1", "floor", "imag", "isfinite", "isinf", "isnan",
         "log", "log1p", "log2", "log10", "logical_not", "negative", "positive", "real",
         "reciprocal", "round", "sign", "signbit", "sin", "sinh", "sqrt", "square", "tan", "tanh",
         "trunc"]
BINARY = ["add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift",
          "bitwise_xor", "copysign", "divide", "equal", "floor_divide", "greater", "greater_equal",
          "hypot", "less", "less_equal", "logaddexp", "logical_and", "logical_or", "logical_xor",
          "maximum", "minimum", "multiply", "nextafter", "not_equal", "pow", "remainder",
          "subtract"]


def operand_for(name, device):
    if name.startswith("logical"):
        return xp.asarray([True, False], device=device)
    if name.startswith("bitwise"):
        return xp.asarray([1, 2], device=device)
    if name == "imag":
        return xp.asarray([1 + 1j], device=device)
    return xp.asarray([0.5, 0.25], device=device)


def test_all_67_are_there():
    assert len(UNARY) + len(BINARY) + 1 == 67
    for name in UNARY + BINARY + ["clip"]:
        assert callable(getattr(xp, name)), name


@pytest.mark.parametrize("name", UNARY)
def test_unary_keeps_the_device(name):
    assert getattr(xp, name)(operand_for(name, device1)).device == device1


@pytest.mark.parametrize("name", BINARY)
def test_binary_keeps_the_device_and_refuses_mixed_devices(name):
    function = getattr(xp, name)
    x, y = operand_for(name, device1), operand_for(name, device1)
    assert function(x, y).device == device1
    with pytest.raises(xp.DeviceMismatchError, match=f"^{name}\\(\\)"):
        function(x, operand_for(name, device2))


def test_scalars_on_either_side():
    x = xp.asarray([1.0, 4.0], device=device1)
    assert xp.add(x, 1).device == device1
    assert float(xp.subtract(10, xp.asarray([4.0]))[0]) == 6.0
    assert float(xp.pow(2.0, xp.asarray([3.0]))[0]) == 8.0


def test_values():
    assert float(xp.sqrt(xp.asarray([4.0]))[0]) == 2.0
    assert float(xp.atan2(xp.asarray([1.0]), xp.asarray([1.0]))[0]) == pytest.approx(math.pi / 4)
    assert float(xp.clip(xp.asarray([5.0]), max=2.0)[0]) == 2.0
    assert float(xp.clip(xp.asarray([-5.0]), -1.0, 1.0)[0]) == -1.0


def test_wrong_types_name_the_function():
    with pytest.raises(TypeError, match=r"sin\(\): x must be a strict_xp array"):
        xp.sin(1.0)
    with pytest.raises(TypeError, match=r"add\(\): x2 must be .* not str"):
        xp.add(xp.zeros(1), "1")
    with pytest.raises(TypeError, match=r"sqrt\(\)"):
        xp.sqrt(xp.asarray([1]))


# The element-wise functions are METH_FASTCALL built-ins (fast_function.hpp), not pybind11
# functions: they must still have signatures, refuse wrong calls by name, and raise strict's errors.
@pytest.mark.parametrize("name", UNARY + BINARY)
def test_signatures_are_positional_only(name):
    parameters = inspect.signature(getattr(xp, name)).parameters
    assert list(parameters) == (["x"] if name in UNARY else ["x1", "x2"])
    assert all(p.kind == inspect.Parameter.POSITIONAL_ONLY for p in parameters.values())


def test_wrong_argument_counts_and_keywords_name_the_function():
    x = xp.zeros(2)
    with pytest.raises(TypeError, match=r"^add\(\) takes exactly 2 positional arguments \(1 given\)"):
        xp.add(x)
    with pytest.raises(TypeError, match=r"^sin\(\) takes exactly 1 positional argument \(2 given\)"):
        xp.sin(x, x)
    with pytest.raises(TypeError, match=r"add\(\) takes no keyword arguments"):
        xp.add(x1=x, x2=x)



# elementwise_functions.py::expm1 (2022.12), the special cases for complex operands whose parts
# have definite signs (the C++ test has the rest).
@pytest.mark.parametrize("z, expected", [
    (complex(math.inf, 0.0), complex(math.inf, 0.0)),  # "+infinity + 0j"
    (complex(-math.inf, 1.0), complex(-1.0, 0.0 * math.sin(1.0))),  # "+0 * cis(b) - 1.0"
    (complex(0.0, 0.0), complex(0.0, 0.0)),
    (complex(math.nan, 0.0), complex(math.nan, 0.0)),  # "NaN + 0j"
])
def test_complex_expm1_special_cases(z, expected):
    for dtype in (xp.complex128, xp.complex64):
        result = complex(xp.expm1(xp.asarray(z, dtype=dtype)))
        for part, want in ((result.real, expected.real), (result.imag, expected.imag)):
            if math.isnan(want):
                assert math.isnan(part), (z, result)
            else:
                assert part == want and math.copysign(1, part) == math.copysign(1, want), (z, result)


@pytest.mark.parametrize("bounds", [
    (-0.5, 0.5),  # Python scalars
    (-0.5, None),  # one bound only
    ("0-d", "0-d"),  # one-element arrays broadcast as scalars
    ("same", "same"),  # arrays of x's shape: the flat loop
    ("row", None),  # an array that broadcasts: the general loop
])
def test_clip_equals_numpys_for_every_kind_of_bound(bounds):
    rng = numpy.random.default_rng(7)
    x = rng.standard_normal((40, 30))
    x[3, 4] = math.nan
    lows = rng.standard_normal((40, 30)) - 1
    highs = lows + 1.5

    def bound(kind, same):
        if kind == "0-d":
            return numpy.asarray(same.flat[0]), xp.asarray(float(same.flat[0]))
        if kind == "same":
            return same, xp.asarray(same)
        if kind == "row":
            return same[0], xp.asarray(same[0])
        return kind, kind

    low_np, low_xp = bound(bounds[0], lows)
    high_np, high_xp = bound(bounds[1], highs)
    expected = numpy.clip(x, low_np, high_np)
    actual = numpy.asarray(xp.clip(xp.asarray(x), low_xp, high_xp))
    assert numpy.array_equal(actual, expected, equal_nan=True)


@pytest.mark.parametrize("low, high", [(math.nan, 1.0), (-1.0, math.nan)])
def test_clip_to_a_nan_bound_is_nan(low, high):
    # clip: "If min_i is NaN, the result is NaN" (likewise max_i); NumPy 1.x leaves x there, so
    # the spec is the oracle here. A 0-d bound takes the flat loop, an array one the general one.
    x = xp.asarray([-2.0, 0.5, 3.0])
    for bound_of in (float, xp.asarray, lambda v: xp.full((2, 3), v)):
        result = numpy.asarray(xp.clip(x, bound_of(low), bound_of(high)))
        assert numpy.isnan(result).all(), result


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", ["ceil", "floor", "trunc", "round"])
def test_rounding_equals_numpys_on_every_special_value(name, dtype):
    # strict rounds by arithmetic, many elements at a time (internal/float_rounding.hpp): halves,
    # signed zeros, the edges past which every value is an integer (2^23, 2^52), infinities, NaN.
    specials = [math.nan, math.inf, -math.inf, 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.7,
                -0.7, 0.3, -0.3, 5e-324, -5e-324, 2.0**23 - 0.5, -(2.0**23 - 0.5), 2.0**22 + 0.5,
                2.0**52 - 0.5, -(2.0**52 - 0.5), 2.0**51 + 0.5, 2.0**53, 1e308, -1e308]
    rng = numpy.random.default_rng(12)
    for length in [1, 3, 4, 5, 8, 9, 17, 1001]:
        values = numpy.asarray(rng.choice(specials, length), dtype=dtype)
        with numpy.errstate(over="ignore"):
            expected = getattr(numpy, name)(values)
        actual = numpy.asarray(getattr(xp, name)(xp.asarray(values)))
        assert actual.dtype == expected.dtype
        nan = numpy.isnan(expected)
        assert (numpy.isnan(actual) == nan).all(), (values.tolist(), actual.tolist())
        # Bit for bit elsewhere: -0.0 is not 0.0.
        assert actual[~nan].tobytes() == expected[~nan].tobytes(), (
            values.tolist(), actual.tolist(), expected.tolist())


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite", "signbit"])
def test_classification_equals_numpys_on_every_special_value(name, dtype):
    # Eight elements at a time in vectors (internal/float_classification.hpp), the rest one by
    # one: lengths around multiples of 8, every special value at every position.
    specials = [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, 5e-324, -5e-324, 1e-40,
                -1e-40, 3.5, -3.5, 1e308, -1e308, 3.4e38, -3.4e38]
    rng = numpy.random.default_rng(11)
    for length in [1, 7, 8, 9, 15, 16, 17, 64, 1001]:
        values = numpy.asarray(rng.choice(specials, length), dtype=dtype)
        expected = getattr(numpy, name)(values)
        actual = numpy.asarray(getattr(xp, name)(xp.asarray(values)))
        assert actual.dtype == numpy.bool_
        assert actual.tolist() == expected.tolist(), (length, values.tolist())
