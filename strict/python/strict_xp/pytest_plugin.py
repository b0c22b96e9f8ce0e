"""A pytest plugin for downstream test suites: `pytest -p strict_xp.pytest_plugin`, or in
conftest.py `pytest_plugins = ["strict_xp.pytest_plugin"]`.

Fixtures:
  xp      the strict_xp namespace
  device  each non-default device a device bug hides from: device1, device2 and no_float64
          (like Apple MPS: float32 defaults, no float64); a test using it runs once per device

Each test starts with cpu as the default device and no transfers counted.
"""

import pytest

import strict_xp

NON_DEFAULT_DEVICES = ("device1", "device2", "no_float64")


@pytest.fixture
def xp():
    return strict_xp


@pytest.fixture(params=NON_DEFAULT_DEVICES)
def device(request):
    if request.param == "no_float64":
        strict_xp.enable_device("no_float64")
    return strict_xp.Device(request.param)


@pytest.fixture(autouse=True)
def _strict_xp_fresh_state():
    strict_xp.set_default_device(strict_xp.Device("cpu"))
    strict_xp.reset_transfer_counts()
    yield
    strict_xp.set_default_device(strict_xp.Device("cpu"))
