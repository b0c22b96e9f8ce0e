# Creation functions: values, default dtypes of the device chosen, and devices.
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import strict_xp as xp

cpu, device1 = xp.Device("cpu"), xp.Device("device1")


def test_asarray_from_nested_lists_infers_the_dtype():
    assert xp.asarray([[1, 2], [3, 4]]).dtype == xp.int64
    assert xp.asarray([1, 2.5]).dtype == xp.float64
    assert xp.asarray([True, False]).dtype == xp.bool
    assert xp.asarray([1j]).dtype == xp.complex128
    assert xp.asarray([[1, 2], [3, 4]]).shape == (2, 2)


def test_asarray_rejects_ragged_and_foreign_data():
    with pytest.raises(ValueError):
        xp.asarray([[1, 2], [3]])
    with pytest.raises(TypeError, match=r"asarray\(\).*str"):
        xp.asarray(["a"])


def test_asarray_copy_false_across_devices_raises():
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(xp.zeros(2), device=device1, copy=False)


def test_asarray_of_an_array_shares_storage_without_copy():
    x = xp.zeros(2)
    y = xp.asarray(x)
    y[0] = 1.0
    assert float(x[0]) == 1.0


def test_default_dtypes_follow_the_device():
    assert xp.zeros(1, device=device1).dtype == xp.float64
    assert xp.arange(3).dtype == xp.int64
    assert xp.full(2, 1.5).dtype == xp.float64
    assert xp.full(2, True).dtype == xp.bool


@pytest.mark.parametrize("make", [
    lambda d: xp.zeros((2,), device=d), lambda d: xp.ones(2, device=d),
    lambda d: xp.empty(2, device=d), lambda d: xp.full(2, 3, device=d),
    lambda d: xp.arange(0, 4, 2, device=d), lambda d: xp.linspace(0, 1, 5, device=d),
    lambda d: xp.eye(2, 3, k=1, device=d), lambda d: xp.asarray([1], device=d)])
def test_device_argument_is_respected(make):
    assert make(device1).device == device1


def test_like_functions_keep_the_input_device():
    x = xp.zeros((2, 2), dtype=xp.float32, device=device1)
    for like in (xp.zeros_like, xp.ones_like, xp.empty_like):
        y = like(x)
        assert y.device == device1 and y.dtype == xp.float32
    assert xp.full_like(x, 2).device == device1
    assert xp.zeros_like(x, device=cpu).device == cpu


def test_tril_triu_meshgrid():
    m = xp.ones((3, 3), device=device1)
    assert xp.tril(m).device == device1 and float(xp.tril(xp.ones((2, 2)))[0, 1]) == 0.0
    assert float(xp.triu(xp.ones((2, 2)), k=1)[1, 0]) == 0.0
    a, b = xp.meshgrid(xp.arange(3), xp.arange(2), indexing="ij")
    assert a.shape == (3, 2) and b.shape == (3, 2)
    with pytest.raises(xp.DeviceMismatchError):
        xp.meshgrid(xp.arange(3), xp.arange(2, device=device1))
    with pytest.raises(ValueError, match="'xy' or 'ij'"):
        xp.meshgrid(xp.arange(3), indexing="yx")


def test_values():
    assert [float(v) for v in (xp.linspace(0, 1, 3)[i] for i in range(3))] == [0.0, 0.5, 1.0]
    assert [int(xp.arange(5, 1, -2)[i]) for i in range(2)] == [5, 3]
    assert float(xp.eye(3)[1, 1]) == 1.0 and float(xp.eye(3)[1, 0]) == 0.0


def test_wrong_argument_types_name_the_function():
    with pytest.raises(TypeError, match=r"zeros\(\)"):
        xp.zeros("3")
    with pytest.raises(TypeError, match=r"ones\(\).*dtype"):
        xp.ones(2, dtype="float64")
    with pytest.raises(TypeError, match=r"eye\(\)"):
        xp.eye(2.0)
    with pytest.raises(ValueError):
        xp.zeros(-1)


