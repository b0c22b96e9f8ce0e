"""The loop: read requests, run programs (alone or in batches), write replies; and the bench's
replay of recorded programs in one process without the harness."""

import gc
import json
import sys
import time
import warnings

from .protocol import (
    StartupError,
    one_line,
    open_channels,
    program_of,
    script_error,
    send,
    send_reply,
)
from .program import decode_program
from .environment import Environment
from .handshake import handshake
from .routes import program_runner


def decode_request(env, program):
    """A program decoded, or the reply saying why it could not be."""
    try:
        return decode_program(program, env)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return script_error(e)


def run_decoded(env, steps):
    """The reply to one decoded program: its outcome, or what broke in this script."""
    if isinstance(steps, dict):  # it did not decode: decode_request's reply
        return steps
    try:
        run_program = program_runner(getattr(env, "route", "eager"))
        return {"type": "outcome",
                "outcome": {"status": "completed", "steps": run_program(env, steps)}}
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return script_error(e)


def serve(env, startup_error, protocol):
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        if startup_error is not None:
            send(protocol, {"type": "error", "kind": startup_error.kind,
                            "message": str(startup_error)})
            return 3
        try:
            request = json.loads(line)
        except ValueError as e:
            send(protocol, {"type": "error", "kind": "bad_request",
                            "message": one_line(f"not JSON: {e}")})
            continue
        try:
            kind = request.get("type") if isinstance(request, dict) else None
            if kind == "handshake":
                reply = handshake(env, request)
            elif kind == "run":
                reply = run_decoded(env, decode_request(env, program_of(request)))
            elif kind == "run_batch":
                # One reply line per program, written through the channel's buffer (one write
                # per few dozen programs, not one each) and flushed at the end. A crash or hang
                # loses at most the unflushed replies: the harness runs those programs alone.
                # The batch is decoded first, then run: the interpreter doing one kind of work
                # at a time makes the child 5-10 % faster than decoding each program just
                # before running it (tools/bench: the child alone).
                for steps in [decode_request(env, program) for program in request["programs"]]:
                    send_reply(protocol, run_decoded(env, steps), flush=False)
                protocol.flush()
                continue
            else:
                reply = {"type": "error", "kind": "bad_request",
                         "message": f"unknown request type {kind!r}"}
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            reply = script_error(e)
        send_reply(protocol, reply)
    return 3 if startup_error is not None else 0


def replay(env, path, protocol):
    """Bench: decode every program first, then time a plain loop running them in process."""
    # The decoded programs stay alive for the loop, which they never do in the harness's child:
    # keep the collector from scanning them again and again, while they are decoded and in the
    # loop (it tripled the loop's time).
    gc.disable()
    with open(path, encoding="utf-8") as f:
        programs = [decode_program(program_of(json.loads(line)), env) for line in f
                    if line.strip()]
    steps = sum(len(p) for p in programs)
    gc.freeze()
    gc.enable()
    start = time.perf_counter()
    run_program = program_runner(getattr(env, "route", "eager"))
    for program in programs:
        run_program(env, program)
    seconds = time.perf_counter() - start
    send(protocol, {"programs": len(programs), "steps": steps, "seconds": seconds})
    return 0


def load_environment(module):
    """(Environment, None), or (None, the StartupError that kept it from loading)."""
    try:
        return Environment(module), None
    except StartupError as e:
        return None, e
    except Exception as e:  # the namespace broke while being looked at
        return None, StartupError("not_a_namespace", one_line(f"{type(e).__name__}: {e}"))


def load_peer(env, module):
    """The --peer namespace beside env: env.peer, or None and env.peer_error saying why."""
    env.peer_module = module
    env.peer, error = load_environment(module)
    env.peer_error = None
    if error is not None:
        what = "is not an array namespace" if error.kind == "not_a_namespace" \
            else "the module does not import"
        env.peer_error = f"python:{module}: {what}: {error}"


def main(argv):
    peer = None
    if len(argv) == 4 and argv[2] == "--peer":
        peer, argv = argv[3], argv[:2]
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--replay"):
        print("usage: array_api_adapter.py MODULE [--peer PEER | --replay FILE]", file=sys.stderr)
        return 2
    protocol = open_channels()
    warnings.simplefilter("ignore")
    env, startup_error = load_environment(argv[1])
    if env is not None and peer is not None:
        load_peer(env, peer)
    # What the import and the handshake's set-up made lives as long as the process: keep the
    # collector from scanning it again at every full collection (torch's child: 5.1 -> 4.5 s).
    gc.freeze()
    if len(argv) == 4:
        if startup_error is not None:
            print(f"array_api_adapter: {startup_error.kind}: {startup_error}", file=sys.stderr)
            return 3
        return replay(env, argv[3], protocol)
    return serve(env, startup_error, protocol)
