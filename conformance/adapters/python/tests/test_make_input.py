"""The hint's make_input (JAX's: jax.device_put of a host array) makes every input-only asarray,
n-d empty data included: the library's own reshape(asarray([]), shape) made JAX's empty inputs
uncommitted, and asarray(device=) left them so (reports/pypi D2), which turned 62 mixed.* checks
into reports of that one asarray bug; explicit.asarray.of_an_array now checks it on its own."""

import pathlib
import sys

import numpy
import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2] / "tests" / "support" / "python_fakes"))

import array_api_adapter as adapter  # noqa: E402


def input_step(shape, values, under_test=False, kwargs=("dtype", "device")):
    chosen = {"dtype": {"dtype": "float32"}, "device": {"device": 0}}
    return {"op": "asarray", "args": [{"data": {"shape": shape, "values": values}}],
            "kwargs": [[name, chosen[name]] for name in kwargs], "under_test": under_test}


@pytest.fixture
def env():
    environment = adapter.Environment("fakedl")
    made = []
    environment.make_input = lambda data, dtype, device: made.append((data, dtype, device)) or data
    environment.made = made
    return environment


def test_an_empty_input_of_rank_two_goes_to_make_input_as_a_host_array(env):
    step = adapter.decode_step(input_step([0, 3], []), env)
    assert step.input_only
    adapter.run_program(env, adapter.decode_program({"steps": [input_step([0, 3], [])]}, env))
    (data, dtype, device), = env.made
    assert isinstance(data, numpy.ndarray) and data.shape == (0, 3)
    assert device is env.devices[0]


def test_literal_inputs_go_to_make_input_as_before(env):
    adapter.run_program(env, adapter.decode_program({"steps": [input_step([2], [1.0, 2.0])]}, env))
    (data, _, _), = env.made
    assert data == [1.0, 2.0]


@pytest.mark.parametrize("step", [
    input_step([0, 3], [], under_test=True),  # asarray under test is the library's own
    input_step([0, 3], [], kwargs=("device",)),  # no dtype: not an input make_input makes
])
def test_other_empty_data_is_the_librarys_own_empty_array(env, step):
    decoded = adapter.decode_step(step, env)
    assert not decoded.input_only
    assert decoded.args[0] == ("empty", (0, 3))


def test_without_make_input_empty_data_is_the_librarys_own_empty_array(env):
    env.make_input = None
    decoded = adapter.decode_step(input_step([0, 3], []), env)
    assert decoded.args[0] == ("empty", (0, 3))