def test_linspace_and_arange_read_zero_dimensional_bounds():
    # Their bounds are typed as Python scalars; array-api-strict (through NumPy) also takes 0-d
    # arrays, and SciPy passes them (interpolate's bsplines, signal's findfreqs). Read as float()
    # reads them: off the host, one counted transfer each.
    assert xp.linspace(xp.asarray(0.0), xp.asarray(1.0), 3).dtype == xp.float64
    assert [float(v) for v in xp.linspace(xp.asarray(0.0), 1, 3)] == [0.0, 0.5, 1.0]
    assert [int(v) for v in xp.arange(xp.asarray(1), xp.asarray(4))] == [1, 2, 3]
    assert xp.arange(xp.asarray(1), 4).dtype == xp.int64
    start = xp.asarray(0.0, device=device1)
    before = xp.transfer_counts().get((device1, cpu), 0)
    y = xp.linspace(start, 1.0, 3)
    assert y.device == cpu
    assert xp.transfer_counts()[(device1, cpu)] == before + 1
    with xp.transfer_guard("disallow"), pytest.raises(xp.TransferError):
        xp.linspace(start, 1.0, 3)
    with pytest.raises(TypeError, match=r"linspace\(\): start must be a Python scalar or a zero-d"):
        xp.linspace(xp.zeros(2), 1.0, 3)


def test_linspace_takes_an_integer_dtype_floored():
    # "Should be a floating-point data type": another dtype is undefined; taken as NumPy 2 and
    # array-api-strict take it, floored (SciPy's signal asks for it).
    y = xp.linspace(0, 10, 4, dtype=xp.int64)
    assert y.dtype == xp.int64 and [int(v) for v in y] == [0, 3, 6, 10]
    with pytest.raises(TypeError, match=r"linspace\(\)"):
        xp.linspace(0, 1, 3, dtype=xp.bool)


def test_asarray_reads_arrays_below_a_sequences_own_items_as_array_api_strict_does():
    # The standard's obj is "a nested sequence of Python scalars"; array-api-strict refuses arrays
    # among a sequence's own items ("Nested Arrays are not allowed. Use `stack` instead.") and
    # NumPy reads deeper ones. SciPy's test_center_of_mass09 writes xp.asarray([(a, b), (c, d)]).
    a, b = xp.asarray(0.5), xp.asarray(1.0)
    pairs = xp.asarray([(a, b), (b, a)], dtype=xp.float64)
    assert pairs.shape == (2, 2) and [float(v) for v in xp.reshape(pairs, (-1,))] == [0.5, 1, 1, 0.5]
    deeper = xp.asarray([[xp.asarray([1, 2]), xp.asarray([3, 4])]])
    assert deeper.shape == (1, 2, 2) and deeper.dtype == xp.int64
    with pytest.raises(TypeError, match=r"found .*Array at depth 1 \(join arrays with stack\(\)\)"):
        xp.asarray([a, b])
    # A host read: an array on another device is refused, naming the line.
    with pytest.raises(xp.HostAccessError, match=r"asarray\(\): an array at depth 2 .*test_creation.py"):
        xp.asarray([(xp.zeros((), device=device1), 2.0)])


@settings(max_examples=150, deadline=None)
@given(rows=st.lists(st.lists(st.one_of(st.floats(-4, 4, width=32), st.booleans()), min_size=2,
                              max_size=2), min_size=1, max_size=3),
       as_arrays=st.lists(st.booleans(), min_size=6, max_size=6),
       device=st.sampled_from(["cpu", "device1"]))
def test_asarray_of_arrays_below_the_top_level_is_numpys_or_an_error_naming_asarray(
        rows, as_arrays, device):
    numpy = pytest.importorskip("numpy")
    flags = iter(as_arrays)
    obj = [[xp.asarray(v, device=xp.Device(device)) if next(flags) else v for v in row]
           for row in rows]
    has_arrays = any(isinstance(v, xp.Array) for row in obj for v in row)
    try:
        result = xp.asarray(obj, dtype=xp.float64)
    except xp.HostAccessError as error:
        assert device == "device1" and has_arrays and "asarray()" in str(error)
        return
    assert not (device == "device1" and has_arrays)
    expected = numpy.asarray(rows, dtype=numpy.float64)
    assert result.shape == expected.shape
    assert numpy.array_equal(numpy.asarray(result), expected)


