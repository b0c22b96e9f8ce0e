"""strict_xp against NumPy on the same data in the same process: per-call time on small arrays,
throughput on large ones and what recording provenance costs, each against its target. Run by
tools/bench with PYTHONPATH=<build>/python; prints one line per measurement. Medians of repeated
timeit runs; nothing is asserted."""

import statistics
import timeit

import numpy

import strict_xp as xp


def per_call(statement, namespace, number=20000, repeat=7):
    times = timeit.repeat(statement, globals=namespace, number=number, repeat=repeat)
    return statistics.median(times) / number


def main():
    small = [0.5 * i for i in range(8)]
    a, b = xp.asarray(small), xp.asarray(small[::-1])
    na, nb = numpy.asarray(small), numpy.asarray(small[::-1])
    names = {"xp": xp, "numpy": numpy, "a": a, "b": b, "na": na, "nb": nb}
    rows = [("xp.add(a, b)", "numpy.add(na, nb)"), ("xp.sum(a)", "numpy.sum(na)"),
            ("a @ b", "na @ nb")]
    for ours, theirs in rows:
        t_ours, t_theirs = per_call(ours, names), per_call(theirs, names)
        print(f"{ours:14} 8 x float64: {t_ours * 1e9:6.0f} ns per call; NumPy {t_theirs * 1e9:6.0f} ns;"
              f" ratio {t_ours / t_theirs:.2f} (target <= 1.5)")

    n = 10**7
    la, lb = xp.asarray(numpy.arange(n, dtype=numpy.float64)), xp.ones(n)
    nla, nlb = numpy.arange(n, dtype=numpy.float64), numpy.ones(n)
    big = {"xp": xp, "numpy": numpy, "la": la, "lb": lb, "nla": nla, "nlb": nlb}
    bytes_touched = 3 * 8 * n
    t_ours = per_call("xp.add(la, lb)", big, number=5, repeat=7)
    t_theirs = per_call("numpy.add(nla, nlb)", big, number=5, repeat=7)
    print(f"xp.add, 10^7 float64: {bytes_touched / t_ours / 1e9:.1f} GB/s; NumPy "
          f"{bytes_touched / t_theirs / 1e9:.1f} GB/s; {100 * t_theirs / t_ours:.0f}% of NumPy's "
          f"throughput (target >= 90%)")

    # Provenance: creation looks up the calling Python line; propagation copies the origin.
    device1 = xp.Device("device1")
    names["device1"] = device1
    for statement in ("xp.zeros(8, device=device1)", "xp.add(a, b)"):
        xp._strict_xp._set_python_call_sites(True)
        on = per_call(statement, names)
        xp._strict_xp._set_python_call_sites(False)
        off = per_call(statement, names)
        xp._strict_xp._set_python_call_sites(True)
        print(f"provenance of {statement}: {on * 1e9:.0f} ns with the Python call site, "
              f"{off * 1e9:.0f} ns without: {100 * (on / off - 1):+.0f}% (target <= 15%)")


if __name__ == "__main__":
    main()
