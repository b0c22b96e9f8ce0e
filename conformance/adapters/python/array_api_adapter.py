#!/usr/bin/env python3
"""The Python side of the conformance harness's out-of-process adapter.

    array_api_adapter.py MODULE                 JSON lines: requests on stdin, replies on the
                                                protocol channel (a dup of fd 1 taken at start)
    array_api_adapter.py MODULE --peer PEER     the same, with a second namespace PEER in this
                                                process: steps with "namespace": "peer" run in it
                                                (dlpack_between.*: PEER's arrays to MODULE)
    array_api_adapter.py MODULE --replay FILE   bench: time a plain loop over FILE's programs

MODULE is any importable array namespace (numpy.array_api, numpy, torch, dask.array, ...). The
adapter is generic over the standard; what it must know about one library (how to list its
devices, how to set its default device, how to read values back) is in the package's
libraries/, as data. Standard library only: numpy is used, when it imports, to read values back.

This file is the launcher the harness runs; the adapter is the package adc_python_adapter beside
it (one name on sys.path, so that no module of the adapter can shadow one of the library under
test). The names below are those the adapter's tests and tools/bench import from here.
"""

import os
import sys

# Run as a script, its folder is sys.path[0] already; loaded by path (tools/bench), or with -P,
# it is not.
_HERE = os.path.dirname(os.path.realpath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from adc_python_adapter.environment import (  # noqa: E402
    STANDARD_DTYPES, Environment, NumbaCompilesCached)
from adc_python_adapter.execute import run_program  # noqa: E402
from adc_python_adapter.handshake import describe, handshake, in_standard_order  # noqa: E402
from adc_python_adapter.libraries import HINTS  # noqa: E402
from adc_python_adapter.program import decode_program, decode_step  # noqa: E402
from adc_python_adapter.protocol import program_of  # noqa: E402
from adc_python_adapter.serve import load_environment, load_peer, main  # noqa: E402

__all__ = ["HINTS", "STANDARD_DTYPES", "Environment", "NumbaCompilesCached", "decode_program",
           "decode_step", "describe", "handshake", "in_standard_order", "load_environment",
           "load_peer", "main", "program_of", "run_program"]

if __name__ == "__main__":
    sys.exit(main(sys.argv))
