# The 2025.12 placement rules: device= > input arrays > `with default_device(d):` >
# set_default_device(d); __array_namespace_info__().default_device() follows them.
import threading

import pytest

import strict_xp as xp

cpu, device1, device2 = xp.Device("cpu"), xp.Device("device1"), xp.Device("device2")


def info_default():
    return xp.__array_namespace_info__().default_device()


def test_global_default_device():
    xp.set_default_device(device1)
    assert xp.zeros(2).device == device1
    assert info_default() == device1
    assert xp.get_default_device() == device1


def test_scoped_default_beats_the_global_one_and_nests():
    xp.set_default_device(device1)
    with xp.default_device(device2) as inside:
        assert inside == device2
        assert xp.ones(2).device == device2
        assert info_default() == device2
        with xp.default_device(cpu):
            assert xp.arange(3).device == cpu
        assert xp.eye(2).device == device2
    assert xp.zeros(1).device == device1


def test_explicit_device_beats_the_scope():
    with xp.default_device(device2):
        assert xp.zeros(2, device=device1).device == device1


def test_input_arrays_beat_the_scope():
    x = xp.zeros(2, device=device1)
    with xp.default_device(device2):
        assert xp.zeros_like(x).device == device1
        assert xp.asarray(x).device == device1
        assert (x + 1).device == device1


def test_the_scope_is_per_thread():
    seen = []
    with xp.default_device(device2):
        thread = threading.Thread(target=lambda: seen.append(xp.zeros(1).device))
        thread.start()
        thread.join()
    assert seen == [cpu]


def test_scope_restored_after_an_exception():
    with pytest.raises(RuntimeError):
        with xp.default_device(device2):
            raise RuntimeError("boom")
    assert xp.zeros(1).device == cpu


def test_default_device_needs_a_device():
    with pytest.raises(TypeError, match="default_device"):
        xp.default_device(None)
    with pytest.raises(TypeError, match="set_default_device"):
        xp.set_default_device("device1")
