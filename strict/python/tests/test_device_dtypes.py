# Device-dependent dtypes (the 2026.12 draft, data-apis/array-api#1005): a device may hold fewer
# dtypes than the namespace has, and a creation function asked for a dtype its device does not
# hold raises. On strict_xp's no_float64 (like Apple MPS) and no_x64 (like JAX without x64):
# __array_namespace_info__().dtypes(device=) says exactly what each device holds, every creation
# function and astype make each of those, and refuse every other dtype with UnsupportedDTypeError
# naming the function and the dtype.
import pytest

import strict_xp as xp

ALL = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
       "float32", "float64", "complex64", "complex128"]


def creations(dtype, device):
    """(name, call) for every creation function and astype, making one array of `dtype`."""
    numeric = dtype != xp.bool
    host = xp.zeros(2, dtype=dtype)
    calls = [
        ("zeros", lambda: xp.zeros(2, dtype=dtype, device=device)),
        ("ones", lambda: xp.ones(2, dtype=dtype, device=device)),
        ("empty", lambda: xp.empty(2, dtype=dtype, device=device)),
        ("full", lambda: xp.full(2, True if not numeric else 1, dtype=dtype, device=device)),
        ("eye", lambda: xp.eye(2, dtype=dtype, device=device)),
        ("asarray", lambda: xp.asarray([0, 1] if numeric else [True], dtype=dtype, device=device)),
        ("zeros_like", lambda: xp.zeros_like(host, dtype=dtype, device=device)),
        ("ones_like", lambda: xp.ones_like(host, dtype=dtype, device=device)),
        ("empty_like", lambda: xp.empty_like(host, dtype=dtype, device=device)),
        ("full_like", lambda: xp.full_like(host, 0 if numeric else False, dtype=dtype,
                                           device=device)),
        ("astype", lambda: xp.astype(host, dtype, device=device)),
    ]
    if numeric and "complex" not in str(dtype):
        calls.append(("arange", lambda: xp.arange(3, dtype=dtype, device=device)))
    if str(dtype).startswith(("float", "complex")):
        calls.append(("linspace", lambda: xp.linspace(0, 1, 3, dtype=dtype, device=device)))
    return calls


@pytest.mark.parametrize("name", ["no_float64", "no_x64", "device1", "cpu"])
def test_each_device_makes_exactly_the_dtypes_info_lists_for_it(name):
    device = xp.enable_device(name) if name.startswith("no_") else xp.Device(name)
    held = {str(d) for d in xp.__array_namespace_info__().dtypes(device=device).values()}
    if name.startswith("no_"):
        assert "float64" not in held and "float32" in held
    else:
        assert held == set(ALL)
    for dtype_name in ALL:
        dtype = getattr(xp, dtype_name)
        for function, call in creations(dtype, device):
            if dtype_name in held:
                result = call()
                assert (result.dtype, result.device) == (dtype, device), function
            else:
                with pytest.raises(xp.UnsupportedDTypeError) as error:
                    call()
                message = str(error.value)
                assert function in message and dtype_name in message, message
                assert name in message, message


def test_info_dtypes_by_kind_on_a_device_lists_only_what_it_holds():
    device = xp.enable_device("no_x64")
    floats = xp.__array_namespace_info__().dtypes(device=device, kind="real floating")
    assert list(floats.values()) == [xp.float32]
    ints = xp.__array_namespace_info__().dtypes(device=device, kind="signed integer")
    assert xp.int64 not in ints.values() and xp.int32 in ints.values()
