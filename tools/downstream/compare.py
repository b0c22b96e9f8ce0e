"""One downstream suite, its array-api-strict run beside its strict_xp run, as Markdown:
pass / fail / skip and the time of each (the whole pytest process), then every test strict_xp
fails that array-api-strict passes, with strict_xp's message. Exit 1 when there is one.

    compare.py SUITE DIR VERSIONS PYTEST_ARGUMENTS...
        DIR holds <backend>.xml (JUnit) and <backend>.seconds; VERSIONS: "suite strict numpy";
        PYTEST_ARGUMENTS: those that chose the tests
"""
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


def main():
    suite, directory, versions = sys.argv[1:4]
    selection = shlex.join(sys.argv[4:])
    runs = {b: outcomes(f"{directory}/{b}.xml") for b in BACKENDS}
    seconds = {b: float(open(f"{directory}/{b}.seconds").read()) for b in BACKENDS}
    extra, strict, numpy = versions.split()
    print(f"# {suite} {extra} on array-api-strict {strict} and on strict_xp\n")
    print(f"`tools/downstream/run {suite}`: `pytest {selection}`, NumPy {numpy}; strict_xp stands "
          "in for array-api-strict through `-p strict_xp.pytest_plugin "
          "--strict-xp-as=array_api_strict` (no fixture edited).\n")
    print("| backend | pass | fail | skip | seconds (pytest process) |")
    print("|---|---|---|---|---|")
    for backend in BACKENDS:
        counts = {o: 0 for o in ("pass", "fail", "skip")}
        for outcome, _ in runs[backend].values():
            counts[outcome] += 1
        print(f"| {backend} | {counts['pass']} | {counts['fail']} | {counts['skip']} | "
              f"{seconds[backend]:.1f} |")
    worse = sorted(t for t, (o, _) in runs["strict_xp"].items()
                   if o == "fail" and runs["array_api_strict"].get(t, ("", ""))[0] == "pass")
    missing = sorted(set(runs["array_api_strict"]) ^ set(runs["strict_xp"]))
    print(f"\nTests strict_xp fails that array-api-strict passes: {len(worse)}.")
    for test in worse:
        message = runs["strict_xp"][test][1].strip().splitlines()
        print(f"- `{test}`: {message[0] if message else '(no message)'}")
    if missing:
        print(f"\nTests collected on one backend only: {len(missing)} (first: `{missing[0]}`).")
    return 1 if worse or missing else 0


if __name__ == "__main__":
    sys.exit(main())
