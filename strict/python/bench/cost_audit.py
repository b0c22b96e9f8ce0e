#!/usr/bin/env python3
"""A cost audit of every public function of strict_xp against NumPy on the same data.

Times each function of the standard's namespace that strict_xp offers (element-wise, creation,
manipulation, searching, sorting, sets, statistics, utility, data type functions, linalg.*, fft.*,
the array operators and methods that do work) at three sizes per shape family, best of repeats,
strict_xp and NumPy (single-threaded BLAS unless told otherwise) on the same values. For each
function it reports the ratio and the growth exponent (slope of log time against log size) of
both, and flags:

  exponent  strict_xp's exponent over the largest two sizes exceeds the textbook algorithm's by
            more than 0.3, and so does its fit over all sizes or it exceeds NumPy's by 0.3 too
            (only where the larger time is at least 10 us);
  ratio     strict_xp / NumPy over the target: linalg (linalg.*, matmul, tensordot, vecdot,
            matrix_transpose, @) <= 10x at 1,000 x k and 200 x 200; sort, argsort, unique_* <= 10x
            at 10^6 elements; everything else <= 3x at the size nearest 10^6 elements.

Nothing here is asserted; it prints a Markdown table (--output FILE too) and writes JSON
(--json FILE). Standard library and NumPy only; run with PYTHONPATH=<build>/python:

  PYTHONPATH=build/release/python .venv/bin/python strict/python/bench/cost_audit.py \
      --output reports/bench/strict_xp_cost_audit.md --json /tmp/strict_xp_cost_audit.json

Each measurement runs in a worker process (forked once, again after a kill): a call that runs
past the limit is killed and recorded, so one slow function cannot stall the audit. Before the
three sizes, strict_xp is timed at two smaller pilot sizes; a size whose time, extrapolated from
the sizes before it (with the larger of the observed and textbook exponents), exceeds --limit
seconds is skipped and recorded with the estimate. A function strict_xp lacks, or one that
raises, is listed with the exception, never dropped.

This file is the command line; the modules beside it hold the rest: cost_audit_cases.py (what is
timed, on what values), cost_audit_timing.py (the worker process, limits, kills, skips),
cost_audit_analysis.py (exponents and flags: pure, no timing, no NumPy, so that
tests/test_cost_audit.py checks them on made-up timings through this module) and
cost_audit_report.py (the Markdown and the JSON).
"""

import argparse
import datetime
import json
import os
import pathlib
import platform
import sys
import time

# The modules beside this file, also where it is loaded by path (tests/test_cost_audit.py).
_HERE = str(pathlib.Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import cost_audit_cases  # noqa: E402
import cost_audit_timing  # noqa: E402
from cost_audit_analysis import (  # noqa: E402, F401 - the tests reach them through this module
    assess, exponent_exceeds, extrapolate, fitted_exponent, growth_exponent, ratio_target,
    shapes_differ, slope, textbook_slope)
from cost_audit_cases import (  # noqa: E402, F401
    ATTRIBUTES, FAMILIES, Case, build_cases, selected, standard_names, strict_has)
from cost_audit_report import render_markdown, report_json  # noqa: E402
from cost_audit_timing import Worker, audit_case  # noqa: E402


def _machine():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            mem = f", {int(f.readline().split()[1]) / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return f"{platform.node()}: {model}, {os.cpu_count()} cores{mem}, {platform.system()} " \
           f"{platform.release()}"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", action="append", metavar="NAME-GLOB",
                   help="cases whose name or id matches (repeatable; e.g. 'linalg.*', "
                        "'sort@vector', '*@square')")
    p.add_argument("--quick", action="store_true",
                   help="smoke test: 2 repeats, 0.1 s budget, 3 s limit")
    p.add_argument("--output", metavar="FILE", help="the Markdown table also into FILE")
    p.add_argument("--json", metavar="FILE", help="machine-readable results into FILE")
    p.add_argument("--heading", default="", help="a paragraph put under the Markdown title")
    p.add_argument("--baseline", metavar="JSON",
                   help="an earlier run's --json: each table gains strict_xp's speed-up since "
                        "(baseline time / this time, at the largest size both timed)")
    p.add_argument("--limit", type=float, help="seconds one call may be expected to take "
                   "before a size is skipped (default 20; quick 3); a call running past twice "
                   "this is killed")
    p.add_argument("--budget", type=float, help="seconds per measurement (default 1.0)")
    p.add_argument("--repeats", type=int, help="timings per measurement, best kept (default 5)")
    p.add_argument("--no-pilots", dest="pilots", action="store_false",
                   help="no smaller sizes timed first (a slow first size then runs to the "
                        "kill)")
    p.add_argument("--blas-threads", type=int, default=1,
                   help="OpenBLAS/OpenMP/MKL threads for NumPy (default 1, as strict_xp; 0: "
                        "leave the environment as it is)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--list", action="store_true", help="print the case ids and exit")
    options = p.parse_args(argv)
    quick = options.quick
    if options.limit is None:
        options.limit = 3.0 if quick else 20.0
    if options.budget is None:
        options.budget = 0.1 if quick else 1.0
    if options.repeats is None:
        options.repeats = 2 if quick else 5
    options.repeat_seconds = 0.002 if quick else 0.02
    return options


