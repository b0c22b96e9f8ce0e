"""fakexp whose add() hangs (sleeps 1000 s): the adapter must time it out."""

import time

from fakexp import *  # noqa: F401,F403 -- everything else is fakexp's


def add(x1, x2, /):
    time.sleep(1000)
