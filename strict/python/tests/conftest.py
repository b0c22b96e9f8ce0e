# The tests import the built package: PYTHONPATH=<build>/python (ctest sets it).
import pytest

import strict_xp as xp


@pytest.fixture(autouse=True)
def clean_state():
    """Each test starts with cpu as the default device and no transfers counted or logged."""
    xp.set_default_device(xp.Device("cpu"))
    xp.reset_transfer_counts()
    xp.clear_transfer_log()
    yield
    xp.set_default_device(xp.Device("cpu"))
