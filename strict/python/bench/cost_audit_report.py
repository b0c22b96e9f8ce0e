"""The cost audit's report: the Markdown tables (with the speed-up since a baseline run) and the
JSON, from the records the timing and the analysis made."""

import json

from cost_audit_analysis import EXPONENT_SLACK, baseline_speedup, format_seconds, format_size
from cost_audit_cases import FAMILIES

# ---------------------------------------------------------------------------------------------
# Markdown.

def _cell(result):
    if result is None:
        return "-"
    if "seconds" in result:
        return format_seconds(result["seconds"])
    if "skipped" in result:
        if "estimate" in result:
            return f"skipped (~{format_seconds(result['estimate'])})"
        return "skipped"
    if "timeout" in result:
        return f"killed (> {result['timeout']:.0f} s)"
    return "raises"


def _flag_codes(record):
    codes = {"exponent": "E", "ratio": "R"}
    text = "".join(codes[f["flag"]] for f in record["flags"])
    if "strict_error" in record:
        text += "X"
    if record.get("numpy_view"):
        text += " v"
    return text.strip()


def _fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def render_markdown(report):
    meta = report["meta"]
    lines = [f"# strict_xp cost audit ({meta['date']})", ""]
    lines += [f"- machine: {meta['machine']}",
              f"- Python {meta['python']}, NumPy {meta['numpy']} (BLAS threads: "
              f"{meta['blas_threads']}), strict_xp {meta['strict_xp']} from "
              f"`{meta['strict_xp_path']}`",
              f"- command: `{meta['command']}`",
              f"- {meta['cases']} cases in {meta['wall_seconds']:.0f} s; per call limit "
              f"{meta['options']['limit']:g} s, budget {meta['options']['budget']:g} s per "
              f"measurement, best of up to {meta['options']['repeats']} repeats", ""]
    if meta.get("baseline"):
        lines.insert(-1, f"- baseline: `{meta['baseline']['file']}` ({meta['baseline']['date']})")
    if meta.get("heading"):
        lines[2:2] = [meta["heading"], ""]
    records = report["cases"]
    flagged = [r for r in records if r["flags"]]
    lines += ["Times are best of repeats per call; ratio = strict_xp / NumPy; exponent = slope of "
              "log time against log size over the largest two sizes timed (pilots, two smaller "
              "sizes timed on strict_xp first, where fewer than two sizes ran; >= through a call "
              "killed at the limit). Flags: E exponent over the textbook's + "
              f"{EXPONENT_SLACK} over the largest two sizes, and fitted over all sizes or over "
              "NumPy's + 0.3 too (where the time is at least 10 µs), R ratio "
              "over the target (linalg <= 10x at 1,000 x k and 200 x 200; sort, argsort, unique_* "
              "<= 10x at 10^6; else <= 3x at the size nearest 10^6 elements), X strict_xp raises; "
              "v: NumPy's result is a view of its input (no copy made).",
              ""]
    shared = lambda f: f.get("numpy_too", False)
    own = [(r, f) for r in flagged for f in r["flags"] if not shared(f)]
    common = [(r, f) for r in flagged for f in r["flags"] if shared(f)]
    lines += [f"## Flagged ({len(flagged)} of {len(records)} cases)", "",
              f"{len(own)} flags of strict_xp's own:", "",
              "| case | flag | detail |", "|---|---|---|"]
    lines += [f"| `{r['id']}` | {f['flag']} | {f['detail']} |" for r, f in own]
    lines.append("")
    if common:
        lines += [f"{len(common)} exponent flags where NumPy's exponent over the same sizes is "
                  "over the textbook's too, and strict_xp's within 0.3 of it (the machine: "
                  "caches, page faults, noise, more likely than the algorithm):",
                  "", "| case | flag | detail |", "|---|---|---|"]
        lines += [f"| `{r['id']}` | {f['flag']} | {f['detail']} |" for r, f in common]
        lines.append("")
    problems = [r for r in records if "strict_error" in r or "numpy_error" in r]
    lines += [f"## Missing or raising ({len(problems) + len(report['missing'])})", ""]
    if report["missing"] or problems:
        lines += ["| case | library | exception |", "|---|---|---|"]
        for m in report["missing"]:
            lines.append(f"| `{m['id']}` | strict_xp | missing: {m['error']} |")
        for r in problems:
            for lib, key in (("strict_xp", "strict_error"), ("NumPy", "numpy_error")):
                if key in r:
                    lines.append(f"| `{r['id']}` | {lib} | {r[key].replace('|', '/')} |")
    else:
        lines.append("None.")
    lines.append("")
    differ = [r for r in records if r.get("shapes_differ")]
    if differ:
        lines += ["Result shapes differ from NumPy's (the two calls are not the same "
                  "computation): " + ", ".join(f"`{r['id']}` at {r['shapes_differ']}"
                                               for r in differ), ""]
    if report["not_covered"]:
        lines += ["Names of the standard not timed: " + ", ".join(
            f"`{n}` ({why})" for n, why in sorted(report["not_covered"].items())), ""]
    for family, info in FAMILIES.items():
        rows = [r for r in records if r["family"] == family]
        if not rows:
            continue
        sizes = info["sizes"]
        lines += [f"## {family}: {info['what']}", ""]
        if family == "constant":
            lines += ["| case | strict_xp | NumPy | ratio | note |", "|---|---|---|---|---|"]
            for r in rows:
                row = r["results"][0]
                ratio = r["ratios"].get(str(sizes[0]))
                lines.append(f"| `{r['id']}` | {_cell(row.get('strict'))} | "
                             f"{_cell(row.get('numpy'))} | {_fmt(ratio, 1)} | {r['note']} |")
            lines.append("")
            continue
        baseline = report.get("baseline")
        head = " | ".join(f"{format_size(family, s)}: strict_xp / NumPy (ratio)" for s in sizes)
        extra = " strict_xp, baseline / now |" if baseline is not None else ""
        lines += [f"| case | {head} | exponent strict_xp / NumPy (textbook) | flags |{extra}",
                  "|---" * (len(sizes) + 3 + bool(extra)) + "|"]
        for r in rows:
            by_size = {row["size"]: row for row in r["results"]}
            cells = []
            for s in sizes:
                row = by_size.get(s, {})
                ratio = r["ratios"].get(str(s))
                cells.append(f"{_cell(row.get('strict'))} / {_cell(row.get('numpy'))}"
                             + (f" ({ratio:.1f})" if ratio is not None else ""))
            e = r["exponent"]
            basis = " (pilots)" if e["basis"] == "pilots" and e["strict"] is not None else ""
            at_least = ">= " if e.get("lower_bound") and e["strict"] is not None else ""
            line = (f"| `{r['id']}` | " + " | ".join(cells) +
                    f" | {at_least}{_fmt(e['strict'])}{basis} / {_fmt(e['numpy'])} "
                    f"({_fmt(e.get('textbook'))}) | {_flag_codes(r)} |")
            if baseline is not None:
                speedup = baseline_speedup(r, baseline.get(r["id"]))
                line += (f" {speedup[1]:.3g}x at {format_size(family, speedup[0])} |"
                         if speedup else " - |")
            lines.append(line)
        lines.append("")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# JSON.

def _rounded(obj):
    if isinstance(obj, float):
        return float(f"{obj:.4g}")
    if isinstance(obj, dict):
        return {k: _rounded(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_rounded(v) for v in obj]
    return obj


def report_json(report):
    """The report as JSON, floats to 4 significant digits, one case per line (for diffs)."""
    head = {k: v for k, v in report.items() if k != "cases"}
    text = json.dumps(_rounded(head), indent=1, default=str)
    cases = ",\n".join(json.dumps(_rounded(c), default=str) for c in report["cases"])
    return text[:-2] + ',\n "cases": [\n' + cases + "\n ]\n}\n"
