"""The jit route (adc_python_adapter/routes/jit.py), through the real `conformance` command.

Two fakes over jax.numpy are right eagerly and wrong only under jax.jit (jitdrop drops device=
while traced, jitlike builds *_like results from the shape alone): the jit route must catch each
and the eager route must not. jax.numpy itself under jit shows the known JAX divergences (no
.device on a traced value, jax-ml/jax#26000; zeros_like's result on the default device,
jax-ml/jax#26040) and refuses data-dependent shapes, which is unsupported, not failed. A library
jax.jit cannot compile is unsupported beside one it can, and a usage error alone.

Needs jax and the conformance program (ADC_CONFORMANCE, which ctest sets); skipped with the
reason otherwise.
"""

import os
import subprocess
import sys

import pytest

from route_runs import HERE, needs_conformance, run as run_conformance

TWO_DEVICES = "--xla_force_host_platform_device_count=2"

pytest.importorskip("jax", reason="the jit route needs jax in this interpreter")


def run(tmp_path, implementations, *arguments):
    """route_runs.run with JAX's two CPU devices."""
    return run_conformance(tmp_path, implementations, *arguments,
                           environment={"XLA_FLAGS": TWO_DEVICES})


def statuses(results, implementation):
    return {check: result["status"] for check, result in results[implementation].items()}


@needs_conformance
@pytest.mark.parametrize("fake, checks", [
    ("jitdrop", ["explicit.arange", "explicit.linspace"]),
    ("jitlike", ["like.ones_like", "like.full_like"]),
])
def test_a_bug_only_under_jit_is_caught_by_the_jit_route_alone(tmp_path, fake, checks):
    filters = [argument for check in checks for argument in ("--filter", check)]
    _, stderr, results = run(tmp_path, [f"python:{fake}", f"python:{fake}@jit"], *filters)
    assert statuses(results, f"python:{fake}") == {check: "pass" for check in checks}, stderr
    assert statuses(results, f"python:{fake}@jit") == {check: "fail" for check in checks}, stderr
    for check in checks:
        failure = results[f"python:{fake}@jit"][check]["failure"]
        assert "device" in failure["expected"], failure


@needs_conformance
def test_jax_under_jit_shows_its_known_divergences(tmp_path):
    checks = ["device_object.in_devices", "like.zeros_like", "transfer.lands",
              "propagate.array.__getitem__"]
    filters = [argument for check in checks for argument in ("--filter", check)]
    _, stderr, results = run(tmp_path, ["python:jax.numpy", "python:jax.numpy@jit"], *filters)
    assert statuses(results, "python:jax.numpy") == {check: "pass" for check in checks}, stderr
    jit = results["python:jax.numpy@jit"]
    # A traced value has no .device (jax-ml/jax#26000).
    assert jit["device_object.in_devices"]["status"] == "fail"
    assert "AttributeError" in jit["device_object.in_devices"]["failure"]["actual"]
    # zeros_like's input is dead in the compiled function (jax-ml/jax#26040), and the failure's
    # reproduction shows it: the same function under @jax.jit, exit 1.
    assert jit["like.zeros_like"]["status"] == "fail"
    script = tmp_path / "repro.py"
    script.write_text(jit["like.zeros_like"]["failure"]["reproduction"])
    assert "@jax.jit" in script.read_text()
    replayed = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                              timeout=120, env=dict(os.environ, XLA_FLAGS=TWO_DEVICES))
    assert replayed.returncode == 1, replayed.stdout + replayed.stderr
    assert "AssertionError" in replayed.stderr
    # to_device inside the function does not move the result.
    assert jit["transfer.lands"]["status"] == "fail"
    # A boolean mask's result shape depends on the data: jax.jit refuses it (unsupported), which
    # says nothing of devices.
    assert jit["propagate.array.__getitem__"]["status"] == "unsupported"
    assert "jax.jit cannot trace" in jit["propagate.array.__getitem__"]["reason"]


@needs_conformance
def test_a_library_jit_cannot_compile_is_unsupported_beside_one_it_can(tmp_path):
    pytest.importorskip("array_api_strict")
    status, stderr, results = run(tmp_path, ["python:jitdrop@jit", "python:array_api_strict@jit"],
                                  "--filter", "explicit.*", "--filter", "mixed.add")
    assert status in (0, 1), stderr
    strict = results["python:array_api_strict@jit"]
    assert strict and {r["status"] for r in strict.values()} == {"unsupported"}
    assert all("has no jit route" in r["reason"] for r in strict.values())
    assert {r["status"] for r in results["python:jitdrop@jit"].values()} & {"pass", "fail"}


@needs_conformance
def test_a_route_no_library_of_the_run_has_is_a_usage_error(tmp_path):
    status, stderr, results = run(tmp_path, ["python:numpy"], "--route", "jit")
    assert status == 2
    lines = stderr.strip().splitlines()
    assert lines == ["conformance: error: --impl python:numpy@jit: numpy has no jit route: "
                     "jax.jit compiles functions of JAX arrays, and numpy's arrays are "
                     "numpy.ndarray"], stderr
    assert results == {}


def test_programs_of_one_shape_share_one_compiled_function():
    sys.path.insert(0, str(HERE.parent))
    import array_api_adapter as adapter
    from adc_python_adapter.routes import jit

    env = adapter.Environment("jax.numpy")

    def program(values):
        data = {"data": {"shape": [len(values)], "values": values}}
        made = {"op": "asarray", "args": [data], "under_test": False,
                "kwargs": [["dtype", {"dtype": "float32"}], ["device", {"device": 0}]]}
        added = {"op": "add", "args": [{"ref": [0, 0]}, {"ref": [0, 0]}], "kwargs": []}
        return adapter.decode_program({"steps": [made, added], "read_values": True}, env)

    before = len(jit._CACHE)
    first = jit.run_program(env, program([1.0, 2.0]))
    second = jit.run_program(env, program([3.0, 4.0]))
    assert len(jit._CACHE) == before + 1  # other values, the same function
    assert first[1]["arrays"][0]["values"] == [2.0, 4.0]
    assert second[1]["arrays"][0]["values"] == [6.0, 8.0]
    jit.run_program(env, program([1.0, 2.0, 3.0]))
    assert len(jit._CACHE) == before + 2  # another shape, another function
