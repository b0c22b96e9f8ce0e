# The strict_xp example of README.md and strict/python/README.md, run: the error they show is the
# error strict_xp gives.
import re

import pytest

import strict_xp as xp

README_MESSAGE = (
    "add(): arrays on different devices cannot be combined: x1 is on device1 (sin() kept its "
    "input's device device1, which came from zeros() with device=device1 at test_stats.py:12), "
    "x2 is on cpu (zeros() with device=None -> global default device cpu at _stats.py:41). Move "
    "one of them with to_device() first.")


def test_the_readme_mixed_device_error():
    x = xp.sin(xp.zeros(3, device=xp.Device("device1")))
    y = xp.zeros(3)
    with pytest.raises(xp.DeviceMismatchError) as error:
        xp.add(x, y)
    # The same text, with this file's places where the README has its two files'.
    places = re.compile(r" at [^ )]+:\d+")
    assert places.sub(" at FILE:LINE", str(error.value)) == places.sub(" at FILE:LINE",
                                                                       README_MESSAGE)
