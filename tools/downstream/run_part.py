"""One part of a downstream suite (a pytest process), run to the end whatever its tests do to the
process: a test that kills it (an abort in C code, a fatal signal, the kernel's OOM killer) or
runs past the per-test limit becomes one failing entry, with what the process said as it died,
and pytest is started again on the tests not yet run (pytest_record.py deselects those done).

    run_part.py --name PART --record FILE.jsonl --junit FILE.xml --log FILE.log
                [--test-timeout S] [--part-timeout S] [--restarts N] -- PYTHON -m pytest ARGS...

(pytest's output goes to FILE.log, the process's stderr to FILE.log.stderr.)

Writes a JUnit file (what compare.py reads, one testcase a test: the recorded outcomes, and a
`(pytest process)` entry when a start died before any test ran, or the part ran out of time or
restarts). Exit status 0 when it wrote the JUnit file, 2 when it could not start pytest.
Standard library only.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))


def read_records(path):
    """(outcomes {test: (outcome, message)} in order, started tests in order, finished?)."""
    outcomes, started, finished = {}, [], False
    if not os.path.exists(path):
        return outcomes, started, finished
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if "start" in entry:
                started.append(entry["start"])
            elif "outcome" in entry:
                outcomes[entry["test"]] = (entry["outcome"], entry.get("message", ""))
            elif "finished" in entry:
                finished = True
    return outcomes, started, finished


FRAME = re.compile(r'^\s+File "(.*)", line (\d+) in (\S+)')
# The packages whose frames name the line that was running (the projects under test).
PROJECTS = ("sklearn", "scipy", "array_api_extra")


FATAL = re.compile(r"Fatal Python error: .*|Timeout \(\d+:\d\d:\d\d\)!")
def death_message(log_text, returncode, test_timeout):
    """One line: how the process ended, what it said last, and where Python was."""
    lines = log_text.splitlines()
    found = [(i, m) for i, l in enumerate(lines) for m in [FATAL.search(l)] if m]
    if returncode is not None and returncode < 0:
        how = f"process died: {signal.Signals(-returncode).name}"
    else:
        how = f"process died: exit status {returncode}"
    said, where = "", ""
    if found:
        fatal, match = found[-1]
        if match.group().startswith("Timeout"):
            how = f"timeout: no result after {test_timeout:g} s"
        else:
            how = f"process died: {match.group()[len('Fatal Python error: '):].strip()}"
        # What C code printed just before (glibc's "free(): ...", C++'s "terminate called ...").
        before = [l.strip()
                  for l in lines[max(0, fatal - 3):fatal] + [lines[fatal][:match.start()]]]
        said = " / ".join([l for l in before if l][-2:])
        # faulthandler prints the current thread's frames innermost first: the innermost, and
        # the innermost one in the project under test.
        frames = []
        for l in lines[fatal + 1:]:
            m = FRAME.match(l)
            if m:
                frames.append(m.groups())
            elif frames and not l.strip():
                break
        if frames:
            path, line, function = frames[0]
            where = f"in {short(path)}:{line} {function}"
            outer = next((f for f in frames if any(f"/{p}/" in f[0] for p in PROJECTS)), None)
            if outer and outer != frames[0]:
                where += f", called from {short(outer[0])}:{outer[1]} {outer[2]}"
        elif "Garbage-collecting" in "\n".join(lines[fatal + 1:fatal + 4]):
            where = "in garbage collection"
    return "; ".join(p for p in (how, said, where) if p)


def short(path):
    for marker in ("site-packages/", "/python/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


def write_junit(path, name, outcomes, extra):
    suite = ElementTree.Element("testsuite", name=name)
    for test, (outcome, message) in list(outcomes.items()) + extra:
        module, _, function = test.partition("::")
        case = ElementTree.SubElement(
            suite, "testcase",
            classname=module.removesuffix(".py").replace("/", "."), name=function or module)
        if outcome == "fail":
            ElementTree.SubElement(case, "failure", message=message)
        elif outcome == "skip":
            ElementTree.SubElement(case, "skipped", message=message)
    root = ElementTree.Element("testsuites")
    root.append(suite)
    ElementTree.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--name", required=True)
    parser.add_argument("--record", required=True)
    parser.add_argument("--junit", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--test-timeout", type=float, default=60.0)
    parser.add_argument("--part-timeout", type=float, default=3600.0)
    parser.add_argument("--restarts", type=int, default=100)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no pytest command")
    command = command + ["-p", "pytest_record", f"--record={options.record}",
                         f"--record-timeout={options.test_timeout:g}"]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (HERE, env.get("PYTHONPATH")) if p)
    for stale in (options.record, options.log, options.log + ".stderr"):
        if os.path.exists(stale):
            os.remove(stale)
    deadline = time.monotonic() + options.part_timeout
    died = {}  # test: message, for the tests that took the process with them
    collected_in_gc = {}  # test: message, for those running when garbage collection killed it
    extra = []
    attempt = 0
    while True:
        attempt += 1
        # pytest's output to the log, the process's stderr (what C code and faulthandler print as
        # it dies) to the log's .stderr: not interleaved with pytest's progress characters.
        with open(options.log, "a", encoding="utf-8") as log, \
                open(options.log + ".stderr", "a", encoding="utf-8") as stderr:
            for stream in (log, stderr):
                stream.write(f"==== run_part.py: {options.name}, pytest start {attempt}\n")
                stream.flush()
            offset = stderr.tell()
            started_before = len(read_records(options.record)[1])
            try:
                process = subprocess.Popen(command, stdout=log, stderr=stderr, env=env,
                                           start_new_session=True)
            except OSError as error:
                print(f"run_part.py: cannot start {command[0]}: {error}", file=sys.stderr)
                return 2
            try:
                returncode = process.wait(timeout=max(1.0, deadline - time.monotonic()))
                out_of_time = False
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                returncode = process.wait()
                out_of_time = True
        outcomes, started, finished = read_records(options.record)
        with open(options.log + ".stderr", encoding="utf-8", errors="replace") as stderr:
            stderr.seek(offset)
            text = stderr.read()
        if finished:
            if returncode < 0:  # after its last test: at exit, collecting what the tests left
                extra.append((f"{options.name}::(pytest process) died at exit",
                              ("fail", death_message(text, returncode, options.test_timeout))))
            break
        started = started[started_before:]  # this start's
        running = next((t for t in reversed(started) if t not in outcomes and t not in died),
                       None)
        process_entry = f"{options.name}::(pytest process)"
        if out_of_time:
            message = f"timeout: the part's {options.part_timeout:g} s ran out"
            if running:
                died[running] = message
            extra.append((process_entry, ("fail", f"{message}; the tests after "
                                          f"{running or 'collection'} did not run")))
            break
        message = death_message(text, returncode, options.test_timeout)
        if not started:
            # Died before a test started (collection, an import): nothing to skip past.
            extra.append((process_entry, ("fail", "the pytest process ended without results: "
                                          + message)))
            break
        if attempt > options.restarts:
            if running:
                died[running] = message
            extra.append((process_entry, ("fail", f"gave up after {options.restarts} "
                                          f"restarts; the tests after {running} did not run")))
            break
        if running is None:
            # Died between tests: no test to blame, the death is an entry of its own.
            extra.append((f"{process_entry} died after {started[-1]}", ("fail", message)))
            print(f"run_part.py: {options.name}: died after {started[-1]}: {message}",
                  file=sys.stderr)
            continue
        if "Garbage-collecting" in text and running not in collected_in_gc:
            # What was freed may be an earlier test's (a double free, a bad deleter): the test
            # runs again in a fresh process before it takes the blame, and the death is an entry
            # of its own.
            collected_in_gc[running] = message
            extra.append((f"{process_entry} died collecting garbage in {running}",
                          ("fail", f"{message} (in garbage collection: what was freed may be "
                                   "an earlier test's)")))
            print(f"run_part.py: {options.name}: {running}: {message} (in garbage collection: "
                  "running it again)", file=sys.stderr)
            continue
        died[running] = message
        with open(options.record, "a", encoding="utf-8") as record:
            record.write(json.dumps({"test": running, "outcome": "fail", "message": message})
                         + "\n")
        print(f"run_part.py: {options.name}: {running}: {message}", file=sys.stderr)
    outcomes, _, _ = read_records(options.record)
    for test, message in died.items():
        outcomes[test] = ("fail", message)
    write_junit(options.junit, options.name, outcomes, extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
