"""The cost audit's timing: a forked worker process runs each measurement, so that a call past
the limit is killed and recorded instead of stalling the audit; the parent walks a case's pilots
and sizes and skips a size extrapolated past the limit."""

import gc
import time
import traceback
import zlib

from cost_audit_analysis import assess, extrapolate, format_seconds, format_size, textbook_slope
from cost_audit_cases import FAMILIES

np = None  # numpy, set by cost_audit.main() before the worker is forked
xp = None  # strict_xp, likewise

# ---------------------------------------------------------------------------------------------
# Timing (runs in the worker process).

def _run(fn, number):
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return time.perf_counter() - start


def measure(fn, budget, repeats, repeat_seconds):
    """Best per-call time of fn: a first call (warm-up, and the estimate), then up to `repeats`
    timings of `number` calls each (number chosen so that one timing takes about
    repeat_seconds), stopping early once `budget` seconds are spent (after two timings)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        first = _run(fn, 1)
        if first >= budget / 2:
            return {"seconds": first, "calls": 1, "repeats": 1}
        # Calibrate on calls after the first (which pays first-time costs), as timeit does.
        number, spent, calls = 1, first, 1
        while True:
            elapsed = _run(fn, number)
            spent, calls = spent + elapsed, calls + number
            if elapsed >= repeat_seconds / 10 or spent >= budget / 2:
                break
            number *= 10
        per_call = elapsed / number
        number = max(1, int(repeat_seconds / max(per_call, 1e-9)))
        best, done = per_call, 0
        while done < repeats:
            elapsed = _run(fn, number)
            best = min(best, elapsed / number)
            spent += elapsed
            done += 1
            if spent >= budget and done >= 2:
                break
        return {"seconds": best, "calls": calls + number * done, "repeats": done}
    finally:
        if gc_was_enabled:
            gc.enable()


def shape_signature(r):
    if isinstance(r, (list, tuple)):
        return [shape_signature(a) for a in r]
    if isinstance(getattr(r, "shape", None), tuple):
        return list(r.shape)
    return type(r).__name__


def shares_input_memory(result, args):
    """Whether a NumPy result (or one of a tuple's) is a view of an input array."""
    def arrays(obj):
        if isinstance(obj, np.ndarray):
            yield obj
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                yield from arrays(item)
    inputs = list(arrays(args))
    return any(np.may_share_memory(r, a) for r in arrays(result) for a in inputs)


def _to_strict(arg):
    if isinstance(arg, np.ndarray):
        return xp.asarray(arg)
    if isinstance(arg, list) and arg and all(isinstance(a, np.ndarray) for a in arg):
        return [xp.asarray(a) for a in arg]
    return arg


def _describe(exc):
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= 300 else text[:297] + "..."


def run_task(cases, task, cache):
    """One measurement: {'case', 'lib', 'size', budget...} -> {'seconds'...} or {'error'}."""
    case = cases[task["case"]]
    key = (case.id, task["size"])
    if cache.get("key") != key:
        cache.clear()
        rng = np.random.default_rng(zlib.crc32(case.id.encode()) + task["seed"])
        cache["key"], cache["args"] = key, case.make(rng, task["size"],
                                                     FAMILIES[case.family]["k"])
    if task["lib"] == "strict":
        args = tuple(_to_strict(a) for a in cache["args"])
        call, ns = case.call, xp
    else:
        args = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in cache["args"])
        call, ns = case.numpy_call or case.call, np
    try:
        start = time.perf_counter()
        first = call(ns, *args)
        first_seconds = time.perf_counter() - start
        shape = shape_signature(first)
        view = task["lib"] == "numpy" and shares_input_memory(first, args)
        del first
        if first_seconds >= task["budget"] / 2:   # a slow call is timed once
            result = {"seconds": first_seconds, "calls": 1, "repeats": 1}
        else:
            result = measure(lambda: call(ns, *args), task["budget"], task["repeats"],
                             task["repeat_seconds"])
    except Exception as exc:  # noqa: BLE001 - every exception is an outcome to report
        return {"error": _describe(exc)}
    result["shape"] = shape
    if view:
        result["view"] = True
    return result


