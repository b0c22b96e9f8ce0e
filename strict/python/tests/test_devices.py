# Device objects, the built-in and registered devices, dtype objects and constants.
import math

import pytest

import strict_xp as xp


def test_default_devices_are_cpu_device1_device2():
    names = [str(d) for d in xp.__array_namespace_info__().devices()]
    assert names[:3] == ["cpu", "device1", "device2"]


def test_device_equality_hashing_and_repr():
    assert xp.Device("device1") == xp.Device("device1")
    assert xp.Device("device1") != xp.Device("device2")
    assert xp.Device("cpu") != "cpu"
    assert len({xp.Device("device1"), xp.Device("device1"), xp.Device("cpu")}) == 2
    assert repr(xp.Device("device1")) == "Device('device1')"
    assert str(xp.Device("device2")) == "device2"


def test_unknown_device_is_a_value_error_listing_the_devices():
    with pytest.raises(ValueError) as error:
        xp.Device("gpu0")
    assert isinstance(error.value, xp.UnsupportedDeviceError)
    assert "gpu0" in str(error.value)
    for name in ("cpu", "device1", "device2"):
        assert name in str(error.value)


def test_a_string_is_not_a_device():
    with pytest.raises(TypeError, match=r"zeros\(\): device= must be a strict_xp.Device"):
        xp.zeros(2, device="device1")


def test_no_float64_is_switched_on_by_one_call_and_refuses_float64():
    device = xp.enable_device("no_float64")
    assert device in xp.__array_namespace_info__().devices()
    defaults = xp.__array_namespace_info__().default_dtypes(device=device)
    assert defaults["real floating"] == xp.float32
    assert xp.zeros(2, device=device).dtype == xp.float32
    with pytest.raises(xp.UnsupportedDTypeError, match="float64"):
        xp.zeros(2, dtype=xp.float64, device=device)
    with pytest.raises(ValueError):
        xp.zeros(2, device=xp.Device("cpu")).to_device(device)


def test_no_x64_refuses_64_bit_types():
    device = xp.enable_device("no_x64")
    assert xp.int64 not in xp.__array_namespace_info__().dtypes(device=device).values()
    with pytest.raises(xp.UnsupportedDTypeError):
        xp.zeros(2, dtype=xp.int64, device=device)


def test_register_device_with_dtypes_and_defaults():
    device = xp.register_device(
        "half_only", dtypes=[xp.float32, xp.int32, xp.bool],
        default_dtypes={"real floating": xp.float32, "integral": xp.int32,
                        "indexing": xp.int32, "complex floating": xp.float32})
    assert device == xp.Device("half_only")
    assert xp.arange(3, device=device).dtype == xp.int32
    with pytest.raises(xp.UnsupportedDTypeError):
        xp.ones(1, dtype=xp.float64, device=device)
    with pytest.raises(ValueError, match="half_only"):
        xp.register_device("half_only")


def test_register_device_rejects_unknown_default_keys():
    with pytest.raises(ValueError, match="'integer'"):
        xp.register_device("bad_defaults", default_dtypes={"integer": xp.int32})


def test_dtypes_compare_by_value_and_print_their_names():
    assert xp.float64 == xp.float64
    assert xp.float64 != xp.float32
    assert xp.float64 != "float64"
    assert str(xp.int16) == "int16"
    assert repr(xp.bool) == "strict_xp.bool"
    assert len({xp.float32, xp.float32, xp.int8}) == 2


def test_constants():
    assert xp.pi == pytest.approx(math.pi)
    assert xp.e == pytest.approx(math.e)
    assert xp.inf == math.inf
    assert math.isnan(xp.nan)
    assert xp.newaxis is None
    assert xp.__array_api_version__ == "2025.12"


def test_registry_errors_name_the_function_in_python_terms():
    with pytest.raises(xp.UnsupportedDeviceError, match=r"^enable_device\(\): unknown device 'gpu'"):
        xp.enable_device("gpu")
    with pytest.raises(xp.UnsupportedDeviceError, match=r"^Device\(\): .*enabled devices: cpu"):
        xp.Device("no_x64_typo")
    with pytest.raises(ValueError, match=r"^disable_device\(\): .*'cpu'"):
        xp.disable_device("cpu")
    with pytest.raises(ValueError, match=r"^register_device\(\)"):
        xp.register_device("")
    with pytest.raises(TypeError, match=r"register_device\(\)"):
        xp.register_device(1)
    with pytest.raises(TypeError, match=r"register_device\(\)"):
        xp.register_device("typed", dtypes=["float32"])


def test_an_array_whose_size_overflows_is_a_memory_error_naming_the_function():
    with pytest.raises(MemoryError, match=r"^full\(\): cannot allocate"):
        xp.full((2**62, 2**62), 1)


def test_an_array_too_large_is_a_memory_error_naming_the_function():
    # 80 TB, more than any machine's memory and swap: refused before the system is asked, so also
    # where the system overcommits (vm.overcommit_memory=1 granted it on a GPU host, and filling
    # it ended the process) and under AddressSanitizer (whose operator new aborts on it).
    with pytest.raises(MemoryError, match=r"^zeros\(\): cannot allocate"):
        xp.zeros((10**6, 10**7))
