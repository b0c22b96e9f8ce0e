# tools/downstream/run_part.py with pytest_record.py: a part whose tests kill the process (an
# abort, a hang past the per-test limit, an abort while collecting an earlier test's garbage) is
# run to the end, every test gets an outcome, the killers a failure saying how the process died.
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

RUN_PART = pathlib.Path(__file__).resolve().parents[1] / "run_part.py"

SUITE = '''
import gc, os, sys, time
import pytest

def test_passes():
    pass

def test_fails():
    assert 1 == 2, "one is not two"

def test_skips():
    pytest.skip("not here")

@pytest.mark.xfail(reason="known")
def test_xfails():
    assert False

def test_aborts():
    os.write(2, b"free(): double free detected in tcache 2\\n")  # as C code writes it
    os.abort()

def test_after_the_abort():
    pass

def test_hangs():
    time.sleep(60)

def test_after_the_hang():
    pass

class Bomb:
    def __del__(self):
        os.abort()

def test_leaves_garbage():
    bomb = Bomb()
    bomb.cycle = bomb  # freed only by the garbage collector, during a later test

def test_collects_it():
    gc.collect()

def test_last():
    pass
'''


def run(tmp_path, *extra):
    (tmp_path / "test_suite.py").write_text(SUITE)
    junit = tmp_path / "part.xml"
    result = subprocess.run(
        [sys.executable, str(RUN_PART), "--name", "demo", "--record", str(tmp_path / "r.jsonl"),
         "--junit", str(junit), "--log", str(tmp_path / "part.log"), "--test-timeout", "3",
         *extra, "--", sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
         "--capture=sys", str(tmp_path / "test_suite.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    cases = {}
    for case in ElementTree.parse(junit).iter("testcase"):
        outcome, message = "pass", ""
        for child in case:
            outcome = {"failure": "fail", "skipped": "skip"}.get(child.tag, child.tag)
            message = child.get("message")
        cases[case.get("name")] = (outcome, message)
    return result, cases


def test_every_test_has_an_outcome_and_the_killers_say_how(tmp_path):
    result, cases = run(tmp_path)
    assert result.returncode == 0, result.stderr
    assert cases["test_passes"] == ("pass", "")
    assert cases["test_fails"][0] == "fail" and "one is not two" in cases["test_fails"][1]
    assert cases["test_skips"] == ("skip", "not here")
    assert cases["test_xfails"] == ("skip", "xfail: known")
    outcome, message = cases["test_aborts"]
    assert outcome == "fail"
    assert message.startswith("process died: Aborted; free(): double free detected"), message
    assert "test_suite.py:" in message and "test_aborts" in message
    outcome, message = cases["test_hangs"]
    assert outcome == "fail" and message.startswith("timeout: no result after 3 s"), message
    assert "test_hangs" in message
    for after in ("test_after_the_abort", "test_after_the_hang", "test_last"):
        assert cases[after] == ("pass", ""), after
    # Garbage collection killed the process in test_collects_it: the test ran again and passed,
    # and the death is an entry of its own.
    assert cases["test_leaves_garbage"] == ("pass", "")
    assert cases["test_collects_it"] == ("pass", "")
    deaths = [name for name in cases if name.startswith("(pytest process) died collecting")]
    assert len(deaths) == 1 and "test_collects_it" in deaths[0], cases.keys()
    assert "garbage collection" in cases[deaths[0]][1]


def test_a_part_out_of_time_says_so(tmp_path):
    # test_hangs runs until the part's time is out (its own limit is now 60 s).
    _, cases = run(tmp_path, "--test-timeout", "60", "--part-timeout", "6")
    assert cases["(pytest process)"][0] == "fail"
    assert "the part's 6 s ran out" in cases["(pytest process)"][1]
    assert "the tests after" in cases["(pytest process)"][1]
    assert cases["test_hangs"] == ("fail", "timeout: the part's 6 s ran out")
    assert cases["test_passes"] == ("pass", "")