def main(argv=None):
    options = parse_args(sys.argv[1:] if argv is None else argv)
    if options.blas_threads > 0:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = str(options.blas_threads)
    import numpy as np
    import strict_xp as xp
    for module in (cost_audit_cases, cost_audit_timing):   # before the worker is forked
        module.np, module.xp = np, xp

    all_cases = build_cases()
    ids = [c.id for c in all_cases]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise SystemExit(f"duplicate case ids: {sorted(duplicates)}")
    cases = selected(all_cases, options.only)
    if options.list:
        print("\n".join(c.id for c in cases))
        return 0
    if not cases:
        print(f"no case matches {options.only}", file=sys.stderr)
        return 2

    start = time.perf_counter()
    by_id = {c.id: c for c in all_cases}
    worker_ = Worker(by_id)
    records, missing = [], []
    try:
        for n, case in enumerate(cases, 1):
            if not strict_has(case.name):
                missing.append({"id": case.id, "name": case.name,
                                "error": f"strict_xp has no {case.name}"})
                print(f"[{n}/{len(cases)}] {case.id}: missing in strict_xp", file=sys.stderr)
                continue
            t0 = time.perf_counter()
            record = audit_case(case, worker_.run, options)
            records.append(record)
            flags = ",".join(f["flag"] for f in record["flags"])
            print(f"[{n}/{len(cases)}] {case.id}: {time.perf_counter() - t0:.1f} s"
                  f"{' ' + flags if flags else ''}", file=sys.stderr, flush=True)
    finally:
        worker_.stop()

    names = standard_names()
    not_covered = {}
    if names is not None and not options.only:
        timed = {c.name for c in all_cases}
        for name in names:
            if name in timed:
                continue
            not_covered[name] = ("an attribute" if name in ATTRIBUTES else
                                 "strict_xp lacks it" if not strict_has(name) else "no case")

    command = "PYTHONPATH=" + os.environ.get("PYTHONPATH", "") + " " + " ".join(
        [os.path.relpath(sys.executable) if sys.executable.startswith(os.getcwd()) else
         sys.executable, os.path.relpath(__file__)] + (sys.argv[1:] if argv is None else argv))
    report = {
        "schema": "strict_xp-cost-audit/1",
        "meta": {
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "machine": _machine(), "python": platform.python_version(),
            "numpy": np.__version__,
            "strict_xp": getattr(xp, "__strict_xp_version__", getattr(xp, "__version__", "?")),
            "strict_xp_path": os.path.dirname(xp.__file__),
            "blas_threads": options.blas_threads or "default",
            "command": command, "heading": options.heading, "cases": len(cases),
            "wall_seconds": time.perf_counter() - start,
            "options": {k: getattr(options, k) for k in
                        ("only", "quick", "limit", "budget", "repeats", "repeat_seconds",
                         "pilots", "seed")},
            "families": FAMILIES,
        },
        "cases": records, "missing": missing, "not_covered": not_covered,
    }
    if options.baseline:
        with open(options.baseline) as f:
            old = json.load(f)
        report["baseline"] = {r["id"]: r for r in old["cases"]}
        report["meta"]["baseline"] = {"file": options.baseline, "date": old["meta"]["date"],
                                      "command": old["meta"]["command"]}
    text = render_markdown(report)
    report.pop("baseline", None)
    print(text)
    if options.output:
        with open(options.output, "w") as f:
            f.write(text + "\n")
    if options.json:
        with open(options.json, "w") as f:
            f.write(report_json(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
