#!/usr/bin/env python3
"""A new operation of the standard, end to end, as docs/adding-an-operation.md says to add one.

In a scratch copy of the checkout this adds `fake_reverse(x, /)` (x with every axis reversed) to
the 2025.12 signatures and follows the checklist: the facts line, strict's declaration,
implementation and test, strict's adapter entry, the strict_xp binding and its test, the cost
audit's case, and the two README tables (by `tools/update-readmes`). It then builds the Release
programs there (the same configure as tools/run's: the compiler cache has every file the edits do
not touch) and uses the operation the way each step is checked:

- `conformance --list` has `propagate.fake_reverse` (the harness derives the check from the
  facts line alone), and strict passes it;
- the coverage table says strict implements and the harness checks every main-namespace
  operation, now one more;
- strict_xp's tests of the binding, its signature against the standard's, its wrong-argument
  errors and the cost audit's coverage pass;
- `tools/update-readmes` run again changes nothing.

Then it counts the files the addition touched (`git status` of the scratch copy) and requires
exactly the checklist's list: the number docs/adding-an-operation.md states. The torch adapter
(optional) and a generator recipe (not needed: the generic call is valid) are not among them.
strict's C++ test is written but not compiled here (the Release build has no tests; the same
edit to a test file is compiled by every other build).

    tools/tests/add_operation_test.py PYTHON     PYTHON: the pinned environment's interpreter

Exit status 0 when every check holds, 1 when one fails, 2 when the scratch build fails.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
NAME = "fake_reverse"

# What the checklist's steps touch for this operation, in its order (docs/adding-an-operation.md,
# section 5).
EXPECTED_FILES = [
    "conformance/catalogue/data/array-api-signatures.json",  # step 1
    "conformance/catalogue/generator/facts.cpp",  # step 2
    "strict/include/strict/rearrangement.hpp",  # step 3
    "strict/src/rearrangement.cpp",  # step 4
    "strict/tests/rearrangement_test.cpp",  # step 5
    "conformance/adapters/strict/strict_operations_manipulation.cpp",  # step 6
    "strict/python/src/manipulation.cpp",  # step 9
    "strict/python/tests/test_manipulation.py",  # step 10
    "strict/python/bench/cost_audit_cases.py",  # step 11
    "strict/README.md",  # step 12, by tools/update-readmes
    "conformance/README.md",  # step 13, by tools/update-readmes
]


def fail(message, status=1):
    print(f"add_operation_test: {message}", file=sys.stderr)
    sys.exit(status)


def run(command, cwd, **kwargs):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(map(str, command))} exited {result.returncode}:\n"
             f"{result.stdout[-4000:]}{result.stderr[-4000:]}")
    return result.stdout


def insert(src, path, anchor, text, before=False):
    """TEXT put after (or before) the one occurrence of ANCHOR in PATH."""
    file = src / path
    content = file.read_text()
    if content.count(anchor) != 1:
        fail(f"{path} no longer has exactly one {anchor!r}: the fake addition needs a new anchor")
    at = content.index(anchor) + (0 if before else len(anchor))
    file.write_text(content[:at] + text + content[at:])


def add_signature(src):  # step 1
    path = src / "conformance/catalogue/data/array-api-signatures.json"
    signatures = json.loads(path.read_text())
    signatures["2025.12"][NAME] = {
        "module": "manipulation_functions",
        "params": [{"annotation": "array", "kind": "positional-only", "name": "x"}],
        "returns": "array",
    }
    path.write_text(json.dumps(signatures, indent=1, sort_keys=True))


def add_operation(src):
    add_signature(src)
    insert(src, "conformance/catalogue/generator/facts.cpp", '      {"flip"},\n',
           '      {"fake_reverse"},\n')
    insert(src, "strict/include/strict/rearrangement.hpp",
           "Array flip(const Array& x, std::optional<Axes> axis = std::nullopt);\n",
           "\n// x with every axis reversed: flip(x).\nArray fake_reverse(const Array& x);\n")
    insert(src, "strict/src/rearrangement.cpp", "Array flip(const Array& x, std::optional<Axes> axis) {",
           "Array fake_reverse(const Array& x) { return flip(x); }\n\n", before=True)
    insert(src, "strict/tests/rearrangement_test.cpp", "TEST(Roll, ShiftsTheFlattenedArrayWhenAxisIsNone) {",
           "TEST(FakeReverse, ReversesEveryAxisOnTheInputsDevice) {\n"
           "  const Array x = make({{1, 2}, {3, 4}}, int32, device1());\n"
           "  EXPECT_EQ(host_values<int>(fake_reverse(x)), (std::vector<int>{4, 3, 2, 1}));\n"
           "  EXPECT_EQ(fake_reverse(x).device(), device1());\n"
           "}\n\n", before=True)
    insert(src, "conformance/adapters/strict/strict_operations_manipulation.cpp",
           "void add_rearrangements(OperationTable& table) {\n",
           "  table.add(\n"
           "      \"fake_reverse\",\n"
           "      [](const Call& call) { return one(strict::fake_reverse(call.array(\"x\"))); },\n"
           "      [](const CppCall& call) {\n"
           "        return array_text(function_call(\"fake_reverse\", {call.array(\"x\")}));\n"
           "      });\n")
    insert(src, "strict/python/src/manipulation.cpp", "  m.def(\n      \"moveaxis\",",
           "  m.def(\n"
           "      \"fake_reverse\",\n"
           "      [](py::handle x) {\n"
           "        return wrap(strict::fake_reverse(array_arg(\"fake_reverse\", \"x\", x)));\n"
           "      },\n"
           "      py::arg(\"x\"), py::pos_only(), \"x with every axis reversed.\");\n\n", before=True)
    insert(src, "strict/python/tests/test_manipulation.py", "def test_flip_keeps_device():",
           "def test_fake_reverse_reverses_every_axis_and_keeps_device():\n"
           "    result = xp.fake_reverse(xp.asarray([[1, 2], [3, 4]], device=D1))\n"
           "    assert to_list(result) == [[4, 3], [2, 1]]\n"
           "    assert result.device == D1\n\n\n", before=True)
    insert(src, "strict/python/bench/cost_audit_cases.py",
           '        ("flip", vec("normal"), lambda ns, x: ns.flip(x), ""),\n',
           '        ("fake_reverse", vec("normal"), lambda ns, x: ns.flip(x), "flip in NumPy"),\n')


def touched_files(src):
    lines = run(["git", "status", "--porcelain", "--untracked-files=all"], src).splitlines()
    return sorted(line[3:] for line in lines)


def main():
    if len(sys.argv) != 2:
        fail("usage: tools/tests/add_operation_test.py PYTHON", 2)
    python = sys.argv[1]
    work = pathlib.Path(tempfile.mkdtemp(prefix="add-operation-"))
    try:
        src = work / "src"
        files = run(["git", "ls-files", "-co", "--exclude-standard", "-z"], ROOT).split("\0")
        for name in filter(None, files):
            if (ROOT / name).is_file():
                (src / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, src / name)
        git = ["git", "-c", "user.name=test", "-c", "user.email=test@invalid"]
        run(git + ["init", "-q"], src)
        run(git + ["add", "-A"], src)
        run(git + ["commit", "-q", "-m", "before"], src)

        add_operation(src)
        # Inside the copy at tools/run's path, so that the compiler cache's entries (paths relative
        # to the checkout: cmake/build_speed.cmake) are the main build's.
        build = src / "build/release"
        configure = (f"source tools/python_modules.sh && source tools/release_build.sh && "
                     f"configure_release {build} {python}")
        try:
            run(["bash", "-c", configure], src)
            run(["cmake", "--build", str(build), "-j", str(os.cpu_count() or 2),
                 "--target", "conformance", "strict_xp"], src)
        except SystemExit:
            sys.exit(2)
        run([sys.executable, "tools/update-readmes", str(build)], src)

        conformance = build / "conformance/conformance"
        listed = run([str(conformance), "--list"], src)
        if f"propagate.{NAME}" not in listed.split():
            fail(f"conformance --list has no propagate.{NAME}")
        tracker = work / "strict.json"
        run([str(conformance), "--impl", "strict", "--filter", f"*.{NAME}", "--seed", "1",
             "--quiet", "--json", str(tracker)], src)
        results = [r for impl in json.loads(tracker.read_text())["implementations"]
                   for r in impl["results"]]
        if [(r["id"], r["status"]) for r in results] != [(f"propagate.{NAME}", "pass")]:
            fail(f"strict's results for {NAME}: {[(r['id'], r['status']) for r in results]}")
        coverage = run([str(conformance), "--impl", "strict", "--coverage"], src)
        if "| main namespace | 136 | 136 (100%) | 135 (99%) |" not in coverage:
            fail(f"the coverage table does not count {NAME}:\n{coverage}")

        tests = src / "strict/python/tests"
        env = dict(os.environ, PYTHONPATH=str(build / "python"), PYTHONDONTWRITEBYTECODE="1")
        run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", NAME,
             str(tests / "test_manipulation.py"), str(tests / "test_signatures.py"),
             str(tests / "test_wrong_arguments.py")], src, env=env)
        run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests / "test_cost_audit.py"),
             "-k", "every_standard_function_has_a_case"], src, env=env)

        again = run([sys.executable, "tools/update-readmes", str(build)], src)
        if again:
            fail(f"tools/update-readmes run twice rewrote something the second time: {again}")

        touched = touched_files(src)
        if touched != sorted(EXPECTED_FILES):
            fail(f"{NAME} touched {len(touched)} files, not the checklist's {len(EXPECTED_FILES)}:\n"
                 f"  touched: {touched}\n  expected: {sorted(EXPECTED_FILES)}")
        print(f"add_operation_test: {NAME} touched {len(touched)} files, as the checklist says; "
              "strict passes its check, strict_xp's tests of it pass")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
