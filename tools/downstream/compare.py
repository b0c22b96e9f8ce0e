"""One downstream suite, its array-api-strict run beside its strict_xp run, as Markdown:
pass / fail / skip and the time of each (the whole pytest process), then every test strict_xp
fails that array-api-strict passes, with strict_xp's message. Exit 1 when there is one.

    compare.py SUITE DIR VERSIONS PYTEST_ARGUMENTS...
        DIR holds <backend>.xml (JUnit) and <backend>.seconds, or, for a suite run part by part
        (SciPy: a pytest process per module), <backend>.<part>.xml and <backend>.<part>.time
        ("wall seconds, peak KB"); VERSIONS: "suite strict numpy"; PYTEST_ARGUMENTS: those that
        chose the tests

DIR may also hold strict_xp.route (how strict_xp was asked for, one line of Markdown) and
array_api_strict_wheel_installed.xml: array-api-strict's run made again with the strict-xp wheel
installed and not asked for, whose every test must have the outcome of the run without it (the
wheel's pytest entry point must change nothing); a test whose outcome differs counts as a
difference.

A testcase named "(pytest process)..." is not a test: a pytest process that died (run_part.py's
entries, or the run script's for a part that left no results). They are listed apart, each with
its message, and count as a difference.
"""
import glob
import os
import shlex
import sys
import xml.etree.ElementTree as ElementTree

BACKENDS = ("array_api_strict", "strict_xp")


def outcomes(path):
    """{test id: (outcome, message)} from a JUnit file."""
    found = {}
    for case in ElementTree.parse(path).iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        outcome, message = "pass", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome, message = "fail", (child.get("message") or child.text or "")
            elif child.tag == "skipped":
                outcome, message = "skip", child.get("message") or ""
        found[name] = (outcome, message)
    return found


def parts_of(directory, backend):
    """{part: (outcomes, wall seconds, peak KB)} of a suite run part by part, else {}."""
    parts = {}
    for path in sorted(glob.glob(f"{directory}/{backend}.*.xml")):
        part = os.path.basename(path)[len(backend) + 1:-len(".xml")]
        wall, peak = open(f"{directory}/{backend}.{part}.time").read().split()
        parts[part] = (outcomes(path), float(wall), int(peak))
    return parts


def is_process(test):
    return "::(pytest process)" in test


def one_line(message):
    """The message's first line, and the next ones while it says little ("AssertionError:")."""
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    if not lines:
        return "(no message)"
    text = lines[0]
    for line in lines[1:]:
        if len(text) >= 60:
            break
        text += " " + line
    return text


def counts_of(run):
    counts = {o: 0 for o in ("pass", "fail", "skip")}
    for test, (outcome, _) in run.items():
        if not is_process(test):
            counts[outcome] += 1
    return counts


