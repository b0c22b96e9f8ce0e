"""A pytest plugin for downstream test suites: `pytest -p strict_xp.pytest_plugin`, or in
conftest.py `pytest_plugins = ["strict_xp.pytest_plugin"]`. Installed from the strict-xp wheel,
giving one of the options below loads it too (strict_xp/pytest_entry.py).

Options:
  --strict-xp-as=array_api_strict   run a suite's array-api-strict backend on strict_xp, without
          editing its fixtures: `import array_api_strict` gives strict_xp, which answers to that
          name (strict_xp/as_array_api_strict.py says what that covers). Run the suite once
          without the option and once with it to compare the two libraries.
  --strict-xp-default-device=device1   each test starts with this device as the default, so the
          arrays a suite makes without device= land off the host, as they do on a GPU when a
          suite sets its library's default device (SciPy's SCIPY_DEVICE=cuda): a host read
          (np.asarray, float(), a NumPy fallback) then raises HostAccessError naming the line
          that put the array there. One of device1, device2, no_float64.

Fixtures:
  xp      the strict_xp namespace
  device  each non-default device a device bug hides from: device1, device2 and no_float64
          (like Apple MPS: float32 defaults, no float64); a test using it runs once per device

Each test starts with cpu (or --strict-xp-default-device) as the default device and no transfers
counted.
"""

import pytest

import strict_xp
from strict_xp import as_array_api_strict
from strict_xp.pytest_entry import NON_DEFAULT_DEVICES, add_options


def pytest_addoption(parser):
    add_options(parser)


def pytest_configure(config):
    if config.getoption("--strict-xp-as"):
        as_array_api_strict.install(config.getoption("--strict-xp-as"))


def pytest_report_header(config):
    lines = []
    if config.getoption("--strict-xp-as"):
        own = getattr(strict_xp, "__strict_xp_version__", strict_xp.__version__)
        lines.append(f"strict_xp {own} ({strict_xp.__file__}) stands in for "
                     f"{config.getoption('--strict-xp-as')}")
    if config.getoption("--strict-xp-default-device") != "cpu":
        lines.append("strict_xp's default device in each test: "
                     f"{config.getoption('--strict-xp-default-device')}")
    return lines or None


@pytest.fixture
def xp():
    return strict_xp


def named_device(name):
    if name == "no_float64":  # off unless asked for: it changes the default dtypes
        strict_xp.enable_device("no_float64")
    return strict_xp.Device(name)


@pytest.fixture(params=NON_DEFAULT_DEVICES)
def device(request):
    return named_device(request.param)


@pytest.fixture(autouse=True)
def _strict_xp_fresh_state(request):
    strict_xp.set_default_device(
        named_device(request.config.getoption("--strict-xp-default-device")))
    strict_xp.reset_transfer_counts()
    yield
    strict_xp.set_default_device(strict_xp.Device("cpu"))
