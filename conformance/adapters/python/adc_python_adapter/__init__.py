"""The Python side of the conformance harness's out-of-process adapter, as a package: the
launcher array_api_adapter.py next to it runs serve.main. Its modules, from the wire inwards:
protocol, program, environment (with libraries/), execute, values, handshake, serve."""
