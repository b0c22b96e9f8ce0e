# Provenance in Python terms: a mixed-device error names both operands, their devices, and the
# Python file:line where each device was chosen.
import os

import pytest

import strict_xp as xp

HERE = os.path.basename(__file__)


def line_of(marker):
    with open(__file__) as source:
        for number, text in enumerate(source, start=1):
            if marker in text and "line_of(" not in text:
                return number
    raise AssertionError(marker)


def make_on_default():
    return xp.zeros(3)  # marker: default zeros


def test_mixed_device_error_names_both_lines():
    x = xp.sin(xp.zeros(3, device=xp.Device("device1")))  # marker: device1 zeros
    y = make_on_default()
    with pytest.raises(xp.DeviceMismatchError) as error:
        xp.add(x, y)
    message = str(error.value)
    assert message.startswith("add(): ")
    assert "x1 is on device1" in message and "x2 is on cpu" in message
    assert "sin() kept its input's device" in message
    assert f"zeros() with device=device1 at " in message
    assert f"{HERE}:{line_of('marker: device1 zeros')}" in message
    assert "zeros() with device=None -> global default device cpu" in message
    assert f"{HERE}:{line_of('marker: default zeros')}" in message


def test_mixed_device_error_is_a_value_error():
    with pytest.raises(ValueError):
        xp.zeros(2) + xp.zeros(2, device=xp.Device("device2"))


def test_operators_report_the_special_method():
    with pytest.raises(xp.DeviceMismatchError, match=r"^__add__\(\)"):
        xp.zeros(2) + xp.zeros(2, device=xp.Device("device2"))


def test_transfer_is_an_origin_with_its_line():
    x = xp.zeros(2).to_device(xp.Device("device2"))  # marker: moved
    with pytest.raises(xp.DeviceMismatchError) as error:
        xp.multiply(xp.ones(2), x)
    message = str(error.value)
    assert "to_device() to device2 at " in message
    assert f"{HERE}:{line_of('marker: moved')}" in message


def test_provenance_can_be_turned_off_for_the_benchmark():
    xp._strict_xp._set_python_call_sites(False)
    try:
        x = xp.zeros(2, device=xp.Device("device1"))
        with pytest.raises(xp.DeviceMismatchError) as error:
            xp.add(x, xp.zeros(2))
        assert HERE not in str(error.value)
    finally:
        xp._strict_xp._set_python_call_sites(True)
