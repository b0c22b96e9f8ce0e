# No call of strict_xp takes its process down: every public function, operator, conversion and
# method, and NumPy's DLPack import of its results, with arguments right and wrong, of every dtype
# on every device (survival_child.py, a Hypothesis property). Bad input is a Python exception naming
# the function, never a crash: a downstream test suite that hands strict_xp something odd loses
# one test, not the run. The property runs in a subprocess of its own so that a crash is this
# test's failure, naming the signal and the call.
import os
import pathlib
import signal
import subprocess
import sys

import pytest

CHILD = pathlib.Path(__file__).with_name("survival_child.py")
# A few thousand calls take about a minute in a Release build; the sanitizer build runs fewer.
EXAMPLES = int(os.environ.get("STRICT_XP_SURVIVAL_EXAMPLES",
                              "300" if os.environ.get("STRICT_XP_SANITIZED") == "1" else "2000"))


def test_no_call_of_any_public_function_kills_the_interpreter(tmp_path):
    log = tmp_path / "calls.log"
    child = subprocess.run([sys.executable, str(CHILD), str(log), str(EXAMPLES)],
                           capture_output=True, text=True, timeout=1200)
    calls = log.read_text().splitlines() if log.exists() else []
    if child.returncode < 0:
        pytest.fail(f"the interpreter died of {signal.Signals(-child.returncode).name} in the "
                    f"call\n  {calls[-1] if calls else '(none logged)'}\n"
                    f"stderr:\n{child.stderr[-2000:]}")
    assert child.returncode == 0, child.stderr[-2000:]
    assert calls and calls[-1] == "done"
    assert len(calls) > EXAMPLES // 2  # the property ran, it did not stop at a setup error
