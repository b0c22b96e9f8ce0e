# The tests import the built package: PYTHONPATH=<build>/python (ctest sets it).
import os

import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

import strict_xp as xp

# Hypothesis's example database lives in the build tree (ctest names it), never in the checkout.
if "ADC_HYPOTHESIS_DB" in os.environ:
    settings.register_profile(
        "build_tree", database=DirectoryBasedExampleDatabase(os.environ["ADC_HYPOTHESIS_DB"]))
    settings.load_profile("build_tree")


@pytest.fixture(autouse=True)
def clean_state():
    """Each test starts with cpu as the default device and no transfers counted or logged."""
    xp.set_default_device(xp.Device("cpu"))
    xp.reset_transfer_counts()
    xp.clear_transfer_log()
    yield
    xp.set_default_device(xp.Device("cpu"))
