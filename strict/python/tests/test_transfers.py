# Transfers: counted per (source, destination); transfer_guard logs or forbids them.
import inspect
import os

import pytest

import strict_xp as xp

cpu, device1, device2 = xp.Device("cpu"), xp.Device("device1"), xp.Device("device2")
HERE = os.path.basename(__file__)


def test_counts_per_pair():
    x = xp.zeros(2)
    x.to_device(device1)
    x.to_device(device1)
    xp.asarray(x, device=device2)
    assert xp.transfer_counts()[(cpu, device1)] == 2
    assert xp.transfer_counts()[(cpu, device2)] == 1
    xp.reset_transfer_counts()
    assert xp.transfer_counts() == {}


def test_disallow_raises_with_the_call_site_and_moves_nothing():
    x = xp.zeros(2)
    with xp.transfer_guard("disallow"):
        with pytest.raises(xp.TransferError) as error:
            line = inspect.currentframe().f_lineno + 1
            x.to_device(device1)
        for move in (lambda: xp.asarray(x, device=device2),
                     lambda: xp.astype(x, xp.float32, device=device2),
                     lambda: xp.from_dlpack(x, device=device2)):
            with pytest.raises(xp.TransferError):
                move()
        assert (x + 1).device == cpu  # computing is no transfer
        assert x.to_device(cpu).device == cpu  # nor is staying put
    message = str(error.value)
    assert "to_device(): a transfer from cpu to device1" in message
    assert f"{HERE}:{line}" in message
    assert xp.transfer_counts().get((cpu, device1), 0) == 0
    assert x.to_device(device1).device == device1  # allowed again after the block


def test_transfer_error_is_a_runtime_error():
    assert issubclass(xp.TransferError, RuntimeError)


def test_log_records_each_transfer_with_its_line():
    x = xp.zeros(2, device=device1)
    with xp.transfer_guard("log"):
        line = inspect.currentframe().f_lineno + 1
        x.to_device(device2)
    (operation, source, destination, where), = xp.transfer_log()
    assert (operation, source, destination) == ("to_device", device1, device2)
    assert where.endswith(f"{HERE}:{line}")
    xp.clear_transfer_log()
    assert xp.transfer_log() == []


def test_unknown_policy():
    with pytest.raises(ValueError, match="'allow', 'log' or 'disallow'"):
        xp.transfer_guard("forbid")
