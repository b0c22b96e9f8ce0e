"""fakexp whose add() returns an array on a device whose repr is 64 MiB long, so that any reply
reporting it is enormous."""

import fakexp
from fakexp import *  # noqa: F401,F403 -- everything else is fakexp's


def add(x1, x2, /):
    huge = fakexp.Device("huge" * (16 << 20))
    return fakexp.Array([0.0], (1,), fakexp.float64, huge)
