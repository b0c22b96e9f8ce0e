"""Whole-process timings of tools/run's pypi rows, for reports/bench/.

    /usr/bin/python3 tools/bench_pypi_rows.py CONFORMANCE VENV_PYTHON OUT_DIR

Writes OUT_DIR/pypi_rows.txt (each row but JAX: the default run's wall time, median of 3, against
the 15 s target; numba's compile cache starts empty, so sparse's first run is its cold one) and OUT_DIR/jax_cpu.txt (JAX on two host CPU devices: a cold run with an empty
persistent compilation cache, two warm runs, against 5 min and 120 s, and the same run with the
inputs made by the namespace's own asarray, ADC_MAKE_INPUTS=asarray, compared check by check:
status, cases, reason and counterexample must be identical). Not a test: targets are reported,
never asserted. Standard library only.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROWS = ["numpy", "torch", "array_api_strict", "array_api_compat.numpy",
        "array_api_compat.torch", "array_api_compat.dask.array", "dask.array", "ndonnx", "sparse"]
ROW_TARGET_S = 15
JAX_COLD_TARGET_S = 300
JAX_WARM_TARGET_S = 120


def run(conformance, python, module, json_path, env=None):
    """Wall seconds of one default run (seed 1) and the tracker it wrote."""
    command = [conformance, "--impl", f"python:{module}", "--python", python, "--seed", "1",
               "--quiet", "--timeout-ms", "60000", "--json", json_path]
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def results_of(json_path):
    tracker = json.load(open(json_path))
    return {r["id"]: r for r in tracker["implementations"][0]["results"]}


def verdict(result):
    failure = result.get("failure") or {}
    return (result["status"], result["cases"], result.get("reason", ""),
            json.dumps(failure.get("program")), failure.get("expected"), failure.get("actual"))


def jax_env(cache, make_inputs=None):
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2",
               JAX_COMPILATION_CACHE_DIR=cache, JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0",
               JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="-1", PYTHONWARNINGS="ignore")
    if make_inputs:
        env["ADC_MAKE_INPUTS"] = make_inputs
    return env


def main():
    conformance, python, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    importable = lambda m: subprocess.run(
        [python, "-W", "ignore", "-c", f"import {m}"], capture_output=True).returncode == 0
    with tempfile.TemporaryDirectory() as scratch, \
            open(os.path.join(out, "pypi_rows.txt"), "w") as rows_out:
        def say(line, file=rows_out):
            print(line)
            print(line, file=file)
        say(f"tools/run's pypi rows, whole process (conformance --impl python:M --python "
            f"{python} --seed 1), median of 3, target {ROW_TARGET_S} s:")
        for module in ROWS:
            if not importable(module):
                say(f"  {module}: does not import, left out")
                continue
            path = os.path.join(scratch, f"{module}.json")
            env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(scratch, "numba-cache"))
            walls = [run(conformance, python, module, path, env) for _ in range(3)]
            counts = {}
            for r in results_of(path).values():
                counts[r["status"]] = counts.get(r["status"], 0) + 1
            say(f"  {module}: {statistics.median(walls):.1f} s ({', '.join(f'{w:.1f}' for w in walls)}; "
                f"{'met' if statistics.median(walls) <= ROW_TARGET_S else 'MISSED'}); "
                + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())))

    if not importable("jax"):
        return
    with tempfile.TemporaryDirectory() as scratch, \
            open(os.path.join(out, "jax_cpu.txt"), "w") as jax_out:
        def say(line):
            print(line)
            print(line, file=jax_out)
        say("JAX on two host CPU devices (XLA_FLAGS=--xla_force_host_platform_device_count=2), "
            "conformance --impl python:jax.numpy --seed 1, whole process, persistent compilation "
            "cache in a fresh directory, every compile kept:")
        cache = os.path.join(scratch, "cache")
        hint = os.path.join(scratch, "hint.json")
        cold = run(conformance, python, "jax.numpy", hint, jax_env(cache))
        warm = [run(conformance, python, "jax.numpy", hint, jax_env(cache)) for _ in range(2)]
        say(f"  cold (empty cache): {cold:.0f} s (target {JAX_COLD_TARGET_S} s: "
            f"{'met' if cold <= JAX_COLD_TARGET_S else 'MISSED'})")
        say(f"  warm: {', '.join(f'{w:.0f} s' for w in warm)} (target {JAX_WARM_TARGET_S} s: "
            f"{'met' if min(warm) <= JAX_WARM_TARGET_S else 'MISSED'})")
        plain_cache = os.path.join(scratch, "plain-cache")
        plain = os.path.join(scratch, "plain.json")
        plain_cold = run(conformance, python, "jax.numpy", plain, jax_env(plain_cache, "asarray"))
        plain_warm = run(conformance, python, "jax.numpy", plain, jax_env(plain_cache, "asarray"))
        say(f"  inputs made by jnp.asarray (ADC_MAKE_INPUTS=asarray): cold {plain_cold:.0f} s, "
            f"warm {plain_warm:.0f} s")
        a, b = results_of(hint), results_of(plain)
        differing = sorted(k for k in a.keys() | b.keys()
                           if k not in a or k not in b or verdict(a[k]) != verdict(b[k]))
        say(f"  the two ways, check by check (status, cases, reason, counterexample, expected, "
            f"actual): {len(a)} checks, {len(differing)} differ"
            + (": " + ", ".join(differing) if differing else ""))


if __name__ == "__main__":
    main()
