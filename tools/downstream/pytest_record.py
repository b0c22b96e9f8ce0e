"""A pytest plugin for tools/downstream/run_part.py: a downstream suite's run that survives a test
which kills the Python process (an abort in C code) or runs for minutes.

    pytest -p pytest_record --record=FILE [--record-timeout=SECONDS] ...

- Each test's start and its outcome are appended to FILE (JSON lines) as they happen, so what a
  killed process finished is not lost, and the last start without an outcome names the test that
  was running when it died.
- On a rerun with the same FILE, the tests it already holds are deselected: the run goes on after
  the test that killed the process.
- A test (setup, call and teardown) that runs past --record-timeout seconds ends the process, as
  pytest-timeout's "thread" method does, but from faulthandler's watchdog, a C thread that needs
  no GIL: a C++ call that holds the GIL and never returns to Python is stopped too. It prints
  every thread's stack to the process's own stderr first; run_part.py records the test as a
  timeout and reruns the rest.
- faulthandler's report of a fatal signal (SIGABRT, SIGSEGV) goes to that stderr too, whatever
  pytest's capture does with file descriptor 2 meanwhile.

Standard library and pytest only. Outcomes are JUnit's: a failure or error in any phase is "fail";
a skip and an xfail are "skip" (with the reason); anything else "pass".
"""
import faulthandler
import json
import os

import pytest

# The process's stderr before pytest's capture replaces file descriptor 2 (`-p` imports this
# module while pytest parses its arguments, before capture starts); a descriptor, not a file
# object, so that it stays open through the interpreter's shutdown.
_STDERR = os.dup(2)


def pytest_addoption(parser):
    group = parser.getgroup("record", "tools/downstream: record outcomes, survive killed tests")
    group.addoption("--record", metavar="FILE", help="append each test's start and outcome to "
                    "FILE (JSON lines); deselect the tests FILE already holds")
    group.addoption("--record-timeout", metavar="SECONDS", type=float, default=0.0,
                    help="end the process when one test runs longer (0: no limit)")


class _Recorder:
    def __init__(self, path, timeout):
        self.done = set()
        if os.path.exists(path):
            with open(path, encoding="utf-8") as lines:
                for line in lines:
                    try:
                        entry = json.loads(line)
                    except ValueError:  # a line a killed process left half written
                        continue
                    if "outcome" in entry:
                        self.done.add(entry["test"])
        self.file = open(path, "a", encoding="utf-8")
        self.timeout = timeout
        self.outcomes = {}

    def write(self, entry):
        self.file.write(json.dumps(entry) + "\n")
        self.file.flush()

    @pytest.hookimpl(trylast=True)
    def pytest_configure(self, config):
        # After pytest's own faulthandler plugin: fatal signals are reported on the real stderr.
        faulthandler.enable(file=_STDERR, all_threads=True)

    def pytest_collection_modifyitems(self, config, items):
        kept = [item for item in items if item.nodeid not in self.done]
        if len(kept) < len(items):
            config.hook.pytest_deselected(items=[i for i in items if i.nodeid in self.done])
            items[:] = kept

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.write({"start": item.nodeid})
        if self.timeout > 0:
            faulthandler.dump_traceback_later(self.timeout, exit=True, file=_STDERR)
        try:
            yield
        finally:
            if self.timeout > 0:
                faulthandler.cancel_dump_traceback_later()
            outcome, message = self.outcomes.pop(item.nodeid, ("pass", ""))
            self.write({"test": item.nodeid, "outcome": outcome, "message": message})

    def pytest_runtest_logreport(self, report):
        previous = self.outcomes.get(report.nodeid, ("pass", ""))
        if previous[0] == "fail":
            return
        if report.failed:
            self.outcomes[report.nodeid] = ("fail", _message(report))
        elif report.skipped:
            self.outcomes[report.nodeid] = ("skip", _message(report))

    def pytest_sessionfinish(self, session, exitstatus):
        self.write({"finished": int(exitstatus)})


def _message(report):
    """The one line JUnit's `message` holds: the exception (failure) or the reason (skip)."""
    if hasattr(report, "wasxfail"):
        return f"xfail: {report.wasxfail}".rstrip(": ")
    longrepr = report.longrepr
    if isinstance(longrepr, tuple):  # a skip: (path, line, reason), as JUnit's writer puts it
        return str(longrepr[2]).removeprefix("Skipped: ")
    crash = getattr(longrepr, "reprcrash", None)
    if crash is not None:
        return crash.message
    text = str(longrepr or "").strip().splitlines()
    return text[-1] if text else ""


def pytest_configure(config):
    path = config.getoption("--record")
    if path:
        config.pluginmanager.register(_Recorder(path, config.getoption("--record-timeout")),
                                      "record")
