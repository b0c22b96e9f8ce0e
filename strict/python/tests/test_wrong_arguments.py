# Every public function called with random wrong arguments (wrong types, bad shapes, unknown
# devices, other libraries' arrays) ends in a Python exception whose message names the function:
# never a crash, never a hang.
import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import strict_xp as xp


def public_functions():
    spaces = [("", xp), ("linalg.", xp.linalg), ("fft.", xp.fft)]
    found = []
    for prefix, space in spaces:
        for name in sorted(dir(space)):
            value = getattr(space, name)
            if name.startswith("_") or isinstance(value, type) or not callable(value):
                continue
            found.append((prefix + name, value))
    return found


FUNCTIONS = public_functions()
# Functions that take no argument, and so have no wrong call to make; and those that change the
# device registry for good (test_devices.py calls them wrongly by hand).
NOT_FUZZED = {"get_default_device", "transfer_counts", "reset_transfer_counts", "transfer_log",
              "clear_transfer_log", "register_device", "disable_device"}


def strict_arrays():
    return st.builds(
        lambda shape, dtype, device: xp.zeros(shape, dtype=dtype, device=xp.Device(device)),
        st.lists(st.integers(0, 3), max_size=3).map(tuple),
        st.sampled_from([xp.float64, xp.float32, xp.int64, xp.int8, xp.uint8, xp.uint64, xp.bool,
                         xp.complex64]),
        st.sampled_from(["cpu", "device1", "device2"]))


wrong_values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 5), st.sampled_from([2**63, 2**64 - 1, -2**63 - 1, 2**80]),
    # Small or non-finite numbers: a large one makes a valid call that allocates gigabytes.
    st.floats(-5, 5), st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e300]),
    st.complex_numbers(max_magnitude=10), st.text(max_size=5),
    st.binary(max_size=3), st.just(...), st.just(slice(None)), st.just({}), st.just(object()),
    st.lists(st.integers(-2, 3), max_size=3), st.tuples(st.integers(-2, 3), st.text(max_size=2)),
    st.just(numpy.zeros((2, 2))), st.just(numpy.arange(3)),
    st.sampled_from([xp.float32, xp.int64, xp.bool]),
    st.sampled_from(["device1", "gpu", "cpu"]).map(lambda n: n),
    st.just(xp.Device("device2")), strict_arrays())
keywords = st.dictionaries(
    st.sampled_from(["device", "dtype", "axis", "copy", "keepdims", "k", "n", "norm", "ord",
                     "stream", "api_version", "bogus"]),
    wrong_values, max_size=2)


@pytest.mark.parametrize("name, function", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
@settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.lists(wrong_values, max_size=4), kwargs=keywords)
def test_wrong_calls_raise_naming_the_function(name, function, args, kwargs):
    if name in NOT_FUZZED:
        return
    try:
        function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001: any Python exception is the right outcome
        short = name.split(".")[-1]
        assert short in str(error), f"{name}(*{args!r}, **{kwargs!r}) raised {error!r}"
    finally:
        xp.set_default_device(xp.Device("cpu"))


def test_the_namespace_has_every_family():
    names = {n for n, _ in FUNCTIONS}
    for expected in ("zeros", "add", "reshape", "sort", "sum", "astype", "linalg.inv", "fft.fft",
                     "matmul", "unique_values", "take", "where", "from_dlpack",
                     # 2025.12's additions are fuzzed like the rest.
                     "isin", "broadcast_shapes", "linalg.eig", "linalg.eigvals"):
        assert expected in names


# The array object's paths a drop-in for array-api-strict needs (iteration, Python complex
# scalars, uint64's upper half, the buffer protocol, scalar conversions off the host) over arrays
# of any shape, dtype and device: a result, or a Python exception naming the operation.
@settings(max_examples=300, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(x=strict_arrays(),
       scalar=st.one_of(st.complex_numbers(max_magnitude=10), st.integers(0, 2**64 - 1),
                        st.sampled_from([2**63, 2**64 - 1]), st.floats(-5, 5)))
def test_array_object_paths_give_a_result_or_an_exception_naming_the_operation(x, scalar):
    calls = [(lambda: list(x), ["iter"]),
             (lambda: memoryview(x), ["buffer protocol"]),
             (lambda: numpy.asarray(x), ["buffer protocol", "__array__"]),
             (lambda: bool(x), ["__bool__"]),
             (lambda: x.__index__(), ["__index__"]),
             (lambda: x * scalar, ["multiply", "__mul__"]),
             (lambda: scalar - x, ["subtract", "__rsub__"]),
             (lambda: xp.asarray(scalar, dtype=x.dtype, device=x.device), ["asarray"]),
             (lambda: xp.full(2, scalar, dtype=x.dtype), ["full"])]
    for call, names in calls:
        try:
            call()
        except Exception as error:  # noqa: BLE001: any Python exception is the right outcome
            assert any(n in str(error) for n in names), f"{names}: {error!r}"
