# Measurement only: on PYTHONPATH (tools/run-gpu with JAX_STATS_DIR set), each Python process that
# can import JAX counts what jax.monitoring reports (tracing, lowering, XLA compiles, persistent
# cache hits and misses) and writes the totals to $ADC_JAX_STATS_DIR/<pid>.json, at exit and
# every 20 s while events come (a process killed at a time limit keeps what it had).
import atexit
import collections
import json
import os
import sys
import time

_directory = os.environ.get("ADC_JAX_STATS_DIR")


def _install():
    try:
        import jax.monitoring as monitoring
    except Exception:
        return
    totals = collections.defaultdict(lambda: [0, 0.0])
    start = time.monotonic()
    last_write = [start]

    def write():
        path = os.path.join(_directory, f"{os.getpid()}.json")
        events = {name: {"count": count, "seconds": round(seconds, 3)}
                  for name, (count, seconds) in sorted(totals.items())}
        with open(path + ".tmp", "w") as f:
            json.dump({"argv": sys.argv[1:2], "wall_s": round(time.monotonic() - start, 3),
                       "events": events}, f, indent=1)
        os.replace(path + ".tmp", path)

    def maybe_write():
        now = time.monotonic()
        if now - last_write[0] > 20:
            last_write[0] = now
            write()

    def on_duration(event, duration, **_):
        entry = totals[event]
        entry[0] += 1
        entry[1] += duration
        maybe_write()

    def on_event(event, **_):
        totals[event][0] += 1

    monitoring.register_event_duration_secs_listener(on_duration)
    monitoring.register_event_listener(on_event)
    atexit.register(write)


if _directory:
    _install()
