"""The real `conformance` program run on routes, for the route tests: where it is (ADC_CONFORMANCE,
which ctest sets), the fakes it loads, and one run's results by implementation."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
FAKES = HERE.parents[2] / "tests" / "support" / "python_fakes"
CONFORMANCE = os.environ.get("ADC_CONFORMANCE", "")

needs_conformance = pytest.mark.skipif(
    not os.path.isfile(CONFORMANCE),
    reason="ADC_CONFORMANCE names no conformance program (ctest sets it)")


def run(directory, implementations, *arguments, examples=20, environment=()):
    """(exit status, stderr, {implementation: {check id: result}}); the run's tracker is
    directory/tracker.json."""
    tracker = directory / "tracker.json"
    command = [CONFORMANCE, "--python", sys.executable, "--seed", "1", "--examples",
               str(examples), "--quiet", "--timeout-ms", "60000", "--json", str(tracker),
               *arguments]
    for implementation in implementations:
        command += ["--impl", implementation]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PYTHONPATH=str(FAKES), **dict(environment)))
    results = {}
    if tracker.exists():
        for row in json.loads(tracker.read_text())["implementations"]:
            results[row["handshake"]["implementation"]] = {r["id"]: r for r in row["results"]}
    return done.returncode, done.stderr, results


def handshakes(directory):
    """The handshake of each implementation of the run in directory, by implementation."""
    rows = json.loads((directory / "tracker.json").read_text())["implementations"]
    return {row["handshake"]["implementation"]: row["handshake"] for row in rows}
