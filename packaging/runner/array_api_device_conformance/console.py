"""The console scripts `conformance` and `tracker`: each replaces itself with the program of its
name that the wheel carries, so that the program's output, exit status and signals are the
command's own.

`conformance` runs a ``python:MODULE`` implementation in an interpreter: by default the one this
package was installed into (where a user installs the library under test beside it), passed to
the program as CONFORMANCE_PYTHON, which ``--python`` still overrides. A CONFORMANCE_PYTHON the
caller set is kept.
"""

import os
import sys
from pathlib import Path

PROGRAMS = Path(__file__).resolve().parent / "bin"


def _exec(name: str) -> None:
    program = PROGRAMS / name
    if not os.access(program, os.X_OK):
        print(f"{name}: error: the program {program} is missing or not executable; "
              f"reinstall array-api-device-conformance", file=sys.stderr)
        sys.exit(2)
    os.environ.setdefault("CONFORMANCE_PYTHON", sys.executable)
    os.execv(program, [name, *sys.argv[1:]])


def conformance() -> None:
    _exec("conformance")


def tracker() -> None:
    _exec("tracker")
