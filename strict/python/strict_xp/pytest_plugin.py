"""A pytest plugin for downstream test suites: `pytest -p strict_xp.pytest_plugin`, or in
conftest.py `pytest_plugins = ["strict_xp.pytest_plugin"]`.

Option:
  --strict-xp-as=array_api_strict   run a suite's array-api-strict backend on strict_xp, without
          editing its fixtures: `import array_api_strict` gives strict_xp, which answers to that
          name (strict_xp/as_array_api_strict.py says what that covers). Run the suite once
          without the option and once with it to compare the two libraries.

Fixtures:
  xp      the strict_xp namespace
  device  each non-default device a device bug hides from: device1, device2 and no_float64
          (like Apple MPS: float32 defaults, no float64); a test using it runs once per device

Each test starts with cpu as the default device and no transfers counted.
"""

import pytest

import strict_xp
from strict_xp import as_array_api_strict


def pytest_addoption(parser):
    parser.addoption("--strict-xp-as", metavar="MODULE", choices=["array_api_strict"],
                     help="strict_xp stands in for this module (array_api_strict)")


def pytest_configure(config):
    if config.getoption("--strict-xp-as"):
        as_array_api_strict.install(config.getoption("--strict-xp-as"))


def pytest_report_header(config):
    if config.getoption("--strict-xp-as"):
        return (f"strict_xp {strict_xp.__version__} ({strict_xp.__file__}) stands in for "
                f"{config.getoption('--strict-xp-as')}")
    return None

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
