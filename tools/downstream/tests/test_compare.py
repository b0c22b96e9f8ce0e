# tools/downstream/compare.py: counts per backend, the tests strict_xp fails that array-api-strict
# passes (named, with strict_xp's message), and the exit status CI reads.
import pathlib
import subprocess
import sys

COMPARE = pathlib.Path(__file__).resolve().parents[1] / "compare.py"


def junit(cases):
    body = "".join(
        f'<testcase classname="tests.t" name="{name}">{inner}</testcase>' for name, inner in cases)
    return f'<?xml version="1.0"?><testsuites><testsuite>{body}</testsuite></testsuites>'


def compare_directory(directory):
    return subprocess.run([sys.executable, str(COMPARE), "demo", str(directory), "0.1 2.6 2.4",
                           "tests"], capture_output=True, text=True)


def compare(tmp_path, strict_cases, strict_xp_cases):
    for backend, cases, seconds in (("array_api_strict", strict_cases, "2.5"),
                                    ("strict_xp", strict_xp_cases, "2.0")):
        (tmp_path / f"{backend}.xml").write_text(junit(cases))
        (tmp_path / f"{backend}.seconds").write_text(seconds)
    return subprocess.run([sys.executable, str(COMPARE), "demo", str(tmp_path), "0.1 2.6 2.4",
                           "tests", "-k", "array_api_strict and not strictest"], capture_output=True, text=True)


PASS, SKIP = "", '<skipped message="not here"/>'


def test_a_test_only_strict_xp_fails_is_listed_with_its_message_and_exits_1(tmp_path):
    fail = '<failure message="DeviceMismatchError: add(): x1 is on device1 (demo.py:3)"/>'
    result = compare(tmp_path, [("a", PASS), ("b", PASS), ("c", SKIP)],
                     [("a", PASS), ("b", fail), ("c", SKIP)])
    assert result.returncode == 1
    assert "| array_api_strict | 2 | 0 | 1 | 2.5 |" in result.stdout
    assert "| strict_xp | 1 | 1 | 1 | 2.0 |" in result.stdout
    assert "- `tests.t::b`: DeviceMismatchError: add(): x1 is on device1 (demo.py:3)" in result.stdout


def test_the_parametrizations_of_one_test_function_are_one_line(tmp_path):
    fail = '<failure message="AssertionError: a view was written"/>'
    names = [f"f[{k}]" for k in range(3)]
    result = compare(tmp_path, [(n, PASS) for n in names] + [("g", PASS)],
                     [(n, fail) for n in names] + [("g", fail)])
    assert result.returncode == 1
    assert "passes: 4." in result.stdout
    assert ("- `tests.t::f`, 3 parametrizations (first `[0]`): AssertionError: a view was "
            "written") in result.stdout
    assert "- `tests.t::g`: AssertionError" in result.stdout
    assert result.stdout.count("\n- ") == 2


def test_the_same_outcomes_exit_0(tmp_path):
    both = [("a", PASS), ("b", '<failure message="x"/>'), ("c", SKIP)]
    result = compare(tmp_path, both, both)
    assert result.returncode == 0, result.stdout
    assert "strict_xp fails that array-api-strict passes: 0." in result.stdout
    assert "`pytest tests -k 'array_api_strict and not strictest'`" in result.stdout


def test_a_test_collected_on_one_backend_only_is_a_difference(tmp_path):
    result = compare(tmp_path, [("a", PASS), ("b", PASS)], [("a", PASS)])
    assert result.returncode == 1
    assert "collected on one backend only: 1" in result.stdout