def main():
    suite, directory, versions = sys.argv[1:4]
    selection = shlex.join(sys.argv[4:])
    parts = {b: parts_of(directory, b) for b in BACKENDS}
    runs, seconds = {}, {}
    for b in BACKENDS:
        if parts[b]:
            runs[b] = {test: result for found, _, _ in parts[b].values()
                       for test, result in found.items()}
            seconds[b] = sum(wall for _, wall, _ in parts[b].values())
        else:
            runs[b] = outcomes(f"{directory}/{b}.xml")
            seconds[b] = float(open(f"{directory}/{b}.seconds").read())
    extra, strict, numpy = versions.split()
    route_file = f"{directory}/strict_xp.route"
    route = (open(route_file).read().strip() if os.path.exists(route_file)
             else "`-p strict_xp.pytest_plugin --strict-xp-as=array_api_strict`")
    print(f"# {suite} {extra} on array-api-strict {strict} and on strict_xp\n")
    print(f"`tools/downstream/run {suite}`: `pytest {selection}`, NumPy {numpy}; strict_xp stands "
          f"in for array-api-strict through {route} (no fixture edited).\n")
    print("| backend | pass | fail | skip | seconds (pytest process) |")
    print("|---|---|---|---|---|")
    for backend in BACKENDS:
        counts = counts_of(runs[backend])
        print(f"| {backend} | {counts['pass']} | {counts['fail']} | {counts['skip']} | "
              f"{seconds[backend]:.1f} |")
    if parts["array_api_strict"] or parts["strict_xp"]:
        print("\nPart by part (a pytest process each; peak: its largest resident memory):\n")
        print("| part | backend | pass | fail | skip | seconds | peak MB |")
        print("|---|---|---|---|---|---|---|")
        for part in sorted(parts["array_api_strict"].keys() | parts["strict_xp"].keys()):
            for backend in BACKENDS:
                if part not in parts[backend]:
                    print(f"| {part} | {backend} | | | | | (not run) |")
                    continue
                found, wall, peak = parts[backend][part]
                counts = counts_of(found)
                print(f"| {part} | {backend} | {counts['pass']} | {counts['fail']} | "
                      f"{counts['skip']} | {wall:.1f} | {peak / 1024:.0f} |")
    worse = sorted(t for t, (o, _) in runs["strict_xp"].items()
                   if o == "fail" and runs["array_api_strict"].get(t, ("", ""))[0] == "pass")
    deaths = [(b, t) for b in BACKENDS for t in sorted(runs[b]) if is_process(t)]
    missing = sorted(t for t in set(runs["array_api_strict"]) ^ set(runs["strict_xp"])
                     if not is_process(t))
    print(f"\nTests strict_xp fails that array-api-strict passes: {len(worse)}.")
    # One line per test function: SciPy parametrizes one function thousands of times.
    groups = {}
    for test in worse:
        groups.setdefault(test.split("[", 1)[0], []).append(test)
    for function, tests in groups.items():
        message = one_line(runs["strict_xp"][tests[0]][1])
        if len(tests) == 1:
            print(f"- `{tests[0]}`: {message}")
        else:
            print(f"- `{function}`, {len(tests)} parametrizations (first "
                  f"`{tests[0][len(function):]}`): {message}")
    if deaths:
        print(f"\npytest processes that died (beside the tests above): {len(deaths)}.")
        for backend, test in deaths:
            print(f"- {backend}, `{test}`: {one_line(runs[backend][test][1])}")
    if missing:
        print(f"\nTests collected on one backend only: {len(missing)} (first: `{missing[0]}`).")
    changed = wheel_installed_changes(directory, runs["array_api_strict"])
    return 1 if worse or missing or deaths or changed else 0


def wheel_installed_changes(directory, plain):
    """Prints how array-api-strict's run with the strict-xp wheel installed (not asked for)
    compares with the run without it; the tests whose outcome differs."""
    backend = "array_api_strict_wheel_installed"
    path = f"{directory}/{backend}.xml"
    parts = parts_of(directory, backend)
    if parts:
        installed = {test: result for found, _, _ in parts.values() for test, result in found.items()}
    elif os.path.exists(path):
        installed = outcomes(path)
    else:
        return []
    changed = sorted(t for t in plain.keys() | installed.keys()
                     if plain.get(t, ("absent", ""))[0] != installed.get(t, ("absent", ""))[0])
    if not changed:
        print(f"\nWith the strict-xp wheel installed and not asked for, array-api-strict's run "
              f"gives every test ({len(plain)}) the outcome it has without the wheel.")
        return []
    print(f"\nWith the strict-xp wheel installed and not asked for, {len(changed)} tests of "
          "array-api-strict's run change outcome:")
    for test in changed:
        before = plain.get(test, ("absent", ""))[0]
        after, message = installed.get(test, ("absent", ""))
        print(f"- `{test}`: {before} without the wheel, {after} with it: {one_line(message)}")
    return changed


if __name__ == "__main__":
    sys.exit(main())
