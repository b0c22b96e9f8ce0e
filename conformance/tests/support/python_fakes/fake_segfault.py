"""fakexp whose add() kills the interpreter with a segmentation fault (reads address 0)."""

import ctypes

from fakexp import *  # noqa: F401,F403 -- everything else is fakexp's


def add(x1, x2, /):
    return ctypes.string_at(0)
