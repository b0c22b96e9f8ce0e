"""The adapter's side of the written protocol (reports/schema/adapter-protocol.schema.json, prose
in docs/adapter-protocol.md): requests a harness may send, each itself valid by the schema, fed to
the adapter as the harness starts it, and every line it answers a valid reply of the kind the
request asks for. jsonschema judges (Debian's python3-jsonschema, as ctest runs this); the C++
side's test of the same schema is conformance/tests/adapters/python/protocol_schema_test.cpp."""

import json
import pathlib
import subprocess
import sys

import pytest

jsonschema = pytest.importorskip(
    "jsonschema", reason="jsonschema validates the messages (Debian: python3-jsonschema)")

ADAPTER = pathlib.Path(__file__).resolve().parents[1] / "array_api_adapter.py"
SUPPORT = pathlib.Path(__file__).resolve().parents[3] / "tests" / "support"
sys.path.insert(0, str(SUPPORT))
import protocol_messages  # noqa: E402

REQUEST = protocol_messages.validator("request")
REPLY = protocol_messages.validator("reply")


def step(op, args=(), kwargs=(), under_test=True):
    return {"op": op, "args": list(args), "kwargs": [list(pair) for pair in kwargs],
            "under_test": under_test}


def zeros_on(device, under_test=False):
    return step("zeros", [{"tuple": [2]}], [("device", {"device": device})], under_test)


# zeros on device 1 then add(x0, x0): two arrays on device 1.
ADD_ON_DEVICE_1 = {"steps": [zeros_on(1), step("add", [{"ref": [0, 0]}, {"ref": [0, 0]}])]}
# add of arrays on two devices: fakexp raises ValueError.
MIXED_ADD = {"steps": [zeros_on(0), zeros_on(1),
                       step("add", [{"ref": [0, 0]}, {"ref": [1, 0]}])]}
# a device the handshake does not list (unsupported), then a read of what it did not make.
NO_SUCH_DEVICE = {"steps": [zeros_on(9, under_test=True),
                            step("harness.observe", [{"ref": [0, 0]}])]}
COMPARE = {"steps": [zeros_on(0), zeros_on(1),
                     step("harness.compare_devices", [{"ref": [0, 0]}, {"ref": [1, 0]}])]}

SESSION = [
    ({"type": "handshake", "implementation": "python:fakexp",
      "operations": ["zeros", "add", "harness.observe", "harness.compare_devices", "cumsum"]},
     ["handshake"]),
    ({"type": "run", "program": {"read_values": True, **ADD_ON_DEVICE_1}}, ["outcome"]),
    ({"type": "run_batch", "programs": [ADD_ON_DEVICE_1, MIXED_ADD, NO_SUCH_DEVICE, COMPARE]},
     ["outcome"] * 4),
]


def converse(module, lines):
    child = subprocess.run(
        [sys.executable, "-u", str(ADAPTER), module], input="".join(l + "\n" for l in lines),
        capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": str(SUPPORT / "python_fakes"), "PYTHONDONTWRITEBYTECODE": "1",
             "PATH": "/usr/bin:/bin"})
    return child, [json.loads(line) for line in child.stdout.splitlines()]


def kind(reply):
    return protocol_messages.kind_of(reply)


def assert_valid(check, message):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in check.iter_errors(message)]
    assert not errors, (message, errors)


@pytest.mark.parametrize("request_, _", SESSION)
def test_the_sessions_requests_are_valid_requests(request_, _):
    assert_valid(REQUEST, request_)


def test_every_reply_of_a_session_is_a_valid_reply_of_the_kind_asked_for():
    child, replies = converse("fakexp", [json.dumps(r) for r, _ in SESSION])
    assert child.returncode == 0, child.stderr
    assert [kind(r) for r in replies] == [k for _, kinds in SESSION for k in kinds]
    for reply in replies:
        assert_valid(REPLY, reply)
    statuses = [[s["status"] for s in r["outcome"]["steps"]] for r in replies[1:]]
    assert statuses == [["ok", "ok"], ["ok", "ok"], ["ok", "ok", "raised"],
                        ["unsupported", "not_run"], ["ok", "ok", "ok"]]
    assert "values" in replies[1]["outcome"]["steps"][1]["arrays"][0]
    assert "values" not in replies[2]["outcome"]["steps"][1]["arrays"][0]


def test_requests_the_schema_rejects_get_a_valid_bad_request_reply():
    lines = [json.dumps(SESSION[0][0]), "not json", json.dumps({"type": "bogus"})]
    for line in lines[1:]:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        assert not REQUEST.is_valid(message)
    child, replies = converse("fakexp", lines)
    assert [kind(r) for r in replies] == ["handshake", "error:bad_request", "error:bad_request"]
    for reply in replies:
        assert_valid(REPLY, reply)


@pytest.mark.parametrize("module, expected", [("no_such_module_anywhere", "error:import_failed"),
                                              ("not_a_namespace", "error:not_a_namespace")])
def test_a_module_that_cannot_serve_gets_a_valid_startup_error(module, expected):
    child, replies = converse(module, [json.dumps(SESSION[0][0])])
    assert child.returncode == 3, child.stderr
    assert [kind(r) for r in replies] == [expected]
    assert_valid(REPLY, replies[0])


def test_a_route_request_and_the_handshake_that_refuses_it_are_valid():
    request = {"type": "handshake", "implementation": "python:fakexp@jit",
               "operations": ["zeros", "add"], "route": "jit"}
    assert_valid(REQUEST, request)
    assert not REQUEST.is_valid(dict(request, route="bogus"))
    child, replies = converse("fakexp", [json.dumps(request)])
    assert child.returncode == 0, child.stderr
    assert [kind(r) for r in replies] == ["handshake"]
    assert_valid(REPLY, replies[0])
    handshake = replies[0]["handshake"]
    # fakexp's arrays are no JAX arrays (or JAX does not import here): it says why.
    assert handshake["route"] == "jit" and handshake["route_unavailable"]
