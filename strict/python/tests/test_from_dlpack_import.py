# xp.from_dlpack of another library's array (NumPy's here): host memory is shared, not copied;
# device= and copy= then act as for a strict array; what cannot be imported says why.
import gc
import subprocess
import sys
import textwrap
import weakref

import numpy
import pytest

import strict_xp as xp

cpu, device1 = xp.Device("cpu"), xp.Device("device1")


def test_a_numpy_array_is_shared_both_ways():
    a = numpy.arange(6.0).reshape(2, 3)
    x = xp.from_dlpack(a)
    assert (x.device, x.dtype, x.shape) == (cpu, xp.float64, (2, 3))
    a[0, 0] = 42.0
    assert float(x[0, 0]) == 42.0
    x[1, 2] = -1.0
    assert a[1, 2] == -1.0


@pytest.mark.parametrize("dtype, expected", [
    (numpy.int8, xp.int8), (numpy.int64, xp.int64), (numpy.uint16, xp.uint16),
    (numpy.float32, xp.float32), (numpy.complex128, xp.complex128)])
def test_dtypes_map_to_strict_dtypes(dtype, expected):
    x = xp.from_dlpack(numpy.arange(4).astype(dtype))
    assert x.dtype == expected
    assert numpy.asarray(x).tolist() == numpy.arange(4).astype(dtype).tolist()


def test_zero_dimensional_and_empty_arrays():
    assert xp.from_dlpack(numpy.array(2.5)).shape == ()
    assert xp.from_dlpack(numpy.zeros((0, 3))).shape == (0, 3)


def test_the_numpy_array_lives_while_strict_uses_its_memory():
    a = numpy.arange(3.0)
    alive = weakref.ref(a)
    x = xp.from_dlpack(a)
    del a
    gc.collect()
    assert alive() is not None
    assert numpy.asarray(x).tolist() == [0.0, 1.0, 2.0]
    del x
    gc.collect()
    assert alive() is None


def test_a_strided_array_is_copied_in_c_order_or_refused_with_copy_false():
    a = numpy.arange(12.0).reshape(3, 4)[:, ::2]
    x = xp.from_dlpack(a)
    assert numpy.asarray(x).tolist() == a.tolist()
    a[0, 0] = 99.0
    assert float(x[0, 0]) == 0.0  # a copy
    with pytest.raises(BufferError, match="strided"):
        xp.from_dlpack(a, copy=False)


def test_copy_true_copies():
    a = numpy.arange(3.0)
    x = xp.from_dlpack(a, copy=True)
    a[0] = 5.0
    assert float(x[0]) == 0.0


def test_device_moves_it_as_a_counted_transfer_and_copy_false_refuses():
    xp.reset_transfer_counts()
    x = xp.from_dlpack(numpy.arange(3.0), device=device1)
    assert x.device == device1
    assert xp.transfer_counts() == {(cpu, device1): 1}
    with pytest.raises(BufferError, match="needs a copy"):
        xp.from_dlpack(numpy.arange(3.0), device=device1, copy=False)


def test_provenance_names_the_import_and_its_line():
    x = xp.from_dlpack(numpy.arange(3.0))
    with pytest.raises(xp.DeviceMismatchError) as error:
        x + xp.zeros(3, device=device1)
    assert "from_dlpack() of another library's memory on cpu" in str(error.value)
    assert "test_from_dlpack_import.py:" in str(error.value)


def test_what_cannot_be_imported_says_why():
    with pytest.raises(TypeError, match="must support DLPack"):
        xp.from_dlpack([1, 2, 3])

    class OnAGpu:
        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, **kwargs):
            raise AssertionError("must not be asked for its memory")

    with pytest.raises(BufferError, match=r"DLPack device \(2, 0\).*host memory"):
        xp.from_dlpack(OnAGpu())


# asarray of another library's host array: "If None, reuses existing memory buffer if possible,
# copies otherwise" (asarray, copy), as array-api-strict shares NumPy's memory.
def test_asarray_shares_a_numpy_arrays_memory_on_the_host():
    a = numpy.arange(4.0)
    x = xp.asarray(a)
    assert (x.device, x.dtype, x.shape) == (cpu, xp.float64, (4,))
    a[0] = 42.0
    assert float(x[0]) == 42.0
    shared = xp.asarray(a, copy=False)  # must not copy: now it need not
    a[1] = -1.0
    assert float(shared[1]) == -1.0


def test_asarray_copies_where_asked_or_where_sharing_cannot_be():
    a = numpy.arange(4.0)
    copied = xp.asarray(a, copy=True)
    converted = xp.asarray(a, dtype=xp.float32)
    on_device1 = xp.asarray(a, device=device1)
    a[0] = 42.0
    assert float(copied[0]) == float(converted[0]) == 0.0
    assert on_device1.device == device1
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(a, dtype=xp.float32, copy=False)
    frozen = numpy.arange(3.0)
    frozen.flags.writeable = False  # NumPy's unversioned capsule refuses a read-only array
    assert xp.asarray(frozen).shape == (3,)
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(frozen, copy=False)


