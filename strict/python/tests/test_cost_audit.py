"""The cost audit's own logic (strict/python/bench/cost_audit.py), on made-up timings: growth
exponents, extrapolation and skips, the flagging rules, the report. Nothing here times anything."""

import importlib.util
import json
import math
import pathlib
import types

import pytest

AUDIT_PATH = pathlib.Path(__file__).resolve().parents[1] / "bench" / "cost_audit.py"


def _load():
    spec = importlib.util.spec_from_file_location("cost_audit", AUDIT_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


audit = _load()


def points(exponent, sizes, scale=1e-9):
    return [(s, scale * s**exponent) for s in sizes]


def meta(name="f", family="vector", exponent=1.0, log=False, kind="other"):
    return {"id": f"{name}@{family}", "name": name, "variant": "", "family": family,
            "textbook_exponent": exponent, "log_factor": log, "kind": kind, "note": ""}


def measured(t):
    return {"seconds": t}


# ---- exponents --------------------------------------------------------------------------------


def test_the_exponent_of_a_power_law_is_its_power():
    for e in (0.0, 1.0, 3.0, 4.0):
        pts = points(e, [10**4, 10**5, 10**6])
        assert audit.growth_exponent(pts) == pytest.approx(e)
        assert audit.fitted_exponent(pts) == pytest.approx(e)


def test_the_exponent_is_over_the_largest_two_sizes():
    pts = [(10**4, 1e-3), (10**5, 2e-3), (10**6, 2e-1)]   # overhead first, then n^2
    assert audit.growth_exponent(pts) == pytest.approx(2.0)
    assert audit.growth_exponent(list(reversed(pts))) == pytest.approx(2.0)
    assert audit.fitted_exponent(pts) == pytest.approx(
        math.log(2e-1 / 1e-3) / math.log(100), rel=0.2)


def test_an_exponent_needs_two_sizes():
    assert audit.growth_exponent([(10, 1.0)]) is None
    assert audit.fitted_exponent([(10, 1.0), (10, 2.0)]) is None
    assert audit.slope((10, 0.0), (100, 1.0)) is None


def test_the_textbook_slope_of_n_log_n_is_a_little_over_one():
    assert audit.textbook_slope(1.0, True, 10**5, 10**6) == pytest.approx(
        1 + math.log10(6 / 5))
    assert audit.textbook_slope(1.0, False, 10**5, 10**6) == 1.0
    assert audit.textbook_slope(3.0, False, 200, 500) == 3.0


def test_extrapolation_uses_the_steeper_of_observed_and_textbook():
    # Observed n^4 beats the textbook's n: 1 s at 300 is 81 s at 900.
    assert audit.extrapolate([(100, 1 / 81), (300, 1.0)], 900, 1.0) == pytest.approx(81.0)
    # Overhead-dominated (flat) observations fall back to the textbook's exponent.
    assert audit.extrapolate([(100, 1e-6), (300, 1e-6)], 3000, 1.0) == pytest.approx(1e-5)
    # One point: the textbook's exponent alone; none: nothing.
    assert audit.extrapolate([(50, 0.01)], 500, 3.0) == pytest.approx(10.0)
    assert audit.extrapolate([], 500, 3.0) is None


def test_an_exponent_is_flagged_when_the_last_slope_and_the_fit_or_numpy_agree():
    assert audit.exponent_exceeds(1.5, 1.4, 1.0)
    assert not audit.exponent_exceeds(1.29, 1.5, 1.0)
    assert not audit.exponent_exceeds(1.5, 1.1, 1.0)   # one noisy or cache-crossing size
    assert not audit.exponent_exceeds(1.5, 1.1, 1.0, 1.3)
    # The fit dragged down by a small size, but NumPy grows far slower over the same sizes.
    assert audit.exponent_exceeds(4.0, 3.2, 3.0, 2.2)
    assert audit.exponent_exceeds(4.0, None, 1.0)      # two sizes only
    assert not audit.exponent_exceeds(None, None, 1.0)


# ---- targets and flags ------------------------------------------------------------------------


def test_ratio_targets():
    assert audit.ratio_target("linalg", "square") == (10.0, 200)
    assert audit.ratio_target("linalg", "tall50") == (10.0, 1000)
    assert audit.ratio_target("sort", "vector") == (10.0, 10**6)
    assert audit.ratio_target("other", "vector") == (3.0, 10**6)
    # Elsewhere the size whose element count is nearest 10^6.
    assert audit.ratio_target("other", "tall5") == (3.0, 10**5)     # 5 x 10^5 elements
    assert audit.ratio_target("other", "tall50") == (3.0, 10**4)    # 5 x 10^5, not 5 x 10^6
    assert audit.ratio_target("other", "square") == (3.0, 500)
    assert audit.ratio_target("other", "constant") is None


def rows_of(sizes, strict, numpy, pilots=()):
    rows = [(s, measured(t), None, True) for s, t in pilots]
    rows += [(s, a, b, False) for s, a, b in zip(sizes, strict, numpy)]
    return rows


def test_a_linear_function_near_numpy_is_not_flagged():
    sizes = [10**4, 10**5, 10**6]
    rows = rows_of(sizes, [measured(t) for t in (1e-5, 1e-4, 1e-3)],
                   [measured(t) for t in (0.5e-5, 0.5e-4, 0.5e-3)])
    out = audit.assess(meta(), rows)
    assert out["flags"] == []
    assert out["exponent"]["strict"] == pytest.approx(1.0)
    assert out["ratios"][str(10**6)] == pytest.approx(2.0)


def test_a_quadratic_function_is_flagged_for_exponent_and_ratio():
    sizes = [10**4, 10**5, 10**6]
    rows = rows_of(sizes, [measured(t) for t in (1e-4, 1e-2, 1.0)],
                   [measured(t) for t in (1e-5, 1e-4, 1e-3)])
    out = audit.assess(meta(), rows)
    kinds = {f["flag"]: f for f in out["flags"]}
    assert set(kinds) == {"exponent", "ratio"}
    assert kinds["exponent"]["value"] == pytest.approx(2.0)
    assert kinds["ratio"]["value"] == pytest.approx(1000.0)
    assert not kinds["exponent"]["numpy_too"]


def test_sorting_gets_its_log_factor_and_ten_times():
    sizes = [10**4, 10**5, 10**6]
    nlogn = [1e-8 * n * math.log(n) for n in sizes]
    rows = rows_of(sizes, [measured(9 * t) for t in nlogn], [measured(t) for t in nlogn])
    assert audit.assess(meta("sort", log=True, kind="sort"), rows)["flags"] == []
    rows = rows_of(sizes, [measured(11 * t) for t in nlogn], [measured(t) for t in nlogn])
    flags = audit.assess(meta("sort", log=True, kind="sort"), rows)["flags"]
    assert [f["flag"] for f in flags] == ["ratio"]


def test_a_fast_call_is_never_flagged_for_its_exponent():
    sizes = [10**4, 10**5, 10**6]
    rows = rows_of(sizes, [measured(t) for t in (1e-7, 1e-7, 4e-6)],
                   [measured(t) for t in (1e-7, 1e-7, 1e-7)])
    flags = audit.assess(meta(exponent=0.0), rows)["flags"]
    assert [f["flag"] for f in flags] == ["ratio"]   # 40x, under 10 us: ratio only


def test_numpy_growing_as_fast_is_said():
    sizes = [10**4, 10**5, 10**6]
    rows = rows_of(sizes, [measured(t) for t in (1e-5, 1e-4, 3e-3)],
                   [measured(t) for t in (1e-5, 1e-4, 3e-3)])
    # Over the largest two 1.48 (a cache level crossed), fitted 1.24: not over 1.3 both ways.
    assert audit.assess(meta(), rows)["flags"] == []
    rows = rows_of(sizes, [measured(t) for t in (1e-5, 4e-4, 1.6e-2)],
                   [measured(t) for t in (1e-5, 4e-4, 1.6e-2)])
    (flag,) = audit.assess(meta(), rows)["flags"]
    assert flag["flag"] == "exponent" and flag["numpy_too"]
    assert "too" in flag["detail"]


def test_growing_much_faster_than_numpy_is_strict_xps_own_even_when_numpy_grows_too():
    sizes = [10**4, 10**5, 10**6]
    rows = rows_of(sizes, [measured(t) for t in (1e-5, 4e-4, 5e-2)],     # 2.1 last, fit 1.7
                   [measured(t) for t in (1e-5, 4e-4, 2e-2)])            # 1.7 last
    (flag,) = audit.assess(meta(), rows)["flags"]
    assert flag["flag"] == "exponent" and not flag["numpy_too"]


def test_result_shapes_are_compared_for_arrays_only():
    assert audit.shapes_differ([10, 5], [10, 50])
    assert audit.shapes_differ([[10, 5], [5]], [[10, 10], [10]])
    assert not audit.shapes_differ([[10, 5], [5], [5, 5]], [[10, 5], [5], [5, 5]])
    assert not audit.shapes_differ([], [])                      # 0-d results
    assert not audit.shapes_differ("finfo_object", "finfo")     # not arrays
    assert not audit.shapes_differ(["Device", "Device"], ["str"])
    rows = rows_of([50, 200, 500], [dict(measured(1e-3), shape=[n, n]) for n in (50, 200, 500)],
                   [dict(measured(1e-3), shape=[n, 1]) for n in (50, 200, 500)])
    out = audit.assess(meta("linalg.inv", "square", 3.0, kind="linalg"), rows)
    assert out["shapes_differ"] == [50, 200, 500]


def test_skipped_sizes_give_an_extrapolated_ratio_and_the_pilots_the_exponent():
    # linalg.svd on tall m x 5 as today: O(m^4), the sizes skipped on the pilots' estimate.
    t = lambda m: 0.3 * (m / 100) ** 4
    rows = [(100, measured(t(100)), None, True), (300, measured(t(300)), None, True)]
    rows += [(m, {"skipped": "...", "estimate": t(m)}, measured(1e-4 * m / 1000), False)
             for m in (1000, 10**4, 10**5)]
    out = audit.assess(meta("linalg.svd", "tall5", kind="linalg"), rows)
    assert out["exponent"]["basis"] == "pilots"
    assert out["exponent"]["strict"] == pytest.approx(4.0)
    kinds = {f["flag"]: f for f in out["flags"]}
    assert set(kinds) == {"exponent", "ratio"}
    assert not kinds["exponent"]["numpy_too"]   # pilots: never put down to the machine
    assert kinds["ratio"]["estimated"]
    assert kinds["ratio"]["value"] == pytest.approx(t(1000) / 1e-4)


def test_a_killed_call_is_a_lower_bound():
    rows = [(100, measured(0.3), None, True), (300, {"error": "timed out", "timeout": 51.0},
                                               None, True)]
    rows += [(m, {"skipped": "...", "estimate": 1e4, "lower_bound": True},
              measured(1e-3), False) for m in (1000, 10**4, 10**5)]
    out = audit.assess(meta("linalg.pinv", "tall50", kind="linalg"), rows)
    assert out["exponent"]["lower_bound"]
    assert out["exponent"]["strict"] == pytest.approx(math.log(51 / 0.3) / math.log(3))
    assert "strict_error" not in out          # a timeout is not an exception
    assert {f["flag"] for f in out["flags"]} == {"exponent", "ratio"}
    assert any(">=" in f["detail"] for f in out["flags"])


def test_an_exception_is_reported():
    rows = rows_of([50, 200, 500], [{"error": "LinAlgError: singular"}] * 3,
                   [measured(1e-3)] * 3)
    out = audit.assess(meta("linalg.inv", "square", 3.0, kind="linalg"), rows)
    assert out["strict_error"] == "LinAlgError: singular"
    assert out["flags"] == []


def test_jacobi_like_growth_over_the_largest_sizes_is_flagged_against_numpy():
    # eigh today: 50 -> 200 slope 2.9, 200 -> 500 slope 4.0, fit 3.3; NumPy 2.2.
    rows = rows_of([50, 200, 500], [measured(t) for t in (7.24e-3, 0.386, 14.9)],
                   [measured(t) for t in (8e-4, 9.89e-3, 7.25e-2)])
    out = audit.assess(meta("linalg.eigh", "square", 3.0, kind="linalg"), rows)
    assert {f["flag"] for f in out["flags"]} == {"exponent", "ratio"}


# ---- the audit of a case, with a made-up clock -----------------------------------------------


def run_case(seconds_at, limit=20.0, family="tall5", exponent=1.0):
    """audit_case with run() answering from seconds_at(lib, size); returns the record and the
    (lib, size) pairs it ran."""
    case = audit.Case("linalg.svd", family, make=None, call=None, exponent=exponent)
    options = types.SimpleNamespace(limit=limit, budget=1.0, repeats=5, repeat_seconds=0.02,
                                    seed=0, pilots=True)
    ran = []

    def run(task, timeout):
        ran.append((task["lib"], task["size"]))
        t = seconds_at(task["lib"], task["size"])
        return {"timeout": timeout} if t > timeout else {"seconds": t}

    return audit.audit_case(case, run, options), ran


def test_a_size_extrapolated_over_the_limit_is_not_run():
    quartic = lambda lib, m: 0.3 * (m / 100) ** 4 if lib == "strict" else 1e-7 * m
    record, ran = run_case(quartic, limit=30.0)
    # Pilots 100 (0.3 s) and 300 (24 s) ran; 1,000 would take ~3,000 s: skipped, as all after.
    assert [s for lib, s in ran if lib == "strict"] == [100, 300]
    assert [s for lib, s in ran if lib == "numpy"] == [1000, 10**4, 10**5]
    skipped = [r["strict"] for r in record["results"] if not r.get("pilot")]
    assert all("skipped" in r for r in skipped)
    assert skipped[0]["estimate"] == pytest.approx(0.3 * 10**4)
    assert "extrapolated" in skipped[0]["skipped"]


def test_a_call_past_the_kill_stops_the_sizes_after_it():
    slow = lambda lib, m: (0.5 if m == 100 else 1e4) if lib == "strict" else 1e-6
    record, ran = run_case(slow, limit=20.0)
    assert [s for lib, s in ran if lib == "strict"] == [100, 300]
    pilot300 = record["results"][1]["strict"]
    assert "timeout" in pilot300 and "killed" in pilot300["error"]
    assert all(r["strict"].get("lower_bound") for r in record["results"][2:])
    assert record["exponent"]["lower_bound"]


def test_a_fast_case_runs_every_size():
    record, ran = run_case(lambda lib, m: 1e-9 * m * 5, family="tall50")
    assert sorted(set(s for _, s in ran)) == [100, 300, 1000, 10**4, 10**5]
    assert record["flags"] == []


# ---- the case table and the report -----------------------------------------------------------


def test_case_ids_are_unique_and_every_standard_function_has_a_case():
    cases = audit.build_cases()
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids))
    assert all(c.kind in ("linalg", "sort", "other") and c.family in audit.FAMILIES
               for c in cases)
    names = audit.standard_names()
    if names is None:
        pytest.skip("no catalogue of the standard's signatures beside this checkout")
    timed = {c.name for c in cases}
    assert sorted(set(names) - timed - audit.ATTRIBUTES) == []


