"""The lazy route (adc_python_adapter/routes/lazy.py): dask's graph built step by step and
computed once, at the end.

In process: the results are computed by one dask.compute, their values read from it; an error
that only shows when the graph runs (tests/support/python_fakes/lazyfail.py) is the error of the
steps whose results need it, where the eager route reads those steps as answered. Through the
real `conformance` (ADC_CONFORMANCE, which ctest sets): dask's own rows take the route, and a
library whose arrays are no dask arrays is a usage error alone.
"""

import json
import sys

import pytest

from route_runs import FAKES, HERE, handshakes, needs_conformance, run

sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(FAKES))

dask = pytest.importorskip("dask", reason="the lazy route needs dask in this interpreter")
import array_api_adapter as adapter  # noqa: E402
from adc_python_adapter.routes import lazy  # noqa: E402


def program(env, op):
    """asarray([1, -2]) and then op of it, then add of the two."""
    data = {"data": {"shape": [2], "values": [1.0, -2.0]}}
    made = {"op": "asarray", "args": [data], "under_test": False,
            "kwargs": [["dtype", {"dtype": "float64"}]]}
    called = {"op": op, "args": [{"ref": [0, 0]}], "kwargs": []}
    added = {"op": "add", "args": [{"ref": [0, 0]}, {"ref": [1, 0]}], "kwargs": []}
    return adapter.decode_program({"steps": [made, called, added], "read_values": True}, env)


def test_the_results_are_computed_once_and_their_values_read_from_it(monkeypatch):
    env = adapter.Environment("dask.array")
    computes = []
    real = dask.compute
    monkeypatch.setattr(dask, "compute", lambda *a, **k: computes.append(a) or real(*a, **k))
    outcomes = lazy.run_program(env, program(env, "negative"))
    assert len(computes) == 1 and len(computes[0]) == 3  # one compute of the three results
    assert [o["status"] for o in outcomes] == ["ok", "ok", "ok"]
    assert [o["arrays"][0]["values"] for o in outcomes] == [[1.0, -2.0], [-1.0, 2.0], [0.0, 0.0]]


def test_an_error_of_the_compute_is_each_step_whose_results_need_it():
    env = adapter.Environment("lazyfail")
    lazily = lazy.run_program(env, program(env, "abs"))
    assert lazily[0]["status"] == "ok" and lazily[0]["arrays"][0]["values"] == [1.0, -2.0]
    for outcome in lazily[1:]:  # abs, and add of its result
        assert outcome["status"] == "raised", outcome
        assert "cannot be computed here" in json.dumps(outcome)
    eagerly = adapter.run_program(env, program(env, "abs"))
    assert [o["status"] for o in eagerly] == ["ok", "ok", "ok"]  # what the eager route misses


@needs_conformance
def test_dask_takes_the_route_and_nothing_is_judged_without_a_device(tmp_path):
    status, stderr, results = run(tmp_path, ["python:dask.array@lazy"], "--filter", "explicit.*",
                                  "--filter", "propagate.add", "--filter", "mixed.add")
    assert status == 0, stderr
    handshake = handshakes(tmp_path)["python:dask.array@lazy"]
    assert handshake["route"] == "lazy" and "route_unavailable" not in handshake
    checks = list(results["python:dask.array@lazy"].values())
    # dask's arrays have no .device: every check unsupported (or skipped for one device), with
    # the reason, never failed.
    assert checks and {c["status"] for c in checks} <= {"unsupported", "skip"}
    assert any("no .device" in c["reason"] for c in checks)


@needs_conformance
def test_a_library_of_no_dask_arrays_alone_is_a_usage_error(tmp_path):
    status, stderr, results = run(tmp_path, ["python:numpy@lazy"])
    assert status == 2
    assert stderr.strip().splitlines() == [
        "conformance: error: --impl python:numpy@lazy: numpy has no lazy route: the lazy route "
        "computes dask graphs of dask arrays, and numpy's arrays are numpy.ndarray"], stderr
    assert results == {}
