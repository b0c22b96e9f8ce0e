# A downstream test suite on strict's devices through the plugin (the `xp` and `device` fixtures):
#   PYTHONPATH=<build>/python python3 -m pytest -p strict_xp.pytest_plugin strict/python/examples
import pytest

import stats_helpers


def line_of(text):
    with open(stats_helpers.__file__) as source:
        return next(n for n, line in enumerate(source, start=1) if text in line)


def test_the_buggy_helper_fails_naming_the_line_that_dropped_the_device(xp, device):
    x = xp.asarray([1.0, 2.0, 4.0], dtype=xp.float32, device=device)
    with pytest.raises(xp.DeviceMismatchError) as error:
        stats_helpers.standardise_buggy(x)
    message = str(error.value)
    assert f"x1 is on {device}" in message and "x2 is on cpu" in message
    assert f"stats_helpers.py:{line_of('the bug: no device=')}" in message


def test_the_fixed_helper_runs_on_every_device(xp, device):
    x = xp.asarray([1.0, 2.0, 4.0], dtype=xp.float32, device=device)
    y = stats_helpers.standardise(x)
    assert y.device == device and y.dtype == xp.float32
    assert float(xp.mean(y).to_device(xp.Device("cpu"))) == pytest.approx(0.0, abs=1e-5)