def test_only_selects_by_name_id_or_name_at_family():
    cases = audit.build_cases()
    pick = lambda *globs: {c.id for c in audit.selected(cases, list(globs))}
    assert pick("linalg.svd@tall5") == {"linalg.svd[full_matrices=False]@tall5"}
    assert "linalg.svd@square" in pick("linalg.svd")
    assert all(i.startswith("fft.") for i in pick("fft.*"))
    assert pick("no_such_function") == set()


def test_the_markdown_report_lists_flags_errors_and_skips():
    rows = rows_of([10**4, 10**5, 10**6], [measured(t) for t in (1e-4, 1e-2, 1.0)],
                   [measured(t) for t in (1e-5, 1e-4, 1e-3)])
    slow = dict(meta("slow"), **audit.assess(meta("slow"), rows))
    slow["results"] = [{"size": s, "strict": a, "numpy": b}
                       for s, a, b, _ in rows]
    raising = dict(meta("raising", "square", 3.0, kind="linalg"),
                   **audit.assess(meta("raising", "square", 3.0, kind="linalg"),
                                  rows_of([50, 200, 500], [{"error": "ValueError: no"}] * 3,
                                          [measured(1e-3)] * 3)))
    raising["results"] = [{"size": s, "strict": {"error": "ValueError: no"},
                           "numpy": measured(1e-3)} for s in (50, 200, 500)]
    report = {"meta": {"date": "today", "machine": "m", "python": "3", "numpy": "2",
                       "blas_threads": 1, "strict_xp": "0", "strict_xp_path": "p",
                       "command": "c", "heading": "before", "cases": 2, "wall_seconds": 1.0,
                       "options": {"limit": 20.0, "budget": 1.0, "repeats": 5}},
              "cases": [slow, raising],
              "missing": [{"id": "gone@vector", "name": "gone", "error": "strict_xp has no gone"}],
              "not_covered": {"array.T": "an attribute"}}
    text = audit.render_markdown(report)
    back = json.loads(audit.report_json(report))
    assert back["cases"][0]["id"] == "slow@vector" and back["missing"] == report["missing"]
    assert back["cases"][0]["ratios"][str(10**6)] == 1000.0
    assert "| `slow@vector` | exponent |" in text and "| `slow@vector` | ratio |" in text
    assert "ValueError: no" in text and "strict_xp has no gone" in text
    assert "raises" in text and "`array.T` (an attribute)" in text
    assert text.count("\n## ") >= 4
