"""The wire between the harness and this process: JSON lines, one request per line on stdin and
one reply per line on a private copy of fd 1, and the exceptions that become replies (a step
that cannot run, a program stopped early, the library's own error)."""

import json
import os
import sys
import traceback


def open_channels():
    """The protocol channel is a private copy of fd 1; Python-level prints of the library go to
    stderr so they cannot corrupt it (C-level writes to fd 1 still can: the harness reports
    those as protocol errors)."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    return protocol


# One encoder for every message (json.dumps with these options builds a new one per call). No
# message can hold itself (outcomes are built afresh, to_value stops at depth 8): the check for
# cycles is left out, a quarter of the encoding.
ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"), check_circular=False)


def send(channel, message, flush=True):
    channel.write(ENCODER.encode(message) + "\n")
    if flush:
        channel.flush()


# Enough to recognise an error; torch's dispatcher errors list every backend (several KB).
MAX_MESSAGE = 400


class StartupError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def one_line(text):
    text = " ".join(str(text).split())
    return text[:MAX_MESSAGE]


class Unsupported(Exception):
    """The library lacks the operation, a dtype or a keyword the step uses."""


class NotRun(Exception):
    """The step reads a result that an earlier step did not produce."""


class LibraryRaised(Exception):
    """The library raised while the adapter prepared a call (not a bug of the adapter)."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


def raised(e):
    outcome = {"status": "raised", "exception_type": type(e).__name__}
    if str(e):
        outcome["message"] = one_line(e)
    return outcome


def adapter_error(e):
    lines = traceback.format_exception_only(type(e), e)
    return {"status": "raised", "exception_type": "AdapterError",
            "message": one_line(lines[-1] if lines else repr(e))}


def program_of(j):
    """A run request or a bare program."""
    return j["program"] if "program" in j else j


def script_error(e):
    """The reply saying what broke in this script."""
    return {"type": "error", "kind": "adapter_error",
            "message": one_line(traceback.format_exception_only(type(e), e)[-1])}


def send_reply(protocol, reply, flush=True):
    try:
        send(protocol, reply, flush)
    except (TypeError, ValueError):  # a value JSON cannot carry slipped through: say so
        send(protocol, {"type": "error", "kind": "adapter_error",
                        "message": "reply not encodable as JSON"}, flush)