def test_asarray_reads_numpy_scalars_inside_a_nested_sequence():
    # "a nested sequence of Python scalars"; array-api-strict (NumPy) takes NumPy scalars there,
    # and SciPy's stats tests write [2, 2, 2 + numpy.spacing(numpy.float32(2))].
    numpy = pytest.importorskip("numpy")
    x = xp.asarray([2, numpy.float32(2.5), numpy.int8(3)], dtype=xp.float32)
    assert x.dtype == xp.float32 and [float(v) for v in x] == [2.0, 2.5, 3.0]
    assert [bool(v) for v in xp.asarray([numpy.bool_(True), False])] == [True, False]
    with pytest.raises(TypeError, match=r"asarray\(\)"):
        xp.asarray([numpy.zeros(2)])


def test_a_diagonal_offset_beyond_int64_lies_past_the_matrix():
    # eye's k is any int ("k: int"); the standard's own test_eye draws k = 2**63. Such an offset
    # puts the diagonal outside every matrix: no ones, or nothing kept.
    assert xp.eye(0, k=2**63).shape == (0, 0)
    assert not bool(xp.any(xp.eye(3, k=2**70))) and not bool(xp.any(xp.eye(3, k=-(2**70))))
    x = xp.ones((2, 3))
    assert bool(xp.all(xp.tril(x, k=2**64) == x)) and not bool(xp.any(xp.triu(x, k=2**64)))
    assert xp.linalg.diagonal(x, offset=-(2**65)).shape == (0,)


# Nested lists and tuples of Python scalars, rectangular or ragged: asarray reads them as NumPy
# does (shape, dtype by the same inference for these, every value, the sign of zero), and refuses
# a ragged one with ValueError. Long flat lists take a one-pass reader; anything else (a NumPy
# scalar among the items) the general one: both must agree.
_scalars = st.one_of(st.booleans(), st.integers(-2**62, 2**62),
                     st.floats(allow_nan=True, allow_infinity=True),
                     st.complex_numbers(allow_nan=False, allow_infinity=False, max_magnitude=1e6))


def _nested(leaves):
    return st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.tuples(inner, inner)), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_nested(_scalars).filter(lambda v: isinstance(v, (list, tuple))))
def test_asarray_of_nested_python_scalars_equals_numpys(data):
    import numpy
    try:
        expected = numpy.asarray(data)
    except ValueError:
        with pytest.raises(ValueError):
            xp.asarray(data)
        return
    if expected.dtype == object:  # NumPy's fallback for what strict refuses
        with pytest.raises((ValueError, TypeError)):
            xp.asarray(data)
        return
    got = xp.asarray(data)
    assert got.shape == expected.shape
    assert str(got.dtype) == str(expected.dtype)
    if expected.dtype == bool:  # NumPy before 2 reads no bool through DLPack
        got, expected = xp.astype(got, xp.uint8), expected.astype(numpy.uint8)
    values = numpy.from_dlpack(got)
    assert numpy.array_equal(values, expected, equal_nan=True)
    if expected.dtype.kind == "f":
        assert numpy.array_equal(numpy.signbit(values), numpy.signbit(expected))


def test_asarray_reads_a_numpy_scalar_among_the_items_as_its_item():
    import numpy
    a = xp.asarray([[1.5, numpy.float32(2.5)], [3.0, 4.0]])
    b = xp.asarray([[1.5, 2.5], [3.0, 4.0]])
    assert a.shape == b.shape == (2, 2) and a.dtype == b.dtype == xp.float64
    assert bool(xp.all(a == b))
    with pytest.raises(ValueError):
        xp.asarray([[1.5, numpy.float32(2.5)], [3.0]])
