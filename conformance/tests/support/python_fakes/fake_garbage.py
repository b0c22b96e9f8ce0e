"""fakexp whose add() writes a stray line to the process's stdout (file descriptor 1, past any
redirection of sys.stdout), then returns normally."""

import os

import fakexp
from fakexp import *  # noqa: F401,F403 -- everything else is fakexp's


def add(x1, x2, /):
    os.write(1, b"garbage\n")
    return fakexp.add(x1, x2)
