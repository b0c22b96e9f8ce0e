"""The adapter script's --peer pieces, in process over the DLPack fakes
(conformance/tests/support/python_fakes/fakedl*.py): steps in the peer's namespace, a peer that
does not load, and refusals kept as raised in programs across two namespaces."""

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2] / "tests" / "support" / "python_fakes"))

import array_api_adapter as adapter  # noqa: E402


def value(kind, body):
    return {kind: body}


def step(op, args, kwargs=(), peer=False, under_test=False):
    raw = {"op": op, "args": list(args), "kwargs": [list(k) for k in kwargs],
           "under_test": under_test}
    if peer:
        raw["namespace"] = "peer"
    return raw


MADE_ON_GPU = step("asarray", [value("data", {"values": [1, 2], "shape": [2]})],
                   [("dtype", value("dtype", "float32")), ("device", value("device", 1))],
                   peer=True)
IMPORTED = step("from_dlpack", [value("ref", [0, 0])], under_test=True)


def run(env, steps):
    return adapter.run_program(env, adapter.decode_program({"steps": steps, "read_values": True},
                                                            env))


@pytest.fixture
def env():
    environment = adapter.Environment("fakedl")
    adapter.load_peer(environment, "fakedl_peer")
    return environment


def test_a_peer_step_runs_in_the_peer_and_its_array_goes_to_the_implementation(env):
    made, imported = run(env, [MADE_ON_GPU, IMPORTED])
    assert made["arrays"][0]["device_repr"] == "fakedl_peer.Device('gpu')"
    assert made["arrays"][0]["device"] == 1  # an index into the peer's devices
    assert imported["arrays"][0]["device_repr"] == "fakedl.Device('gpu')"
    assert imported["arrays"][0]["values"] == [1.0, 2.0]


def test_the_handshake_describes_the_peer_and_how_to_reach_it(env):
    reply = adapter.handshake(env, {"implementation": "python:fakedl",
                                    "operations": ["asarray", "from_dlpack"]})
    peer = reply["handshake"]["peer"]
    assert peer["implementation"] == "python:fakedl_peer"
    assert [d["repr"] for d in peer["devices"]] == ["fakedl_peer.Device('cpu')",
                                                    "fakedl_peer.Device('gpu')"]
    assert reply["python"]["peer"]["module"] == "fakedl_peer"


def test_a_peer_that_does_not_import_is_said_once_and_its_steps_are_unsupported():
    environment = adapter.Environment("fakedl")
    adapter.load_peer(environment, "no_such_module_here")
    assert environment.peer is None
    assert environment.peer_error.startswith("python:no_such_module_here: the module does not "
                                             "import")
    reply = adapter.handshake(environment, {"operations": []})
    assert reply["handshake"]["peer"] == {"implementation": "python:no_such_module_here",
                                          "error": environment.peer_error}
    made, imported = run(environment, [MADE_ON_GPU, IMPORTED])
    assert made == {"status": "unsupported", "message": environment.peer_error}
    assert imported["status"] == "not_run"


def test_without_a_peer_a_peer_step_is_unsupported_not_run_in_the_implementation():
    environment = adapter.Environment("fakedl")
    made, = run(environment, [MADE_ON_GPU])
    assert made["status"] == "unsupported"


def test_an_unknown_namespace_is_the_adapters_error(env):
    stray = dict(MADE_ON_GPU, namespace="elsewhere")
    made, = run(env, [stray])
    assert made["exception_type"] == "AdapterError"


# The hint table's device limits turn an error into "unsupported on this device"; across two
# namespaces the checks judge the exception itself, so it stays raised there.
def test_refusals_stay_raised_in_programs_across_two_namespaces(env, monkeypatch):
    monkeypatch.setenv("FAKEDL_BUG", "refuses_everything")
    env.hint = {"device_limits": ["imports no foreign array"]}
    across = run(env, [MADE_ON_GPU, IMPORTED])[1]
    assert (across["status"], across["exception_type"]) == ("raised", "BufferError")
    made_here = {k: v for k, v in MADE_ON_GPU.items() if k != "namespace"}
    alone = run(env, [made_here, IMPORTED])[1]
    assert alone["status"] == "unsupported"
