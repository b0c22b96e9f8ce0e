"""The cost audit's analysis: growth exponents, extrapolation, ratio targets and the flags of one
case. Pure functions, no timing, no NumPy, so that tests/test_cost_audit.py checks them on
made-up timings."""

import math

from cost_audit_cases import FAMILIES, elements

EXPONENT_SLACK = 0.3          # flag an exponent above the textbook's by more than this
EXPONENT_MIN_SECONDS = 1e-5   # ... only where the larger of the two times is at least this
ONE_MILLION = 10**6


def slope(p, q):
    """The slope of log time against log size between points p and q, (size, seconds)."""
    (s1, t1), (s2, t2) = p, q
    if s1 <= 0 or s2 <= 0 or t1 <= 0 or t2 <= 0 or s1 == s2:
        return None
    return math.log(t2 / t1) / math.log(s2 / s1)


def fitted_exponent(points):
    """Least-squares slope of log time against log size over all points (None for fewer than
    two distinct sizes)."""
    pts = [(math.log(s), math.log(t)) for s, t in points if s > 0 and t > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    return (sum((x - mx) * (y - my) for x, y in pts) /
            sum((x - mx) ** 2 for x, _ in pts))


def growth_exponent(points):
    """The slope over the largest two sizes of `points` (sorted by size), or None."""
    pts = sorted(points)
    return slope(pts[-2], pts[-1]) if len(pts) >= 2 else None


def textbook_slope(exponent, log_factor, s1, s2):
    """What the textbook cost s^exponent (times log s when log_factor) gives as the slope
    between sizes s1 < s2: n log n from 10^5 to 10^6 is 1.079."""
    if not log_factor or s1 == s2 or min(s1, s2) <= 1:
        return exponent
    return exponent + math.log(math.log(s2) / math.log(s1)) / math.log(s2 / s1)


def exponent_exceeds(last_two, all_sizes, textbook, numpy_last_two=None):
    """Whether strict_xp's growth exponent exceeds the textbook's by more than EXPONENT_SLACK:
    the slope over the largest two sizes must, and either the fit over all sizes too or that
    slope exceed NumPy's over the same sizes by more than EXPONENT_SLACK as well. (One size's
    noise, or a cache level crossed between the largest two sizes, moves the last slope alone,
    and NumPy's with it.)"""
    if last_two is None or last_two <= textbook + EXPONENT_SLACK:
        return False
    if all_sizes is None or all_sizes > textbook + EXPONENT_SLACK:
        return True
    return numpy_last_two is not None and last_two > numpy_last_two + EXPONENT_SLACK


def extrapolate(points, size, textbook):
    """The time expected at `size` from the measured points (sorted by size): from the largest
    one, with the larger of the last observed slope and the textbook's. None without points."""
    if not points:
        return None
    last_size, last_seconds = points[-1]
    exponent = textbook
    if len(points) >= 2:
        observed = slope(points[-2], points[-1])
        if observed is not None:
            exponent = max(exponent, observed)
    return last_seconds * (size / last_size) ** exponent


def ratio_target(kind, family, k=None):
    """(limit, size) the ratio strict_xp / NumPy is held to, or None: linalg <= 10x at
    1,000 x k and 200 x 200; sort, argsort, unique_* <= 10x at 10^6 elements; everything else
    <= 3x at the size nearest 10^6 elements."""
    info = FAMILIES[family]
    if family == "constant":
        return None
    if kind == "linalg" and family == "square":
        return (10.0, 200)
    if kind == "linalg" and family.startswith("tall"):
        return (10.0, 1000)
    nearest = min(info["sizes"], key=lambda s: (abs(math.log(elements(family, s) / ONE_MILLION)),
                                                -s))
    return (10.0 if kind == "sort" else 3.0, nearest)


def _shape_kind(signature):
    if isinstance(signature, list) and all(isinstance(v, int) for v in signature):
        return "array"
    if (isinstance(signature, list) and signature
            and all(_shape_kind(v) == "array" for v in signature)):
        return "arrays"
    return None


def shapes_differ(a, b):
    """Whether two results' shape signatures (shape_signature) disagree; only arrays and
    sequences of arrays are compared (a dtype object or a device is not)."""
    if _shape_kind(a) is None or _shape_kind(b) is None:
        return False
    return a != b


def _seconds(result):
    return result.get("seconds") if isinstance(result, dict) else None


def assess(meta, rows):
    """Exponents, ratios and flags of one case. rows: (size, strict result, numpy result,
    pilot) with results as run_task returns them ({'seconds'} measured, {'skipped', 'estimate'},
    {'error'}) or None."""
    family = meta["family"]
    standard = [r for r in rows if not r[3]]
    strict_std = [(s, _seconds(a)) for s, a, _, _ in standard if _seconds(a) is not None]
    numpy_std = [(s, _seconds(b)) for s, _, b, _ in standard if _seconds(b) is not None]
    # Points for strict_xp's exponent: the sizes timed, and a call killed at the limit as its
    # timeout (a lower bound, so the exponent through it is one too).
    bounds = {s: a["timeout"] for s, a, _, _ in rows if isinstance(a, dict) and "timeout" in a}
    strict_with_bounds = sorted(strict_std + [(s, t) for s, t in bounds.items()
                                              if any(s == r[0] for r in standard)])
    strict_all = sorted([(s, _seconds(a)) for s, a, _, _ in rows if _seconds(a) is not None] +
                        list(bounds.items()))
    basis = "sizes"
    strict_points = strict_with_bounds
    if len(strict_points) < 2 and len(strict_all) >= 2:
        strict_points, basis = strict_all, "pilots"
    lower_bound = bool(strict_points) and strict_points[-1][0] in bounds
    out = {
        "exponent": {
            "strict": growth_exponent(strict_points), "numpy": growth_exponent(numpy_std),
            "strict_all_sizes": fitted_exponent(strict_points),
            "numpy_all_sizes": fitted_exponent(numpy_std),
            "basis": basis, "lower_bound": lower_bound,
            "sizes": [s for s, _ in strict_points[-2:]],
        },
        "ratios": {},
        "flags": [],
    }
    for size, a, b, pilot in standard:
        ta, tb = _seconds(a), _seconds(b)
        if ta is not None and tb is not None and tb > 0:
            out["ratios"][str(size)] = ta / tb
    flags = out["flags"]
    errors = [a["error"] for _, a, _, _ in rows if isinstance(a, dict) and "error" in a
              and "timeout" not in a]
    if errors:
        out["strict_error"] = errors[0]
    if any(isinstance(b, dict) and b.get("view") for _, _, b, _ in rows):
        out["numpy_view"] = True
    differ = [s for s, a, b, _ in standard if isinstance(a, dict) and isinstance(b, dict)
              and shapes_differ(a.get("shape"), b.get("shape"))]
    if differ:
        out["shapes_differ"] = differ
    numpy_errors = [b["error"] for _, _, b, _ in rows if isinstance(b, dict) and "error" in b]
    if numpy_errors:
        out["numpy_error"] = numpy_errors[0]

    # Exponent.
    e = out["exponent"]["strict"]
    if e is not None and family != "constant":
        s1, s2 = out["exponent"]["sizes"]
        book = textbook_slope(meta["textbook_exponent"], meta["log_factor"], s1, s2)
        out["exponent"]["textbook"] = book
        larger = max(t for s, t in strict_points if s == s2)
        en = out["exponent"]["numpy"] if basis == "sizes" else None
        if (exponent_exceeds(e, out["exponent"]["strict_all_sizes"], book, en)
                and larger >= EXPONENT_MIN_SECONDS):
            en = out["exponent"]["numpy"]
            also = (f"; NumPy's {en:.2f}" if en is not None else "")
            if en is not None and en > book + EXPONENT_SLACK:
                also += " too"
            if basis == "pilots" and en is not None:
                also += " (over its sizes)"
            at_least = ">= " if lower_bound else ""
            # NumPy's exponent over the same sizes is as far over: the machine more likely
            # than the algorithm (caches, page faults, a loaded machine).
            shared = (basis == "sizes" and en is not None and en > book + EXPONENT_SLACK
                      and e <= en + EXPONENT_SLACK)
            flags.append({"flag": "exponent", "value": e, "limit": book + EXPONENT_SLACK,
                          "lower_bound": lower_bound, "numpy_too": shared,
                          "detail": f"exponent {at_least}{e:.2f} ({basis} "
                                    f"{format_size(family, s1)} to {format_size(family, s2)}) > "
                                    f"textbook {book:.2f} + {EXPONENT_SLACK}{also}"})
    elif family != "constant":
        out["exponent"]["textbook"] = meta["textbook_exponent"]

    # Ratio at the target size.
    target = ratio_target(meta["kind"], family)
    if target is not None:
        limit, size = target
        out["ratio_target"] = {"limit": limit, "size": size}
        row = next((r for r in standard if r[0] == size), None)
        if row is not None:
            _, a, b, _ = row
            ta, tb = _seconds(a), _seconds(b)
            if ta is not None and tb:
                if ta / tb > limit:
                    view = "; NumPy's result is a view" if out.get("numpy_view") else ""
                    flags.append({"flag": "ratio", "value": ta / tb, "limit": limit,
                                  "numpy_view": bool(view),
                                  "detail": f"{ta / tb:.1f}x NumPy at {format_size(family, size)}"
                                            f" (target <= {limit:g}x; {format_seconds(ta)} "
                                            f"against {format_seconds(tb)}{view})"})
            elif isinstance(a, dict) and tb and ("estimate" in a or "timeout" in a):
                est = a.get("estimate", a.get("timeout"))
                word = "extrapolated" if "estimate" in a else "killed after"
                at_least = ">= " if "timeout" in a or a.get("lower_bound") else "~"
                flags.append({"flag": "ratio", "value": est / tb, "limit": limit,
                              "estimated": True,
                              "detail": f"{at_least}{est / tb:.3g}x NumPy at "
                                        f"{format_size(family, size)} ({word} "
                                        f"{format_seconds(est)}; target <= {limit:g}x)"})
    return out


def baseline_speedup(record, baseline):
    """(size, before / now) for strict_xp at the largest standard size timed in both the
    baseline record and this one, or None."""
    if not baseline:
        return None
    now = {r["size"]: _seconds(r.get("strict")) for r in record["results"] if not r.get("pilot")}
    before = {r["size"]: _seconds(r.get("strict")) for r in baseline["results"]
              if not r.get("pilot")}
    common = [s for s in now if now[s] and before.get(s)]
    if not common:
        return None
    size = max(common)
    return size, before[size] / now[size]


# ---------------------------------------------------------------------------------------------
# Sizes and times as the flags, the skips and the tables write them.

def format_seconds(t):
    if t is None:
        return "-"
    if t >= 10**6:
        return f"{t:.2g} s"
    if t >= 1000:
        return f"{t:,.0f} s"
    if t >= 1:
        return f"{t:.3g} s"
    if t >= 1e-3:
        return f"{t * 1e3:.3g} ms"
    if t >= 1e-6:
        return f"{t * 1e6:.3g} µs"
    return f"{t * 1e9:.3g} ns"


def format_size(family, size):
    if family == "constant":
        return "-"
    if size >= 1000 and math.log10(size).is_integer():
        text = f"10^{int(math.log10(size))}"
    else:
        text = f"{size:,}"
    k = FAMILIES[family]["k"]
    if k:
        return f"{text} x {k}"
    if family == "square":
        return f"{size} x {size}"
    return text