def test_a_suite_run_part_by_part_is_read_whole_and_shown_per_part(tmp_path):
    fail = '<failure message="HostAccessError: (x.py:9)"/>'
    for backend, one, two in (("array_api_strict", [("a", PASS)], [("b", PASS)]),
                              ("strict_xp", [("a", PASS)], [("b", fail)])):
        (tmp_path / f"{backend}.fft.xml").write_text(junit(one))
        (tmp_path / f"{backend}.fft.time").write_text("1.5 204800")
        (tmp_path / f"{backend}.stats.xml").write_text(junit(two))
        (tmp_path / f"{backend}.stats.time").write_text("3.0 1048576")
    result = subprocess.run([sys.executable, str(COMPARE), "scipy", str(tmp_path), "1.18 2.6 2.4",
                             "--pyargs", "scipy.fft"], capture_output=True, text=True)
    assert result.returncode == 1
    assert "| strict_xp | 1 | 1 | 0 | 4.5 |" in result.stdout
    assert "| stats | strict_xp | 0 | 1 | 0 | 3.0 | 1024 |" in result.stdout
    assert "| fft | array_api_strict | 1 | 0 | 0 | 1.5 | 200 |" in result.stdout
    assert "- `tests.t::b`: HostAccessError: (x.py:9)" in result.stdout


def test_a_dead_process_is_listed_apart_not_counted_as_a_test_and_exits_1(tmp_path):
    death = ('<failure message="process died: Aborted; free(): double free detected in tcache 2; '
             'in x.py:3 f (in garbage collection)"/>')
    result = compare(tmp_path, [("a", PASS)],
                     [("a", PASS), ("(pytest process) died collecting garbage in t.py::a", death)])
    assert result.returncode == 1
    assert "| strict_xp | 1 | 0 | 0 | 2.0 |" in result.stdout
    assert "strict_xp fails that array-api-strict passes: 0." in result.stdout
    assert "collected on one backend only" not in result.stdout
    assert ("- strict_xp, `tests.t::(pytest process) died collecting garbage in t.py::a`: process "
            "died: Aborted; free(): double free") in result.stdout


def test_a_message_that_says_little_on_its_first_line_goes_on(tmp_path):
    fail = ('<failure message="AssertionError: &#10;Not equal to tolerance rtol=1e-07, atol=0'
            '&#10;&#10;Mismatched elements: 60 / 150 (40%)"/>')
    result = compare(tmp_path, [("a", PASS)], [("a", fail)])
    assert ("- `tests.t::a`: AssertionError: Not equal to tolerance rtol=1e-07, atol=0"
            in result.stdout), result.stdout


def test_the_wheel_installed_run_with_the_same_outcomes_is_said_and_exits_0(tmp_path):
    both = [("a", PASS), ("b", SKIP)]
    (tmp_path / "array_api_strict_wheel_installed.xml").write_text(junit(both))
    (tmp_path / "strict_xp.route").write_text(
        "the pytest entry point of the installed wheel (`--strict-xp-as=array_api_strict`)\n")
    result = compare(tmp_path, both, both)
    assert result.returncode == 0, result.stdout
    assert ("through the pytest entry point of the installed wheel "
            "(`--strict-xp-as=array_api_strict`) (no fixture edited)") in result.stdout
    assert ("With the strict-xp wheel installed and not asked for, array-api-strict's run gives "
            "every test (2) the outcome it has without the wheel.") in result.stdout


def test_a_test_the_installed_wheel_changes_is_a_difference(tmp_path):
    both = [("a", PASS), ("b", PASS)]
    (tmp_path / "array_api_strict_wheel_installed.xml").write_text(junit(
        [("a", PASS), ("b", '<failure message="fixture xp shadowed"/>')]))
    result = compare(tmp_path, both, both)
    assert result.returncode == 1
    assert "1 tests of array-api-strict's run change outcome" in result.stdout
    assert "- `tests.t::b`: pass without the wheel, fail with it: fixture xp shadowed" in result.stdout


def test_a_suite_run_part_by_part_compares_its_wheel_installed_parts(tmp_path):
    for backend in ("array_api_strict", "strict_xp", "array_api_strict_wheel_installed"):
        for part, cases in (("fft", [("a", PASS)]), ("stats", [("b", SKIP)])):
            (tmp_path / f"{backend}.{part}.xml").write_text(junit(cases))
            (tmp_path / f"{backend}.{part}.time").write_text("1.5 1024\n")
    result = compare_directory(tmp_path)
    assert result.returncode == 0, result.stdout
    assert "gives every test (2) the outcome it has without the wheel." in result.stdout