def test_asarray_of_an_untouched_numpy_array_commits_no_memory():
    # SciPy's test_map_coordinates_large_data: np.empty of 3.6 GB whose pages are never touched.
    # Copied element by element it took a 22 GB process; shared, it costs nothing.
    def resident_bytes():
        return int(open("/proc/self/statm").read().split()[1]) * 4096

    a = numpy.empty(2**28, dtype=numpy.float32)  # 1 GiB, untouched
    before = resident_bytes()
    x = xp.asarray(a)
    assert x.shape == (2**28,)
    assert resident_bytes() - before < 2**28  # well under the GiB a copy commits


def test_asarray_copies_a_buffer_it_cannot_share_at_the_buffers_own_size():
    # A read-only NumPy array cannot be shared (NumPy's unversioned capsule refuses it), so it is
    # copied through the buffer protocol: element for element, not through a 24-byte scalar each
    # (a 64 MiB buffer once took 24 / 4 = 6 times its size on the way).
    def resident_bytes():
        return int(open("/proc/self/statm").read().split()[1]) * 4096

    a = numpy.ones(2**24, dtype=numpy.float32)  # 64 MiB
    a.flags.writeable = False
    before = resident_bytes()
    x = xp.asarray(a)
    grown = resident_bytes() - before
    assert x.shape == (2**24,) and x.dtype == xp.float32 and float(x[-1]) == 1.0
    assert grown < 2 * a.nbytes


@pytest.mark.parametrize("device", [None, "device1"])
def test_asarray_copies_a_strided_read_only_buffer_in_c_order(device):
    a = numpy.arange(24, dtype=numpy.int16).reshape(4, 6)[::-2, 1::2]
    a.flags.writeable = False
    x = xp.asarray(a, device=None if device is None else xp.Device(device))
    assert x.device == (xp.Device("cpu") if device is None else xp.Device(device))
    assert x.shape == (2, 3) and x.dtype == xp.int16
    host = x.to_device(xp.Device("cpu"))
    assert numpy.asarray(host).tolist() == a.tolist()
    assert xp.asarray(a, dtype=xp.float64).dtype == xp.float64  # another dtype: converted


# array_object.py::__dlpack__ (2023.12): a consumer at DLPack 1.x gets a versioned capsule, one
# that gave no max_version or a 0.x one the legacy capsule ("if max_version is None: Keep and use
# the DLPack 0.X implementation").
@pytest.mark.parametrize("max_version, name", [
    (None, "dltensor"), ((0, 8), "dltensor"), ((1, 0), "dltensor_versioned"),
    ((1, 2), "dltensor_versioned")])
def test_dlpack_capsule_version_follows_max_version(max_version, name):
    capsule = xp.asarray([1.0, 2.0]).__dlpack__(max_version=max_version)
    assert f'"{name}"' in repr(capsule)


def test_a_versioned_capsule_carries_the_is_copied_flag():
    import ctypes
    ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
    ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]

    def flags(capsule):  # DLManagedTensorVersioned: version (8 bytes), ctx, deleter, flags
        pointer = ctypes.pythonapi.PyCapsule_GetPointer(capsule, b"dltensor_versioned")
        return ctypes.c_uint64.from_address(pointer + 24).value

    x = xp.asarray([1.0, 2.0], device=device1)
    assert flags(x.__dlpack__(max_version=(1, 0), dl_device=(1, 0))) == 2  # IS_COPIED
    assert flags(xp.asarray([1.0]).__dlpack__(max_version=(1, 0))) == 0


def test_a_consumer_that_fails_after_calling_the_deleter_frees_nothing_twice():
    # torch, refusing a device after taking the tensor, called its deleter without renaming the
    # capsule; the capsule's destructor then freed it again and the process died ("double free").
    # In a subprocess: a regression kills that process, not this test run.
    code = textwrap.dedent("""
        import ctypes, gc
        import strict_xp as xp
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        # The deleter's offset: after DLTensor (48 bytes) and manager_ctx in DLManagedTensor;
        # after version and manager_ctx in DLManagedTensorVersioned.
        for name, max_version, offset in ((b"dltensor", None, 56),
                                          (b"dltensor_versioned", (1, 0), 16)):
            for _ in range(100):
                capsule = xp.asarray([1.0, 2.0]).__dlpack__(max_version=max_version)
                pointer = get(capsule, name)
                deleter = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(
                    ctypes.c_void_p.from_address(pointer + offset).value)
                deleter(pointer)
                del capsule
                gc.collect()
        print("survived")
    """)
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=120)
    assert child.returncode == 0 and child.stdout.strip() == "survived", child.stderr[-1000:]


def test_a_read_only_numpy_array_is_copied_never_shared():
    # NumPy 2 exports a read-only array in a versioned capsule flagged read-only; strict_xp's
    # arrays are writable, so sharing it would let a write through strict reach it.
    if int(numpy.__version__.split(".")[0]) < 2:
        pytest.skip("NumPy before 2 exports no read-only array through DLPack")
    a = numpy.arange(3.0)
    a.flags.writeable = False
    x = xp.from_dlpack(a)
    x[0] = 5.0
    assert a[0] == 0.0
    with pytest.raises(BufferError):
        xp.from_dlpack(a, copy=False)