def worker(conn, cases):
    cache = {}
    while True:
        task = conn.recv()
        if task is None:
            return
        try:
            conn.send(run_task(cases, task, cache))
        except Exception:  # noqa: BLE001
            conn.send({"error": "audit error: " + traceback.format_exc(limit=3)})


class Worker:
    """A forked process that runs measurements; killed and forked again when one overruns."""

    def __init__(self, cases):
        import multiprocessing
        self.context = multiprocessing.get_context("fork")
        self.cases = cases
        self.process = None

    def start(self):
        self.conn, child = self.context.Pipe()
        self.process = self.context.Process(target=worker, args=(child, self.cases), daemon=True)
        self.process.start()
        child.close()

    def run(self, task, timeout):
        if self.process is None or not self.process.is_alive():
            self.start()
        self.conn.send(task)
        if self.conn.poll(timeout):
            try:
                return self.conn.recv()
            except EOFError:
                pass
            self.process.join(5)
            code = self.process.exitcode
            self.process = None
            return {"error": f"the worker process died (exit status {code})", "crash": True}
        self.process.kill()
        self.process.join()
        self.process = None
        return {"timeout": timeout}

    def stop(self):
        if self.process is not None and self.process.is_alive():
            self.conn.send(None)
            self.process.join(10)


# ---------------------------------------------------------------------------------------------
# The audit of one case: pilots, sizes, skips (runs in the parent).

def audit_case(case, run, options):
    """Measures `case` with run(task, timeout) -> result; returns its JSON record."""
    family = FAMILIES[case.family]
    record = dict(case.meta())
    # (size, seconds) measured, in size order; a call killed at the limit gives its timeout, a
    # lower bound, and is the last point.
    points = {"strict": [], "numpy": []}
    killed = {"strict": False, "numpy": False}
    stopped = {"strict": None, "numpy": None}
    results = []
    pilots = family["pilots"] if options.pilots else []
    for size in pilots + family["sizes"]:
        pilot = size in pilots
        row = {"size": size}
        if pilot:
            row["pilot"] = True
        for lib in ("strict", "numpy"):
            if pilot and lib == "numpy":
                continue
            if stopped[lib] is not None:
                row[lib] = {"skipped": stopped[lib]}
                continue
            estimate = extrapolate(points[lib], size, textbook_slope(
                case.exponent, case.log, points[lib][-1][0] if points[lib] else size, size))
            if estimate is not None and estimate > options.limit:
                last_size, last_seconds = points[lib][-1]
                took = "was killed after" if killed[lib] else "took"
                at_least = ">= " if killed[lib] else ""
                row[lib] = {"skipped": f"{format_size(case.family, last_size)} {took} "
                                       f"{format_seconds(last_seconds)}, extrapolated "
                                       f"{at_least}{format_seconds(estimate)}",
                            "estimate": estimate}
                if killed[lib]:
                    row[lib]["lower_bound"] = True
                continue
            task = {"case": case.id, "lib": lib, "size": size, "seed": options.seed,
                    "budget": options.budget / (5 if pilot else 1),
                    "repeats": 2 if pilot else options.repeats,
                    "repeat_seconds": options.repeat_seconds}
            result = run(task, timeout=2 * options.limit + options.budget + 10)
            if "timeout" in result:
                result = {"error": f"timed out: killed after {result['timeout']:.0f} s",
                          "timeout": result["timeout"]}
                points[lib].append((size, result["timeout"]))
                killed[lib] = True
            elif "error" in result:
                stopped[lib] = "raised at a smaller size"
            else:
                points[lib].append((size, result["seconds"]))
            row[lib] = result
        results.append(row)
    record["results"] = results
    record.update(assess(case.meta(), [(r["size"], r.get("strict"), r.get("numpy"),
                                        r.get("pilot", False)) for r in results]))
    for row in results:   # checked (shapes_differ); kept out of the JSON
        for lib in ("strict", "numpy"):
            if isinstance(row.get(lib), dict):
                row[lib].pop("shape", None)
    return record
