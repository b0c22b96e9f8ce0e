# Host reads: on cpu they work (and NumPy shares the memory through the buffer protocol); off the
# host, reads of an array's data raise HostAccessError with the array's provenance, and the
# scalar conversions read their one element as a counted transfer.
import inspect

import numpy
import pytest

import strict_xp as xp

cpu, device1 = xp.Device("cpu"), xp.Device("device1")


CONVERSIONS = [bool, int, float, complex, lambda x: x.__index__()]


@pytest.mark.parametrize("read", CONVERSIONS)
def test_scalar_conversions_off_the_host_read_one_element_counted_as_a_transfer(read):
    # The standard says nothing of devices for __bool__ and its siblings; CuPy, torch and JAX
    # read the element (synchronising) and array-api-strict lets device1 do so. strict_xp reads
    # it too, and counts the read as a transfer to cpu.
    x = xp.asarray(3, device=device1)
    assert read(x) == read(xp.asarray(3))
    assert xp.transfer_counts()[(device1, cpu)] == 1


@pytest.mark.parametrize("read", CONVERSIONS)
def test_scalar_conversions_off_the_host_are_refused_under_a_disallow_guard(read):
    x = xp.asarray(1, device=device1)
    with xp.transfer_guard("disallow"), pytest.raises(xp.TransferError) as error:
        read(x)
    assert "device1" in str(error.value) and "cpu" in str(error.value)
    assert xp.transfer_counts().get((device1, cpu), 0) == 0


def test_a_hidden_sync_is_logged_with_the_line_that_made_it():
    x = xp.any(xp.ones(3, device=device1))
    with xp.transfer_guard("log"):
        line = inspect.currentframe().f_lineno + 1
        assert bool(x)
    operation, source, destination, where = xp.transfer_log()[-1]
    assert (operation, source, destination) == ("__bool__", device1, cpu)
    assert where.endswith(f"test_host_reads.py:{line}")


def test_host_access_error_is_a_runtime_error():
    assert issubclass(xp.HostAccessError, RuntimeError)


def test_scalar_conversions_on_cpu():
    assert bool(xp.asarray(True)) is True
    assert int(xp.asarray(7)) == 7
    assert float(xp.asarray(2.5)) == 2.5
    assert complex(xp.asarray(1 + 2j)) == 1 + 2j
    assert [10, 20, 30][xp.asarray(1)] == 20


def test_numpy_asarray_of_a_cpu_array_shares_memory():
    x = xp.asarray([1.0, 2.0, 3.0])
    view = numpy.asarray(x)
    assert view.dtype == numpy.float64 and view.tolist() == [1.0, 2.0, 3.0]
    x[0] = 5.0
    assert view[0] == 5.0


def test_numpy_from_dlpack_of_a_cpu_array_shares_memory():
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int32)
    view = numpy.from_dlpack(x)
    assert view.shape == (2, 2) and view.dtype == numpy.int32
    x[1, 1] = 40
    assert view[1, 1] == 40


def test_numpy_cannot_read_an_array_off_the_host():
    x = xp.zeros(2, device=device1)
    with pytest.raises(xp.HostAccessError, match="device1"):
        numpy.asarray(x)
    # strict refuses to export a fake device's memory: BufferError, naming the way to the host.
    with pytest.raises(BufferError, match="to_device"):
        numpy.from_dlpack(x)


def test_dlpack_device():
    assert xp.zeros(1).__dlpack_device__() == (1, 0)
    # kDLVPI, a simulator's memory: no array library imports it.
    assert xp.zeros(1, device=device1).__dlpack_device__() == (9, 0)
    assert xp.zeros(1, device=xp.Device("device2")).__dlpack_device__() == (9, 1)


def test_from_dlpack_between_strict_arrays():
    x = xp.ones(2, device=device1)
    y = xp.from_dlpack(x)
    assert y.device == device1
    assert xp.from_dlpack(x, device=cpu).device == cpu


def test_asarray_copies_a_numpy_array():
    a = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    x = xp.asarray(a, device=device1)
    assert x.shape == (2, 3) and x.dtype == xp.int16 and x.device == device1
    assert int(xp.asarray(a)[1, 2]) == 5
    assert float(xp.asarray(numpy.asarray([1.5]).T)[0]) == 1.5


def test_repr_shows_values_on_cpu_only():
    assert repr(xp.asarray([1, 2])) == "Array([1, 2], dtype=int64, device=cpu)"
    assert repr(xp.zeros((2, 2), device=device1)) == "Array(<shape (2, 2)>, dtype=float64, device=device1)"


def test_numpy_asarray_of_a_bool_array_shares_memory():
    # NumPy 1.24 imports no bool through DLPack: __array__ gives a view that keeps x alive.
    x = xp.asarray([True, False])
    view = numpy.asarray(x)
    assert view.dtype == numpy.bool_ and view.tolist() == [True, False]
    x[1] = True
    assert view[1]
    del x
    assert view.tolist() == [True, True]


@pytest.mark.parametrize("dtype", ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                   "uint32", "uint64", "float32", "float64", "complex64",
                                   "complex128"])
def test_the_buffer_protocol_is_a_zero_copy_host_view_in_every_dtype(dtype):
    x = xp.asarray([[0, 1, 1], [1, 0, 1]], dtype=getattr(xp, dtype))
    view = memoryview(x)
    assert (view.shape, view.ndim, view.readonly, view.c_contiguous) == ((2, 3), 2, False, True)
    assert view.itemsize == numpy.dtype(dtype).itemsize
    host = numpy.asarray(x)  # NumPy 1.x and 2.x read the buffer (1.24 reads no DLPack bool)
    assert host.dtype == numpy.dtype(dtype) and host.tolist() == [[0, 1, 1], [1, 0, 1]]
    x[0, 0] = True if dtype == "bool" else 1
    assert host[0, 0] == 1  # the same memory


def test_the_buffer_protocol_of_a_0d_and_an_empty_array():
    assert memoryview(xp.asarray(2.5)).shape == () and numpy.asarray(xp.asarray(2.5)) == 2.5
    assert numpy.asarray(xp.zeros((0, 3))).shape == (0, 3)


def test_the_buffer_protocol_refuses_an_array_off_the_host():
    x = xp.zeros(2, dtype=xp.bool, device=device1)
    with pytest.raises(xp.HostAccessError, match="device1"):
        memoryview(x)
    with pytest.raises(xp.HostAccessError, match="device1"):
        numpy.asarray(x)


@pytest.mark.parametrize("name", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                  "uint64", "float32", "float64", "complex64", "complex128"])
def test_a_host_view_has_numpys_own_type_number_for_each_dtype(name):
    # C extensions check NumPy's type number (SciPy's rank_filter takes NPY_INT64, NumPy's int64,
    # and raises "Unsupported array type" for the longlong type a "q" buffer becomes).
    view = numpy.asarray(xp.zeros(2, dtype=getattr(xp, name)))
    assert view.dtype.num == numpy.dtype(name).num
